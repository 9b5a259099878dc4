/** One booking, for the asker only: the booking document (src/present/records.ts) as its messages (its care whole). */
import type { BookingView } from "../answers/records.ts";
import { bookingDoc } from "../present/records.ts";
import { openCustomer, openPet } from "./buttons.ts";
import { custodyOpenAction } from "./custody.ts";
import { docMessages } from "./doc.ts";
import { LIMITS } from "./limits.ts";
import { planAction } from "./plan.ts";
import { rawMessages } from "./raw.ts";
import { stayRecordAction } from "./stay.ts";
import type { Message } from "./types.ts";

/** Most pets drawn on a booking card (a booking with more says how many more, and where to see them). */
const MAX_PETS = 8;
/** Most characters of their care: the card in at most about three messages (a response_url takes five answers). */
const MAX_CHARS = 3 * LIMITS.messageText - 6000;

export function bookingMessages(v: BookingView, timezone: string, thisYear: string): Message[] {
  const b = v.booking;
  if (v.raw !== undefined) {
    const ref = b.reference ?? (b.bookingId !== undefined ? `#${b.bookingId}` : "booking");
    return rawMessages(`Booking ${ref}`, v.raw, `kennel-desk booking ${ref} --json`);
  }
  const doc = bookingDoc(v, {
    timezone,
    thisYear,
    maxPets: MAX_PETS,
    maxChars: MAX_CHARS,
    ownerAction: (c) => ({ actionId: openCustomer.actionId(), value: openCustomer.encode({ c }) }),
    petAction: (p) => ({ actionId: openPet.actionId(p), value: openPet.encode({ p }) }),
    stayAction: stayRecordAction,
    planAction: planAction,
    medicinesAction: (b, p) => custodyOpenAction(b, p, false),
  });
  return docMessages(doc);
}
