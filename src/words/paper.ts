/** The words of entering a round from the chart on paper (issue 50). */
import { type ChartCode, chartCode } from "../domain/chart.ts";
import type { PaperAuditReason, PaperWritten } from "../domain/paper.ts";
import type { Entry } from "../record/types.ts";
import { timeOnDay } from "./dates.ts";
import { thousands } from "./numbers.ts";
import { outcomeWords } from "./record.ts";

/**
 * A dose not given as the paper marked it: "marked V"; R, a refusal with no reason of its own to say
 * beside it, with its word: "marked R (refused)".
 */
export const markedWords = (code: ChartCode) => (code === "R" ? "marked R (refused)" : `marked ${code}`);

/**
 * A dose not given entered from the paper as V or W, as the audit counts it: the letter's words and
 * what the letter leaves unsaid (src/domain/paper.ts `paperAuditReason`), never the paper's time or
 * giver, which it has: V does not say how soon after the dose it was vomited (the list's "within 30
 * min"), W does not say on whose decision it was withheld (the list's "withheld on the vet's advice").
 */
export const PAPER_AUDIT_REASON_WORDS: Record<PaperAuditReason, string> = {
  paper_vomited: "vomited (paper V: how soon after the dose not said)",
  paper_withheld: "withheld (paper W: on whose decision not said)",
};

/** What every "recorded already" refusal says, so a surface can tell one from the other problems. */
export const PAPER_ALREADY = "is recorded already";

type Held = Pick<Entry, "outcome" | "reasonCode" | "givenAt" | "recordedAt" | "userName" | "date" | "paper">;

/** How a dose in the record reads: "given 08:05 · Jane", "marked V 07:45 by JD, entered by Morgan Reid". */
function heldWords(e: Held, timezone: string): string {
  const at = timeOnDay(e.givenAt ?? e.recordedAt, timezone, e.date);
  const code = chartCode(e);
  return e.paper
    ? `${code ? markedWords(code) : outcomeWords(e.outcome)} ${at} by ${e.paper.by}, entered by ${e.userName}`
    : `${outcomeWords(e.outcome)} ${at} · ${e.userName}`;
}

const CORRECT_IN_SLACK = "use ✏️ Record each… on that round's post in Slack";

/**
 * A submission's refusal of a dose the record holds already: "Rimadyl is recorded already (given
 * 08:05 · Jane): nothing was written. To correct it, use ✏️ Record each… on that round's post in
 * Slack."; one entered from the paper names the paper's giver and who entered it, a dose not given
 * by its letter: "(marked V 07:45 by JD, entered by Morgan Reid)".
 */
export const paperAlreadyWords = (label: string, e: Held, timezone: string) =>
  `${label} ${PAPER_ALREADY} (${heldWords(e, timezone)}): nothing was written. To correct it, ${CORRECT_IN_SLACK}.`;

/**
 * The form, as it opens, on a dose the record holds already (nothing submitted yet): what the record
 * says, and how to correct it. "Rimadyl is in the record already (given 08:05 · Jane): to correct it, …"
 */
export const paperHeldWords = (label: string, e: Held, timezone: string) =>
  `${label} is in the record already (${heldWords(e, timezone)}): to correct it, ${CORRECT_IN_SLACK}.`;

const WRITTEN_WORDS: Record<PaperWritten, string> = {
  time: "a time",
  by: "a giver",
  witness: "a witness",
  note: "words beside it",
};

/**
 * A dose with other fields filled but no mark (src/domain/paper.ts `paperWritten`), at its mark:
 * "A time and a giver are written for Cefalexin 250 mg, but no mark: choose what the paper marks…".
 */
export function paperNoMarkWords(label: string, written: PaperWritten[]): string {
  const words = written.map((w) => WRITTEN_WORDS[w]);
  const list = words.length > 1 ? `${words.slice(0, -1).join(", ")} and ${words.at(-1)}` : (words[0] ?? "");
  const lead = list
    ? `${list[0]?.toUpperCase()}${list.slice(1)} ${written.length === 1 && written[0] !== "note" ? "is" : "are"} written for ${label}, but no mark`
    : `Nothing is marked for ${label}`;
  return `${lead}: choose what the paper marks (given, or R, V, W, N or A), or empty this dose's fields if the paper has nothing for it.`;
}

