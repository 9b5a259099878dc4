/**
 * The plan form's questions in words (issue 44): each doubt asked as staff would ask it ("Rimadyl is
 * in two slots: one dose or two?", "Which round is “once daily” for Soloxine 0.4 mg?"), each answer
 * as a choice ("the same dose written twice: give once"), and what the form says while some are
 * open ("Answer 2 questions to confirm"). Plain text: each renderer escapes it.
 */
import { ROUNDS, type Round } from "../domain/care.ts";
import { roundsWords } from "../domain/house-routine.ts";
import type { Answer, Question } from "../domain/plan/questions.ts";
import type { PlanItem } from "../domain/plan/types.ts";
import { clockTimes } from "../domain/round-words.ts";
import { plural } from "../domain/text.ts";
import { dayHeading } from "./dates.ts";
import { checkWords, daysWords, doubtWords, itemKeyWords } from "./plan.ts";

const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

/** The item as staff name it: "Pardale-V 400 mg", "Milo's meal", "medication 2". */
const nameOf = (i: PlanItem | undefined, key: PlanItem["key"]) =>
  key === "meal" ? "the meal" : (i?.what.name ?? itemKeyWords(key));

/** The drug the slots share, as written ("Metacam" in "Owner's own Metacam 1.5ml" and "Kennel stock Metacam 1.5ml"). */
function sharedWord(items: PlanItem[]): string {
  const names = items.map((i) => (i.what.name ?? i.what.text).toLowerCase());
  const first = (items[0]?.what.name ?? items[0]?.what.text ?? "").split(/\s+/);
  const word = first.find(
    (w) => /\p{L}{3,}/u.test(w) && names.every((n) => n.split(/\s+/).includes(w.toLowerCase())),
  );
  return word ?? items[0]?.what.name ?? "The drug";
}

const roundsOf = (i: PlanItem | undefined): Round[] =>
  ROUNDS.filter((r) => i?.when.rounds.some((d) => d.round === r));

/** The question's words, with the item's own words where they settle what is asked. */
export function questionWords(q: Question, items: PlanItem[]): string {
  const of = (k: PlanItem["key"]) => items.find((i) => i.key === k);
  const key = q.items[0] as PlanItem["key"];
  const item = of(key);
  const name = nameOf(item, key);
  switch (q.doubt) {
    case "same_drug":
      return `${sharedWord(q.items.map(of).filter((i): i is PlanItem => i !== undefined))} is in ${q.items.length} slots (${q.items.map(itemKeyWords).join(", ")}): one dose or two?`;
    case "instruction_beside_fields":
      return `Is ${name} also given at breakfast (the morning round)? The ${roundsWords(roundsOf(item))} ${roundsOf(item).length > 1 ? "fields give" : "field gives"} it.`;
    case "instruction_only_round":
      return `${name}: the instruction names only a time of day, and another round's field gives the drug. At both rounds, or only the field's?`;
    case "once_no_round":
      return `Which round is “once daily” for ${name}?`;
    case "no_round":
    case "rounds":
      return `When is ${name} given? The words name no round.`;
    case "condition_no_round":
      return `At which rounds is ${name} given (on its condition)?`;
    case "needed_and_routine":
      return `${name}: as needed, or at every round?`;
    case "fasting":
      return `The diet says the pet is fasting: fed as its words say?`;
    case "no_day_one":
      return `${name}: is today one of its days?`;
    case "weekly_no_day":
      return `${name} weekly: on which day?`;
    case "longer_interval":
      return `${name}: ${doubtWords(q.doubt)}. Is it due today?`;
    case "duration_no_start":
      return `${name}: a course with no first day. Which was day 1?`;
    case "until_unclear":
      return `${name}: ${doubtWords(q.doubt)}`;
    case "stopped":
      return `${name}: the words say it is stopped or not given. Stopped from today?`;
    case "daily_total":
      return `${name}: a day's total. At which rounds is it fed?`;
    case "time_off_round": {
      // The times as written, never moved to a round's: "3am", "10pm".
      const times = clockTimes(item?.what.text ?? "").map((c) => `“${c.word}”`);
      return `${name} is written for ${times.join(" and ")}, away from the round's time: at which rounds is it given?`;
    }
    default: {
      // What to check, in the kennel's words (the words it could not read, the allergy on record).
      const check = checkWords({ doubts: [q.doubt], unplaced: item?.unplaced, allergies: item?.allergies });
      const what = check.replace(/^Check: /, "");
      return q.answers.length
        ? `${name}: ${what} Give it as read?`
        : `${name}: ${what} Set it with ✏️ Edit… beside it.`;
    }
  }
}

