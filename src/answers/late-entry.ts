/**
 * Honest late entries (issue 35): a dose recorded after its window closed asks when it was given
 * (default now, in the kennel's zone) and keeps both times, the one said and the server's. Inside
 * its window nothing is asked: the entry's time is when it was recorded. The time said cannot be in
 * the future, before the pet arrived (the kept sheet's arrival, else the booking's check-in), or
 * before the dose's window opened by more than the window's own length (src/domain/doses.ts).
 */
import type { Deps } from "../deps.ts";
import { clocksGoBack, daysFrom, type Which, wallTime } from "../domain/clock-change.ts";
import { type DoseState, type DoseWindow, doseWindow, givenAtProblem } from "../domain/doses.ts";
import { owedState } from "../domain/obligations.ts";
import { type ByDaysItem, type DueItem, isMedicationItem } from "../domain/record.ts";
import type { Entry, ItemKey, Outcome } from "../record/types.ts";
import { addDays, isIsoDate, localDate } from "../time.ts";
import {
  dateTimeOf,
  laterThanNowWords,
  repeatedTimeWords,
  skippedTimeWords,
  timeOf,
} from "../words/dates.ts";
import { type NotAskedTime, notAskedWhyWords } from "../words/record.ts";
import { doseSettings } from "./doses.ts";
import { keptTime } from "./kept-time.ts";
import type { Sheet, SheetPet } from "./sheets.ts";
import { pastCheckOutNote, type StayTimes, stayTimesSoon, wentHomeAt } from "./stay-times.ts";

/** A medication of a pet's round whose window has closed. */
export interface ClosedDose {
  item: DueItem;
  window: DoseWindow;
  /** Recorded already ("✏️ Record each…" may change it): its time is asked only if the form does. */
  recorded?: true | undefined;
  /** Recorded given or refused: when its entry says it happened (its given time, else when recorded). */
  keptAt?: string | undefined;
  /**
   * No round asked it (printed not due, recorded only if given: `ByDaysItem`): why, in words. Never
   * late: its time is asked plainly, as when it was given, never as after a window that closed.
   */
  notAsked?: string | undefined;
}

const notAskedOf = (item: DueItem | ByDaysItem) => ("days" in item ? notAskedWhyWords(item) : undefined);

/** The pet's medications on the sheet (of `items`, when given) whose window has closed by `now`. */
export function closedDoses(
  deps: Pick<Deps, "config">,
  sheet: Pick<Sheet, "date" | "round">,
  pet: Pick<SheetPet, "due" | "byDays">,
  now: Date,
  items?: Iterable<ItemKey>,
): ClosedDose[] {
  const only = items ? new Set(items) : undefined;
  const settings = doseSettings(deps);
  const { times } = deps.config.rounds;
  const out: ClosedDose[] = [];
  // A line recorded if given (not due by its days' words) is asked when it was given as a due dose is.
  for (const item of [...pet.due, ...(pet.byDays ?? [])]) {
    if (!isMedicationItem(item.item) || (only && !only.has(item.item))) continue;
    const window = doseWindow(item, sheet.date, sheet.round, times, deps.config.timezone, settings);
    const notAsked = notAskedOf(item);
    if (now.getTime() > Date.parse(window.closesAt))
      out.push({ item, window, ...(notAsked ? { notAsked } : {}) });
  }
  return out;
}

/** Meal outcomes that happened at a time (offered: eaten all, some or none); "not offered" keeps none. */
const MEAL_TIMED: ReadonlySet<Outcome> = new Set(["ate_all", "ate_some", "ate_none"]);

/**
 * The pet's meal this round, when the form writes it eaten (or offered and left) and its window has
 * closed by `now`: it takes the time the form says, as the doses beside it do, so a meal recorded
 * late reads as when it was eaten, never as when it was typed. (The one tap writes the meal "given".)
 */
