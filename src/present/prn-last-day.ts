/**
 * An as-needed drug's doses of the last 24 hours (src/answers/prn-pets.ts lastDay reads them), in
 * the words 💊 Give if needed… shows above its fields and ✏️ Record each… beside each drug to give
 * if needed, after its limits: "In the last 24 h: 💊 Piriton 4mg given yesterday 23:20 by Jane for
 * scratching · helped · 💊 Piriton 4mg given 09:10 by Sam for scratching · awaiting effect", so
 * the carer sees them before giving, not at a refusal after.
 */
import type { LastDay } from "../answers/prn-pets.ts";
import type { PrnDose } from "../domain/prn.ts";
import { localDate } from "../time.ts";
import { timeOf } from "../words/dates.ts";
import { type Line, lineText } from "./doc.ts";
import { prnDoseLine } from "./prn.ts";

/** What the doses of the last 24 hours are said after. */
export const RECENT_HEAD = "In the last 24 h:";
/** Said instead when they could not be read: the form opens all the same. */
export const LAST_DAY_NOT_READ = "(the last 24 h could not be read)";
/** The most doses said whole; past them, their count and the latest. */
const FEW = 3;

/** The give form's doses of the last 24 hours, each said against today ("given yesterday 23:20"). */
export const recentDoseLines = (doses: PrnDose[], timezone: string, now: string): Line[] =>
  doses.map((d) => prnDoseLine(d, timezone, localDate(now, timezone)));

/**
 * The doses of the last 24 hours in plain words of at most `max` characters, each dose's words whole
 * (a drug's name is never cut): all of them, as the give form says them, while there are at most FEW
 * and they fit; else their count and the latest that fit ("4 in the last 24 h, the latest 2: …"), or
 * the latest's time alone ("4 in the last 24 h, latest 11:50"). None given, and not read, said so.
 */
export function lastDayWords(day: LastDay, max: number): string {
  const { doses, timezone, now } = day;
  if (doses === undefined) return LAST_DAY_NOT_READ;
  if (doses.length === 0) return `${RECENT_HEAD} none given.`;
  const said = recentDoseLines(doses, timezone, now).map(lineText);
  const all = `${RECENT_HEAD} ${said.join(" · ")}`;
  if (doses.length <= FEW && all.length <= max) return all;
  const count = `${doses.length} in the last 24 h`;
  for (let k = Math.min(FEW, doses.length - 1); k > 0; k--) {
    const words = `${count}, the latest${k > 1 ? ` ${k}` : ""}: ${said.slice(-k).join(" · ")}`;
    if (words.length <= max) return words;
  }
  const latest = doses.at(-1) as PrnDose;
  return `${count}, latest ${timeOf(latest.givenAt, timezone, localDate(now, timezone))}`;
}
