/**
 * A stay's care record in words, the same on every surface (/departures, the 07:00 post, /booking,
 * the terminal, the connector): one summary line per pet that the front desk reads to the owner, and
 * the full record, line by line. Plain text: Block Kit escapes it, the terminal prints it.
 */

import type { PetStayRecord, StayException, StayItem } from "../domain/stay.ts";
import { plural } from "../domain/text.ts";
import { dayHeading, timeOf } from "./dates.ts";
import { awaitingWitnessWords, lateEntryWords, onTimeWords, UNWITNESSED, witnessedWords } from "./doses.ts";
import { outcomeWords } from "./record.ts";

/** Most refusals and missed doses named on the summary line (the rest are counted; the full record has them). */
const SUMMARY_EXCEPTIONS = 4;

const cap = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** "Rimadyl refused Tue 24 Nov 08:15", "Rimadyl missed Tue 24 Nov, evening round (18:00)". */
function exceptionWords(x: StayException, timezone: string, whyMax = 60): string {
  const when = `${dayHeading(x.date)} ${timeOf(x.at, timezone)}`;
  const label = cap(x.label, 40);
  if (x.kind === "missed")
    return `❌ ${label} not recorded ${dayHeading(x.date)}, ${x.round} round (${timeOf(x.at, timezone)})`;
  const why = x.why ? `: ${cap(x.why, whyMax)}` : "";
  if (x.kind === "late") return `⏰ ${label} given late ${when}${why}`;
  return `⚠️ ${label} ${outcomeWords(x.kind)} ${when}${why}`;
}

/** "🍽 6 meals: 4 ate all, 1 ate some, 1 not recorded" */
function mealWords(m: PetStayRecord["meals"]): string | undefined {
  if (m.due === 0) return undefined;
  const parts = [
    m.ateAll ? `${m.ateAll} ate all` : "",
    m.ateSome ? `${m.ateSome} ate some` : "",
    m.ateNone ? `${m.ateNone} ate none` : "",
    m.notOffered ? `${m.notOffered} not offered` : "",
    m.notRecorded ? `${m.notRecorded} not recorded` : "",
  ].filter(Boolean);
  return `🍽 ${plural(m.due, "meal")}: ${parts.join(", ")}`;
}

/**
 * The pet's stay in one line: "Stay record, Juniper: 💊 12 of 13 doses given · 🍽 6 meals: 5 ate
 * all, 1 ate some · ⚠️ Rimadyl refused Tue 24 Nov 08:15: spat it out".
 */
export function staySummaryWords(s: PetStayRecord, timezone: string): string {
  const head = `Stay record, ${cap(s.petName, 40)}:`;
  // Kennel Desk began recording during this stay: said first, the earlier rounds not counted.
  const began = s.recordingBegan ? `recording began ${dayHeading(s.recordingBegan)}` : undefined;
  if (s.doses.due === 0 && s.meals.due === 0) {
    const none = s.dueKnown
      ? "nothing due or recorded yet"
      : "nothing recorded (what was due is not known: care details not matched)";
    return `${head} ${began ? `${began} · ${none}` : none}`;
  }
  const parts = [
    began,
    s.doses.due ? `💊 ${s.doses.given} of ${plural(s.doses.due, "dose")} given` : undefined,
    mealWords(s.meals),
    // Refusals and doses not given first (each was a decision someone recorded), then doses missed,
    // then doses given late.
    ...exceptionsInOrder(s)
      .slice(0, SUMMARY_EXCEPTIONS)
      .map((x) => exceptionWords(x, timezone)),
    s.exceptions.length > SUMMARY_EXCEPTIONS
      ? `and ${s.exceptions.length - SUMMARY_EXCEPTIONS} more (see the stay record)`
      : undefined,
    s.dueKnown ? undefined : "what was due is not known (care details not matched): recorded items only",
    s.cut ? "a long stay: its last 400 days counted" : undefined,
  ].filter(Boolean);
  return `${head} ${parts.join(" · ")}`;
}