function lateMeal(
  deps: Pick<Deps, "config">,
  sheet: Pick<Sheet, "date" | "round">,
  pet: Pick<SheetPet, "due">,
  now: Date,
  writes: ReadonlyArray<{ item: ItemKey; outcome: Outcome }>,
): ClosedDose | undefined {
  const write = writes.find((w) => w.item === "meal");
  const item = pet.due.find((d) => d.item === "meal");
  if (!write || !item || !(MEAL_TIMED.has(write.outcome) || write.outcome === "given")) return undefined;
  const { times } = deps.config.rounds;
  const window = doseWindow(item, sheet.date, sheet.round, times, deps.config.timezone, doseSettings(deps));
  return now.getTime() > Date.parse(window.closesAt) ? { item, window } : undefined;
}

/**
 * Each entry of an item the round asked, with its state by the item's window and that window (a dose given before
 * it opened, late, after it closed; a meal recorded after it closed): what the form says beside it,
 * as the post does (a dose recorded only if given, no round asked, has none). A dose owed once a day (`once`: no time in its words) is on time whenever given
 * that day (src/domain/obligations.ts owedState).
 */
export function offTimeStates(
  deps: Pick<Deps, "config">,
  sheet: Pick<Sheet, "date" | "round">,
  pet: Pick<SheetPet, "due">,
  entries: Entry[],
  once?: ReadonlySet<ItemKey>,
): Map<number, { state: DoseState; window: DoseWindow }> {
  const settings = doseSettings(deps);
  const out = new Map<number, { state: DoseState; window: DoseWindow }>();
  for (const e of entries) {
    // A dose no round asked (recorded only if given) is never off its time: no round gave it one.
    const item = pet.due.find((d) => d.item === e.item);
    if (!item) continue;
    const w = doseWindow(
      item,
      sheet.date,
      sheet.round,
      deps.config.rounds.times,
      deps.config.timezone,
      settings,
    );
    const state = owedState(
      { window: w, ...(once?.has(e.item) ? { noTime: true } : {}) },
      {},
      e,
      e.recordedAt,
    );
    out.set(e.id, { state, window: w });
  }
  return out;
}

/**
 * The day a time said on a round's form is read on: the sheet's, when it is of an earlier day (staff
 * filling in yesterday's evening round the next morning: "19:40" is 19:40 of that evening); else
 * today's (a time later than now on today's sheet is refused as in the future).
 */
export function givenDay(deps: Pick<Deps, "clock" | "config">, sheet: Pick<Sheet, "date">): string {
  const today = localDate(deps.clock.now(), deps.config.timezone);
  return sheet.date < today ? sheet.date : today;
}

/** What the time question shows first: the sheet's day (givenDay), and the time now, in the kennel's zone. */
function givenDefault(
  deps: Pick<Deps, "config" | "clock">,
  sheet: Pick<Sheet, "date">,
): { date: string; time: string } {
  return {
    date: givenDay(deps, sheet),
    time: timeOf(deps.clock.now().toISOString(), deps.config.timezone),
  };
}

/**
 * The day and time a form gives (YYYY-MM-DD, HH:mm, which of an hour that came twice), in the
 * kennel's zone, as an instant; else the words for the field at fault: unreadable, a time that did
 * not happen (the clocks went forward), or one that happened twice with no "which" (issue 46).
 */
/** A time of day as every form takes it: HH:MM, 24-hour. */
export const HH_MM = /^([01]\d|2[0-3]):[0-5]\d$/;

export function givenInstant(
  given: { date?: string | undefined; time?: string | undefined; which?: Which | undefined },
  timezone: string,
): { ok: true; at: string } | { ok: false; field: "time" | "which"; error: string } {
  const { date, time } = given;
  if (!date || !time || !isIsoDate(date) || !HH_MM.test(time))
    return { ok: false, field: "time", error: "Say when it was given: the day and the time." };
  const read = wallTime(date, time, timezone, given.which);
  if (read.kind === "one") return { ok: true, at: read.at };
  if (read.kind === "skipped")
    return { ok: false, field: "time", error: `${skippedTimeWords(date, time)} Say when it was given.` };
  return { ok: false, field: "which", error: `${repeatedTimeWords(date, time)} Which one?` };
}

