/**
 * The settings' dose windows, and the figures a manager reads of a set of doses (issue 35): each
 * dose as the record holds what its round asked (src/answers/obligations.ts, src/domain/obligations.ts),
 * its window and its state. Meals have windows too (a meal not recorded is late, then missed, like a
 * dose); the figure "given on time" counts medication only.
 */
import type { Deps } from "../deps.ts";
import type { DoseSettings } from "../domain/doses.ts";
import type { OwedDose } from "../domain/obligations.ts";
import { needsWitness, type Witness, witnessState } from "../domain/witness.ts";

/** A dose (or meal) a round asked, with its window and state when read. */
export type RoundDose = OwedDose;

/** The settings' dose windows (config.doses). */
export const doseSettings = (deps: Pick<Deps, "config">): DoseSettings => ({
  beforeMinutes: deps.config.doses.beforeMinutes,
  afterMinutes: deps.config.doses.afterMinutes,
  highAlertAfterMinutes: deps.config.doses.highAlertAfterMinutes,
  lateAfterMinutes: deps.config.doses.lateAfterMinutes,
});

/**
 * The figures a manager reads (issue 35): of the medication doses due whose window has opened,
 * how many were given on time, given before their window, given late (or after the window), are
 * still open (due, late), missed, refused or not given (each dose due is one of these: they add up to
 * `due`); late entries. "Given on time: 46 of 48 due".
 */
export interface DoseFigures {
  /** Medication doses whose window has opened (upcoming ones are not yet due). */
  due: number;
  onTime: number;
  /** Given before the dose's window opened (never counted on time). */
  givenEarly: number;
  givenLate: number;
  /** Of those given late, given after the dose's window closed (⏩): counted late, never missed. */
  afterWindow: number;
  /** Not recorded yet, their window still open: due, or late (counted in `openLate` too). */
  open: number;
  /** Of those still open, those late now (past their late time): "⏰ 2 late" on Home. */
  openLate: number;
  missed: number;
  refused: number;
  notGiven: number;
  lateEntries: number;
  /**
   * Asked by their rounds, then not due: the pet went home (or came) with nothing recorded (issue 45).
   * A dose owed once a day read at its other rounds (src/domain/day-dose.ts) is counted once, where due.
   */
  notDue: number;
  /** Of the doses due, those due from the words, their pet's care plan not confirmed (issue 44). */
  fromWords: number;
  /**
   * Recorded in Slack where no round asked them (a line printed not due by its days' words, "every
   * other day", or by its confirmed plan, recorded if given): never counted as due; the record lists each ("also recorded").
   */
  notAsked?: number | undefined;
  /**
   * Of the high-alert doses given (counted on time, early or late above, or recorded not asked by
   * the round: `notAsked`), those with no witness:
   * none came in time, or entered from the paper chart with none on it (`noPaperWitness` of them).
   * Counted only where the witnesses were read (`doseFigures`' second argument).
   */
  unwitnessed?: { unwitnessed: number; noPaperWitness: number } | undefined;
}

/** The witnesses kept for the doses' entries, and the moment read: a dose's witness state then. */
export interface WitnessesRead {
  of: Map<number, Witness>;
  now: string;
}

/**
 * The high-alert doses given with no witness, of `doses`, as the audit counts them: each with
 * whether it was entered from the paper chart with none named on it (`onPaper`).
 */
export function unwitnessedDoses(
  doses: RoundDose[],
  w: WitnessesRead,
): Array<{ dose: RoundDose; onPaper: boolean }> {
  return doses.flatMap((d) => {
    const e = d.entry;
    if (!e || d.state.state !== "recorded" || !needsWitness(e, d.due.highAlert)) return [];
    const s = witnessState(e, w.of.get(e.id), w.now);
    return s.state === "unwitnessed" ? [{ dose: d, onPaper: s.onPaper === true }] : [];
  });
}

/** How many high-alert doses of `doses` were given with no witness, those of the paper among them. */
function unwitnessedOf(doses: RoundDose[], w: WitnessesRead): DoseFigures["unwitnessed"] {
  const all = unwitnessedDoses(doses, w);
  return { unwitnessed: all.length, noPaperWitness: all.filter((u) => u.onPaper).length };
}

/**
 * Recorded in Slack where its round, kept asking the pet other items (or with its booking on the
 * sheet, asking the pet nothing), did not ask it: from Slack's
 * forms only a line printed not due (by its days, or by its confirmed plan) is (an item due is added to the round first). One
 * entered from the paper chart is a dose the paper printed, and one of a round never kept (a record
 * older than obligations) stands as it was: both counted due.
 */
export const notAsked = (d: RoundDose): boolean => d.besideAsked === true && !d.entry?.paper;

export function doseFigures(doses: RoundDose[], witnesses?: WitnessesRead): DoseFigures {
  const f: DoseFigures = {
    due: 0,
    onTime: 0,
    givenEarly: 0,
    givenLate: 0,
    afterWindow: 0,
    open: 0,
    openLate: 0,
    missed: 0,
    refused: 0,
    notGiven: 0,
    lateEntries: 0,
    notDue: 0,
    fromWords: 0,
    notAsked: 0,
  };
  for (const d of doses) {
    if (d.due.item === "meal" || d.state.state === "upcoming") continue;
    if (notAsked(d)) {
      f.notAsked = (f.notAsked ?? 0) + 1;
      continue;
    }
    if (d.state.state === "not_due") {
      // A dose owed once a day settled at another round, or chased at a later one, is that one dose.
      if (d.state.why === "gone_home" || d.state.why === "arrives_later") f.notDue++;
      continue;
    }
    f.due++;
    if (d.due.unconfirmed) f.fromWords++;
    const s = d.state;
    if (s.state !== "recorded") {
      if (s.state === "missed") f.missed++;
      else {
        f.open++;
        if (s.state === "late") f.openLate++;
      }
    } else {
      if (s.lateEntry) f.lateEntries++;
      if (s.outcome === "refused") f.refused++;
      else if (s.outcome === "not_given") f.notGiven++;
      else if (s.timeliness === "on_time") f.onTime++;
      else if (s.timeliness === "early") f.givenEarly++;
      else {
        f.givenLate++;
        if (s.timeliness === "after_window") f.afterWindow++;
      }
    }
  }
  if (witnesses) f.unwitnessed = unwitnessedOf(doses, witnesses);
  return f;
}
