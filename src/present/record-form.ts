/**
 * The items of a pet's "✏️ Record each…" form (issue 44): every item the round's sheet printed for
 * it, in the kennel's words. A dose or a meal due: its outcomes (the current one chosen), a dose's
 * reasons from the list and the person's own words; a dose from the words says "(plan not
 * confirmed)". A dose to give if needed: given (or given past its limit, checked), why, when, with its
 * reason and limits as the plan, or its words, give them. A dose the sheet prints not due by its days'
 * words ("every other day", "except Sunday" on a Sunday), after those due: optional, labelled as not
 * asked of the carer, its outcomes a dose's. Each item has its own note (issue 51). The
 * form is Slack's (src/blocks/record-modal.ts); these are its words and choices.
 */
import type { LastDay } from "../answers/prn-pets.ts";
import type { ByDaysItem, DueItem, IfNeededItem } from "../domain/record.ts";
import { isMedicationItem } from "../domain/record.ts";
import {
  IN_ERROR,
  type ItemKey,
  MEAL_OUTCOMES,
  MEDICATION_OUTCOMES,
  NOT_GIVEN_REASONS,
  type NotGivenReason,
  type Outcome,
} from "../record/types.ts";
import { WHICH_WORDS, whichHourWords } from "../words/dates.ts";
import { ifNeededWords, reasonWords } from "../words/doses.ts";
import { byDaysFormWords, IN_ERROR_CHOICE, IN_ERROR_HINT, outcomeWords } from "../words/record.ts";
import { doseName } from "../words/unconfirmed.ts";
import { lastDayWords } from "./prn-last-day.ts";

/** The form's rules and words, which its Slack serializer (src/blocks/record-modal.ts, record-form.ts) draws and reads back. */
export { isMedicationItem, printedItems } from "../domain/record.ts";
export { roundWord } from "../domain/rounds.ts";
export { IN_ERROR_WHY_MAX } from "../record/in-error.ts";
export {
  IN_ERROR,
  MEAL_OUTCOMES,
  MEDICATION_OUTCOMES,
  NOT_GIVEN_REASONS,
  REASON_MAX,
} from "../record/types.ts";
export { dayHeading, WHICH_WORDS, whichHourWords } from "../words/dates.ts";
export { reasonWords } from "../words/doses.ts";
export { GIVEN_BY_FIELD, givenByHint } from "../words/giver.ts";
export {
  BOTH_GIVEN_LABEL,
  BOTH_GIVEN_TICK,
  GIVEN_AGAIN_LABEL,
  GIVEN_AGAIN_TICK,
  GIVEN_AGAIN_WORDS_LABEL,
} from "../words/not-due.ts";
export {
  atMostWords,
  earlierEntriesWords,
  INSTRUCTION_ABOVE,
  INSTRUCTION_ON_POST,
  LATE_FIELDS,
  timeQuestionWords,
} from "../words/record.ts";

/** A dose to give if needed (issue 44): given, or given past its limit once checked. */
export const GIVEN = "given";
export const GIVEN_ANYWAY = "given_anyway";

interface Choice {
  text: string;
  value: string;
}

export interface RecordFormItem {
  item: ItemKey;
  label: string;
  hint: string;
  placeholder: string;
  choices: Choice[];
  chosen?: Choice | undefined;
  /** A dose due: its reasons from the list (the current entry's chosen), and the person's words. */
  reasons?:
    | { label: string; choices: Choice[]; chosen?: Choice | undefined; words: string; hint: string }
    | undefined;
  /**
   * A dose to give if needed: why it was given, and when; on a day the clocks go back, which of
   * the hour that came twice the time is.
   */
  given?: { why: string; hint: string; at: string; which?: { label: string; choices: Choice[] } } | undefined;
  note: string;
}

const outcome = (o: Outcome): Choice => ({ text: outcomeWords(o), value: o });
const IN_ERROR_OPTION: Choice = { text: IN_ERROR_CHOICE, value: IN_ERROR };

/** An item's current entry: its outcome, and its reason from the list when it has one. */
export interface CurrentItem {
  outcome: Outcome;
  code?: string | undefined;
}

const reason = (r: NotGivenReason): Choice => ({ text: reasonWords(r), value: r });

