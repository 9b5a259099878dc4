/**
 * Each pet's round beside the entries, as its obligation asked it (src/domain/obligations.ts): what
 * the round post's progress and Home count. Pure.
 */
import type { Entry } from "../record/types.ts";
import type { DoseWindow } from "./doses.ts";
import { dueOfOwed, type OwedRound, owedDoses } from "./obligations.ts";
import { type PetRoundStatus, petRoundStatus, withoutNotDue } from "./record.ts";

const NO_WINDOW: DoseWindow = { opensAt: "", dueAt: "", lateAt: "", closesAt: "" };

/**
 * Each pet's round beside the entries, as the round asked it: its items recorded, or still owed at
 * `now` (an item not due in the end, its pet gone home before its window closed, or settled by its
 * day's entries, is left out); a pet left with nothing owed and nothing recorded is not counted.
 * `day`: the day's rounds and entries, for a dose owed once a day (none: this round's alone).
 */
export function owedStatuses(
  r: OwedRound,
  entries: Entry[],
  now: string,
  day?: { rounds: readonly OwedRound[]; entries: Entry[] },
): PetRoundStatus[] {
  const rounds = day ? [...day.rounds.filter((o) => o.round !== r.round), r] : [r];
  const settled = new Set(
    // An entry no round asked only settles: its own window is never read here.
    owedDoses(rounds, day?.entries ?? entries, now, () => r.pets[0]?.items[0]?.window ?? NO_WINDOW)
      .filter((d) => d.round === r.round && !d.unasked && d.state.state === "not_due")
      .map((d) => `${d.bookingId}|${d.petId}|${d.due.item}`),
  );
  return r.pets.flatMap((p) => {
    const key = { date: r.date, round: r.round, bookingId: p.bookingId, petId: p.petId };
    const notDue = new Set(
      p.items.filter((i) => settled.has(`${p.bookingId}|${p.petId}|${i.item}`)).map((i) => i.item),
    );
    const s = withoutNotDue(petRoundStatus(key, p.items.map(dueOfOwed), entries), notDue);
    return s.state === "nothing_due" ? [] : [s];
  });
}
