/**
 * The care day as terminal text: the in-house board, a round's sheet, tomorrow's check and today
 * at a glance, each its document (src/present/) as text: the same words and order as Slack's.
 */
import type { HouseReport } from "../answers/house.ts";
import type { RoundReport } from "../answers/rounds.ts";
import type { TodayOverview, TomorrowCheck } from "../answers/today.ts";
import { houseDoc } from "../present/house.ts";
import { type SheetMessageDoc, sheetRecordDoc } from "../present/round-sheet.ts";
import { type RoundDocOptions, roundDoc } from "../present/rounds.ts";
import { todayDoc } from "../present/today.ts";
import { tomorrowDoc } from "../present/tomorrow.ts";
import { docText } from "./doc.ts";
import type { TextOptions } from "./options.ts";

export function houseText(r: HouseReport, o: TextOptions): string {
  return docText(houseDoc(r, o), o);
}

export function roundText(r: RoundReport, o: TextOptions, doc: RoundDocOptions = {}): string {
  return docText(roundDoc(r, doc), o);
}

/**
 * A round's sheet with its care record (src/present/round-sheet.ts), each message in the order
 * given (the terminal gives the round as one: `wholeSheet`), each pet's record under its lines.
 */
export function roundSheetText(messages: SheetMessageDoc[], o: TextOptions): string {
  return docText(sheetRecordDoc(messages), o);
}

export function tomorrowText(t: TomorrowCheck, o: TextOptions): string {
  return docText(tomorrowDoc(t, { timezone: o.timezone }), o);
}

export function todayText(t: TodayOverview, o: TextOptions): string {
  return docText(todayDoc(t, { timezone: o.timezone }), o);
}
