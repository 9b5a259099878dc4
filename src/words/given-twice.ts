/**
 * A drug its confirmed plan gives at one round a day, given at two rounds of one day
 * (src/domain/given-twice.ts), for the manager to look at: "Biscuit (Kennel 3) · Apoquel 16 mg given
 * twice that day (morning 08:00 by Jane, evening 18:10 by Sam): its plan gives it once a day". Each
 * entry stands as it was written: the words say what to look at, never that the record is wrong. A
 * drug owed once a day by its words, its plan not confirmed, says so instead: "…: owed once a day by
 * its words (no time given, plan not confirmed)".
 */
import type { GivenTwice } from "../domain/given-twice.ts";
import { timeOf } from "./dates.ts";

/** Its mark on the review and the audit. */
export const GIVEN_TWICE_ICON = "🔁";

/** "twice", "3 times". */
const times = (n: number) => (n === 2 ? "twice" : `${n} times`);

/** The line's words; `when`: the day's words after "given twice" ("that day"), none when the line names its day. */
export function givenTwiceWords(g: GivenTwice, timeZone: string, when?: string): string {
  const who = `${g.petName}${g.room ? ` (${g.room})` : ""}`;
  return `${who} · ${g.label} ${givenTimesWords(g, timeZone, when)}`;
}

/** Why it is owed once a day: its confirmed plan, or its words (no time given, plan not confirmed). */
export const ONCE_BY_PLAN = "its plan gives it once a day";
export const ONCE_BY_WORDS = "owed once a day by its words (no time given, plan not confirmed)";

/** "given twice that day (morning 08:00 by Jane, evening 18:52 by Jane): its plan gives it once a day". */
function givenTimesWords(g: GivenTwice, timeZone: string, when?: string): string {
  const rounds = g.given.map((x) => `${x.round} ${timeOf(x.at, timeZone)} by ${x.userName}`).join(", ");
  return `given ${times(g.given.length)}${when ? ` ${when}` : ""} (${rounds}): ${g.byWords ? ONCE_BY_WORDS : ONCE_BY_PLAN}`;
}

/** Beside the dose on the stay record's day: "🔁 given twice that day (…): its plan gives it once a day". */
export const givenTwiceBeside = (g: GivenTwice, timeZone: string): string =>
  `${GIVEN_TWICE_ICON} ${givenTimesWords(g, timeZone, "that day")}`;

/** What the review asks its reviewer about them: "1 once-a-day drug given twice". */
export const givenTwiceAsks = (n: number): string =>
  `${n} once-a-day ${n === 1 ? "drug" : "drugs"} given twice`;
