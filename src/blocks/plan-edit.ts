/**
 * The care plan's edit form (issue 34), one item at a time (issue 44: "✏️ Edit…" beside each item of
 * the plan's form): when it is given (its rounds, or as needed) and its days, both required (Slack
 * marks the rest optional, truthfully); counting from, weekdays, first and last day, the condition
 * (only if…) or as-needed reason, as-needed limits and the dose window's own minutes (issue 35), as
 * the plan reads them now. `readEdit` turns a person's choices into plan items or the errors on the
 * fields at fault (nothing written). What may be written is checked against the plan's current
 * version (src/answers/plan-actions.ts), never taken from the form.
 */
import type { Days, ItemKind, PlanItem } from "../domain/plan/types.ts";
import type { Line } from "../present/doc.ts";
import { cleanText } from "../present/doc.ts";
import { refuseContacts } from "../present/form-contacts.ts";
import type { PlanView } from "../present/plan.ts";
import {
  AS_NEEDED,
  type Choice,
  dayChoices,
  daysValue,
  isIsoDate,
  keptWithoutRounds,
  leftToPersonLines,
  PLAN_WORDS_ELSEWHERE,
  ROUNDS,
  sourceWords,
  WEEKDAY_CHOICES,
  WHEN_CHOICES,
} from "../present/plan-edit.ts";
import { fitItems, wordSections } from "./form-room.ts";
import { type FormValues, modalView, plain } from "./modal.ts";
import { PLAN_EDIT_MODAL } from "./plan.ts";

const option = (c: Choice) => ({ text: plain(c.text, 75), value: c.value });
const WHEN_OPTIONS = WHEN_CHOICES.map(option);
const WEEKDAY_OPTIONS = WEEKDAY_CHOICES.map(option);
const dayOptions = (days: Days) => dayChoices(days).map(option);

/** "60, 120" or "30 60": the window's minutes before and after the round; empty: the settings'. */
function readWindow(text: string): PlanItem["window"] | "bad" | undefined {
  if (!text.trim()) return undefined;
  const m = /^\s*(\d{1,3})\s*[, ]\s*(\d{1,3})\s*$/.exec(text);
  if (!m) return "bad";
  const [before, after] = [Number(m[1]), Number(m[2])];
  if (before > 720 || after < 1 || after > 720) return "bad";
  return { beforeMinutes: before, afterMinutes: after };
}

/** "2, 4": as needed, at most 2 in 24 hours, at least 4 hours between; either may be left out ("2," or ", 4"). */
function readLimits(text: string): { maxPer24h?: number; minHoursBetween?: number } | "bad" | undefined {
  if (!text.trim()) return undefined;
  const m = /^\s*(\d{1,2})?\s*,\s*(\d{1,2}(?:[.,]5)?)?\s*$/.exec(text);
  if (!m || (m[1] === undefined && m[2] === undefined)) return "bad";
  const max = m[1] === undefined ? undefined : Number(m[1]);
  const hours = m[2] === undefined ? undefined : Number(m[2].replace(",", "."));
  if ((max !== undefined && (max < 1 || max > 24)) || (hours !== undefined && (hours <= 0 || hours > 72)))
    return "bad";
  return {
    ...(max !== undefined ? { maxPer24h: max } : {}),
    ...(hours !== undefined ? { minHoursBetween: hours } : {}),
  };
}

const windowWords = (w: PlanItem["window"]) =>
  w ? `${w.beforeMinutes ?? ""}, ${w.afterMinutes ?? ""}` : undefined;
const limitWords = (k: ItemKind) =>
  k.kind === "as_needed" && (k.maxPer24h !== undefined || k.minHoursBetween !== undefined)
    ? `${k.maxPer24h ?? ""}, ${k.minHoursBetween ?? ""}`
    : undefined;

const input = (
  blockId: string,
  label: string,
  element: Record<string, unknown>,
  hint?: string,
  required = false,
) => ({
  type: "input",
  block_id: blockId,
  optional: !required,
  label: plain(label, 2000),
  ...(hint ? { hint: plain(hint, 2000) } : {}),
  element,
});

/** The kennel's usual dose window (DoseSettings' minutes), said in the window's hint. */
export interface UsualWindow {
  beforeMinutes: number;
  afterMinutes: number;
  highAlertAfterMinutes: number;
}

/** "Pip's Caninsulin", "Pip's meal": an item named for the person choosing for it. */
const itemOf = (petName: string, i: PlanItem) =>
  `${petName}'s ${i.key === "meal" ? "meal" : (i.what.name ?? `medication ${i.key.slice(4)}`)}`;

const nameOf = (i: PlanItem): Line => [
  { text: i.key === "meal" ? "🍽 meal" : `💊 ${i.what.name ?? i.key}`, strong: true },
];

/**
 * An item's heading: its name, what the reader left to a person (above the words), the words whole,
 * in as many sections as they take (split between lines, then words: the name's marks on its own line).
 */
function itemHeading(i: PlanItem): unknown[] {
  const lines = [...leftToPersonLines(i), ...sourceWords(i)].map((text): Line => [{ text }]);
  return wordSections([nameOf(i), ...lines]);
}

