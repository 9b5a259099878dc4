/**
 * A kept round posted again (a second /rounds, src/digest/round-post.ts): the doses its new post
 * prints that the round did not ask when it was kept (a care plan a person confirmed since, or the
 * kennel system's words changed since, due from the words), added to what it asked before the sheet
 * prints them (issue 45: what was due is written once, and changed only by a change kept in the
 * record; issue 44: a dose a sheet prints can be recorded there and is chased, confirmed or not).
 */
import type { Deps } from "../deps.ts";
import type { OwedRound } from "../domain/obligations.ts";
import { isMedicationItem } from "../domain/record.ts";
import type { LogInput } from "../record/types.ts";
import { addedChange } from "./obligation-added.ts";
import { owedRound } from "./obligations.ts";
import type { RoundReport } from "./rounds.ts";

/**
 * When a kept round is posted again (a second /rounds): each medication dose its pets' care plans
 * make due now that the round did not ask, confirmed or due from the words ("plan not confirmed"), is
 * added to the round as an "added" change before the sheet prints it, so the new post can sign it (a
 * late entry when its window has closed) and every surface counts and chases it as any other (issue
 * 44: a dose a sheet prints can be recorded there, and is chased, confirmed or not). Nothing else
 * changes: a dose the round asked stays as kept (its words, its window), and so does a meal; a pet
 * gone home since, or one the round counted gone before it, is left as kept. Answers the round as it
 * stands after.
 */
export async function addDueSince(
  deps: Pick<Deps, "record" | "config" | "clock">,
  report: RoundReport,
  owed: OwedRound,
): Promise<OwedRound> {
  const store = deps.record;
  if (!store || owed.id === undefined) return owed;
  const round = { id: owed.id, date: owed.date, round: owed.round };
  const changes: LogInput<"obligation_change">[] = [];
  for (const p of report.pets) {
    const bookingId = p.booking.bookingId;
    const petId = p.pet?.pet.petId;
    if (bookingId === undefined || petId === undefined || !p.sheet) continue;
    const kept = owed.pets.find((x) => x.bookingId === bookingId && x.petId === petId);
    // A pet gone home since: as kept. One the round counted gone home before it (not on its sheet,
    // not arrived since): off the new post too (src/answers/obligation-body.ts withOwed), nothing added.
    if (kept?.leftAt !== undefined) continue;
    if (!kept && owed.bookings !== undefined && !owed.bookings.includes(bookingId)) continue;
    const doses = (p.due ?? []).filter((d) => isMedicationItem(d.item));
    const asked = new Set(kept?.items.map((i) => i.item));
    const pet = { bookingId, petId, name: kept?.name ?? p.pet?.pet.name ?? `pet ${petId}` };
    // Keyed by the items: two replicas posting at once add them once.
    const key = `post:${doses.map((d) => d.item).join(",")}`;
    const change = addedChange(deps, round, pet, doses, asked, key);
    if (change) changes.push(change);
  }
  if (changes.length === 0) return owed;
  for (const c of changes) await store.append(c);
  return (await owedRound(deps, owed.date, owed.round)) ?? owed;
}
