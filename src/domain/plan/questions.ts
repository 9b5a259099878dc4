/**
 * The plan form's questions (issue 44): each doubt the reader left to a person is a question with
 * its answers ("Rimadyl is in two slots: ◯ two doses ◯ the same dose written twice (give once)";
 * "Which round is 'once daily'? ◯ morning ◯ midday ◯ evening"), built from what the reader did read
 * and the words; an answer says what it does to the items it settles. A doubt no answer can settle
 * (a date that cannot be one, tapering by day numbers) is a question with none: the edit form
 * settles it. Pure: the stay's days and the kennel's date order are passed in.
 */
import { addDays } from "../../time.ts";
import { ROUNDS, type Round } from "../care.ts";
import { courseEnd, courseLength, datesIn } from "./dates.ts";
import { daysIn, saysDays } from "./days.ts";
import type { DateOrder, Doubt, Person, Plan, PlanItem } from "./types.ts";

type Key = PlanItem["key"];

/** What an answer does to the items its question settles. */
type Resolution =
  /** The reading stands as the reader read it (two slots: two doses, each as its slot says). */
  | { do: "as_read" }
  /** Given at these rounds (routine, or on its condition when it has one). */
  | { do: "rounds"; rounds: Round[] }
  | { do: "as_needed" }
  /** On its rounds, with no condition. */
  | { do: "routine" }
  /** The same dose written in two slots: given once, as `keep` says; the other slots never due. */
  | { do: "once"; keep: Key }
  | { do: "n_days"; n: number; from: string }
  | { do: "weekday"; day: number }
  /** On these dates only (none: not due during the stay). */
  | { do: "dates"; dates: string[] }
  /** From this day (the days before it: not given). */
  | { do: "start"; date: string }
  /** The last day given. */
  | { do: "stop"; date: string }
  /** A course of so many days: its first and last day. */
  | { do: "course"; start: string; stop: string };

export interface Answer {
  /** Its place among the question's answers ("0", "1"…): what the form sends back. */
  id: string;
  resolution: Resolution;
}

export interface Question {
  /** Unique in the plan: the doubt and the items ("once_no_round:med:5", "same_drug:med:1+med:2"). */
  id: string;
  doubt: Doubt | "rounds";
  items: Key[];
  /** None: only the edit form settles it (its words say what to set). */
  answers: Answer[];
}

/** The stay's days the answers are dated by, and how a date with slashes is read. */
export interface QuestionContext {
  today: string;
  /** The stay's first day (the kennel's date). */
  arrival: string;
  dateOrder: DateOrder;
}

/** The rounds a person picks among: each one, each pair, all three. */
const ROUND_SETS: Round[][] = [
  ["morning"],
  ["midday"],
  ["evening"],
  ["morning", "evening"],
  ["morning", "midday"],
  ["midday", "evening"],
  ["morning", "midday", "evening"],
];

const roundsOf = (i: PlanItem): Round[] => ROUNDS.filter((r) => i.when.rounds.some((d) => d.round === r));
const sameRounds = (a: Round[], b: Round[]) => a.length === b.length && a.every((r, n) => b[n] === r);
/** The rounds with a midday or evening field of their own (the reader is certain of those). */
const fieldRounds = (i: PlanItem): Round[] =>
  roundsOf(i).filter((r) => i.when.rounds.some((d) => d.round === r && d.amount !== undefined));

const answers = (list: Resolution[]): Answer[] =>
  list.map((resolution, n) => ({ id: String(n), resolution }));

/** Which rounds: as read first (when the reader read some), then every set of rounds, and as needed. */
function roundsChoices(
  i: PlanItem,
  o: { asRead: boolean; single?: boolean; asNeeded?: boolean },
): Resolution[] {
  const read = roundsOf(i);
  const sets = o.single ? ROUND_SETS.slice(0, 3) : ROUND_SETS;
  return [
    ...(o.asRead && read.length ? [{ do: "as_read" } as const] : []),
    ...sets
      .filter((s) => !(o.asRead && sameRounds(s, read)))
      .map((rounds) => ({ do: "rounds", rounds }) as const),
    ...(o.asNeeded ? [{ do: "as_needed" } as const] : []),
  ];
}

/** The one date the words leave unclear ("until 8/12"), read in the kennel's date order. */
function unclearStop(i: PlanItem, ctx: QuestionContext): string | undefined {
  return datesIn(i.what.text, ctx.dateOrder, ctx.arrival).find((d) => d.role === "stop_unclear")?.date;
}

type Choices = (i: PlanItem, ctx: QuestionContext) => Resolution[];

const asRead: Choices = () => [{ do: "as_read" }];
const rounds =
  (o: Parameters<typeof roundsChoices>[1]): Choices =>
  (i) =>
    roundsChoices(i, o);

/** "Every other day" with no day to count from: today, or tomorrow. */
const nDays: Choices = (i, ctx) => {
  const rule = daysIn(i.what.text);
  if (rule?.every !== "n_days") return [];
  return [ctx.today, addDays(ctx.today, 1)].map((from) => ({ do: "n_days", n: rule.n, from }));
};

