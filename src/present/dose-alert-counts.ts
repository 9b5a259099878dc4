/**
 * The head of a late or missed reply below its heading (src/present/dose-alerts.ts): what is still
 * not recorded as it is drawn ("171 pets: 23 with doses not recorded (💉 2 high-alert) · 148 with a
 * meal not recorded"), never "not given", which reads as given deliberately and could bring a second
 * dose; and, while a dose it names is still not recorded, what to do, in the kennel's words, not
 * medical advice: the round post's "check the record before giving it", and ask who was on the
 * round; a high-alert dose missed, ask the vet before giving it late.
 */
import { plural } from "../domain/text.ts";
import { MISSED_HIGH_ALERT_ASK, NOT_RECORDED_CHECK } from "../words/doses.ts";
import type { Line } from "./doc.ts";
import { dotted, line, toned } from "./doc.ts";

/** A dose or meal a reply names: its pet's key, whether high-alert, its entry once recorded. */
interface Counted {
  key: string;
  highAlert?: boolean | undefined;
  entry?: unknown;
}

/** The pets a reply named and those of them with an item still not recorded as it is drawn. */
function petCounts(all: readonly Counted[]): { pets: number; open: number } {
  const pets = new Set(all.map((d) => d.key)).size;
  return { pets, open: new Set(all.filter((d) => !d.entry).map((d) => d.key)).size };
}

/**
 * "171 pets: 23 with doses not recorded (💉 2 high-alert) · 148 with a meal not recorded": what is still
 * not recorded as the reply is drawn (a dose recorded since, or settled by another entry of its day,
 * is no longer counted), the pets with nothing left said apart ("3 of 171 pets still open: …");
 * "✅ every dose recorded since" once each dose it named is, "171 pets listed: nothing left to
 * record" once everything is (the heading and the foot say ✅ all recorded since).
 */
export function countLine(kind: "late" | "missed", doses: Counted[], meals: Counted[]): Line {
  const { pets, open: petsOpen } = petCounts([...doses, ...meals]);
  if (petsOpen === 0 && pets > 0) return line(`${plural(pets, "pet")} listed: nothing left to record`);
  const whose = petsOpen < pets ? `${petsOpen} of ${plural(pets, "pet")} still open` : plural(pets, "pet");
  const open = doses.filter((d) => !d.entry);
  const mealsOpen = new Set(meals.filter((d) => !d.entry).map((d) => d.key)).size;
  const dosed = new Set(open.map((d) => d.key)).size;
  const high = new Set(open.filter((d) => d.highAlert).map((d) => d.key)).size;
  const notYet = kind === "missed" ? "not recorded" : "not recorded yet";
  const dosesWords =
    doses.length === 0
      ? `no dose ${kind}`
      : dosed === 0
        ? "✅ every dose recorded since"
        : `${dosed} with ${dosed === 1 ? "a dose" : "doses"} ${notYet}${high ? ` (💉 ${high} high-alert)` : ""}`;
  return dotted(`${whose}: ${dosesWords}`, mealsOpen > 0 && `${mealsOpen} with a meal not recorded`);
}

/**
 * What to do while a dose the reply names is still not recorded (meals say nothing): check the
 * record and ask who was on the round before giving it; on the missed reply, a high-alert one still
 * not recorded, ask the vet before giving it late. None once every dose is recorded.
 */
export function whatToDoLines(kind: "late" | "missed", doses: Counted[]): Line[] {
  const open = doses.filter((d) => !d.entry);
  if (open.length === 0) return [];
  const high = kind === "missed" && open.some((d) => d.highAlert);
  return [
    line(toned("warn", NOT_RECORDED_CHECK)),
    ...(high ? [line(toned("alert", MISSED_HIGH_ALERT_ASK))] : []),
  ];
}
