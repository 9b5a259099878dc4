/**
 * The words of who gave a dose when it is not who recorded it (the record forms' "Given by (if not
 * you)", src/answers/given-by.ts): the field, its refusals, and a dose said with both people.
 */
import { givenByOther, giverOf, giverWords } from "../domain/giver.ts";
import { type PrnDose, recordedLater } from "../domain/prn.ts";
import type { Entry } from "../record/types.ts";
import { timeOnDay } from "./dates.ts";

/** The record forms' field: who gave the doses recorded given, when not the person recording them. */
export const GIVEN_BY_FIELD = {
  label: "Given by (if not you)",
  hint: "Who gave the doses you record as given on this form, those given if needed too, when it was not you. You stay who recorded them.",
} as const;

/**
 * The field's hint on a form whose doses are recorded given already: left empty, a correction keeps
 * who gave each ("Left empty, a dose recorded already keeps who gave it: Sam."), so an empty field is
 * not read as "I gave it" (a fresh try, T13).
 */
export function givenByHint(
  entries: readonly Pick<Entry, "outcome" | "supersededBy" | "userName" | "paper" | "givenBy">[],
): string {
  const kept = [
    ...new Set(entries.filter((e) => e.outcome === "given" && e.supersededBy === undefined).map(giverOf)),
  ];
  return kept.length
    ? `${GIVEN_BY_FIELD.hint} Left empty, a dose recorded already keeps who gave it: ${kept.join(", ")}.`
    : GIVEN_BY_FIELD.hint;
}

/** Why the person chosen cannot be a dose's giver (Slack says so of their account). */
export type GiverRefusal = "guest" | "bot" | "other";

const EMPTY = "choose who gave it, or leave this empty if you gave it yourself.";

/** The field's error when the person chosen cannot have given a dose on the kennel's behalf. */
export function giverRefusedWords(why: GiverRefusal | "unknown"): string {
  if (why === "unknown")
    return `Slack does not know that person (a deleted account, or one never in this workspace): ${EMPTY}`;
  if (why === "guest") return `That is a guest account, not one of the kennel's staff: ${EMPTY}`;
  if (why === "bot") return `That is a bot or an app, not a person: ${EMPTY}`;
  return `That account is not a member of this kennel's Slack workspace: ${EMPTY}`;
}

type GivenByOther = Pick<Entry, "givenAt" | "recordedAt" | "date" | "userName"> & {
  givenBy: NonNullable<Entry["givenBy"]>;
};

/**
 * An entry given by someone other than who recorded it, in its parts: the words before the giver,
 * the giver, the words between, who recorded it ("given 08:20 by ", "Sam", " · recorded 13:00 by ",
 * "Jane"); a late entry's "late entry: " first (one no round asked, `notAsked`, is never late).
 */
export function givenByOtherParts(
  e: GivenByOther,
  timezone: string,
  notAsked?: boolean,
): [string, string, string, string] {
  const recorded = timeOnDay(e.recordedAt, timezone, e.date);
  const given = e.givenAt ? timeOnDay(e.givenAt, timezone, e.date) : recorded;
  const late = e.givenAt && !notAsked ? "late entry: " : "";
  return [`${late}given ${given} by `, giverWords(e.givenBy), ` · recorded ${recorded} by `, e.userName];
}

/**
 * The same as one line: "given 08:20 by Sam · recorded 13:00 by Jane". `name`: how the surface
 * shows a name (escaped, whole).
 */
function givenByOtherWords(
  e: GivenByOther,
  timezone: string,
  o: { notAsked?: boolean | undefined; name?: (s: string) => string } = {},
): string {
  const name = o.name ?? ((s: string) => s);
  const [lead, giver, between, recorder] = givenByOtherParts(e, timezone, o.notAsked);
  return `${lead}${name(giver)}${between}${name(recorder)}`;
}

/**
 * An entry's words when it was given by someone other than who recorded it ("given 08:20 by Sam ·
 * recorded 13:00 by Jane", see givenByOtherWords); undefined for any other entry.
 */
export function givenByOtherSaid(
  e: Pick<Entry, "givenAt" | "recordedAt" | "date" | "userName" | "outcome" | "givenBy"> &
    Partial<Pick<Entry, "userId">>,
  timezone: string,
  o: { notAsked?: boolean | undefined; name?: (s: string) => string } = {},
): string | undefined {
  if (!e.givenBy || e.outcome !== "given" || !givenByOther(e)) return undefined;
  return givenByOtherWords({ ...e, givenBy: e.givenBy }, timezone, o);
}

/**
 * A dose given if needed, who gave it and when, in its parts: "given 09:10 by ", "Jane" (", recorded
 * 09:40" when recorded later); given by someone ✏️ Record each… named, both: "given 08:20 by ", "Sam",
 * " · recorded 13:00 by ", "Jane" (never a late entry: no round asked it).
 */
export function prnGivenParts(
  d: Pick<PrnDose, "givenAt" | "recordedAt" | "date" | "userId" | "userName" | "givenBy">,
  timezone: string,
): string[] {
  if (d.givenBy && givenByOther(d)) return givenByOtherParts({ ...d, givenBy: d.givenBy }, timezone, true);
  const late = recordedLater(d) ? `, recorded ${timeOnDay(d.recordedAt, timezone, d.date)}` : "";
  return [`given ${timeOnDay(d.givenAt, timezone, d.date)}${late} by `, d.userName];
}

const NOT_STAFF_IS: Record<GiverRefusal, string> = {
  guest: "is a guest in this workspace",
  bot: "is a bot or app, not a person",
  other: "is not a member of this workspace",
};

/** Why Slack said after the commit that a giver is not staff: a refusal's, or it knows no such person. */
export type GiverNotStaff = GiverRefusal | "unknown";

const KEPT = "the record keeps your entry, naming";
const CORRECT = "as the giver with that said; correct it if someone else gave it.";

/**
 * Told privately to who recorded doses naming a giver Slack then said is not staff: the record keeps
 * the entry as written ("Sam is a guest in this workspace: the record keeps your entry, naming Sam as
 * the giver with that said; correct it if someone else gave it."). `name` as the surface shows it:
 * for one Slack does not know (a deleted account, or one never in the workspace), their id, never named.
 */
export const giverNotStaffWords = (name: string, why: GiverNotStaff): string =>
  why === "unknown"
    ? `⚠️ Slack does not know the person you chose as the giver (${name}: a deleted account, or one never in this workspace): ${KEPT} them ${CORRECT}`
    : `⚠️ ${name} ${NOT_STAFF_IS[why]}: ${KEPT} ${name} ${CORRECT}`;
