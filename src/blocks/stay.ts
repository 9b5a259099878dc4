/**
 * The stay's care record in Block Kit: the "Stay record" button (under a departure, on a booking)
 * and the full record it answers, only to the one who clicked. One document (src/present/stay.ts),
 * escaped by the serializer; within Block Kit's limits on the longest stay.
 */
import type { StayRecordView } from "../domain/stay.ts";
import type { ActionOf } from "../present/doc.ts";
import { stayRecordDoc } from "../present/stay.ts";
import { stayRecordButton } from "./buttons.ts";
import { docMessage } from "./doc.ts";
import { LIMITS } from "./limits.ts";
import type { Message } from "./types.ts";

/** A stay's "Stay record" button (the document gives it only to a stay with a record to open). */
export const stayRecordAction: ActionOf<StayRecordView> = (stay) => ({
  actionId: stayRecordButton.actionId(stay.bookingId),
  value: stayRecordButton.encode({ b: stay.bookingId }),
});

/**
 * The stay's full record (each round, each item, who and when, corrections), within the block and
 * text budgets of one message; what does not fit points to the terminal.
 */
export function stayRecordMessage(stay: StayRecordView, reference: string, timezone: string): Message {
  return docMessage(
    stayRecordDoc(stay, reference, {
      timezone,
      room: { chars: LIMITS.messageText - 1500, parts: LIMITS.blocks - 3 },
    }),
  );
}