function dueItem(d: DueItem, cur: CurrentItem | undefined, settled?: string): RecordFormItem {
  const med = isMedicationItem(d.item);
  const now = cur?.outcome;
  const code = NOT_GIVEN_REASONS.find((r) => r === cur?.code);
  return {
    item: d.item,
    label: med ? `💊 ${doseName(d.label, d.unconfirmed)}` : "🍽 Meal",
    // Owed once a day and recorded at another round of its day: said first, so it is not given again.
    hint: settled ? `${settled} · ${d.text}` : d.text,
    placeholder: "Choose…",
    // A dose recorded can be put right as recorded in error (the wrong pet, the wrong dose).
    choices: [
      ...(med ? MEDICATION_OUTCOMES : MEAL_OUTCOMES).map(outcome),
      ...(med && now ? [IN_ERROR_OPTION] : []),
    ],
    ...(now ? { chosen: outcome(now) } : {}),
    ...(med
      ? {
          reasons: {
            label: `Why not given or refused (${d.label})`,
            choices: NOT_GIVEN_REASONS.map(reason),
            ...(code ? { chosen: reason(code) } : {}),
            words: `In your words (${d.label})`,
            hint: now ? IN_ERROR_HINT : "Needed when the reason is “other”.",
          },
        }
      : {}),
    note: `Note (${med ? d.label : "meal"})`,
  };
}

/** A dose not due by its days' words: a dose's outcomes, its label saying it is recorded only if given. */
function byDaysItem(d: ByDaysItem, cur: CurrentItem | undefined, said?: string): RecordFormItem {
  const words = byDaysFormWords(d.label, d);
  // Given already today at another round: said first, so it is not given again unawares.
  const hint = [said, d.text, words.hint].filter(Boolean).join(" · ");
  return { ...dueItem(d, cur), label: words.label, hint };
}

/** The hour that came twice on a day the clocks go back (src/domain/clock-change.ts). */
export interface RepeatedHour {
  date: string;
  from: string;
  to: string;
}

/**
 * The most characters a drug's doses of the last 24 hours take beside its limits: a few doses whole,
 * else their count and the latest (src/present/prn-last-day.ts), the drug's own words keeping the
 * hint's room (a hint holds 2,000; past it, the whole is shown above the item, never cut).
 */
const LAST_DAY_MAX = 600;

function ifNeededItem(d: IfNeededItem, repeated: RepeatedHour | undefined, day?: LastDay): RecordFormItem {
  const limited = d.maxPer24h !== undefined || d.minHoursBetween !== undefined;
  // This drug's doses of the last 24 hours, as 💊 Give if needed… says them: before giving, not at a refusal.
  const mine = day && { ...day, doses: day.doses?.filter((g) => g.item === d.item) };
  return {
    item: d.item,
    label: `💊 ${doseName(d.label, d.unconfirmed)}: give if needed`,
    hint: [d.text, ifNeededWords(d), mine && lastDayWords(mine, LAST_DAY_MAX)].filter(Boolean).join(" · "),
    placeholder: "Given? Choose…",
    choices: [
      { text: "given (as needed)", value: GIVEN },
      ...(limited ? [{ text: "given past its limit: I have checked", value: GIVEN_ANYWAY }] : []),
    ],
    given: {
      why: `Why it was given (${d.label})`,
      hint: "Needed when it was given.",
      at: `Given at (${d.label}, the kennel's time)`,
      ...(repeated
        ? {
            which: {
              label: whichHourWords(repeated),
              choices: (["first", "second"] as const).map((w) => ({ text: WHICH_WORDS[w], value: w })),
            },
          }
        : {}),
    },
    note: `Note (${d.label})`,
  };
}

/**
 * Every printed item of the pet's round: each due (with its current outcome), then each not due by
 * its days' words (recorded only if given), then each to give if needed (with its doses of the last
 * 24 hours, `lastDay`, when read).
 */
export function recordFormItems(
  pet: {
    due: readonly DueItem[];
    ifNeeded?: readonly IfNeededItem[] | undefined;
    byDays?: readonly ByDaysItem[] | undefined;
  },
  current: ReadonlyMap<string, CurrentItem>,
  repeated?: RepeatedHour,
  settled?: ReadonlyMap<string, string>,
  lastDay?: LastDay,
): RecordFormItem[] {
  // An item due is never listed again as one to record if given (one block per item on a form).
  const due = new Set(pet.due.map((d) => d.item));
  return [
    ...pet.due.map((d) => dueItem(d, current.get(d.item), settled?.get(d.item))),
    ...(pet.byDays ?? [])
      .filter((d) => !due.has(d.item))
      .map((d) => byDaysItem(d, current.get(d.item), settled?.get(d.item))),
    ...(pet.ifNeeded ?? []).map((d) => ifNeededItem(d, repeated, lastDay)),
  ];
}
