/**
 * A kept round posted again (a second /rounds, src/digest/round-post.ts): the doses of a care plan a
 * person confirmed since the round was kept, added to what it asked before the sheet prints them
 * (issue 45: what was due is written once; issue 44: a dose a sheet prints can be recorded there).
 */
import type { Deps } from "../deps.ts";
import type { OwedRound } from "../domain/obligations.ts";
import { isMedicationItem } from "../domain/record.ts";
import type { LogInput } from "../record/types.ts";
import { addedChange } from "./obligation-added.ts";
import { owedRound } from "./obligations.ts";
import type { RoundReport } from "./rounds.ts";

/**
 * When a kept round is posted again (a second /rounds): each dose of a pet's care plan confirmed by
 * a person since the round was kept that the round did not ask is added to the round as an "added"
 * change before the sheet prints it, so the new post can sign it (a late entry when its window has
 * closed) and every surface counts and chases it as any other (issue 44: a dose a sheet prints can
 * be recorded there, and is chased). Nothing else changes: a dose due from the words, a meal, stay as
 * the round kept them. Answers the round as it stands after.
 */
export async function addConfirmedSince(
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
    // A pet gone home since: as kept.
    if (kept?.leftAt !== undefined) continue;
    const confirmed = (p.due ?? []).filter((d) => isMedicationItem(d.item) && d.unconfirmed !== true);
    const asked = new Set(kept?.items.map((i) => i.item));
    const pet = { bookingId, petId, name: kept?.name ?? p.pet?.pet.name ?? `pet ${petId}` };
    // Keyed by the items: two replicas posting at once add them once.
    const key = `post:${confirmed.map((d) => d.item).join(",")}`;
    const change = addedChange(deps, round, pet, confirmed, asked, key);
    if (change) changes.push(change);
  }
  if (changes.length === 0) return owed;
  for (const c of changes) await store.append(c);
  return (await owedRound(deps, owed.date, owed.round)) ?? owed;
}