type Option = ReturnType<typeof option>;
const multi = (options: Option[], initial: Option[]) => ({
  type: "multi_static_select",
  action_id: "v",
  options,
  ...(initial.length ? { initial_options: initial } : {}),
});
const pick = (options: Option[], initial: Option | undefined) => ({
  type: "static_select",
  action_id: "v",
  options,
  ...(initial ? { initial_option: initial } : {}),
});
const date = (initial: string | undefined) => ({
  type: "datepicker",
  action_id: "v",
  ...(initial ? { initial_date: initial } : {}),
});
const text = (initial: string | undefined, max: number) => ({
  type: "plain_text_input",
  action_id: "v",
  max_length: max,
  ...(initial ? { initial_value: initial } : {}),
});

/** What each field shows first: the plan's reading (an item left to a person: nothing, never the guess). */
function shownOf(i: PlanItem) {
  if (i.readBy === "nobody") return { when: [], weekdays: [] };
  const k = i.kind;
  const d = i.when.days;
  return {
    when: WHEN_OPTIONS.filter((o) =>
      k.kind === "as_needed" ? o.value === AS_NEEDED : i.when.rounds.some((r) => r.round === o.value),
    ),
    days: dayOptions(d).find((o) => o.value === daysValue(d)),
    from: d.every === "n_days" ? d.from : undefined,
    weekdays: d.every === "weekdays" ? d.weekdays.flatMap((n) => WEEKDAY_OPTIONS[n] ?? []) : [],
    start: i.when.start,
    stop: i.when.stop,
    cond: k.kind === "conditional" ? k.condition : k.kind === "as_needed" ? k.reason : undefined,
    limits: limitWords(k),
  };
}

/** One item's fields, as the plan reads it now: When and Days required, the rest optional. */
function itemInputs(i: PlanItem, usual: UsualWindow): unknown[] {
  const k = i.key;
  const v = shownOf(i);
  const after = i.highAlert
    ? `${usual.highAlertAfterMinutes} min after (a high-alert drug)`
    : `${usual.afterMinutes} min after`;
  return [
    input(`rounds:${k}`, "When it is given", multi(WHEN_OPTIONS, v.when), "Its rounds, or as needed.", true),
    input(`days:${k}`, "Days", pick(dayOptions(i.when.days), v.days), undefined, true),
    input(`from:${k}`, "Counting from", date(v.from), "Every other day, every 3 days: a day it is given."),
    input(`weekdays:${k}`, "Weekdays", multi(WEEKDAY_OPTIONS, v.weekdays), "For “on the weekdays below”."),
    input(`start:${k}`, "First day", date(v.start)),
    input(`stop:${k}`, "Last day", date(v.stop)),
    input(
      `cond:${k}`,
      "Only if… (its condition), or what it is given for as needed",
      text(v.cond, 200),
      "A condition makes it “only if”: due on its rounds with the condition, never in one tap.",
    ),
    input(
      `limits:${k}`,
      "As needed: at most … in 24 h, at least … hours between",
      text(v.limits, 20),
      "For example 2, 4. Either may be left out (2, or , 4).",
    ),
    input(
      `window:${k}`,
      "Dose window: minutes before and after the round",
      text(windowWords(i.window), 20),
      `For example 0, 30. Empty: the kennel's usual window, ${usual.beforeMinutes} min before to ${after}.`,
    ),
  ];
}

/**
 * The edit form of one item (`key`; every item when none: a form opened before "✏️ Edit…" was per
 * item): as the plan reads it now; an item the reader left to a person starts empty (its words
 * whole, the doubt above them), never from the reading it was unsure of.
 */
export function editModal(sealed: string, v: PlanView, usual: UsualWindow, key?: PlanItem["key"]) {
  const items = v.plan.items.filter((i) => key === undefined || i.key === key);
  const one = key !== undefined && items.length === 1;
  return modalView({
    callbackId: PLAN_EDIT_MODAL,
    sealed,
    title: one ? "Edit the item" : "Edit the plan",
    submit: "Save",
    close: "Back",
    // Words with no room to show whole beside the other items are not shown in part: the plan's message has them.
    blocks: fitItems(
      items.map((i) => ({
        words: itemHeading(i),
        inputs: itemInputs(i, usual),
        elsewhere: wordSections([nameOf(i), [{ text: PLAN_WORDS_ELSEWHERE }]])[0],
      })),
      [],
    ),
  });
}

/** The kind a person's choices make: as needed (chosen in "When"), only if… (a condition), or routine. */
function kindOf(
  i: PlanItem,
  asNeeded: boolean,
  cond: string,
  limits: ReturnType<typeof readLimits>,
): ItemKind {
  if (asNeeded)
    return {
      kind: "as_needed",
      ...(cond
        ? { reason: cond }
        : i.kind.kind === "as_needed" && i.kind.reason
          ? { reason: i.kind.reason }
          : {}),
      ...(limits && limits !== "bad" ? limits : {}),
    };
  return cond ? { kind: "conditional", condition: cond } : { kind: "routine" };
}

