/**
 * The audit's drugs its confirmed plan gives at one round a day given at two rounds of a day
 * (src/domain/given-twice.ts), each named with its day: "🔁 Thu 26 Nov: Biscuit (Kennel 3) · Apoquel
 * 16 mg given twice (morning 08:00 by Jane, evening 18:10 by Sam): its plan gives it once a day".
 * To look at, never an error in the record: the figures above count each entry as it was written.
 * A drug owed once a day by its words, its plan not confirmed, is named the same way, its line saying so.
 */
import type { GivenTwice } from "../answers/given-twice.ts";
import { dayOf } from "../words/dates.ts";
import { GIVEN_TWICE_ICON, givenTwiceWords } from "../words/given-twice.ts";
import { type Line, line, toned, whole } from "./doc.ts";

/** The most named (the latest); a year's audit stays short, `record DATE` names each of a day. */
const SHOWN = 20;

export function givenTwiceAuditLines(all: readonly GivenTwice[], timezone: string): Line[] {
  if (all.length === 0) return [];
  const shown = all.slice(-SHOWN);
  const more = all.length - shown.length;
  const why = all.some((g) => g.byWords)
    ? "by its confirmed plan, or by its words with no time given, plan not confirmed"
    : "its confirmed plan gives it once a day";
  return [
    line(
      `${GIVEN_TWICE_ICON} Once-a-day drugs given at two rounds of a day: ${all.length} (${why}; to look at, not an error in the record)`,
    ),
    ...(more > 0 ? [line(`and ${more} earlier`)] : []),
    ...shown.map((g) => {
      const named = { ...g, petName: whole(g.petName), room: g.room && whole(g.room), label: whole(g.label) };
      return line(
        toned("warn", `${dayOf(`${g.date}T12:00:00Z`, "UTC")}: ${givenTwiceWords(named, timezone)}`),
      );
    }),
  ];
}
