/**
 * The stay's care record in Block Kit: the summary lines under a departure or a booking, the "Stay
 * record" button, and the full record (answered only to the one who clicked). One document each
 * (src/present/stay.ts), escaped by the serializer; within Block Kit's limits on the longest stay.
 */
import type { StayRecordView } from "../domain/stay.ts";
import { stayRecordDoc, staySummaryDocLines } from "../present/stay.ts";
import { stayRecordButton } from "./buttons.ts";
import { docMessage, lineMrkdwn } from "./doc.ts";
import { LIMITS } from "./limits.ts";
import { button } from "./mrkdwn.ts";
import type { Button, Message } from "./types.ts";

/** Most pets' summary lines under one entry (a booking with more points to the button). */
const MAX_PETS = 4;

/** One line per pet ("📋 Stay record, Juniper: …"), or why the record could not be read. */
export function staySummaryLines(stay: StayRecordView | undefined, timezone: string): string[] {
  return staySummaryDocLines(stay, timezone, { maxPets: MAX_PETS }).map(lineMrkdwn);
}

/** The "Stay record" button, when there is a record to open. */
export function stayButton(stay: StayRecordView | undefined): Button | undefined {
  if (!stay || stay.problem || stay.pets.length === 0) return undefined;
  return button(
    "Stay record",
    stayRecordButton.actionId(stay.bookingId),
    stayRecordButton.encode({ b: stay.bookingId }),
  );
}

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
