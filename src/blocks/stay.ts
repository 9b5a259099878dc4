/**
 * The stay's care record in Block Kit: the "Stay record" button (under a departure, on a booking)
 * and the full record it answers, only to the one who clicked. One document (src/present/stay.ts),
 * escaped by the serializer; within Block Kit's limits on the longest stay.
 */
import type { StayRecordView } from "../domain/stay.ts";
import type { ActionOf } from "../present/doc.ts";
import { stayRecordDoc } from "../present/stay.ts";
import { stayRecordButton } from "./buttons.ts";
import { docMessages } from "./doc.ts";
import { LIMITS } from "./limits.ts";
import type { Message } from "./types.ts";

/** A stay's "Stay record" button (the document gives it only to a stay with a record to open). */
export const stayRecordAction: ActionOf<Pick<StayRecordView, "bookingId">> = (stay) => ({
  actionId: stayRecordButton.actionId(stay.bookingId),
  value: stayRecordButton.encode({ b: stay.bookingId }),
});

/** Most messages of a stay's record: the five answers Slack takes on one response_url. */
const MESSAGES = 5;

/**
 * The stay's full record (each round, each item, who and when, corrections), in as many messages as
 * it needs up to MESSAGES, nothing cut (a line longer than a message goes on in the next); what does
 * not fit in them points to the terminal. The room is counted in the record's own characters; when
 * Slack's escaping (`&amp;`) or the messages' packing makes more than MESSAGES of it, the record
 * stops sooner, so the last message always names the command.
 */
export function stayRecordMessages(stay: StayRecordView, reference: string, timezone: string): Message[] {
  let room = { chars: MESSAGES * (LIMITS.messageText - 1500), parts: MESSAGES * (LIMITS.blocks - 3) };
  for (;;) {
    const messages = docMessages(stayRecordDoc(stay, reference, { timezone, room }));
    if (messages.length <= MESSAGES || room.chars < LIMITS.messageText) return messages;
    const share = (n: number) => Math.floor((n * MESSAGES) / messages.length);
    room = { chars: share(room.chars), parts: share(room.parts) };
  }
}