/** A course with no first day: the day it arrived, today or tomorrow. */
const course: Choices = (i, ctx) => {
  const c = courseLength(i.what.text);
  if (!c) return [];
  const starts = [...new Set([ctx.arrival, ctx.today, addDays(ctx.today, 1)])];
  return starts.map((start) => ({ do: "course", start, stop: courseEnd(start, c.days) }));
};

/** "Until 8/12": the last day, or the first day without. */
const until: Choices = (i, ctx) => {
  const date = unclearStop(i, ctx);
  return date
    ? [
        { do: "stop", date },
        { do: "stop", date: addDays(date, -1) },
      ]
    : [];
};

/** The answers to each doubt (none: the edit form settles it, e.g. a date that cannot be one). */
const CHOICES: Partial<Record<Doubt, Choices>> = {
  instruction_beside_fields: (i) => [
    { do: "rounds", rounds: ROUNDS.filter((r) => r === "morning" || roundsOf(i).includes(r)) },
    { do: "as_read" },
  ],
  instruction_only_round: (i) =>
    fieldRounds(i).length
      ? [{ do: "as_read" }, { do: "rounds", rounds: fieldRounds(i) }]
      : roundsChoices(i, { asRead: true }),
  once_no_round: rounds({ asRead: false, single: true }),
  no_round: rounds({ asRead: false, asNeeded: true }),
  condition_no_round: rounds({ asRead: false }),
  more_than_rounds: rounds({ asRead: true }),
  rounds_disagree: rounds({ asRead: true }),
  field_conflict: rounds({ asRead: true }),
  needed_and_routine: (i) => [
    { do: "as_needed" },
    ...(roundsOf(i).length ? [{ do: "routine" } as const] : roundsChoices(i, { asRead: false })),
  ],
  left_to_judgement: (i) => [
    { do: "as_read" },
    ...(i.kind.kind === "conditional" ? [{ do: "routine" } as const] : []),
  ],
  amounts_differ: asRead,
  amount_range: asRead,
  no_amount: asRead,
  by_weight: asRead,
  fasting: (_, ctx) => [{ do: "as_read" }, { do: "start", date: addDays(ctx.today, 1) }],
  no_day_one: nDays,
  weekly_no_day: () => [1, 2, 3, 4, 5, 6, 0].map((day) => ({ do: "weekday", day })),
  longer_interval: (_, ctx) => [
    { do: "dates", dates: [ctx.today] },
    { do: "dates", dates: [] },
  ],
  duration_no_start: course,
  until_unclear: until,
  // Words the reader could not place, an allergy on record: a person reads them and says it stands;
  // but words of days it could not place ("every other", "except Sunday evening") leave its days
  // unsure: never "as read" (every day), only the edit form.
  unplaced_words: (i) => ((i.unplaced ?? []).some(saysDays) ? [] : [{ do: "as_read" }]),
  allergy: asRead,
  // "Stopped by the vet": not given from today (its last day yesterday), or still given as read.
  stopped: (_, ctx) => [{ do: "stop", date: addDays(ctx.today, -1) }, { do: "as_read" }],
  daily_total: rounds({ asRead: true }),
  // "At 3am": at the round it falls to (as read), at another, or as needed.
  time_off_round: rounds({ asRead: true, asNeeded: true }),
  // "AM with food, PM without food": each round as its words say (shown whole on the sheet).
  food_differs: asRead,
};

/**
 * The answers to one doubt of one item (empty: the edit form settles it). A slot of several drugs
 * read each on its own is set whole by a person: only the edit form.
 */
const choicesFor = (doubt: Doubt, i: PlanItem, ctx: QuestionContext): Resolution[] =>
  i.parts?.length ? [] : (CHOICES[doubt]?.(i, ctx) ?? []);

/** Does a resolution say when the item is given (its rounds, or as needed)? */
const setsRounds = (r: Resolution) => r.do === "rounds" || r.do === "as_needed" || r.do === "once";

/**
 * The questions of a plan: each doubt of each item left to a person, in the plan's order; the same
 * drug in two slots one question for them all; and, for an item with no rounds read and no question
 * that sets them, its rounds (never an item settled to be given at no round).
 */
export function planQuestions(plan: Plan, ctx: QuestionContext): Question[] {
  const out: Question[] = [];
  const grouped = new Set<Key>();
  for (const i of plan.items) {
    if (i.readBy !== "nobody") continue;
    const mine: Question[] = [];
    for (const doubt of i.doubts) {
      if (doubt === "same_drug") {
        if (grouped.has(i.key)) continue;
        const keys = [i.key, ...i.sameDrugAs].filter((k) =>
          plan.items.some((o) => o.key === k && o.readBy === "nobody"),
        );
        for (const k of keys) grouped.add(k);
        const first = keys[0] as Key;
        mine.push({
          id: `same_drug:${keys.join("+")}`,
          doubt,
          items: keys,
          answers: answers([{ do: "as_read" }, { do: "once", keep: first }]),
        });
        continue;
      }
      mine.push({
        id: `${doubt}:${i.key}`,
        doubt,
        items: [i.key],
        answers: answers(choicesFor(doubt, i, ctx)),
      });
    }
    const routineless = i.kind.kind !== "as_needed" && roundsOf(i).length === 0;
    const placed = mine.some((q) => q.answers.some((a) => setsRounds(a.resolution)));
    if (routineless && !placed && !mine.some((q) => q.doubt === "same_drug"))
      mine.push({
        id: `rounds:${i.key}`,
        doubt: "rounds",
        items: [i.key],
        answers: answers(roundsChoices(i, { asRead: false, asNeeded: true })),
      });
    out.push(...mine);
  }
  return out;
}