/** The day the clocks go back that a time given may fall on (from the day before the first window opened to today), if any. */
function repeatedHourOf(
  deps: Pick<Deps, "config" | "clock">,
  closed: ClosedDose[],
): { date: string; from: string; to: string } | undefined {
  const tz = deps.config.timezone;
  const opens = closed.map((c) => c.window.opensAt).sort()[0];
  if (!opens) return undefined;
  return clocksGoBack(daysFrom(addDays(localDate(opens, tz), -1), localDate(deps.clock.now(), tz)), tz);
}

/**
 * Why the time said cannot be when these doses were given, in words for the form's field; undefined
 * when it can. `now`: the server's clock.
 */
export function givenAtRefusal(
  givenAt: string,
  o: StayTimes & {
    now: Date;
    closed: ClosedDose[];
    timezone: string;
    petName: string;
    /** The round's day (YYYY-MM-DD): said with a time on another day. */
    roundDate?: string | undefined;
  },
): string | undefined {
  const now = o.now.toISOString();
  for (const { window, notAsked } of o.closed) {
    // A pet still here past its check-out has not gone home: a time after it stands (said on its entry).
    const problem = givenAtProblem(givenAt, { now, arrival: o.arrival, departure: wentHomeAt(o), window });
    if (problem === "future")
      return `${laterThanNowWords(givenAt, now, o.timezone, o.roundDate)}: say when it was given.`;
    if (problem === "before_arrival")
      return `That is before ${o.petName} arrived (${dateTimeOf(o.arrival, o.timezone)}, the booking's check-in): say when it was given.`;
    if (problem === "after_departure")
      return `That is after ${o.petName} went home (${dateTimeOf(o.departure, o.timezone)}, the booking's check-out): say when it was given.`;
    if (problem === "too_early")
      return `That is long before ${notAsked ? "this round's window" : "the dose's window"} opened (${dateTimeOf(window.opensAt, o.timezone)}): check the day and the time.`;
  }
  return undefined;
}

/**
 * The time question of a form recording after a dose's window closed: which doses, when their
 * window closed, and what it shows first (now, in the kennel's zone).
 */
export interface TimeQuestion {
  /** The doses past their window not recorded yet, and those recorded already (asked only if changed). */
  labels: string[];
  recorded?: string[] | undefined;
  /** The doses no round asked (recorded only if given): never late, their time asked plainly. */
  notAsked?: NotAskedTime[] | undefined;
  /** When the (first) window closed (ISO 8601); of a dose no round asked, only when no other is late. */
  closedAt: string;
  date: string;
  time: string;
  timezone: string;
  /** A day the time may fall on whose clocks go back: its hour that came twice (asked which). */
  repeated?: { date: string; from: string; to: string } | undefined;
  /**
   * Every dose asked recorded already, given or refused at one time: that time, shown first on
   * "Record each…", so a change that keeps the outcome (a note) keeps the time without re-typing it.
   */
  kept?: { date: string; time: string } | undefined;
  /** The pet's meal's window has closed too: a meal recorded here takes the same time (lateMeal). */
  meal?: true | undefined;
}

/** The question for these closed doses, or none when no window has closed. */
export function timeQuestion(
  deps: Pick<Deps, "config" | "clock" | "kennel" | "log">,
  sheet: Pick<Sheet, "date" | "round">,
  closed: ClosedDose[],
  pet?: Pick<SheetPet, "due">,
): TimeQuestion | undefined {
  if (closed.length === 0) return undefined;
  const meal = pet && lateMeal(deps, sheet, pet, deps.clock.now(), [{ item: "meal", outcome: "ate_all" }]);
  const late = closed.filter((c) => !c.notAsked);
  const closedAt = (late.length ? late : closed).map((c) => c.window.closesAt).sort()[0] as string;
  const repeated = repeatedHourOf(deps, closed);
  const recorded = late.filter((c) => c.recorded).map((c) => c.item.label);
  const notAsked = closed.flatMap((c): NotAskedTime[] =>
    c.notAsked ? [{ label: c.item.label, why: c.notAsked, ...(c.recorded ? { recorded: true } : {}) }] : [],
  );
  return {
    labels: late.filter((c) => !c.recorded).map((c) => c.item.label),
    ...(recorded.length ? { recorded } : {}),
    ...(notAsked.length ? { notAsked } : {}),
    closedAt,
    ...givenDefault(deps, sheet),
    timezone: deps.config.timezone,
    ...(repeated ? { repeated } : {}),
    ...keptTime(closed, deps.config.timezone),
    ...(meal ? { meal: true as const } : {}),
  };
}

