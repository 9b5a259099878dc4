/**
 * The care plan in Slack (issue 34): the plan's form (its document, an "Edit items…" button and
 * Confirm) and the edit form (per item: rounds, days, dates, kind, condition). Pure: the listener
 * opens them (their metadata sealed: src/slack/seal.ts) and reads the edit with `readEdit`, which
 * turns a person's choices into plan items; what may be written is checked against the plan's
 * current version (src/answers/plan-actions.ts), never taken from the form.
 */
import { z } from "zod";
import { ROUNDS, type Round } from "../domain/care.ts";
import { planState } from "../domain/plan/state.ts";
import type { Days, ItemKind, PlanItem } from "../domain/plan/types.ts";
import { cleanText } from "../domain/text.ts";
import { type PlanView, planDoc, plansToConfirmDoc, planTitle } from "../present/plan.ts";
import { isIsoDate } from "../time.ts";
import { planEdit, planOpen } from "./buttons.ts";
import { docBlocks, docThread } from "./doc.ts";
import { truncate } from "./mrkdwn.ts";
import { type Threaded, threaded } from "./thread.ts";

export const PLAN_MODAL = "plan_confirm";
export const PLAN_EDIT_MODAL = "plan_edit_form";

const id = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
/** What the plan's forms carry back: the version shown, and the channel to answer in. */
const planMeta = z.object({ v: id, c: z.string().max(40).optional() });
export type PlanMeta = z.infer<typeof planMeta>;

export function readPlanMeta(raw: string | undefined): PlanMeta | undefined {
  if (!raw || raw.length > 3000) return undefined;
  try {
    const r = planMeta.safeParse(JSON.parse(raw));
    return r.success ? r.data : undefined;
  } catch {
    return undefined;
  }
}

const plain = (text: string, max: number) => ({
  type: "plain_text" as const,
  text: truncate(text || " ", max),
});

/** The plan's form: the plan as a document, "Edit items…", and Confirm (none when confirmed already). */
export function planModal(sealed: string, v: PlanView, timezone: string) {
  const state = v.changed?.length ? "changed_in_source" : planState(v.plan);
  const blocks = [
    ...docBlocks(planDoc(v, timezone).parts.filter((p) => p.kind !== "title")),
    {
      type: "actions",
      elements: [
        {
          type: "button",
          text: plain("✏️ Edit items…", 75),
          action_id: planEdit.actionId(),
          value: planEdit.encode({ v: v.versionId as number }),
        },
      ],
    },
  ].slice(0, 100);
  const confirm = state === "awaiting_second" ? "Confirm (2nd person)" : "Confirm";
  return {
    type: "modal" as const,
    callback_id: PLAN_MODAL,
    private_metadata: sealed,
    title: plain(planTitle(v).replace(/^Care plan · /, "Plan · "), 24),
    ...(state === "confirmed" ? {} : { submit: plain(confirm, 24) }),
    close: plain("Close", 24),
    blocks,
  };
}

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
  if (days.every === "n_days") return days.n === 2 ? "n2" : "n3";
  if (days.every === "weekdays") return "weekdays";
  return "day";
}

const input = (blockId: string, label: string, element: Record<string, unknown>, hint?: string) => ({
  type: "input",
  block_id: blockId,
  optional: true,
  label: plain(label, 2000),
  ...(hint ? { hint: plain(hint, 2000) } : {}),
  element,
});