/** Above the picker's menu when it shortens a name: each such pet's words whole, by its number in the menu. */
export const PAPER_NAMES_WHOLE = "Names the menu shortens, whole, by their number in it:";

/** A page of the picker's pets: its number of how many, and the pets from `from` to `to` of `of` (from 1). */
export interface PaperPickPage {
  page: number;
  pages: number;
  from: number;
  to: number;
  of: number;
}

/**
 * A picker of more pets than one form holds (its 100 blocks, its 250 kB): which page this is, which
 * pets are in its menu, and how to see the others: Next (none chosen) for the next page, after the
 * last the first again; ◀ Back for the page before.
 */
export function paperPickPageWords(p: PaperPickPage): string {
  const here = `Page ${thousands(p.page)} of ${thousands(p.pages)}: pets ${thousands(p.from)}–${thousands(p.to)} of ${thousands(p.of)} are in this menu.`;
  const back =
    p.page > 1 ? ` ${paperPickBackWords(p.page - 1)} shows page ${thousands(p.page - 1)} again.` : "";
  if (p.to >= p.of)
    return `${here} To see pets 1–${thousands(p.from - 1)} again from page 1, choose none and press Next.${back}`;
  return `${here} For the ${thousands(p.of - p.to)} more, from pet ${thousands(p.to + 1)}, choose none and press Next.${back}`;
}

/** The picker's button to the page before (`page`, from 1). */
export const paperPickBackWords = (page: number): string => `◀ Back to page ${thousands(page)}`;

/**
 * A pet's doses in more than one form (their words too long for one): which this one holds, and
 * what its button does (`step`, src/present/paper-form.ts): "enter" (these, then the next follows,
 * filled in or not), "next" (these are in the record already, the next has one to enter), "back"
 * (these and every one after are in the record already: back to the pets).
 */
export function paperDosesPageWords(
  from: number,
  to: number,
  of: number,
  step: "enter" | "next" | "back" = "enter",
): string {
  const here = `Doses ${from}–${to} of ${of} of this pet are in this form.`;
  if (to >= of) return `${here} The ones before were in the forms before it.`;
  const more = `the ${of - to} more (from dose ${to + 1})`;
  if (step === "back") return `${here} These and ${more} are in the record already: press Back for the pets.`;
  if (step === "next") return `${here} These are in the record already; ${more} are in the next: press Next.`;
  return `${here} The ${of - to} more, from dose ${to + 1}, are in the next: press Enter, with these filled in or none of them.`;
}

/**
 * The pet's form when the record holds every one of its doses at this round already (a tap's or the
 * paper's): nothing to fill in; its last form's button, "Back", returns to the pets
 * (src/blocks/paper-modal.ts).
 */
export const PAPER_PET_ALL_IN =
  "Every dose of this pet at this round is in the record already: there is nothing to enter from the paper.";

/** A submission with every dose empty, at the first dose's mark. */
export const paperNothingWords = (pet: string) =>
  `Nothing to enter for ${pet}: fill in at least one dose from the paper.`;

/**
 * The picker's mark on a pet whose every dose of the round is in the record already: one word true
 * of a dose signed by a tap in Slack and of one entered from the paper alike ("entered" was untrue of
 * a tap), as the mark of some ("1 of 2 doses in the record") says it; the pet's form, opened, says
 * of each dose how it came (paperHeldWords).
 */
export const PAPER_ALL_IN = "✅ in the record";

/** The picker's mark on a pet with some of its doses in the record: "1 of 2 doses in the record". */
export const paperSomeInWords = (doses: number, of: number) => `${doses} of ${of} doses in the record`;

/** The round post's button (beside "🖨 Chart"). */
export const PAPER_BUTTON = "📄 Enter from paper…";

/** Said once a pet is entered: "✅ Biscuit: 2 doses entered from the paper chart, by you, now. Choose the next pet, or Done." */
export const paperDoneWords = (pet: string, doses: number) =>
  `✅ ${pet}: ${doses === 1 ? "1 dose" : `${doses} doses`} entered from the paper chart, by you, now. Choose the next pet, or Done.`;

/** Said when the pet's message is a reply in the post's thread (not drawn again from the form). */
export const paperThreadWords = (pet: string) =>
  `✅ Entered from the paper chart for ${pet}. Its message in the post's thread shows it at its next tap.`;

