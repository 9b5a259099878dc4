/** The words of entering a round from the chart on paper (issue 50). */
import { type ChartCode, chartCode } from "../domain/chart.ts";
import type { PaperAuditReason } from "../domain/paper.ts";
import type { Entry } from "../record/types.ts";
import { timeOnDay } from "./dates.ts";
import { outcomeWords } from "./record.ts";

/**
 * A dose not given as the paper marked it: "marked V"; R, a refusal with no reason of its own to say
 * beside it, with its word: "marked R (refused)".
 */
export const markedWords = (code: ChartCode) => (code === "R" ? "marked R (refused)" : `marked ${code}`);

/**
 * A dose not given entered from the paper as V or W, as the audit counts it: the letter's words and
 * what the paper leaves unsaid (src/domain/paper.ts `paperAuditReason`).
 */
export const PAPER_AUDIT_REASON_WORDS: Record<PaperAuditReason, string> = {
  paper_vomited: "vomited (paper: no time said)",
  paper_withheld: "withheld (paper W: by whom not said)",
};

/** What every "recorded already" refusal says, so a surface can tell one from the other problems. */
export const PAPER_ALREADY = "is recorded already";

/**
 * "Rimadyl is recorded already (given 08:05 · Jane): nothing was written. To correct it, use ✏️
 * Record each… on that round's post in Slack."; one entered from the paper names the paper's giver
 * and who entered it, a dose not given by its letter: "(marked V 07:45 by JD, entered by Morgan Reid)".
 */
export const paperAlreadyWords = (
  label: string,
  e: Pick<Entry, "outcome" | "reasonCode" | "givenAt" | "recordedAt" | "userName" | "date" | "paper">,
  timezone: string,
) => {
  const at = timeOnDay(e.givenAt ?? e.recordedAt, timezone, e.date);
  const code = chartCode(e);
  const what = e.paper
    ? `${code ? markedWords(code) : outcomeWords(e.outcome)} ${at} by ${e.paper.by}, entered by ${e.userName}`
    : `${outcomeWords(e.outcome)} ${at} · ${e.userName}`;
  return `${label} ${PAPER_ALREADY} (${what}): nothing was written. To correct it, use ✏️ Record each… on that round's post in Slack.`;
};

/** The picker's mark on a pet whose every dose of the round is in the record already. */
export const PAPER_ALL_IN = "✅ entered";

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

/** Said by the terminal once entered: it cannot redraw Slack. */
export const PAPER_REDRAW_LATER =
  "Entered here, the round post in Slack is not drawn again now: it shows these at its next redraw (the next tap on it).";

/**
 * `record enter` for a round with no kept sheet, by its day against today: what happened and what to
 * do. A past day's round cannot be posted now (what it asked would be today's answer, not that day's),
 * so its advice is never /rounds; a later day's round is entered once it is kept on its day.
 */
export function paperNoSheetWords(
  when: string,
  day: "past" | "today" | "later",
  round: string,
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
    whatToDo:
      "The paper chart stays that round's record: keep it with the kennel's records. kennel-desk record DATE shows what the record holds for that day.",
  };
}
