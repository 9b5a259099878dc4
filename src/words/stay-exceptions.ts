/**
 * A stay's refusals, doses not given, doses missed and doses given off their time, in words: on the
 * pet's summary line (src/words/stay.ts) and, whole, in the full record's list. A missed dose that was
 * one drug in two slots, the plan's "one dose or two?" not answered, says so where it is listed.
 */
import type { DoseState, DoseWindow, OpenState } from "../domain/doses.ts";
import type { PetStayRecord, StayItem } from "../domain/stay.ts";
import type { StayException } from "../domain/stay-exceptions.ts";
import { shortenAtWord } from "../domain/text.ts";
import { localDate } from "../time.ts";
import { dayHeading, timeOf } from "./dates.ts";
import { doseStateWords, OFF_TIME, stateWords, windowWords } from "./doses.ts";
import { TWO_SLOTS_UNANSWERED } from "./not-due.ts";
import { dueWindowWords, givenStateWords } from "./off-time.ts";
import { outcomeWords } from "./record.ts";
import type { StayPiece } from "./stay-line.ts";
import { doseName, PLAN_NOT_CONFIRMED } from "./unconfirmed.ts";

/** A reason on the summary line, shortened at a word boundary (the full record has it whole). */
const cap = (text: string, max: number) => shortenAtWord(text, max);

/**
 * A reason on the summary line: whole when short, else shortened and saying where it is whole; whole
 * on the stay record's own summary (`inRecord`), which never points to itself.
 */
const summaryWhy = (why: string, inRecord: boolean) =>
  inRecord || Array.from(why).length <= 60 ? why : `${cap(why, 60)} (all of it: the stay record)`;

/**
 * After a missed dose that was one drug in two slots, both missed, the plan's question not answered:
 * " (one drug in two slots: one dose or two? not answered on its plan)"; else nothing.
 */
const twoSlotsWords = (x: { twoSlots?: true | undefined }): string =>
  x.twoSlots ? ` (${TWO_SLOTS_UNANSWERED})` : "";

/**
 * A dose its round asks with nothing recorded and its window not closed: "⏰ late · still open until
 * 14:00", "🕐 due · still open until 14:00", "⏳ upcoming · window 11:30–14:00".
 */
const stillOpenWords = (
  state: Exclude<OpenState, "missed">,
  w: { opensAt: string; closesAt: string },
  timeZone: string,
): string =>
  state === "upcoming"
    ? `${stateWords(state)} · ${windowWords(w, timeZone)}`
    : `${stateWords(state)} · still open until ${timeOf(w.closesAt, timeZone)}`;

/**
 * An item with nothing recorded: missed (one drug in two slots both missed, the plan's "one dose or
 * two?" not answered: said so), not due in the end, or still open with when its window closes.
 */
export const notRecordedWords = (i: StayItem, timezone: string): string =>
  i.state.state === "upcoming" || i.state.state === "due" || i.state.state === "late"
    ? stillOpenWords(i.state.state, i.window, timezone)
    : `${doseStateWords(i.state, timezone)}${twoSlotsWords(i)}`;

/**
 * A stay record's verdict on a dose given at its round: "given on time", or off its time with when it
 * was due by the window its round kept (`w`; none kept: the mark alone) ("⏰ given late (due 07:00, on
 * time until 07:45)"); a late entry's own words already say it is one.
 */
export const givenVerdictWords = (
  s: Extract<DoseState, { state: "recorded" }>,
  e: { givenAt?: string | undefined },
  w: DoseWindow | undefined,
  timezone: string,
): string => givenStateWords(s, w, timezone, s.lateEntry && !e.givenAt);

/**
 * "Rimadyl refused Tue 24 Nov 08:15", "Rimadyl missed Tue 24 Nov, evening round (18:00)". `inRecord`:
 * on the stay record's own summary, its reason whole.
 */
export function exceptionWords(x: StayException, timezone: string, inRecord = false): string {
  const when = `${dayHeading(x.date)} ${timeOf(x.at, timezone)}`;
  const label = doseName(x.label, x.unconfirmed);
  if (x.kind === "missed")
    return `❌ ${label} missed ${dayHeading(x.date)}, ${x.round} round (${timeOf(x.at, timezone)})${twoSlotsWords(x)}`;
  // Given off its time: its mark and words as the round's record says them ("⏩ given after its window closed").
  if (x.kind === "early" || x.kind === "late" || x.kind === "after_window")
    return `${OFF_TIME[x.kind].icon} ${label} ${OFF_TIME[x.kind].words} ${when}${dueWindowWords(x.kind, x.window, timezone)}${x.why ? `: ${summaryWhy(x.why, inRecord)}` : ""}`;
  return `⚠️ ${label} ${outcomeWords(x.kind)} ${whenOf(x, when, timezone)}${x.why ? `: ${summaryWhy(x.why, inRecord)}` : ""}`;
}

/** When a refusal or a dose not given was: its time; one not given keeps none, so when it was recorded, and by whom. */
const whenOf = (x: StayException, when: string, timezone: string) =>
  x.untimed ? `(recorded ${recordedWhen(x, timezone)}${x.who ? ` by ${x.who}` : ""})` : when;

/** The day and time an entry was recorded, on its own day ("Sun 29 Mar 13:01"), not the round's. */
const recordedWhen = (x: StayException, timezone: string) =>
  `${dayHeading(localDate(x.at, timezone))} ${timeOf(x.at, timezone)}`;

/** The same, in pieces for the full record's list: the item's name and the reason as values, the reason in full. */
export function exceptionPieces(x: StayException, timezone: string): StayPiece[] {
  const when = `${dayHeading(x.date)} ${timeOf(x.at, timezone)}`;
  const label = { value: x.label };
  const why: StayPiece[] = x.why ? [": ", { value: x.why }] : [];
  const mark = x.unconfirmed ? ` (${PLAN_NOT_CONFIRMED})` : "";
  if (x.kind === "missed")
    return [
      "❌ ",
      label,
      `${mark} missed ${dayHeading(x.date)}, ${x.round} round (${timeOf(x.at, timezone)})${twoSlotsWords(x)}`,
    ];
  if (x.kind === "early" || x.kind === "late" || x.kind === "after_window")
    return [
      `${OFF_TIME[x.kind].icon} `,
      label,
      `${mark} ${OFF_TIME[x.kind].words} ${when}${dueWindowWords(x.kind, x.window, timezone)}`,
      ...why,
    ];
  if (x.untimed)
    return [
      "⚠️ ",
      label,
      `${mark} ${outcomeWords(x.kind)} (recorded ${recordedWhen(x, timezone)}${x.who ? " by " : ""}`,
      ...(x.who ? [{ value: x.who }] : []),
      ")",
      ...why,
    ];
  return ["⚠️ ", label, `${mark} ${outcomeWords(x.kind)} ${when}`, ...why];
}

/** Refusals and doses not given first (each was a decision someone recorded), then missed, then late. */
export function exceptionsInOrder(s: PetStayRecord): StayException[] {
  const order = (x: StayException) => (x.kind === "missed" ? 1 : x.kind in OFF_TIME ? 2 : 0);
  return [...s.exceptions].sort((a, b) => order(a) - order(b));
}
