/**
 * A kept round on the medication chart (issue 45: what a round asked is written once, and every
 * surface reads the record): its column, its pets, what it asked and its doses from the care record
 * alone, never the kennel API's answer of a later moment, so a chart of kept rounds is made with the
 * API down. Its pets as it kept them (name, room, booking, stay) and as its changes say (arrived,
 * gone home since), with the care plan's version it worked from.
 */
import type { Deps } from "../deps.ts";
import type { OwedPet } from "../domain/obligations.ts";
import { planState } from "../domain/plan/state.ts";
import { isMedicationItem } from "../domain/record.ts";
import { careMissingWords } from "../words/chart.ts";
import { addDoses, type Making, petOf, roundInstant, rowOf, wanted } from "./chart-parts.ts";
import { dosesOwed, type OwedRound } from "./obligations.ts";
import { type PlanVersion, planVersion } from "./plans.ts";

/**
 * A kept round's column: its pets, what it asked and its doses, from the care record alone; `day`: the
 * day's kept rounds, for a dose owed once a day (settled by an entry at another round of its day).
 */
export function keptColumn(m: Making, owed: OwedRound, day: readonly OwedRound[] = [owed]): void {
  const { deps, q, chart } = m;
  chart.columns.push({ date: owed.date, round: owed.round, kept: true });
  for (const p of owed.pets) addKeptPet(m, owed, p);
  // A booking whose care could not be read when the round was kept: what was due there is not known.
  // Its room was not kept, so said on a chart of the whole house only.
  if (q.room === undefined && q.petId === undefined)
    for (const c of owed.careMissing ?? []) {
      if (c.bookingId !== undefined && m.unmatched.has(c.bookingId)) continue;
      if (c.bookingId !== undefined) m.unmatched.add(c.bookingId);
      const said = careMissingWords(c, true);
      if (!chart.problems.includes(said)) chart.problems.push(said);
    }
  const rounds = day.filter((r) => r.date === owed.date);
  const entries = m.entries.filter((e) => e.date === owed.date);
  const doses = dosesOwed(deps, rounds.length ? rounds : [owed], entries, deps.clock.now());
  addDoses(
    m,
    doses.filter((d) => d.round === owed.round),
    true,
  );
}

/** The care plans' versions the kept rounds worked from (each item keeps its version's id), read once. */
export async function plansOf(deps: Deps, owed: readonly OwedRound[]): Promise<Map<number, PlanVersion>> {
  const ids = new Set(owed.flatMap((r) => r.pets.flatMap((p) => p.items.flatMap((i) => i.plan ?? []))));
  const read = await Promise.all([...ids].map((id) => planVersion(deps, id)));
  return new Map(read.flatMap((v) => (v ? [[v.id, v] as const] : [])));
}

/**
 * A pet of a kept round, as the round kept it (and as its changes say: arrived, gone home): its name,
 * room, booking and stay, and the care plan's version the round worked from (its medications' rows).
 * A pet also on a later round not kept takes that round's answer after it (the page is the pet's at
 * its last round). Its care (allergies, danger notes), which the record keeps none of, is the kennel
 * API's answer now (src/answers/chart.ts `keptCare`).
 */
export function addKeptPet(m: Making, owed: OwedRound, p: OwedPet): void {
  if (!wanted(m.q, p.room, p.petId)) return;
  const fresh = !m.pets.has(`${p.bookingId}|${p.petId}`);
  const pet = petOf(m.pets, p.bookingId, p.petId, p.name);
  if (fresh) pet.fromRecord = true;
  const at = roundInstant(m.deps.config, owed.date, owed.round);
  // Gone home since the round was kept: at the time the record says it went (its check-out then).
  const checkOut = p.leftAt ?? p.checkOut ?? pet.checkOut;
  Object.assign(pet, {
    room: p.room ?? pet.room,
    reference: p.reference ?? pet.reference,
    checkIn: p.checkIn ?? p.arrived ?? pet.checkIn,
    checkOut,
    // On the kept sheet past its check-out, not gone since: still here, as the sheet said.
    stillHere:
      pet.stillHere || (p.leftAt === undefined && p.checkOut !== undefined && Date.parse(p.checkOut) < at),
    checkedOut: pet.checkedOut || p.leftAt !== undefined,
  });
  const id = p.items.find((i) => i.plan !== undefined)?.plan;
  const version = id === undefined ? undefined : m.plans.get(id);
  if (!version) return;
  const plan = version.plan;
  pet.plan = { state: planState(plan), confirmations: plan.confirmations, kept: true };
  for (const item of plan.items) if (isMedicationItem(item.key)) rowOf(pet, item.key).plan = item;
}
