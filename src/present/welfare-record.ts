/**
 * A day's welfare checks as the care record holds them, as one document (`kennel-desk record`, the
 * connector's get_care_record): each round, each pet the posts listed or someone checked, with its
 * check (or "not checked"), a corrected check kept and struck through, who and when; then the day's
 * flags with their vet advice and resolution.
 */
import type { WelfareDayRecord } from "../answers/welfare-record.ts";
import { currentChecks } from "../domain/welfare.ts";
import { dayHeading, timeOnDay } from "../words/dates.ts";
import { checkName } from "../words/welfare.ts";
import { type Doc, line, type Part, toned } from "./doc.ts";
import { checkLine, petNameLine } from "./welfare.ts";
import { flagParts } from "./welfare-flag.ts";

export function welfareDayDoc(day: WelfareDayRecord, timezone: string): Doc {
  const title = `Welfare checks · ${dayHeading(day.date)} ${day.date.slice(0, 4)}`;
  const parts: Part[] = [{ kind: "title", text: title }];
  if (day.rounds.length === 0 && day.flags.length === 0)
    parts.push({ kind: "text", lines: [line("No welfare check posted or recorded on this day.")] });
  for (const { round, pets } of day.rounds) {
    const checked = pets.filter((p) => currentChecks(p.checks).length > 0).length;
    parts.push({ kind: "group", line: line(`${checkName(round)} · ${checked} of ${pets.length} checked`) });
    for (const p of pets) {
      const current = currentChecks(p.checks).at(-1);
      const lines = [
        line(...petNameLine(p), ` (pet ${p.petId}, booking ${p.bookingId})`),
        current ? checkLine(current, timezone) : [toned("warn", "⬜ not checked")],
        ...p.checks.filter((c) => c.id !== current?.id).map((c) => checkLine(c, timezone, { struck: true })),
      ];
      parts.push({ kind: "item", lines });
    }
  }
  for (const f of day.flags) parts.push(...flagParts(f, { timezone }));
  return {
    fallback: `${title}: ${day.rounds.length} ${day.rounds.length === 1 ? "round" : "rounds"}`,
    parts,
  };
}

/** When vet advice was sought, as an export row says it: "Wed 2 Dec 13:07" in the kennel's time. */
export const soughtWords = (iso: string, timezone: string): string => timeOnDay(iso, timezone, "");
