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

/** Said of an entry from the paper: "from the paper chart". */
export const FROM_PAPER = "from the paper chart";