/** The edit form: each item's rounds, days, dates and kind, as the plan reads them now. */
export function editModal(sealed: string, v: PlanView) {
  const blocks: unknown[] = [];
  for (const i of v.plan.items) {
    const k = i.key;
    const name = i.key === "meal" ? "🍽 meal" : `💊 ${i.what.name ?? i.key}`;
    const rounds = i.when.rounds.map((d) => option(d.round, d.round));
    const kind = KIND_OPTIONS.find((o) => o.value === i.kind.kind) as (typeof KIND_OPTIONS)[number];
    const from = i.when.days.every === "n_days" ? i.when.days.from : undefined;
    const weekdays =
      i.when.days.every === "weekdays" ? i.when.days.weekdays.map((d) => WEEKDAY_OPTIONS[d]) : [];
    blocks.push(
      {
        type: "section",
        text: {
          type: "mrkdwn",
          text: truncate(
            `*${name}*\n${i.source.fields.map((f) => `${f.field}: "${f.words}"`).join("\n")}`.replace(
              /[&<>]/g,
              (c) => (c === "&" ? "&amp;" : c === "<" ? "&lt;" : "&gt;"),
            ),
            2900,
          ),
          verbatim: true,
        },
      },
      input(`rounds:${k}`, "Rounds", {
        type: "multi_static_select",
        action_id: "v",
        options: ROUND_OPTIONS,
        ...(rounds.length ? { initial_options: rounds } : {}),
      }),
      input(`days:${k}`, "Days", {
        type: "static_select",
        action_id: "v",
        options: DAY_OPTIONS,
        initial_option: DAY_OPTIONS.find((o) => o.value === daysValue(i.when.days)),
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
        ...(i.when.start ? { initial_date: i.when.start } : {}),
      }),
      input(`stop:${k}`, "Last day", {
        type: "datepicker",
        action_id: "v",
        ...(i.when.stop ? { initial_date: i.when.stop } : {}),
      }),
      input(`kind:${k}`, "Kind", {
        type: "static_select",
        action_id: "v",
        options: KIND_OPTIONS,
        initial_option: kind,
      }),
      input(`cond:${k}`, "Only if… (the condition), or as needed for (the reason)", {
        type: "plain_text_input",
        action_id: "v",
        max_length: 200,
        ...(i.kind.kind === "conditional" ? { initial_value: i.kind.condition } : {}),
        ...(i.kind.kind === "as_needed" && i.kind.reason ? { initial_value: i.kind.reason } : {}),
      }),
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
): { ok: true; items: PlanItem[] } | { ok: false; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const out: PlanItem[] = [];
  for (const i of items) {
    const k = i.key;
    const v = (name: string) => values[`${name}:${k}`]?.v;
    const rounds = (v("rounds")?.selected_options ?? [])
      .map((o) => o.value)
      .filter((r): r is Round => ROUNDS.includes(r as Round));
    const daysChoice = v("days")?.selected_option?.value ?? daysValue(i.when.days);
    const from = v("from")?.selected_date ?? undefined;
    const weekdays = (v("weekdays")?.selected_options ?? [])
      .map((o) => Number(o.value))
      .filter((n) => n >= 0 && n <= 6);
    const start = v("start")?.selected_date ?? undefined;
    const stop = v("stop")?.selected_date ?? undefined;
    const kindChoice = v("kind")?.selected_option?.value ?? i.kind.kind;
    const cond = cleanText(v("cond")?.value ?? "").trim();
    let days: Days = { every: "day" };
    if (daysChoice === "n2" || daysChoice === "n3") {
      if (!from || !isIsoDate(from)) errors[`from:${k}`] = "Choose a day it is given, to count from.";
      else days = { every: "n_days", n: daysChoice === "n2" ? 2 : 3, from };
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
      kind =
        i.kind.kind === "as_needed"
          ? { ...i.kind, ...(cond ? { reason: cond } : {}) }
          : { kind: "as_needed", ...(cond ? { reason: cond } : {}) };
    }
    if (kind.kind !== "as_needed" && rounds.length === 0)
      errors[`rounds:${k}`] = "Choose its rounds (or make it as needed).";
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
    if (!start) delete next.when.start;
    if (!stop) delete next.when.stop;
    // A person's choice settles the item, even unchanged: an item read by nobody becomes theirs.
    if (i.readBy === "nobody" || JSON.stringify(next) !== JSON.stringify(i)) out.push(next);
  }
  if (Object.keys(errors).length) return { ok: false, errors };
  return { ok: true, items: out };
}

/** The plans post of a round: each pet's plan to confirm, with its "📋 Confirm or edit…" button. */
export function plansMessages(heading: string, views: PlanView[], timezone: string): Threaded {
  const doc = plansToConfirmDoc(heading, views, timezone, (v) =>
    v.versionId === undefined
      ? undefined
      : {
          actionId: planOpen.actionId(`${v.plan.bookingId}-${v.plan.petId}`),
          value: planOpen.encode({ v: v.versionId }),
        },
  );
  const { head, items, foot } = docThread(doc);
  return threaded(doc.fallback, head, items, foot);
}