/**
 * Said by the terminal once entered: it does not draw Slack's post (a Slack message is drawn by the
 * bot's own redraw, which the taps use; the record keeps no post's place, found in the channel's
 * history by the bot), so the post and its copies show these at the next tap or form on any of their
 * messages (src/listeners/record-round.ts redrawChanged, #otherCopies), or a late or missed reply; the
 * terminal shows them now.
 */
export const paperRedrawLaterWords = (round: string, date: string) =>
  `Entered here, the round post in Slack is not drawn again now: it shows these at the next tap or form on any of its messages or copies (the entered pets' messages are drawn again with it, in the channel and in anyone's DM copy), or when the bot posts a late or missed reply on that round. To see the round with them now: kennel-desk rounds ${round} ${date}.`;

/** A round's day against today, by the kennel's clock. */
export type RoundDay = "past" | "today" | "later";

/**
 * The true thing about a round the record kept no sheet of, the same on every surface: the record
 * cannot say what was due then (never "nothing was due": a diabetic dog's doses were due all the same).
 */
const cannotSay = (many: boolean) =>
  `the record holds no sheet of ${many ? "them" : "it"} and cannot say what was due`;

/** Where a past round with no kept sheet stands: on paper, and it cannot be entered now. */
const onPaper = (many: boolean) =>
  `the paper chart is ${many ? "those rounds'" : "that round's"} record: keep it with the kennel's records (Kennel Desk enters a paper chart only against a sheet it kept, so a past round never posted cannot be entered)`;

export const NO_SHEET_CANNOT_SAY = cannotSay(false);
export const NO_SHEET_PAPER = onPaper(false);

/** "Morning", "Morning and evening", "Morning, midday and evening". */
const listed = (names: string[]) =>
  names.length < 2 ? (names[0] ?? "") : `${names.slice(0, -1).join(", ")} and ${names.at(-1)?.toLowerCase()}`;

/**
 * The rounds of a day with no kept sheet in the day's record (kennel-desk record DATE, the
 * connector), by the day, each line a sentence: "Morning and evening rounds: never posted, so the
 * record holds no sheet of them…"; today's each with how to keep it.
 */
export function noSheetRoundsWords(rounds: string[], day: RoundDay, date: string): string[] {
  const many = rounds.length > 1;
  const which = `${listed(rounds.map((r, i) => (i === 0 ? r : r.toLowerCase())))} round${many ? "s" : ""}`;
  if (day === "later")
    return [
      `${which}: still to come; what ${many ? "each" : "it"} asks is kept when it is posted on its day.`,
    ];
  if (day === "past") return [`${which}: never posted, so ${cannotSay(many)}; ${onPaper(many)}.`];
  return rounds.map((round) => {
    const word = round.toLowerCase();
    return `${round} round: not posted yet, so ${NO_SHEET_CANNOT_SAY} yet. What it asks is kept when it is posted (its scheduled post, or /rounds ${word} in Slack); it is then recorded on that post, or entered from the paper chart (kennel-desk record enter ${word} ${date}).`;
  });
}

/**
 * `record enter` for a round with no kept sheet, by its day against today: what happened and what to
 * do. A past day's round cannot be posted now (what it asked would be today's answer, not that day's),
 * so its advice is never /rounds; a later day's round is entered once it is kept on its day.
 */
export function paperNoSheetWords(
  when: string,
  day: RoundDay,
  round: string,
  date = "DATE",
): { what: string; whatToDo: string } {
  if (day === "later")
    return {
      what: `Nothing can be entered for ${when} yet: the round is still to come, and Kennel Desk keeps what it asks when it is posted on its day.`,
      whatToDo: "Enter the paper once the round has been worked and posted, on its day.",
    };
  if (day === "today")
    return {
      what: `No sheet was kept for ${when}: Kennel Desk has not posted it, so it cannot say what was due.`,
      whatToDo: `Post the round (/rounds ${round} in Slack, or its scheduled post), then enter the paper.`,
    };
  return {
    what: `No sheet was kept for ${when}: Kennel Desk never posted it, so it cannot say what was due, and a past day's round cannot be posted now (it would ask what today's bookings say, not what was due that day).`,
    whatToDo: `The paper chart stays that round's record: keep it with the kennel's records. kennel-desk record ${date} shows what the record holds for that day.`,
  };
}
