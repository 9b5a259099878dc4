/** The words of entering a round from the chart on paper (issue 50). */
import type { Entry } from "../record/types.ts";
import { timeOnDay } from "./dates.ts";
import { outcomeWords } from "./record.ts";

/** "Rimadyl is recorded already (given 08:05 · Jane): nothing was written. To change it, use ✏️ Record each…." */
export const paperAlreadyWords = (
  label: string,
  e: Pick<Entry, "outcome" | "givenAt" | "recordedAt" | "userName" | "date">,
  timezone: string,
) =>
  `${label} is recorded already (${outcomeWords(e.outcome)} ${timeOnDay(e.givenAt ?? e.recordedAt, timezone, e.date)} · ${e.userName}): nothing was written. To change it, use ✏️ Record each….`;

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
  "  Entered here, the round post in Slack is not drawn again now: it shows these at its next redraw (the next tap on it).";
