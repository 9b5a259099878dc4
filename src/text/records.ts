/** One booking, one pet, and a list of pets, as terminal text (the asker's own: contacts allowed). */
import type { BookingView, PetSearch, PetView } from "../answers/records.ts";
import type { Booking } from "../kennel/schemas.ts";
import { petDoc, petListDoc, petListTitle, speciesEmoji } from "../present/pets.ts";
import { bookingDoc } from "../present/records.ts";
import { referenceOf } from "./day.ts";
import { rawOrDocText } from "./kennel.ts";
import type { TextOptions } from "./options.ts";
import { one } from "./style.ts";

export function bookingText(v: BookingView, o: TextOptions): string {
  return rawOrDocText(v.raw, `Booking ${referenceOf(v.booking as Booking)}`, () => bookingDoc(v, o), o);
}

export function petText(v: PetView, o: TextOptions): string {
  return rawOrDocText(
    v.raw,
    `${speciesEmoji(v.pet)} ${one(v.pet.name ?? "Unnamed pet", 100)}`,
    () => petDoc(v, o),
    o,
  );
}

/** Same-named pets told apart: owner, breed, sex, age (when the API gives one) and the pet id. */
export function petListText(l: PetSearch, o: TextOptions): string {
  return rawOrDocText(l.raw, petListTitle(l), () => petListDoc(l), o);
}