/** An item with one answer applied. */
function resolve(i: PlanItem, r: Resolution): PlanItem {
  const when = i.when;
  const withRounds = (rounds: Round[]) =>
    rounds.map((round) => when.rounds.find((d) => d.round === round) ?? { round, why: "set by a person" });
  switch (r.do) {
    case "as_read":
      return i;
    case "rounds":
      return {
        ...i,
        when: { ...when, rounds: withRounds(r.rounds) },
        kind: i.kind.kind === "as_needed" ? { kind: "routine" } : i.kind,
      };
    case "as_needed":
      return {
        ...i,
        when: { ...when, rounds: [] },
        kind: i.kind.kind === "as_needed" ? i.kind : { kind: "as_needed" },
      };
    case "routine":
      return { ...i, kind: { kind: "routine" } };
    case "once":
      return i.key === r.keep ? i : { ...i, when: { ...when, rounds: [] }, kind: { kind: "routine" } };
    case "n_days":
      return { ...i, when: { ...when, days: { every: "n_days", n: r.n, from: r.from } } };
    case "weekday":
      return { ...i, when: { ...when, days: { every: "weekdays", weekdays: [r.day] } } };
    case "dates":
      return { ...i, when: { ...when, days: { every: "dates", dates: r.dates } } };
    case "start":
      return { ...i, when: { ...when, start: r.date } };
    case "stop":
      return { ...i, when: { ...when, stop: r.date } };
    case "course":
      return { ...i, when: { ...when, start: r.start, stop: r.stop } };
  }
}

/** The answer chosen for a question, when it is one of its answers. */
const answerOf = (q: Question, chosen: ReadonlyMap<string, string>) =>
  q.answers.find((a) => a.id === chosen.get(q.id));

/** The slots answered "the same dose written twice": given as the one kept, never due themselves. */
function droppedBy(questions: Question[], chosen: ReadonlyMap<string, string>): Set<Key> {
  const out = new Set<Key>();
  for (const q of questions) {
    const r = answerOf(q, chosen)?.resolution;
    if (r?.do === "once") for (const k of q.items) if (k !== r.keep) out.add(k);
  }
  return out;
}

/**
 * The questions still to answer: each not answered yet (or answerable only in the edit form), but
 * those about slots answered "the same dose written twice" (moot: never due).
 */
export function openQuestions(questions: Question[], chosen: ReadonlyMap<string, string>): Question[] {
  const dropped = droppedBy(questions, chosen);
  return questions.filter((q) => !answerOf(q, chosen) && !q.items.every((k) => dropped.has(k)));
}

/** The questions the form shows: all but those made moot by "the same dose written twice". */
export function shownQuestions(questions: Question[], chosen: ReadonlyMap<string, string>): Question[] {
  const dropped = droppedBy(questions, chosen);
  return questions.filter((q) => q.doubt === "same_drug" || !q.items.every((k) => dropped.has(k)));
}

/**
 * The items the person's answers (question id → answer id) settle: each item whose every question is
 * answered (or moot) becomes theirs (`readBy: "person"`, set by them, its doubts kept to show why),
 * with its answers applied; a slot written twice never due. Answers naming no question or no answer
 * of it are left out; an item with an open question is not in the list.
 */
export function applyAnswers(
  plan: Plan,
  questions: Question[],
  chosen: ReadonlyMap<string, string>,
  who: Person,
): PlanItem[] {
  const unsettled = new Set(openQuestions(questions, chosen).flatMap((q) => q.items));
  const dropped = droppedBy(questions, chosen);
  const items: PlanItem[] = [];
  for (const item of plan.items) {
    const asked = questions.filter((q) => q.items.includes(item.key));
    if (asked.length === 0 || unsettled.has(item.key)) continue;
    const next = dropped.has(item.key)
      ? resolve(item, { do: "once", keep: "meal" })
      : asked.reduce((i, q) => {
          const a = answerOf(q, chosen);
          return a ? resolve(i, a.resolution) : i;
        }, item);
    items.push({ ...next, readBy: "person", setBy: who });
  }
  return items;
}

/** A slot a person settled as the same dose written in another: never due, given as that slot says. */
export const writtenTwice = (i: PlanItem): boolean =>
  i.readBy === "person" &&
  i.sameDrugAs.length > 0 &&
  i.when.rounds.length === 0 &&
  i.kind.kind !== "as_needed";
