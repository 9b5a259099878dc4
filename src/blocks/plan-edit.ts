/**
 * The care plan's edit form (issue 34): per item, its rounds, days, first and last day, kind
 * (routine, as needed with its reason and limits, only if… with its condition) and the dose window's
 * own minutes (issue 35), as the plan reads them now; and `readEdit`, which turns a person's choices
 * into plan items or the errors on the fields at fault (nothing written). What may be written is
 * checked against the plan's current version (src/answers/plan-actions.ts), never taken from the form.
 */
import { ROUNDS, type Round } from "../domain/care.ts";
import type { Days, ItemKind, PlanItem } from "../domain/plan/types.ts";
import { cleanText } from "../domain/text.ts";
import type { PlanView } from "../present/plan.ts";
import { leftToPersonLines, sourceWords } from "../present/plan-edit.ts";
import { isIsoDate } from "../time.ts";
import { esc, truncate } from "./mrkdwn.ts";
import { PLAN_EDIT_MODAL, plain } from "./plan.ts";

const option = (text: string, value: string) => ({ text: plain(text, 75), value });
const ROUND_OPTIONS = ROUNDS.map((r) => option(r, r));
const DAY_OPTIONS = [
  option("every day", "day"),
  option("every other day", "n2"),
  option("every 3 days", "n3"),
  option("on the weekdays below", "weekdays"),
];
const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
const WEEKDAY_OPTIONS = WEEKDAYS.map((d, i) => option(d, String(i)));
const KIND_OPTIONS = [
  option("routine", "routine"),
  option("as needed", "as_needed"),
  option("only if…", "conditional"),
];

function daysValue(days: Days): string {
  if (days.every === "n_days") return `n${days.n}`;
  if (days.every === "weekdays") return "weekdays";
  if (days.every === "dates") return "dates";
  return "day";
}

/**
 * The day choices for an item: the usual ones, and the item's own when it is none of them (every 7
 * days, listed dates), so saving the form never turns what was read into something else.
 */
function dayOptions(days: Days) {
  if (days.every === "n_days" && days.n !== 2 && days.n !== 3)
    return [...DAY_OPTIONS, option(`every ${days.n} days`, `n${days.n}`)];
  if (days.every === "dates")
    return [...DAY_OPTIONS, option(`on the dates read: ${days.dates.join(", ")}`, "dates")];
  return DAY_OPTIONS;
}

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

