/** The care record's words, for every renderer: each outcome as staff say it. */
import type { Outcome } from "../record/types.ts";

const OUTCOME_WORDS: Record<Outcome, string> = {
  given: "given",
  refused: "refused",
  not_given: "not given",
  ate_all: "ate all",
  ate_some: "ate some",
  ate_none: "ate none",
  not_offered: "not offered",
};

export function outcomeWords(outcome: Outcome): string {
  return OUTCOME_WORDS[outcome] ?? String(outcome);
}
