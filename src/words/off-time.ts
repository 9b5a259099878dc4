/**
 * A dose given off its time with when it was due, the same words on every surface that marks one
 * dose (the stay record, `kennel-desk record`, the round post and its replies, the record form, the
 * paper chart's read-back): "⏰ given late (due 07:30, on time until 07:45)", "⏪ given before its
 * window opened (due 07:30, window 06:30–08:00)". The window is the one its round kept, the one the
 * mark was judged by (a vet reads "given late" against it), never the kennel API's answer now; where
 * none was kept (an item no round asked) the mark is said alone. Counts ("⏰ 1 given late") are not these.
 */
import type { DoseState, DoseWindow, Timeliness } from "../domain/doses.ts";
import { timeOf } from "./dates.ts";
import { doseStateWords, OFF_TIME } from "./doses.ts";

type Recorded = Extract<DoseState, { state: "recorded" }>;

/**
 * When a dose given off its time was due, by the window its round kept: " (due 07:00, on time until
 * 07:45)"; given before its window opened or after it closed, " (due 07:00, window 06:00–09:00)";
 * nothing without a kept window or on time.
 */
export function dueWindowWords(kind: Timeliness, w: DoseWindow | undefined, timezone: string): string {
  if (!w || kind === "on_time" || !(kind in OFF_TIME)) return "";
  const due = `due ${timeOf(w.dueAt, timezone)}`;
  return kind === "late"
    ? ` (${due}, on time until ${timeOf(w.lateAt, timezone)})`
    : ` (${due}, window ${timeOf(w.opensAt, timezone)}–${timeOf(w.closesAt, timezone)})`;
}

/**
 * A dose given, its verdict: "given on time", or off its time with when it was due ("⏰ given late
 * (due 07:00, on time until 07:45)"), then " · late entry" when it was one (`lateEntry`).
 */
export function givenStateWords(
  s: Recorded,
  w: DoseWindow | undefined,
  timezone: string,
  lateEntry = s.lateEntry,
): string {
  const words = doseStateWords({ ...s, lateEntry: false }, timezone);
  return `${words}${dueWindowWords(s.timeliness ?? "on_time", w, timezone)}${lateEntry ? " · late entry" : ""}`;
}

/**
 * A dose given off its time, as its mark beside the entry says it ("⏪ given before its window opened
 * (due 07:30, window 06:30–08:00)", "⏰ given late (due 07:30, on time until 07:45)"); none on time
 * or not given. A paper entry is always entered after its round: "late entry" is said by its two
 * times already.
 */
export function offTimeWords(
  s: DoseState | undefined,
  w: DoseWindow | undefined,
  timezone: string,
): string | undefined {
  if (s?.state !== "recorded" || s.outcome !== "given" || !s.timeliness || s.timeliness === "on_time")
    return undefined;
  return givenStateWords(s, w, timezone, false);
}
