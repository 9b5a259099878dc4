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

/**
 * A meal recorded after its window closed (its only time is when it was recorded), marked as a dose
 * given after its window is: "⏩ recorded after its window closed".
 */
export const MEAL_AFTER_WINDOW = "⏩ recorded after its window closed";
