/** The care record's words, for every renderer: each outcome as staff say it. */
import type { Round } from "../domain/care.ts";
import { keepsNoTime } from "../domain/doses.ts";
import type { NotAskedWhy } from "../domain/not-asked.ts";
import { roundWord } from "../domain/rounds.ts";
import type { Entry, Outcome } from "../record/types.ts";
import { addDays, localDate } from "../time.ts";
import { dayHeading, timeOf, timeOnDay } from "./dates.ts";

const OUTCOME_WORDS: Record<Outcome, string> = {
  given: "given",
  refused: "refused",
  not_given: "not given",
  ate_all: "ate all",
  ate_some: "ate some",
  ate_none: "ate none",
  not_offered: "not offered",
  in_error: "recorded in error",
};

/** The correction form's choice for a dose recorded (Slack's option: at most 75 characters). */
export const IN_ERROR_CHOICE = "❎ Recorded in error (wrong pet or wrong dose): nothing was done here";
export const IN_ERROR_HINT = "Needed when the reason is “other”, or to say why it was recorded in error.";

/** Why a dose of a medicine in custody is not put right as recorded in error, and how it is. */
export const IN_CUSTODY_IN_ERROR =
  "This medicine is in custody: its register counts this dose taken from the pack, so it is not struck as recorded in error. Correct it to what happened (not given, with why), then 🔢 Count… the medicine on the pet's medicines: a difference is closed there with its reason.";

/** The audit's and the review's count: "❎ 1 recorded in error (the wrong pet or dose: struck, its slot asked as if nothing was recorded)". */
export const inErrorCountWords = (n: number): string =>
  `❎ ${n} recorded in error (the wrong pet or dose: struck, its slot asked as if nothing was recorded)`;

/** An entry recorded in error, on every surface: "recorded in error: wrong pet · Jane 13:05". */
export const inErrorWords = (why: string, who: string, time: string): string =>
  `${outcomeWords("in_error")}: ${why} · ${who} ${time}`;

/** The same of an entry, its time in the kennel's zone (its day named when not its round's). */
export const inErrorSaid = (
  e: Pick<Entry, "reason" | "userName" | "recordedAt" | "date">,
  timezone: string,
) => inErrorWords(e.reason ?? "", e.userName, timeOnDay(e.recordedAt, timezone, e.date));

export function outcomeWords(outcome: Outcome): string {
  return OUTCOME_WORDS[outcome] ?? String(outcome);
}

/**
 * A dose not given with no time of its own (keepsNoTime): when it was recorded and by whom, said as
 * that, never as when it happened: "not given (recorded 13:01 by Jane)". `time`: the recorded time
 * as the surface gives it (with its day when not the round's); `who`: the name, drawn by the surface.
 */
export const recordedOnlyWords = (time: string, who: string): string =>
  `${outcomeWords("not_given")} (${recordedByWords(time, who)})`;

/** "recorded 13:01 by Jane": a dose not given's one time (recordedOnlyWords), where its outcome is said apart. */
export const recordedByWords = (time: string, who: string): string => `recorded ${time} by ${who}`;

/**
 * An entry in a few words, as a reply's line says it: "given 09:05 Jane"; a dose not given, which
 * keeps no time (keepsNoTime), as every surface says it: "not given (recorded 13:01 by Jane)", never
 * "not given 13:01 Jane", which reads as when it happened. `time` and `who` as the surface gives them.
 */
export const outcomeAtWords = (
  e: { outcome: Outcome; givenAt?: string | undefined },
  time: string,
  who: string,
) => (keepsNoTime(e) ? recordedOnlyWords(time, who) : `${outcomeWords(e.outcome)} ${time} ${who}`);

/**
 * Why a tap asks before recording: the round is still ahead ("⏰ The midday round is at 12:00: record
 * it now?"), or the pet is not here yet ("🛬 Bramble arrives 10:15 and is not checked in: record
 * anyway?").
 */
export function earlyWords(
  why: { kind: "round"; round: string; at: string } | { kind: "arrives"; pet: string; at: string },
): string {
  return why.kind === "round"
    ? `⏰ The ${why.round} round is at ${why.at}: record it now?`
    : `🛬 ${why.pet} arrives ${why.at} and is not checked in: record anyway?`;
}

/**
 * A post of many pets in several messages: each message counts its own pets and says so first
 * ("📋 This message: 8 of 13 pets recorded · ❌ 5 missed"), so every figure on the line reads as
 * the message's own, never the round's.
 */
export const ownCountWords = (words: string, part: boolean): string =>
  part ? words.replace(/^📋 /, "📋 This message: ") : words;

