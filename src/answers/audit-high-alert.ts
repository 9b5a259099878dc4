/**
 * The audit's high-alert doses of a part of its days (src/answers/audit.ts): counted by their
 * witness (witnessed, unwitnessed, entered from the paper with no witness on it, awaiting one), each
 * unwitnessed named (the pet, the drug, who gave it, when); the doses given if needed counted the
 * same (issue 46), and each one's giver among the people (src/answers/audit-who.ts).
 */

import type { Deps } from "../deps.ts";
import { giverOf } from "../domain/giver.ts";
import type { PrnDose } from "../domain/prn.ts";
import { needsWitness, type Witness, type WitnessState, witnessState } from "../domain/witness.ts";
import { type Latest, latestOf, type PeopleCount, type UnwitnessedDose } from "./audit-who.ts";
import type { RoundDose } from "./doses.ts";
import { prnDosePages, withPetNames } from "./prn.ts";

export interface HighAlertFigures {
  given: number;
  witnessed: number;
  unwitnessed: number;
  noPaperWitness: number;
  awaiting: number;
}

/** A part's high-alert figures and its unwitnessed doses named. */
export interface HighAlertPart {
  highAlert: HighAlertFigures;
  unwitnessed: Latest<UnwitnessedDose>;
}

/** The figures, and the doses unwitnessed, as each dose is counted. */
function counter() {
  const highAlert: HighAlertFigures = {
    given: 0,
    witnessed: 0,
    unwitnessed: 0,
    noPaperWitness: 0,
    awaiting: 0,
  };
  const named: UnwitnessedDose[] = [];
  /** Counts a dose by its witness; an unwitnessed one named when `dose` says what it was. */
  const count = (w: WitnessState, dose?: Omit<UnwitnessedDose, "onPaper">): WitnessState["state"] => {
    highAlert.given++;
    if (w.state === "witnessed") highAlert.witnessed++;
    else if (w.state === "awaiting") highAlert.awaiting++;
    else {
      highAlert.unwitnessed++;
      if (w.onPaper) highAlert.noPaperWitness++;
      if (dose) named.push({ ...dose, ...(w.onPaper ? { onPaper: true } : {}) });
    }
    return w.state;
  };
  return { highAlert, named, count };
}

/** The unwitnessed doses given if needed, named with their pets. */
async function prnNamed(deps: Pick<Deps, "record">, doses: PrnDose[]): Promise<UnwitnessedDose[]> {
  if (doses.length === 0) return [];
  return (await withPetNames(deps, doses)).map((d) => ({
    date: d.date,
    petName: d.petName,
    drug: d.label,
    givenBy: giverOf(d),
    at: d.givenAt,
    id: d.id,
  }));
}

/**
 * The high-alert doses of the part's rounds (`doses`, read with their entries; `witnesses` by entry)
 * and those given if needed from `from` to `to`, read a page at a time up to `through`.
 */
export async function highAlertPart(
  deps: Required<Pick<Deps, "record">> & Pick<Deps, "clock">,
  doses: RoundDose[],
  witnesses: Map<number, Witness>,
  range: { from: string; to: string; now: Date; through: number },
  people: PeopleCount,
): Promise<HighAlertPart> {
  const { highAlert, named, count } = counter();
  const now = range.now.toISOString();
  for (const d of doses) {
    const e = d.entry;
    if (!e || !needsWitness(e, d.due.highAlert)) continue;
    const dose = { date: d.date, round: d.round, petName: d.petName, drug: e.itemText, id: e.id };
    count(witnessState(e, witnesses.get(e.id), now), {
      ...dose,
      ...(d.room ? { room: d.room } : {}),
      givenBy: giverOf(e),
      at: e.givenAt ?? e.recordedAt,
    });
  }
  for await (const page of prnDosePages(deps, { from: range.from, to: range.to }, range.through)) {
    const unwitnessed: PrnDose[] = [];
    for (const d of page) {
      people.asNeeded(d);
      if (d.witness && count(d.witness) === "unwitnessed") unwitnessed.push(d);
    }
    // Named with their pets (a stay's plan read once for the page's).
    named.push(...(await prnNamed(deps, unwitnessed)));
  }
  return { highAlert, unwitnessed: latestOf(named, (u) => u.at) };
}