/**
 * An answer's words, as a choice. Past a choice's 75 characters (Slack's) the form numbers the
 * choices (`answerNumberWords`) and gives each answer's words whole above them.
 */
export function answerWords(q: Question, a: Answer, items: PlanItem[]): string {
  const of = (k: PlanItem["key"]) => items.find((i) => i.key === k);
  const item = of(q.items[0] as PlanItem["key"]);
  const r = a.resolution;
  switch (r.do) {
    case "as_read":
      return asReadWords(q, items);
    case "rounds":
      if (q.doubt === "instruction_beside_fields") return `yes, morning too: ${roundsWords(r.rounds)}`;
      if (q.doubt === "instruction_only_round")
        return `only the ${roundsWords(r.rounds)} (as its field says)`;
      return roundsWords(r.rounds);
    case "as_needed":
      return "as needed (no round)";
    case "routine":
      return q.doubt === "needed_and_routine"
        ? `at every round: ${roundsWords(roundsOf(item))}`
        : "every time, with no condition";
    case "once":
      return `the same dose written twice: give once (as ${itemKeyWords(r.keep)})`;
    case "n_days":
      return a.id === "0"
        ? `yes, today ${dayHeading(r.from)}`
        : `no: its first is tomorrow, ${dayHeading(r.from)}`;
    case "weekday":
      return WEEKDAYS[r.day] ?? String(r.day);
    case "dates":
      return r.dates.length
        ? `yes, due today (${dayHeading(r.dates[0] as string)})`
        : "not due during this stay";
    case "start":
      return `not fed today: fed as its words say from ${dayHeading(r.date)}`;
    case "stop":
      if (q.doubt === "stopped")
        return `yes, stopped: not given from today (its last day ${dayHeading(r.date)})`;
      return a.id === "0"
        ? `the last day it is given is ${dayHeading(r.date)}`
        : `the last day is ${dayHeading(r.date)} (the next is the first day without)`;
    case "course":
      return `day 1: ${dayHeading(r.start)}, the last ${dayHeading(r.stop)}`;
  }
}

/** A choice standing for an answer whose words are whole above it: "Answer 2". */
export const answerNumberWords = (n: number): string => `Answer ${n}`;

/**
 * The rounds and the days an answer "as read" confirms: "morning and evening, every day but Sunday"
 * (a dose read for Sundays only is never confirmed as a plain "morning and evening").
 */
function whenRead(i: PlanItem | undefined): string {
  const rounds = roundsWords(roundsOf(i));
  return rounds && i ? `${rounds}, ${daysWords(i.when.days)}` : rounds;
}

/** "As read" as each question means it. */
function asReadWords(q: Question, items: PlanItem[]): string {
  const of = (k: PlanItem["key"]) => items.find((i) => i.key === k);
  const item = of(q.items[0] as PlanItem["key"]);
  const rounds = whenRead(item);
  switch (q.doubt) {
    case "same_drug":
      return `two doses: ${q.items.map((k) => `${whenRead(of(k)) || "its rounds"} (${itemKeyWords(k)})`).join(" and ")}`;
    case "instruction_beside_fields":
      return `no: only ${rounds} (as the ${roundsOf(item).length > 1 ? "fields say" : "field says"})`;
    case "instruction_only_round":
      return `both: ${rounds}`;
    case "fasting":
      return `yes, fed as read: ${rounds} (the fast shows on the sheet)`;
    case "allergy":
      return `checked with the vet or the owner: give it as read${rounds ? ` (${rounds})` : ""}`;
    case "unplaced_words":
      return `they change nothing: give it as read${rounds ? ` (${rounds})` : ""}`;
    case "stopped":
      return `no, still given as read${rounds ? ` (${rounds})` : ""}`;
    case "time_off_round":
      return `at the round's time: ${rounds}`;
    case "food_differs":
      return `yes: ${rounds}, each round with or without food as its words say`;
    default:
      return rounds ? `yes, as read: ${rounds}` : "yes, as the words say";
  }
}

/** "Answer 2 questions to confirm", and the items only the edit form settles. */
export function openWords(open: Question[]): string {
  const asked = open.filter((q) => q.answers.length > 0).length;
  const editOnly = open.length - asked;
  return [
    asked ? `Answer ${plural(asked, "question")} to confirm` : "",
    editOnly ? `${plural(editOnly, "item")} to set with ✏️ Edit… first` : "",
  ]
    .filter(Boolean)
    .join(" · ");
}
