/**
 * The medication chart on paper (issue 50): what one cell of a pet's chart says, by the kennel's
 * rules. A cell is one item of one round of one day: struck when nothing is due there; blank when
 * due and nothing is recorded yet (a dose whose window has closed says "missed"); the initials and
 * the time when given; a standard code when not given (the key printed on every page); "late entry"
 * when it was recorded after its window closed. Pure: the state comes from the record's own dose
 * state (src/domain/doses.ts doseState), never worked out again here.
 */

import type { Entry, ItemKey, NotGivenReason } from "../record/types.ts";
import { localDate } from "../time.ts";
import type { Round } from "./care.ts";
import { type DoseState, keepsNoTime, type OpenState, type Timeliness } from "./doses.ts";
import { givenByOther, giverNameOf, giverWords } from "./giver.ts";
import type { NotAskedWhy } from "./not-asked.ts";
import type { WitnessState } from "./witness.ts";

/** A high-alert dose's witness on paper: the witness's initials, still awaited, or never given. */
type ChartWitness =
  | { state: "witnessed"; initials: string }
  | { state: "awaiting" }
  | { state: "unwitnessed" };

/** A cell of a pet's chart: its day, round and item ("2026-11-24|morning|med:1"). */
export const cellKey = (date: string, round: Round, item: ItemKey) => `${date}|${round}|${item}`;

/** The chart's codes for a dose not given, as a paper chart writes them. */
export type ChartCode = "R" | "V" | "W" | "N" | "A";

/** The key printed on every page, in order. */
export const CHART_KEY: ReadonlyArray<{ code: ChartCode; words: string }> = [
  { code: "R", words: "refused" },
  { code: "V", words: "vomited (brought up: recorded refused or not given, said beneath)" },
  { code: "W", words: "withheld (by the vet, not in kennel, or another reason: written beside it)" },
  { code: "N", words: "none left" },
  { code: "A", words: "asleep as instructed" },
];

const BY_REASON: Record<NotGivenReason, ChartCode> = {
  refused: "R",
  vomited: "V",
  vet_withheld: "W",
  not_in_kennel: "W",
  none_left: "N",
  asleep: "A",
  other: "W",
};

/**
 * The code of a dose not given: refused is R; a reason from the list its own code; any other W. A
 * dose brought up (its reason "vomited within 30 min") is V whether it was recorded refused or not
 * given, as the key says: the cell's note says which outcome the record holds.
 */
export function chartCode(entry: Pick<Entry, "outcome" | "reasonCode">): ChartCode | undefined {
  if (entry.outcome === "refused") return entry.reasonCode === "vomited" ? "V" : "R";
  if (entry.outcome !== "not_given") return undefined;
  return entry.reasonCode ? BY_REASON[entry.reasonCode] : "W";
}

/**
 * An entry a correction replaced, as its cell keeps it: its time as its own cell said it (a time said
 * with both times; a dose not given, which keeps none, when it was recorded, `untimed`).
 */
const wasOf = (e: Entry): ChartWas => ({
  code: chartCode(e),
  // Recorded in error: no outcome, never "given"; its why is its reason.
  ...(e.outcome === "in_error" ? { inError: true as const } : {}),
  initials: initialsOf(giverNameOf(e)),
  at: e.givenAt ?? e.recordedAt,
  ...(e.givenAt ? { recordedAt: e.recordedAt } : {}),
  ...(keepsNoTime(e) ? { untimed: true as const } : {}),
  ...(e.reason ? { reason: e.reason } : {}),
  ...(e.note ? { note: e.note } : {}),
});

/**
 * The entries an entry corrected, oldest first, from the entries read (superseded ones included):
 * each `supersedes` followed back as far as the entries read go.
 */
export function supersededOf(entry: Entry | undefined, byId: ReadonlyMap<number, Entry>): Entry[] {
  const out: Entry[] = [];
  let id = entry?.supersedes;
  while (id !== undefined && out.length < 50) {
    const e = byId.get(id);
    if (!e) break;
    out.unshift(e);
    id = e.supersedes;
  }
  return out;
}

/** A dose given if needed, as its cell prints it: who, when, and why. */
interface ChartIfNeeded {
  initials: string;
  givenAt: string;
  reason: string;
}

/** Entered from the chart on paper (issue 50): who gave it as the paper names them, who entered it. */
interface ChartPaper {
  by: string;
  enteredBy: string;
}

/**
 * An entry a correction replaced, kept in its cell struck through (as the post strikes it): its code
 * (none for a dose given), whose initials, and when (its time given, else when it was recorded).
 */
export interface ChartWas {
  code: ChartCode | undefined;
  initials: string;
  at: string;
  /** When it was recorded, for one with a time said (`at` is then when it was given). */
  recordedAt?: string | undefined;
  /** A dose not given with no time of its own: `at` is only when it was recorded. */
  untimed?: true | undefined;
  /** Its reason and its staff note, as recorded (printed whole beneath the grid). */
  reason?: string | undefined;
  note?: string | undefined;
  /** An entry put right as recorded in error (its reason the why), recorded over since. */
  inError?: true | undefined;
}