/** The command that checks an export by the head it names ("#206 · 7f0efe40841b16f7"), run where the record is. */
export const verifyHeadCommand = (head: string): string => `kennel-desk record verify --head "${head}"`;

/** Where an export's check is run: the record it was taken from (or a backup of it), never the export. */
export const VERIFY_HEAD_WHERE = "check it where the record is:";

/**
 * `record verify --file` (or `audit --file`) given an export: what it is, that nothing is wrong with
 * it, and how an export is checked. An export names the record's head but carries no row's hash, so
 * it is checked by its head against the record it came from (or a backup of it), never walked.
 */
export function exportGivenWords(
  file: string,
  e: { format: string; seq: number; hex: string },
  command: "verify" | "audit",
): { what: string; whatToDo: string } {
  const head = `#${e.seq} · ${e.hex}`;
  const reads =
    command === "verify"
      ? "record verify --file walks a copy of the record's chain, hash by hash, and an export carries the record's rows and its head, not each row's hash"
      : "record audit --file reads a copy of the record itself (its kept rounds beside its entries), and an export carries the record's rows, not what each round kept";
  return {
    what: `${file} is a ${e.format} export of the care record (its head ${head}), not a copy of the record: ${reads}. Nothing is wrong with the export for that.`,
    whatToDo: `To check an export: ${verifyHeadCommand(head)} where the record is (or with --file on a backup of it, kennel-desk record backup FILE): an intact record that passes through the export's head is the record it was taken from. To check the chain itself, give --file a copy of the record (a backup, or the bot's care-record.sqlite).`,
  };
}

/**
 * A meal recorded after its window closed (its only time is when it was recorded), marked as a dose
 * given after its window is: "⏩ recorded after its window closed".
 */
export const MEAL_AFTER_WINDOW = "⏩ recorded after its window closed";

const itIs = (labels: string[]) => (labels.length > 1 ? "they are" : "it is");
const isAre = (labels: string[]) => (labels.length > 1 ? "are" : "is");

/** A dose not given keeps no time (keepsNoTime): what the time question says of it. */
const NO_TIME = "A dose not given keeps no time: its entry says when it was recorded.";

/**
 * The question of a form recording after a dose's window closed (issue 35): "⏰ The window for
 * Rimadyl 50 mg closed at 10:00: when was it given, or offered and refused? Recorded here, it is kept
 * as a late entry, with both times; a dose not given keeps no time."; a dose recorded already
 * (`recorded`) is asked of only if the form changes it to given or refused, and says so, never that
 * it "is recorded now"; a change to not given is asked no time (it keeps none). A dose no round asked
 * (`notAsked`: recorded only if given) is never late: its time is asked plainly (`notAskedTimeWords`).
 */
export function timeQuestionWords(
  q: { open: string[]; recorded: string[]; closedAt: string; notAsked?: NotAskedTime[] | undefined },
  timezone: string,
  each = false,
  meal = false,
) {
  const notAsked = q.notAsked ?? [];
  if (q.open.length === 0 && q.recorded.length === 0) return `${notAskedTimeWords(notAsked)} ${NO_TIME}`;
  const late = `${lateTimeWords(q, timezone, each)}${meal ? ` ${MEAL_TIME}` : ""}`;
  return notAsked.length ? `${late} ${notAskedTimeWords(notAsked)}` : late;
}

/** Its meal's window closed too: a meal recorded on the form keeps the same time (src/answers/late-entry.ts lateMeal). */
const MEAL_TIME = "The meal, recorded here eaten or left, is kept at this time too: when it was offered.";

function lateTimeWords(
  q: { open: string[]; recorded: string[]; closedAt: string },
  timezone: string,
  each: boolean,
) {
  const at = timeOf(q.closedAt, timezone);
  const recorded = q.recorded.join(", ");
  if (q.open.length === 0)
    return `⏰ The window for ${recorded} closed at ${at}; ${itIs(q.recorded)} recorded already. Changed here to given or refused, say when it was given or offered: the change is kept as a late entry, with both times. ${NO_TIME}`;
  const more = q.recorded.length
    ? ` ${recorded} ${isAre(q.recorded)} recorded already: the time is asked only for a change.`
    : "";
  // "Record each…" may write a dose refused or not given; the one tap writes all given.
  const asked = each ? "when was it given, or offered and refused?" : "when was it given?";
  return `⏰ The window for ${q.open.join(", ")} closed at ${at}: ${asked} Recorded here, it is kept as a late entry, with both times.${each ? ` ${NO_TIME}` : ""}${more}`;
}

/** A dose no round asked, on a form that asks when it was given: its label, why it was not due, recorded already. */
export interface NotAskedTime {
  label: string;
  why: string;
  recorded?: true | undefined;
}

