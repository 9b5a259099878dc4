/** One booking, one pet, and a list of pets, as terminal text (the asker's own: contacts allowed). */
import type { BookingView, PetSearch, PetView } from "../answers/records.ts";
import type { Booking } from "../kennel/schemas.ts";
import { petDoc, petListDoc, speciesEmoji } from "../present/pets.ts";
import { bookingDoc } from "../present/records.ts";
import { referenceOf } from "./day.ts";
import { docText } from "./doc.ts";
import { rawText } from "./kennel.ts";
import type { TextOptions } from "./options.ts";
import { one, paragraphs, title } from "./style.ts";

export function bookingText(v: BookingView, o: TextOptions): string {
  if (v.raw !== undefined)
    return paragraphs([title(o, `Booking ${referenceOf(v.booking as Booking)}`), rawText(v.raw, o)]);
  return docText(bookingDoc(v, o), o);
}

export function petText(v: PetView, o: TextOptions): string {
  if (v.raw !== undefined)
    return paragraphs([
      title(o, `${speciesEmoji(v.pet)} ${one(v.pet.name ?? "Unnamed pet", 100)}`),
      rawText(v.raw, o),
    ]);
  return docText(petDoc(v, o), o);
}

/** Same-named pets told apart: owner, breed, sex, age (when the API gives one) and the pet id. */
export function petListText(l: PetSearch, o: TextOptions): string {
  if (l.raw !== undefined)
    return paragraphs([
      title(o, `Pets matching “${one(l.query, 100)}” (${l.totalRecords})`),
      rawText(l.raw, o),
    ]);
  return docText(petListDoc(l), o);
}