/** An entry put right as recorded in error, on its open cell: what it struck, why, who and when. */
export interface ChartInError {
  was: ChartWas[];
  why: string;
  by: string;
  at: string;
}

/** An open cell whose entry was put right as recorded in error (`wrong`; `struck`: what it struck, oldest first). */
export function inErrorCell(cell: ChartCell, wrong: Entry | undefined, struck: readonly Entry[]): ChartCell {
  if (cell.kind !== "open" || !wrong) return cell;
  const inError = {
    was: struck.map(wasOf),
    why: wrong.reason ?? "",
    by: wrong.userName,
    at: wrong.recordedAt,
  };
  return { ...cell, inError };
}

/** What one cell of the chart holds. */
export type ChartCell =
  /**
   * Nothing due at this round (the cell is struck through); `arrives`: the pet arrives that day after
   * the dose's window closed (its arrival, ISO): not struck, the owner is asked whether it was given.
   */
  | { kind: "not_due"; arrives?: string | undefined }
  /**
   * A medication given only if needed: never due, never struck (a dose may be given and signed at
   * any round); each dose given around this round, with who, when and why.
   */
  | { kind: "if_needed"; given: ChartIfNeeded[] }
  /**
   * Due, nothing recorded: blank to sign; `missed` once its window has closed. `inError`: its entry
   * was put right as recorded in error (the wrong pet, the wrong dose): struck, with why and who.
   */
  | { kind: "open"; state: OpenState; inError?: ChartInError | undefined }
  | {
      kind: "given";
      initials: string;
      /** When given (ISO 8601), as the person recording it said. */
      givenAt: string;
      timeliness: Timeliness | undefined;
      /** Recorded after its window closed: both times are printed. */
      lateEntry: boolean;
      recordedAt: string;
      paper?: ChartPaper | undefined;
      /** Given by someone other than who recorded it (the form's "Given by (if not you)"): both, whole. */
      givenBy?: { by: string; recordedBy: string } | undefined;
      /** The entries its correction replaced, oldest first (struck). */
      was?: ChartWas[] | undefined;
      /** Who recorded it (a correction: who corrected), whole; its staff note, as recorded. */
      recordedBy?: string | undefined;
      note?: string | undefined;
      /** A high-alert dose's witness (undefined for a dose that needs none). */
      witness?: ChartWitness | undefined;
      /** No round asked it (recorded only if given: `notAskedCell`): why, as its kept sheet said. */
      notAsked?: NotAskedWhy | undefined;
    }
  | {
      kind: "not_given";
      code: ChartCode;
      initials: string;
      givenAt: string;
      lateEntry: boolean;
      recordedAt: string;
      /** Not given with no time of its own: `givenAt` is only when it was recorded (keepsNoTime). */
      untimed?: true | undefined;
      paper?: ChartPaper | undefined;
      /** The entries its correction replaced, oldest first (struck). */
      was?: ChartWas[] | undefined;
      /** The reason written with it (else its note), when any. */
      why: string | undefined;
      /** Recorded refused though its code is not R (a refusal brought up: V). */
      refused?: true | undefined;
      /** Who recorded it (a correction: who corrected), whole; its staff note beside a reason. */
      recordedBy?: string | undefined;
      note?: string | undefined;
      /** No round asked it (recorded only if given: `notAskedCell`): why, as its kept sheet said. */
      notAsked?: NotAskedWhy | undefined;
    };

/**
 * A person's initials as a paper chart writes them, the one rule for every surface (the chart's
 * cells, the paper's witness check): the first letter of each word of the name, in capitals, at most
 * three ("Jane Doe" JD); a one-word name its first letter ("Alex" A), unless it is written as
 * initials already (capitals, at most three letters: "TB" stays TB). Letters of any script count.
 */
export function initialsOf(name: string): string {
  const words = name
    .replace(/<[^>]*>/g, " ")
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  const [only] = words;
  if (only === undefined) return "?";
  if (words.length === 1 && Array.from(only).length <= 3 && only === only.toUpperCase()) return only;
  return words
    .slice(0, 3)
    .map((w) => (Array.from(w)[0] as string).toUpperCase())
    .join("");
}

/** A name's letters alone, in lower case: "J. D." and "j.d" both "jd". */
const lettersOf = (name: string) => name.replace(/[^\p{L}\p{N}]+/gu, "").toLowerCase();

/**
 * The giver named as their own witness: the same letters in any case, punctuation and spaces
 * aside ("J.D." and "JD"), or either one the other's initials ("Jane Doe" and "J.D.", "Alex" and "a").
 */
export function samePerson(a: string, b: string): boolean {
  const [x, y] = [lettersOf(a), lettersOf(b)];
  if (!x || !y) return false;
  return x === y || x === lettersOf(initialsOf(b)) || y === lettersOf(initialsOf(a));
}

