/**
 * A feeding and medication round in Slack (/rounds and the round posts): the round's document
 * (src/present/rounds.ts) as a parent message and thread replies. With the care record, the sheet
 * is kept first and drawn with its buttons by src/blocks/round-sheet.ts; this is the sheet alone
 * (no record kept, or none to show). Channel-safe.
 */
import type { RoundReport } from "../answers/rounds.ts";
import type { ChannelSafe } from "../domain/privacy.ts";
import { draftSheet, sheetMessages } from "./round-sheet.ts";
import type { Threaded } from "./thread.ts";

export function roundMessages(r: ChannelSafe<RoundReport>, lateAt?: string): Threaded {
  return sheetMessages(draftSheet(r, { lateAt }), { entries: [], timezone: "UTC" });
}
