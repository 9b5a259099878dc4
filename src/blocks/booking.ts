/** One booking, for the asker only: the booking document (src/present/records.ts) as one message. */
import type { BookingView } from "../answers/records.ts";
import { bookingDoc } from "../present/records.ts";
import { openCustomer, openPet } from "./buttons.ts";
import { custodyOpenAction } from "./custody.ts";
import { docMessage } from "./doc.ts";
import { LIMITS } from "./limits.ts";
import { planAction } from "./plan.ts";
import { rawMessages } from "./raw.ts";
import { stayRecordAction } from "./stay.ts";
import type { Message } from "./types.ts";

/** Most pets drawn on a booking card (a booking with more says how many more). */
const MAX_PETS = 8;

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
    // Room kept for the pets' count, the warnings, the stay's lines and button, and the foot.
    maxParts: LIMITS.blocks - 8,
    maxChars: LIMITS.messageText - 5000,
    ownerAction: (c) => ({ actionId: openCustomer.actionId(), value: openCustomer.encode({ c }) }),
    petAction: (p) => ({ actionId: openPet.actionId(p), value: openPet.encode({ p }) }),
    stayAction: stayRecordAction,
    planAction: planAction,
    medicinesAction: (b, p) => custodyOpenAction(b, p, false),
  });
  return [docMessage(doc)];
}