/** A stay's times as its booking has them (ISO 8601; undefined: not known). */
export interface ChartStay {
  checkIn: string | undefined;
  checkOut: string | undefined;
  /** Still checked in past its check-out (the round sheet's "still here?"): no departure yet. */
  stillHere?: boolean | undefined;
}

/**
 * Is the pet in house at a round (`at`: the round's instant), as the round sheet and the plan's
 * schedule decide it (src/domain/plan/schedule.ts): not before its arrival, not after its check-out
 * (unless still here past it). A time not known is no limit: a pet whose arrival is not known is in
 * house, so its cell is blank, never struck.
 */
export function inHouseAtRound(stay: ChartStay, at: number): boolean {
  const from = stay.checkIn ? Date.parse(stay.checkIn) : Number.NaN;
  const to = stay.checkOut && !stay.stillHere ? Date.parse(stay.checkOut) : Number.NaN;
  return !(at < from) && !(at > to);
}

/**
 * The chart's days that are the pet's own (issue 50, a fresh look: a week's chart printed pages struck
 * through whole for days the pet was not in house): the days of its stay by its booking, its check-in
 * day to its check-out day in the kennel's zone (a time not known, or still here past check-out, is no
 * limit), and any day with a cell to sign or read whatever the booking says (never a dose hidden).
 */
export function stayDaysOf(
  dates: readonly string[],
  stay: ChartStay,
  timezone: string,
  hasCell: (date: string) => boolean,
): string[] {
  const from = stay.checkIn ? localDate(stay.checkIn, timezone) : undefined;
  const to = stay.checkOut && !stay.stillHere ? localDate(stay.checkOut, timezone) : undefined;
  return dates.filter((d) => hasCell(d) || (!(from && d < from) && !(to && d > to)));
}

/**
 * A due dose's cell from its state in the record (and its entry, and its witness's state, when
 * recorded). `inHouse`: the pet was in house at the round by its booking (inHouseAtRound).
 * `superseded`: the entries the current one corrected, oldest first, kept in the cell struck.
 */
export function chartCell(
  state: DoseState,
  entry: Entry | undefined,
  witness?: WitnessState | undefined,
  inHouse = false,
  superseded: readonly Entry[] = [],
): ChartCell {
  // Asked by the round, then not due in the end: struck, nothing to sign, when the pet went home
  // first or came after the round. One the record holds as arriving after its window though its
  // booking has it here at the round (its arrival not known: seen later) keeps its place to sign.
  if (state.state === "not_due") {
    if (state.why !== "arrives_later") return { kind: "not_due" };
    return inHouse ? { kind: "open", state: "due" } : { kind: "not_due", arrives: state.at };
  }
  if (state.state !== "recorded" || !entry) {
    return { kind: "open", state: state.state === "recorded" ? "due" : state.state };
  }
  // Entered from the paper: the initials are the giver's, as the paper names them, not the enterer's.
  const common = {
    initials: initialsOf(giverNameOf(entry)),
    givenAt: state.givenAt,
    lateEntry: state.lateEntry,
    recordedAt: state.recordedAt,
    ...(entry.paper ? { paper: { by: entry.paper.by, enteredBy: entry.userName } } : {}),
    // A correction: what it replaced, and who corrected it (its own person and time).
    ...(superseded.length ? { was: superseded.map(wasOf), recordedBy: entry.userName } : {}),
  };
  const code = chartCode(entry);
  if (code)
    return {
      kind: "not_given",
      code,
      ...common,
      ...(state.untimed ? { untimed: true as const } : {}),
      ...(entry.outcome === "refused" && code !== "R" ? { refused: true as const } : {}),
      why: entry.reason ?? entry.note,
      // A note beside a reason: both printed (the reason alone stood in for it before).
      ...(entry.reason && entry.note ? { note: entry.note } : {}),
    };
  return {
    kind: "given",
    ...common,
    // Given by someone other than who recorded it: both, beneath the grid.
    ...(entry.givenBy && givenByOther(entry)
      ? { givenBy: { by: giverWords(entry.givenBy), recordedBy: entry.userName } }
      : {}),
    ...(entry.note ? { note: entry.note } : {}),
    timeliness: state.timeliness,
    witness:
      witness === undefined
        ? undefined
        : witness.state === "witnessed"
          ? { state: "witnessed", initials: initialsOf(witness.by) }
          : { state: witness.state },
  };
}

/**
 * The cell of a dose no round asked (export kind `round_not_asked`: a line its sheet printed to record
 * only if given), as the day's record reads it: given (or offered) though not due, why; never a late
 * entry, nor on time, early or late by a window it never had. What was due stays as the round kept it.
 */
export function notAskedCell(cell: ChartCell, why: NotAskedWhy): ChartCell {
  if (cell.kind === "given") return { ...cell, lateEntry: false, timeliness: undefined, notAsked: why };
  if (cell.kind === "not_given") return { ...cell, lateEntry: false, notAsked: why };
  return cell;
}