const input = (blockId: string, label: string, element: Record<string, unknown>, hint?: string) => ({
  type: "input",
  block_id: blockId,
  optional: true,
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

/** An item's heading: its name, what the reader left to a person (above the words), the words whole. */
function itemHeading(i: PlanItem): string {
  const name = i.key === "meal" ? "🍽 meal" : `💊 ${i.what.name ?? i.key}`;
  const doubt = leftToPersonLines(i);
  const words = sourceWords(i);
  return truncate(`*${esc(name)}*\n${[...doubt, ...words].map(esc).join("\n")}`, 2900);
}

/**
 * The edit form: each item's rounds, days, dates and kind as the plan reads them now; an item the
 * reader left to a person starts empty (its words whole, the doubt above them), never from the
 * reading it was unsure of.
 */
export function editModal(sealed: string, v: PlanView, usual: UsualWindow) {
  const blocks: unknown[] = [];
  for (const i of v.plan.items) {
    const k = i.key;
    // Left to a person: no reading offered as a choice (Save unchanged would keep the guess).
    const read = i.readBy !== "nobody";
    const rounds = read ? i.when.rounds.map((d) => option(d.round, d.round)) : [];
    const kind = read ? KIND_OPTIONS.find((o) => o.value === i.kind.kind) : undefined;
    const days = read ? dayOptions(i.when.days).find((o) => o.value === daysValue(i.when.days)) : undefined;
    const from = read && i.when.days.every === "n_days" ? i.when.days.from : undefined;
    const weekdays =
      read && i.when.days.every === "weekdays" ? i.when.days.weekdays.map((d) => WEEKDAY_OPTIONS[d]) : [];
    const start = read ? i.when.start : undefined;
    const stop = read ? i.when.stop : undefined;
    const cond = !read
      ? undefined
      : i.kind.kind === "conditional"
        ? i.kind.condition
        : i.kind.kind === "as_needed"
          ? i.kind.reason
          : undefined;
    const limits = read ? limitWords(i.kind) : undefined;
    const after = i.highAlert
      ? `${usual.highAlertAfterMinutes} min after (a high-alert drug)`
      : `${usual.afterMinutes} min after`;
    blocks.push(
      { type: "section", text: { type: "mrkdwn", text: itemHeading(i), verbatim: true } },
      input(`rounds:${k}`, "Rounds", {
        type: "multi_static_select",
        action_id: "v",
        options: ROUND_OPTIONS,
        ...(rounds.length ? { initial_options: rounds } : {}),
      }),
      input(`days:${k}`, "Days", {
        type: "static_select",
        action_id: "v",
        options: dayOptions(i.when.days),
        ...(days ? { initial_option: days } : {}),
      }),
      input(`from:${k}`, "Counting from (every other day, every 3 days: a day it is given)", {
        type: "datepicker",
        action_id: "v",
        ...(from ? { initial_date: from } : {}),
      }),
      input(`weekdays:${k}`, "Weekdays", {
        type: "multi_static_select",
        action_id: "v",
        options: WEEKDAY_OPTIONS,
        ...(weekdays.length ? { initial_options: weekdays } : {}),
      }),
      input(`start:${k}`, "First day", {
        type: "datepicker",
        action_id: "v",
        ...(start ? { initial_date: start } : {}),
      }),
      input(`stop:${k}`, "Last day", {
        type: "datepicker",
        action_id: "v",
        ...(stop ? { initial_date: stop } : {}),
      }),
      input(`kind:${k}`, "Kind", {
        type: "static_select",
        action_id: "v",
        options: KIND_OPTIONS,
        ...(kind ? { initial_option: kind } : {}),
      }),
      input(`cond:${k}`, "Only if… (the condition), or as needed for (the reason)", {
        type: "plain_text_input",
        action_id: "v",
        max_length: 200,
        ...(cond ? { initial_value: cond } : {}),
      }),
      input(
        `limits:${k}`,
        "As needed: at most … in 24 h, at least … hours between",
        {
          type: "plain_text_input",
          action_id: "v",
          max_length: 20,
          ...(limits ? { initial_value: limits } : {}),
        },
        "For example 2, 4. Either may be left out (2, or , 4).",
      ),
      input(
        `window:${k}`,
        "Dose window: minutes before and after the round",
        {
          type: "plain_text_input",
          action_id: "v",
          max_length: 20,
          ...(windowWords(i.window) ? { initial_value: windowWords(i.window) } : {}),
        },
        `For example 0, 30. Empty: the kennel's usual window, ${usual.beforeMinutes} min before to ${after}.`,
      ),
    );
  }
  return {
    type: "modal" as const,
    callback_id: PLAN_EDIT_MODAL,
    private_metadata: sealed,
    title: plain("Edit the plan", 24),
    submit: plain("Save", 24),
    close: plain("Back", 24),
    blocks: blocks.slice(0, 100),
  };
}

type Values = Record<
  string,
  Record<
    string,
    {
      selected_option?: { value?: string } | null;
      selected_options?: Array<{ value?: string }> | null;
      selected_date?: string | null;
      value?: string | null;
    }
  >
>;

/** The items a person changed in the edit form, or the errors on the fields at fault (nothing written). */
export function readEdit(
  items: PlanItem[],
  values: Values,
  petName: string,
): { ok: true; items: PlanItem[] } | { ok: false; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const out: PlanItem[] = [];
  for (const i of items) {
    const k = i.key;
    const v = (name: string) => values[`${name}:${k}`]?.v;
    // Left to a person: what they chose, never the reading the reader was unsure of.
    const read = i.readBy !== "nobody";
    const leftToYou = `for ${itemOf(petName, i)}: the words leave it to you`;
    const rounds = (v("rounds")?.selected_options ?? [])
      .map((o) => o.value)
      .filter((r): r is Round => ROUNDS.includes(r as Round));
    const daysChoice = v("days")?.selected_option?.value ?? (read ? daysValue(i.when.days) : undefined);
    const from = v("from")?.selected_date ?? undefined;
    const weekdays = (v("weekdays")?.selected_options ?? [])
      .map((o) => Number(o.value))
      .filter((n) => n >= 0 && n <= 6);
    const start = v("start")?.selected_date ?? undefined;
    const stop = v("stop")?.selected_date ?? undefined;
    const kindChoice = v("kind")?.selected_option?.value ?? (read ? i.kind.kind : undefined);
    if (!daysChoice) errors[`days:${k}`] = `Choose the days ${leftToYou}.`;
    if (!kindChoice) errors[`kind:${k}`] = `Choose routine, as needed or only if… ${leftToYou}.`;
    const cond = cleanText(v("cond")?.value ?? "").trim();
    let days: Days = { every: "day" };
    const everyN = /^n(\d{1,2})$/.exec(daysChoice ?? "");
    if (everyN) {
      if (!from || !isIsoDate(from)) errors[`from:${k}`] = "Choose a day it is given, to count from.";
      else days = { every: "n_days", n: Number(everyN[1]), from };
    } else if (daysChoice === "dates" && i.when.days.every === "dates") {
      days = i.when.days;
    } else if (daysChoice === "weekdays") {
      if (weekdays.length === 0) errors[`weekdays:${k}`] = "Choose the weekdays it is given.";
      else days = { every: "weekdays", weekdays: [...new Set(weekdays)].sort() };
    }
    if (start && stop && stop < start) errors[`stop:${k}`] = "The last day is before the first.";
    let kind: ItemKind = { kind: "routine" };
    if (kindChoice === "conditional") {
      if (!cond) errors[`cond:${k}`] = "Say the condition (for example: only if she has eaten).";
      else kind = { kind: "conditional", condition: cond };
    } else if (kindChoice === "as_needed") {
      const limits = readLimits(v("limits")?.value ?? "");
      if (limits === "bad")
        errors[`limits:${k}`] =
          "Write at most how many in 24 hours, then at least how many hours between: 2, 4.";
      kind = {
        kind: "as_needed",
        ...(cond
          ? { reason: cond }
          : read && i.kind.kind === "as_needed" && i.kind.reason
            ? { reason: i.kind.reason }
            : {}),
        ...(limits && limits !== "bad" ? limits : {}),
      };
    }
    const window = readWindow(v("window")?.value ?? "");
    if (window === "bad")
      errors[`window:${k}`] =
        "Write the minutes before and after the round's time: 60, 120 (after: 1 to 720).";
    if (kind.kind !== "as_needed" && rounds.length === 0)
      errors[`rounds:${k}`] = read
        ? "Choose its rounds (or make it as needed)."
        : `Choose the rounds (or 'as needed') ${leftToYou}.`;
    const next: PlanItem = {
      ...i,
      when: {
        ...i.when,
        rounds: rounds.map(
          (round) => i.when.rounds.find((d) => d.round === round) ?? { round, why: "set by a person" },
        ),
        days,
        steps: i.when.steps,
        ...(start ? { start } : {}),
        ...(stop ? { stop } : {}),
      },
      kind,
      doubts: i.doubts,
    };
    if (window && window !== "bad") next.window = window;
    else delete next.window;
    if (!start) delete next.when.start;
    if (!stop) delete next.when.stop;
    // A person's choice settles the item, even unchanged: an item read by nobody becomes theirs.
    if (i.readBy === "nobody" || JSON.stringify(next) !== JSON.stringify(i)) out.push(next);
  }
  if (Object.keys(errors).length) return { ok: false, errors };
  return { ok: true, items: out };
}