export const EXCEPTIONS_HEADING = "Late, missed and not given:";

/** Every dose of the stay late, missed, refused or not given, with its reason, in order. */
export const stayExceptionLines = (s: PetStayRecord, timezone: string): string[] =>
  exceptionsInOrder(s).map((x) => exceptionWords(x, timezone, 200));

/** Refusals and doses not given, then doses missed, then doses given late. */
function exceptionsInOrder(s: PetStayRecord): StayException[] {
  const order = (x: StayException) => (x.kind === "missed" ? 1 : x.kind === "late" ? 2 : 0);
  return [...s.exceptions].sort((a, b) => order(a) - order(b));
}

/**
 * "💊 given on time: 10 of 12 due · 1 late entry · 💉 1 high-alert dose unwitnessed": the stay's
 * figure, when the kept sheets gave each dose's window (issue 35).
 */
export function stayFigureWords(s: PetStayRecord): string | undefined {
  const d = s.doses;
  if (d.onTime === undefined || d.due === 0) return undefined;
  return [
    `💊 ${onTimeWords({ onTime: d.onTime, due: d.due })}`,
    d.lateEntries ? plural(d.lateEntries, "late entry", "late entries") : undefined,
    d.unwitnessed ? `💉 ${plural(d.unwitnessed, "high-alert dose")} ${UNWITNESSED}` : undefined,
  ]
    .filter(Boolean)
    .join(" · ");
}

/** A high-alert dose's witness, as an item line ends. */
export function stayWitnessWords(i: StayItem, timezone: string): string | undefined {
  const w = i.witness;
  if (!w) return undefined;
  if (w.state === "witnessed") return witnessedWords(cap(w.by, 60), w.at, timezone);
  return w.state === "awaiting" ? awaitingWitnessWords(w.until, timezone) : `💉 ${UNWITNESSED}`;
}

/**
 * The full record of the pet's stay, line by line: each day and round, each item with its outcome,
 * who and when (the kennel's zone), note or reason; a corrected entry kept and marked.
 */
export function stayRecordLines(s: PetStayRecord, timezone: string): string[] {
  const lines: string[] = [staySummaryWords(s, timezone)];
  const figure = stayFigureWords(s);
  if (figure) lines.push(figure);
  if (s.exceptions.length) {
    lines.push(EXCEPTIONS_HEADING);
    for (const x of stayExceptionLines(s, timezone)) lines.push(`  ${x}`);
  }
  let day = "";
  for (const i of s.items) {
    const heading = `${dayHeading(i.date)}, ${i.round}`;
    if (heading !== day) {
      lines.push(`${heading} round`);
      day = heading;
    }
    const e = i.entry;
    const text = cap(e?.itemText ?? i.label, 120);
    if (!e) {
      lines.push(`  ${text}: ❌ not recorded`);
      continue;
    }
    const why = e.reason ?? e.note;
    const what = e.givenAt
      ? lateEntryWords(e, timezone)
      : `${outcomeWords(e.outcome)} ${timeOf(e.recordedAt, timezone)}`;
    const witness = stayWitnessWords(i, timezone);
    lines.push(
      `  ${text}: ${what} · ${cap(e.userName, 60)}${why ? ` · ${cap(why, 200)}` : ""}${witness ? ` · ${witness}` : ""}`,
    );
    for (const old of s.entries.filter((x) => x.supersededBy !== undefined && sameItem(x, e))) {
      lines.push(
        `    corrected: ${outcomeWords(old.outcome)} ${timeOf(old.recordedAt, timezone)} · ${cap(old.userName, 60)}`,
      );
    }
  }
  if (s.items.length === 0) lines.push("  Nothing recorded for this stay yet.");
  return lines;
}

const sameItem = (a: PetStayRecord["entries"][number], b: PetStayRecord["entries"][number]) =>
  a.date === b.date && a.round === b.round && a.item === b.item;