/**
 * The time question for doses no round asked (recorded only if given): never late, no window closed;
 * when it was given, asked plainly: "💊 Vetoryl 30 mg — not asked by the round: not due this round by
 * its confirmed plan (not this round). Recorded here given or refused, say when it was given or
 * offered below." (`why`: `notAskedWhyWords`, as the day's record says it.)
 */
function notAskedTimeWords(doses: NotAskedTime[]): string {
  const lines = doses.map((d) =>
    d.recorded
      ? `💊 ${d.label} — not asked by the round: ${d.why}; recorded already. Changed here to given or refused, say when it was given or offered below.`
      : `💊 ${d.label} — not asked by the round: ${d.why}. Recorded here given or refused, say when it was given or offered below.`,
  );
  return lines.join(" ");
}

/**
 * The time question's fields on "Record each…", where a dose past its window may be recorded given,
 * refused or not given: what the time is for, and that a dose not given keeps none (its entry says
 * when it was recorded), so a correction to "not given" is never read as given at that time.
 */
export const LATE_FIELDS = {
  on: "Given or refused on",
  at: (timezone: string) => `When given, or offered and refused (the kennel's time, ${timezone})`,
  hint: `Only for a dose given or refused. ${NO_TIME}`,
  /** Shown first: the time recorded, kept for a change of note; changed, the dose is kept at the new time. */
  kept: "The time recorded is shown: leave it to keep it (a note added), or change it if it was wrong.",
} as const;

/**
 * An entry's reason after what was recorded, the same on every surface (the post, the form, the
 * late and missed replies, the terminal): "…by Sam Lee: vomited: brought it up"; nothing when it has
 * none. `reason`: the entry's reason as kept (clipped by the surface where it must be).
 */
export const whyWords = (reason: string | undefined): string => (reason?.trim() ? `: ${reason.trim()}` : "");

/** The hint of a record form's item whose instruction is too long for a hint: it is shown whole above the item. */
export const INSTRUCTION_ABOVE = "Its whole instruction is just above.";

/** In place of an instruction a record form has no room to show whole beside the pet's other items: where it is whole. */
export const INSTRUCTION_ON_POST =
  "⚠️ This item's instruction is too long to show whole in this form beside the pet's other items: read it whole on the round post before you record it.";

/** Where a record form's "Recorded:" list has no room for the pet's earliest entries this round: how many, and where they are whole. */
export const earlierEntriesWords = (n: number): string =>
  `⚠️ And ${n} earlier ${n === 1 ? "entry" : "entries"} not shown here (a Slack form holds 100 blocks): the stay record has all of them.`;

/** The give form's hint for why a dose was given when the plan's reasons pass a hint's 2,000 characters: each is whole above. */
export const REASONS_ABOVE = "The plan's reason for each is above, beside it.";

/** A reason field's bound, said at the field: "at most 500 characters". */
export const atMostWords = (n: number): string => `at most ${n} characters`;

/** The give form's reason left empty: "Say why it was given (the plan says: only if scratching)." */
export const reasonMissingWords = (planSays: string | undefined): string =>
  planSays ? `Say why it was given (the plan says: ${planSays}).` : "Say why it was given.";

/** The same, when the plan's reason is too long to quote there: it is whole above, beside its item. */
export const REASON_MISSING_ABOVE = "Say why it was given (the plan's reason is above, beside it).";

/**
 * The kennel a record is for, in words, from its id as the exports name it ("loopback#1",
 * "https://api.kennel.example#7"): "the kennel on this computer (the sandbox, business 1)", "the
 * kennel at api.kennel.example (business 7)". The id itself is printed beside it, small, for the
 * inspector who matches it against the CSV's and JSON's `kennel`.
 */
