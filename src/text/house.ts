/**
 * The care day as terminal text: the in-house board, a round's sheet, tomorrow's check and today
 * at a glance, each its document (src/present/) as text: the same words and order as Slack's.
 */
import type { HouseReport } from "../answers/house.ts";
import type { RoundReport } from "../answers/rounds.ts";
import type { TodayOverview, TomorrowCheck } from "../answers/today.ts";
import { houseDoc } from "../present/house.ts";
import { roundDoc } from "../present/rounds.ts";
import { todayDoc } from "../present/today.ts";
import { tomorrowDoc } from "../present/tomorrow.ts";
import { docText } from "./doc.ts";
import type { TextOptions } from "./options.ts";

export function houseText(r: HouseReport, o: TextOptions): string {
  return docText(houseDoc(r, o), o);
}

export function roundText(r: RoundReport, o: TextOptions): string {
  return docText(roundDoc(r), o);
}

export function tomorrowText(t: TomorrowCheck, o: TextOptions): string {
  return docText(tomorrowDoc(t, { timezone: o.timezone }), o);
}

export function todayText(t: TodayOverview, o: TextOptions): string {
  return docText(todayDoc(t, { timezone: o.timezone }), o);
}
