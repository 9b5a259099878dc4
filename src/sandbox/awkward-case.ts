/** One awkward case of the sandbox (src/sandbox/awkward-cases.ts), and the pets it is made of. */
import type { Json } from "./types.ts";

export interface Case {
  reference: string;
  owner: [string, string];
  pets: Json[];
  petNames: string;
  numberOfPets?: number;
  status: string;
  /** Days from today and local time of check-in and check-out; no check-out when undefined. */
  checkIn: [number, string];
  checkOut: [number, string] | undefined;
  room: string;
  paid?: boolean | null;
  listless?: boolean;
}

export const dog = (name: string, care: Json = {}): Json => ({
  name,
  petType: "Dog",
  breed: "Labrador",
  ...care,
});
export const cat = (name: string, care: Json = {}): Json => ({
  name,
  petType: "Cat",
  breed: "Moggy",
  ...care,
});

/**
 * One case: its reference, owner, room, check-in and check-out (days from today and local time), the
 * booking's own words (`petNames`, a status other than checked in…), then its pets.
 */
export function stay(
  reference: string,
  owner: [string, string],
  room: string,
  checkIn: [number, string],
  checkOut: [number, string] | undefined,
  more: Pick<Case, "petNames"> & Partial<Pick<Case, "status" | "numberOfPets" | "paid" | "listless">>,
  pets: Json[],
): Case {
  return { reference, owner, pets, status: "checked_in", checkIn, checkOut, room, ...more };
}