/** The days a person chose, or the error on the field at fault. */
function daysOf(
  i: PlanItem,
  choice: string | undefined,
  from: string | undefined,
  weekdays: number[],
  errors: Record<string, string>,
): Days {
  const k = i.key;
  const everyN = /^n(\d{1,2})$/.exec(choice ?? "");
  if (everyN) {
    if (from && isIsoDate(from)) return { every: "n_days", n: Number(everyN[1]), from };
    errors[`from:${k}`] = "Choose a day it is given, to count from.";
  } else if (choice === "dates" && i.when.days.every === "dates") {
    return i.when.days;
  } else if (choice === "weekdays") {
    if (weekdays.length) return { every: "weekdays", weekdays: [...new Set(weekdays)].sort() };
    errors[`weekdays:${k}`] = "Choose the weekdays it is given.";
  }
  return { every: "day" };
}

/**
 * The items a person changed in the edit form (only those the form shows), or the errors on the
 * fields at fault (nothing written). An item read by nobody is settled by a person's choice, even
 * unchanged.
 */
export function readEdit(
  items: PlanItem[],
  values: FormValues,
  petName: string,
): { ok: true; items: PlanItem[] } | { ok: false; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const out: PlanItem[] = [];
  for (const i of items.filter((x) => values[`rounds:${x.key}`] !== undefined)) {
    const next = readItem(i, values, petName, errors);
    typedConditionContacts(i, values, errors);
    // A person's choice settles the item, even unchanged: an item read by nobody becomes theirs.
    if (i.readBy === "nobody" || JSON.stringify(next) !== JSON.stringify(i)) out.push(next);
  }
  if (Object.keys(errors).length) return { ok: false, errors };
  return { ok: true, items: out };
}

/**
 * A condition or as-needed reason a person typed shows on the round posts in the channel: contact
 * details in it are refused at the field (the plan's own words, left as they were, are the kennel's).
 */
function typedConditionContacts(i: PlanItem, values: FormValues, errors: Record<string, string>) {
  const field = `cond:${i.key}`;
  const typed = cleanText(values[field]?.v?.value ?? "").trim();
  if (typed !== (shownOf(i).cond ?? "")) refuseContacts(errors, { [field]: typed }, "channel");
}

/** One item as the form sets it; each error on the field at fault goes into `errors`. */
function readItem(
  i: PlanItem,
  values: FormValues,
  petName: string,
  errors: Record<string, string>,
): PlanItem {
  const k = i.key;
  const v = (name: string) => values[`${name}:${k}`]?.v;
  const leftToYou = `for ${itemOf(petName, i)}: the words leave it to you`;
  const chosen = (v("rounds")?.selected_options ?? []).map((o) => o.value);
  const asNeeded = chosen.includes(AS_NEEDED);
  const rounds = ROUNDS.filter((r) => chosen.includes(r));
  const daysChoice = v("days")?.selected_option?.value ?? undefined;
  const weekdays = (v("weekdays")?.selected_options ?? [])
    .map((o) => Number(o.value))
    .filter((n) => n >= 0 && n <= 6);
  const start = v("start")?.selected_date ?? undefined;
  const stop = v("stop")?.selected_date ?? undefined;
  const cond = cleanText(v("cond")?.value ?? "").trim();
  const limits = readLimits(v("limits")?.value ?? "");
  const window = readWindow(v("window")?.value ?? "");
  if (!asNeeded && rounds.length === 0 && !keptWithoutRounds(i))
    errors[`rounds:${k}`] = `Choose its rounds, or as needed, ${leftToYou}.`;
  if (asNeeded && rounds.length) errors[`rounds:${k}`] = "Choose its rounds, or as needed: not both.";
  if (!daysChoice) errors[`days:${k}`] = `Choose the days ${leftToYou}.`;
  if (start && stop && stop < start) errors[`stop:${k}`] = "The last day is before the first.";
  if (limits === "bad")
    errors[`limits:${k}`] = "Write at most how many in 24 hours, then at least how many hours between: 2, 4.";
  if (limits && limits !== "bad" && !asNeeded)
    errors[`limits:${k}`] = "Limits are for a dose given as needed.";
  if (window === "bad")
    errors[`window:${k}`] = "Write the minutes before and after the round's time: 60, 120 (after: 1 to 720).";
  const days = daysOf(i, daysChoice, v("from")?.selected_date ?? undefined, weekdays, errors);
  const next: PlanItem = {
    ...i,
    when: {
      ...i.when,
      // As needed: no round (one already as needed keeps what it had, so Save unchanged changes nothing).
      rounds: asNeeded
        ? i.kind.kind === "as_needed"
          ? i.when.rounds
          : []
        : rounds.map(
            (round) => i.when.rounds.find((d) => d.round === round) ?? { round, why: "set by a person" },
          ),
      days,
      steps: i.when.steps,
      ...(start ? { start } : {}),
      ...(stop ? { stop } : {}),
    },
    kind: kindOf(i, asNeeded, cond, limits),
    doubts: i.doubts,
  };
  if (window && window !== "bad") next.window = window;
  else delete next.window;
  if (!start) delete next.when.start;
  if (!stop) delete next.when.stop;
  return next;
}