export function kennelIdWords(id: string): string {
  const hash = id.lastIndexOf("#");
  const origin = hash < 0 ? id : id.slice(0, hash);
  const business = hash < 0 ? "" : id.slice(hash + 1);
  if (origin === "loopback")
    return `the kennel on this computer (the sandbox${business ? `, business ${business}` : ""})`;
  if (!/^[a-z][a-z0-9+.-]*:\/\/|^[\w.-]+(:\d+)?$/i.test(origin)) return id;
  const host = origin.replace(/^[a-z][a-z0-9+.-]*:\/\//i, "");
  return `the kennel at ${host}${business ? ` (business ${business})` : ""}`;
}

/** The same, after the kennel's own name when KENNEL_NAME gives it: "Hillside Kennels · the kennel at …". */
export const kennelNameWords = (id: string, name: string | undefined): string =>
  name ? `${name} · ${kennelIdWords(id)}` : kennelIdWords(id);

/**
 * How a dose's days' words say it is given, when they do not say which day ("EOD", "q48h"): every
 * other day, else not every day ("every 3rd day", "weekly").
 */
export const someDaysWords = (words: string | undefined): "every other day" | "not every day" =>
  /\b(?:every\s+(?:other|2nd|second)|alternate|e\.?o\.?d|q\.?\s?48)/i.test(words ?? "")
    ? "every other day"
    : "not every day";

/**
 * A dose the sheet prints not due (by its days' words; whole where its words name another round:
 * `other_round`, its words the sheet's why; or by its confirmed plan: `plan_not_due`, its words the
 * plan's why), on the sheet's form: its label (not asked of the carer: recorded only if given) and
 * its hint beside the instruction whole.
 */
export function byDaysFormWords(
  name: string,
  d: { days: "some_days" | "not_today" | "other_round" | "plan_not_due"; words: string },
): { label: string; hint: string } {
  if (d.days === "other_round")
    return {
      label: `💊 ${name}: ${otherRoundWords(d.words)} — record it only if given here`,
      hint: "not due this round by its words: never chased nor counted",
    };
  if (d.days === "plan_not_due") {
    const why = d.words ? ` (${d.words})` : "";
    return {
      label: `💊 ${name}: not due this round by its confirmed plan${why} — record it only if given`,
      hint: "not due this round by its confirmed plan: never chased nor counted",
    };
  }
  if (d.days === "not_today") {
    const said = d.words ? ` ("${d.words}")` : "";
    return {
      label: `💊 ${name}: not today by its words${said} — record it only if given`,
      hint: "not due today by its words: never chased nor counted",
    };
  }
  const which = someDaysWords(d.words);
  const said = d.words && d.words.toLowerCase() !== which ? ` ("${d.words}")` : "";
  return {
    label: `💊 ${name}: ${which}${said} — record it if you give it`,
    hint: `${which === "every other day" ? "was it given yesterday?" : "when was it last given?"} check the record; never chased nor counted`,
  };
}

/**
 * A dose recorded where its round did not ask it (export kind `round_not_asked`), on its own line:
 * given though not asked, and why, as the round's kept sheet printed it: "given though not asked by
 * the round: not due this round by its confirmed plan (not one of its days: Mon, Wed, Fri)",
 * "not asked by the round: every other day by its words ("EOD")" (refused, not given).
 */
export function notAskedWords(outcome: Outcome, why: NotAskedWhy): string {
  const head = outcome === "given" ? "given though not asked by the round" : "not asked by the round";
  return `${head}: ${notAskedWhyWords(why)}`;
}

/** The doses recorded where no round asked them, beside the figures of those due: "1 more recorded, not asked by the round". */
export const notAskedCountWords = (n: number) => `${n} more recorded, not asked by the round`;

/** A dose printed whole where its words name another round: the sheet's why, else that it was printed so. */
const otherRoundWords = (words: string): string => words || "its words name another round";

/** Why, in the words its sheet's form said it (byDaysFormWords), or that the sheet never listed it. */
export function notAskedWhyWords(why: NotAskedWhy): string {
  if (why.days === "not_listed") return "its round's sheet did not list it";
  if (why.days === "other_round") return otherRoundWords(why.words);
  if (why.days === "plan_not_due")
    return `not due this round by its confirmed plan${why.words ? ` (${why.words})` : ""}`;
  if (why.days === "not_today") return `not due today by its words${why.words ? ` ("${why.words}")` : ""}`;
  const which = someDaysWords(why.words);
  const said = why.words && why.words.toLowerCase() !== which ? ` ("${why.words}")` : "";
  return `${which} by its words${said}`;
}

/**
 * When the record last has an every-other-day dose given, beside its sheet line (src/domain/last-given.ts):
 * "📒 Metacam 1.5 ml: last recorded given yesterday, Wed 2 Dec 13:01 (midday round) by Jane", or
 * "📒 Metacam 1.5 ml: not recorded given in the last 7 days". Times in the kennel's zone; `date`: the sheet's.
 */
export function lastGivenWords(
  label: string,
  last: { at: string; round: Round; who: string } | null,
  o: { timezone: string; date: string; days: number },
): string {
  if (!last) return `📒 ${label}: not recorded given in the last ${o.days} days`;
  const day = localDate(last.at, o.timezone);
  const time = timeOf(last.at, o.timezone);
  const when =
    day === o.date
      ? `today ${time}`
      : `${day === addDays(o.date, -1) ? "yesterday, " : ""}${dayHeading(day)} ${time}`;
  return `📒 ${label}: last recorded given ${when} (${roundWord(last.round).toLowerCase()} round) by ${last.who}`;
}
