/**
 * A second pair of eyes for high-alert drugs (issue 35): a dose of a high-alert item (insulin, an
 * anticonvulsant, a controlled drug: src/domain/plan/high-alert.ts) recorded as given needs a
 * witness, a second, different staff member who says so within WITNESS_MINUTES of the entry. The
 * giver cannot witness their own dose; one witness per dose (the first). Pure: the entry, its
 * witness when there is one, and `now` are passed in.
 */
import type { Entry } from "../record/types.ts";
import { giverIdOf } from "./giver.ts";
import type { PetRoundStatus } from "./record.ts";

/** How long after the entry a witness may say so. */
export const WITNESS_MINUTES = 15;

/** A witness kept in the record (care_log kind `witness`). */
export interface Witness {
  /** Its id in the record. */
  id: number;
  /** The dose witnessed: a round's entry, or a dose given if needed (issue 46). */
  entryId?: number | undefined;
  prnId?: number | undefined;
  userId: string;
  userName: string;
  /** When it was recorded (ISO 8601, UTC). */
  at: string;
}

/** The witnesses of some doses (by entry id), and the time they are read at: what a view shows. */
export interface WitnessView {
  witnesses: Map<number, Witness>;
  now: string;
}

export type WitnessState =
  /** `onPaper`: signed beside the dose on the paper chart (issue 50), `at` the dose's time written there. */
  | { state: "witnessed"; by: string; at: string; onPaper?: true }
  /** Not witnessed yet, and still within the minutes allowed: until then. */
  | { state: "awaiting"; until: string }
  /** `onPaper`: entered from the paper chart with no witness on the paper. */
  | { state: "unwitnessed"; onPaper?: true };

/** The last instant a witness may say so for this entry. */
const witnessUntil = (e: Pick<Entry, "recordedAt">): string =>
  new Date(Date.parse(e.recordedAt) + WITNESS_MINUTES * 60_000).toISOString();

/** Does this entry need a witness: a high-alert dose recorded as given. */
export const needsWitness = (e: Pick<Entry, "outcome">, highAlert: boolean | undefined): boolean =>
  highAlert === true && e.outcome === "given";

/**
 * A dose needing a witness, at `now`: witnessed (by whom, when), awaiting one, or unwitnessed. A dose
 * entered from the paper chart (`e.paper`, issue 50) was witnessed, or not, on the paper, beside the
 * dose: the witness it names, or none; it never awaits one, as no one entering it later saw it given.
 */
export function witnessState(
  e: Pick<Entry, "recordedAt" | "givenAt" | "paper">,
  w: Pick<Witness, "userName" | "at"> | undefined,
  now: string,
): WitnessState {
  if (w) return { state: "witnessed", by: w.userName, at: w.at };
  if (e.paper)
    return e.paper.witness
      ? { state: "witnessed", by: e.paper.witness, at: e.givenAt ?? e.recordedAt, onPaper: true }
      : { state: "unwitnessed", onPaper: true };
  const until = witnessUntil(e);
  return Date.parse(now) <= Date.parse(until) ? { state: "awaiting", until } : { state: "unwitnessed" };
}

/**
 * Why this person may not witness this entry now, if they may not: the giver themself (`self`: who
 * gave the dose, src/domain/giver.ts, which is not always who recorded it),
 * witnessed already (`already`: the first witness stands), the minutes passed (`too_late`), or a
 * dose that needs none (`not_needed`: not high-alert, not given, corrected since, or entered from the
 * paper chart, whose witness is the paper's).
 */
export function witnessProblem(
  e: Pick<Entry, "outcome" | "userId" | "recordedAt" | "supersededBy" | "paper" | "givenBy">,
  highAlert: boolean | undefined,
  o: { userId: string; now: string; existing?: Witness | undefined },
): "not_needed" | "already" | "self" | "too_late" | undefined {
  // Entered from the paper: its witness is the paper's (or none), never a tap long after the dose.
  if (!needsWitness(e, highAlert) || e.supersededBy !== undefined || e.paper) return "not_needed";
  if (o.existing) return "already";
  // The giver is who gave the dose (the form's "Given by", else who recorded it), not who recorded it.
  if (o.userId === giverIdOf(e)) return "self";
  if (Date.parse(o.now) > Date.parse(witnessUntil(e))) return "too_late";
  return undefined;
}

/**
 * The pet's high-alert doses given and awaiting a witness now (a "👀 Witnessed" button each): the
 * round's entries (the item's label as the sheet has it), then its doses given if needed (issue
 * 46: their witness as read with them).
 */
export function awaitingWitness(
  s: Pick<PetRoundStatus, "due" | "current">,
  w: WitnessView | undefined,
  asNeeded: Array<{ id: number; label: string; witness?: WitnessState | undefined }> = [],
): Array<{ entryId: number; label: string } | { prnId: number; label: string }> {
  const round = w
    ? s.due.flatMap((d) => {
        const e = s.current.get(d.item);
        if (!e || !needsWitness(e, d.highAlert)) return [];
        if (witnessState(e, w.witnesses.get(e.id), w.now).state !== "awaiting") return [];
        return [{ entryId: e.id, label: d.label }];
      })
    : [];
  const given = asNeeded
    .filter((d) => d.witness?.state === "awaiting")
    .map((d) => ({ prnId: d.id, label: d.label }));
  return [...round, ...given];
}
