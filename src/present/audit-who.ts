/**
 * The audit's who-did-what (src/answers/audit-who.ts), for an inspector: each correction of a
 * round's entry ("✏️ Thu 3 Dec 2026 · morning · Biscuit · Apoquel 16 mg: given 08:10 by Jane →
 * not given (other) · corrected by Jane 13:00 · why: recorded on the wrong pet"), each high-alert
 * dose given with no witness, the latest named and the rest counted (the export holds every one),
 * then per person the entries they wrote in the days by kind. Names of pets and staff only: the
 * record holds no customer contact.
 */
import type {
  AuditCorrection,
  EntrySaid,
  Latest,
  PersonCounts,
  UnwitnessedDose,
} from "../answers/audit-who.ts";
import type { Round } from "../domain/care.ts";
import { roundWord } from "../domain/rounds.ts";
import { plural } from "../domain/text.ts";
import { dayOf, timeOnDay } from "../words/dates.ts";
import { reasonWords, unwitnessedWords } from "../words/doses.ts";
import { outcomeWords } from "../words/record.ts";
import { dotted, type Line, line, toned, whole } from "./doc.ts";

/** "Thu 3 Dec 2026 · morning", or the day alone (a dose given if needed). */
const whenWords = (date: string, round?: Round): string =>
  `${dayOf(`${date}T12:00:00Z`, "UTC")}${round ? ` · ${roundWord(round).toLowerCase()}` : ""}`;

/** "Biscuit (Kennel 7)". */
const petWords = (name: string, room?: string): string =>
  room ? `${whole(name)} (${whole(room)})` : whole(name);

/** "Apoquel 16 mg", or "meal (Own kibble)". */
const itemWords = (item: string, text: string): string =>
  item === "meal" ? `meal (${whole(text)})` : whole(text);

/** "and 5 more, earlier than the 20 named here: the export lists each" when more than the latest are named. */
function earlier(l: Latest<unknown>): Line[] {
  const more = l.total - l.latest.length;
  return more > 0
    ? [line(`and ${more} more, earlier than the ${l.latest.length} named here: record export lists each`)]
    : [];
}

/** What an entry said: "given 08:10", "not given (none left)", "refused". */
function saidWords(s: EntrySaid, tz: string, date: string): string {
  const reason = s.reasonCode ? ` (${reasonWords(s.reasonCode)})` : "";
  const at = s.outcome === "given" && s.givenAt ? ` ${timeOnDay(s.givenAt, tz, date)}` : "";
  return `${outcomeWords(s.outcome)}${reason}${at}`;
}

/** A slot's entry after the one put right as recorded in error: what it is, in the corrections' list. */
const RECORDED_AGAIN = "recorded again after it was put right as in error";

function correctionLine(c: AuditCorrection, tz: string): Line {
  // Given by someone other than who recorded it: the giver named, then who recorded it, as every surface says it.
  const was = c.was
    ? `${saidWords(c.was, tz, c.date)} by ${whole(c.was.givenBy ?? c.was.userName)} (recorded ${timeOnDay(c.was.recordedAt, tz, c.date)}${c.was.givenBy ? ` by ${whole(c.was.userName)}` : ""})`
    : `entry ${c.corrects} (no longer in the record)`;
  const now = `${saidWords(c.now, tz, c.date)}${c.now.givenBy ? ` by ${whole(c.now.givenBy)}` : ""}`;
  return dotted(
    `✏️ ${whenWords(c.date, c.round)}`,
    `${petWords(c.petName, c.room)} · ${itemWords(c.item, c.itemText)}: ${was} → ${now}`,
    `corrected by ${whole(c.now.userName)} ${timeOnDay(c.now.recordedAt, tz, c.date)}`,
    ...whyWords(c),
  );
}

/**
 * Why a correction was made, as its person wrote it; "not written" when none. A slot recorded again
 * after its entry was put right as recorded in error is no change of mind: it says so, and its own
 * words (a reason, a note of the dose) are said as its words, never as why.
 */
function whyWords(c: AuditCorrection): Array<string | Line> {
  if (c.was?.outcome === "in_error")
    return [RECORDED_AGAIN, ...(c.why ? [`its words: ${whole(c.why)}`] : [])];
  return [c.why ? `why: ${whole(c.why)}` : [toned("warn", "why: not written")]];
}

/** Each correction of the days, the latest named. */
export function correctionLines(all: Latest<AuditCorrection>, tz: string): Line[] {
  if (all.total === 0) return [line("✏️ Corrections of round entries: 0")];
  return [
    line(
      `✏️ Corrections of round entries: ${all.total} (what each said → what it says now; record export lists every one, its supersedes and superseded_by columns)`,
    ),
    ...earlier(all),
    ...all.latest.map((c) => correctionLine(c, tz)),
  ];
}

function unwitnessedLine(u: UnwitnessedDose, tz: string): Line {
  const given = u.round ? "given" : "given if needed";
  return dotted(
    `💉 ${whenWords(u.date, u.round)}`,
    `${petWords(u.petName, u.room)} · ${whole(u.drug)}`,
    `${given} ${timeOnDay(u.at, tz, u.date)} by ${whole(u.givenBy)}`,
    [toned("alert", unwitnessedWords(u))],
  );
}

/** Each high-alert dose given with no witness, the latest named. */
export function unwitnessedLines(all: Latest<UnwitnessedDose>, tz: string): Line[] {
  if (all.total === 0) return [];
  return [
    line(
      toned("alert", `💉 High-alert doses given with no witness: ${all.total}`),
      " (record export lists each dose, its witness column)",
    ),
    ...earlier(all),
    ...all.latest.map((u) => unwitnessedLine(u, tz)),
  ];
}

/** The most people named: a kennel's staff are fewer; the export names each entry's person. */
const PEOPLE_SHOWN = 40;

/**
 * "Jane: given 12 · recorded in error 1 (when any) · not given 1 · refused 0 · corrections 2 ·
 * witnessed 3 · meals 8 · gave 2 recorded by someone else (when any)".
 */
function personLine(p: PersonCounts): Line {
  return dotted(
    `👤 ${whole(p.name)}: given ${p.given}`,
    p.inError ? `recorded in error ${p.inError}` : undefined,
    `not given ${p.notGiven}`,
    `refused ${p.refused}`,
    `corrections ${p.corrections}`,
    `witnessed ${p.witnessed}`,
    p.asNeeded ? `given if needed ${p.asNeeded}` : undefined,
    p.meals ? `meals ${p.meals}` : undefined,
    p.gave ? `gave ${p.gave} recorded by someone else` : undefined,
  );
}

/** Per person, the entries they wrote in the days by kind. */
export function peopleLines(people: readonly PersonCounts[]): Line[] {
  const shown = people.slice(0, PEOPLE_SHOWN);
  const more = people.length - shown.length;
  return [
    line(
      `👤 Who recorded what: ${plural(people.length, "person", "people")} (the round entries each wrote in these days, a correction counted as a correction, corrected ones included, one later put right as recorded in error counted apart, never as given; the doses each witnessed, and those each gave that someone else recorded)`,
    ),
    ...shown.map(personLine),
    ...(more > 0
      ? [line(`and ${plural(more, "more person", "more people")}: the export names each entry's person`)]
      : []),
  ];
}
