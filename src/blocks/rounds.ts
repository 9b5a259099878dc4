/**
 * A feeding and medication round in Slack (/rounds and the round posts): the round's sheet
 * (src/present/round-sheet.ts) as a parent message and thread replies. With the care record, the
 * sheet is kept first and drawn with its buttons (src/digest/round-post.ts); this is the sheet
 * alone (no record kept, or none to show). Channel-safe.
 */
import type { RoundReport } from "../answers/rounds.ts";
import type { ChannelSafe } from "../domain/privacy.ts";
import { draftSheet } from "../present/round-sheet.ts";
import { sheetForSlack, sheetMessages } from "./round-sheet.ts";
import type { Threaded } from "./thread.ts";

export function roundMessages(r: ChannelSafe<RoundReport>, lateAt?: string): Threaded {
  const timezone = "UTC";
  return sheetMessages(sheetForSlack(draftSheet(r, { lateAt, timezone })), { entries: [], timezone });
}
