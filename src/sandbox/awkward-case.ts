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