/** Outcomes that happened at a time (a dose given, or offered and refused). */
const TIMED: ReadonlySet<Outcome> = new Set(["given", "refused"]);

/**
 * The time a form said, checked for the items it writes: each item given or refused after its
 * window closed keeps it; or the words for the form's field at fault when it cannot stand (`time`,
 * or `which` of an hour that came twice, when the form asked it). Left empty (`missing`), it is
 * asked only when the form writes such an item: a form changing only the meal, or another item,
 * needs none.
 */
export async function checkGiven(
  deps: Pick<Deps, "config" | "clock" | "kennel" | "log">,
  sheet: Sheet,
  pet: SheetPet,
  given: { date?: string | undefined; time: string; which?: Which | undefined } | "missing" | undefined,
  writes: Array<{ item: ItemKey; outcome: Outcome }>,
): Promise<
  | { ok: true; givenAt: Map<ItemKey, string>; pastCheckOut?: string | undefined }
  | { ok: false; field: "time" | "which"; error: string }
> {
  const givenAt = new Map<ItemKey, string>();
  if (!given) return { ok: true, givenAt };
  const now = deps.clock.now();
  const timed = writes.filter((w) => TIMED.has(w.outcome)).map((w) => w.item);
  const doses = closedDoses(deps, sheet, pet, now, timed);
  // A late meal takes a time said; it never makes the time asked when only it is written.
  const meal = given === "missing" ? undefined : lateMeal(deps, sheet, pet, now, writes);
  if (doses.length === 0 && !meal) return { ok: true, givenAt };
  const closed = meal ? [...doses, meal] : doses;
  // A time with no day (its day left empty) is of the sheet's day, as the day the form shows first.
  const said = given === "missing" ? {} : { ...given, date: given.date ?? givenDay(deps, sheet) };
  const read = givenInstant(said, deps.config.timezone);
  // Which of the hour that came twice is asked beside the time (the form asks it on such days).
  const asked = repeatedHourOf(deps, closed) !== undefined;
  const offered = offeredWords(writes.filter((w) => timed.includes(w.item)).map((w) => w.outcome));
  if (!read.ok)
    return {
      ok: false,
      field: read.field === "which" && asked ? "which" : "time",
      error: offered(read.error),
    };
  const stay = await stayTimesSoon(deps, pet);
  const refusal = givenAtRefusal(read.at, {
    now,
    ...stay,
    closed,
    timezone: deps.config.timezone,
    petName: pet.name,
    roundDate: sheet.date,
  });
  if (refusal) return { ok: false, field: "time", error: offered(refusal) };
  for (const c of closed) givenAt.set(c.item.item, read.at);
  return { ok: true, givenAt, pastCheckOut: pastCheckOutNote(read.at, stay, deps.config.timezone) };
}

/**
 * The time's words for what the form writes: a refusal happened when the dose was offered ("say
 * when it was offered"), a dose given when given; both, "given or offered".
 */
function offeredWords(outcomes: Outcome[]): (words: string) => string {
  const refused = outcomes.includes("refused");
  const given = outcomes.includes("given");
  if (!refused) return (words) => words;
  const when = given ? "given or offered" : "offered";
  return (words) => words.replace(/([Ss]ay when it was) given/g, `$1 ${when}`);
}
