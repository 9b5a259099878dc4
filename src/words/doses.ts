/**
 * Dose times in words (issue 35), the same on every surface: plain text from the domain's data;
 * Block Kit escapes it, the terminal prints it. Grouped by theme (states, reasons, timeliness,
 * as-needed doses) so each part's words stay together. Times are in the kennel's zone.
 */
import type { OpenState } from "../domain/doses.ts";
import { timeOf } from "./dates.ts";

// --- states ---------------------------------------------------------------------------------------

const STATE_ICON: Record<OpenState, string> = { upcoming: "⏳", due: "🕐", late: "⏰", missed: "❌" };

/** A dose not recorded, as every surface names its state: "⏳ upcoming", "🕐 due", "⏰ late", "❌ missed". */
export const stateWords = (state: OpenState): string => `${STATE_ICON[state]} ${state}`;

/** The state's icon alone ("⏰"), for a line that names the state in its own words. */
export const stateIcon = (state: OpenState): string => STATE_ICON[state];

/**
 * When an open dose's state changes next, in words: "from 06:30" (upcoming), "late after 08:45"
 * (due), "window closes 10:00" (late), "window closed 10:00" (missed).
 */
export function stateTimeWords(
  state: OpenState,
  w: { opensAt: string; lateAt: string; closesAt: string },
  timeZone: string,
): string {
  if (state === "upcoming") return `from ${timeOf(w.opensAt, timeZone)}`;
  if (state === "due") return `late after ${timeOf(w.lateAt, timeZone)}`;
  if (state === "late") return `window closes ${timeOf(w.closesAt, timeZone)}`;
  return `window closed ${timeOf(w.closesAt, timeZone)}`;
}

/** "window 06:30–10:00" */
export const windowWords = (w: { opensAt: string; closesAt: string }, timeZone: string): string =>
  `window ${timeOf(w.opensAt, timeZone)}–${timeOf(w.closesAt, timeZone)}`;

/** Counts of open doses by state, in the order they matter: "❌ 1 missed · ⏰ 2 late"; "" when none. */
export function openCountWords(counts: Partial<Record<OpenState, number>>): string {
  return (["missed", "late", "due", "upcoming"] as const)
    .filter((s) => (counts[s] ?? 0) > 0)
    .map((s) => `${STATE_ICON[s]} ${counts[s]} ${s}`)
    .join(" · ");
}

/** Today's figure a manager reads: "given on time: 46 of 48 due". */
export const onTimeWords = (f: { onTime: number; due: number }): string =>
  `given on time: ${f.onTime} of ${f.due} due`;
