/**
 * A pet's care plan as a document (issue 34), the same on every surface: the plans post and the plan's
 * form in Slack, /pet and /booking, `kennel-desk plan` and the connector's get_care_plan. Its state
 * (not confirmed; a high-alert plan waiting for its second person; confirmed, by whom and when;
 * changed in the kennel system, with the old and new words), then each item: how the reader (or a
 * person) reads it, beside the API's own words, and what a person must settle ("❔ read by a
 * person: …"). Words from the API are values (cleaned, escaped by each serializer).
 */

import type { Round } from "../domain/care.ts";
import type { ItemOnRound } from "../domain/plan/schedule.ts";
import type { ChangedItem } from "../domain/plan/state.ts";
import { planState } from "../domain/plan/state.ts";
import type { Plan, PlanItem } from "../domain/plan/types.ts";
import { localDate } from "../time.ts";
import { dayHeading, timeOf } from "../words/dates.ts";
import {
  checkWords,
  itemKeyWords,
  onRoundWords,
  planStateByWords,
  readingWords,
  sourceLineWords,
} from "../words/plan.ts";
import { type ActionOf, type Doc, type Line, line, type Part, strong, toned, value } from "./doc.ts";
import { sourceWords } from "./plan-edit.ts";

export interface PlanView {
  /** The kept version (a Confirm or Edit button names it); none when drafted for this answer only. */
  versionId: number | undefined;
  plan: Plan;
  changed?: ChangedItem[] | undefined;
  petName: string;
  room?: string | undefined;
}

const itemIcon = (i: PlanItem) => (i.key === "meal" ? "🍽" : "💊");

/** "Rimadyl 50 mg" or "meal (house routine)": what the item is. */
function itemName(i: PlanItem): string {
  if (i.key === "meal") return i.feeding === "house_routine" ? "meal (house routine)" : "meal";
  return i.what.name ?? itemKeyWords(i.key);
}

/** Another item of the plan, named for staff: "Metacam 1.5ml (medication 2)". */
function otherItemName(key: PlanItem["key"], items: PlanItem[]): string {
  const other = items.find((o) => o.key === key);
  const slot = itemKeyWords(key);
  return other?.what.name ? `${value(other.what.name, 80)} (${slot})` : slot;
}

/** One item: its reading, its words (each field in staff's words), what is left to a person, and its marks. */
function planItemLines(i: PlanItem, items: PlanItem[]): Line[] {
  const reading =
    i.readBy === "nobody"
      ? [toned("alert", value(checkWords(i), 900))]
      : [toned(i.readBy === "person" ? "accent" : undefined, value(readingWords(i), 400))];
  const words = sourceWords(i).join(" · ");
  return [
    line(`${itemIcon(i)} `, strong(value(itemName(i), 80)), " · ", ...reading),
    // Where its words came from; a house-routine meal has none of its own, and says so.
    [toned("muted", value(sourceLineWords(words, i.feeding === "house_routine"), 900))],
    ...(i.highAlert
      ? [
          [
            toned(
              "warn",
              `💉 high-alert (${value(i.highAlert.word, 40)}): a second, different person confirms`,
            ),
          ],
        ]
      : []),
    ...(i.sameDrugAs.length
      ? [
          [
            toned(
              "warn",
              `⚠️ the same drug as ${i.sameDrugAs.map((k) => otherItemName(k, items)).join(", ")}: one dose or two?`,
            ),
          ],
        ]
      : []),
    ...(i.setBy ? [[toned("muted", `set by ${value(i.setBy.userName, 60)}`)]] : []),
  ];
}

/** The plan's state as shown: changed in the kennel system, else as its confirmations make it. */
export const planViewState = (v: Pick<PlanView, "plan" | "changed">) =>
  v.changed?.length ? "changed_in_source" : planState(v.plan);

/** The plan's state in words, with who confirmed it and when. */
function planStateLine(v: PlanView, timezone: string): Line {
  const state = planViewState(v);
  const who = v.plan.confirmations.map(
    (c) => `${value(c.userName, 60)} ${dayHeading(localDate(c.at, timezone))} ${timeOf(c.at, timezone)}`,
  );
  const words = planStateByWords(state, who);
  const tone = state === "confirmed" ? undefined : "warn";
  return [toned(tone, state === "changed_in_source" ? `⚠️ ${words}` : words)];
}

/** The words that changed in the kennel system: each item's old and new words. */
function changedLines(changed: ChangedItem[] | undefined): Line[] {
  return (changed ?? []).map(
    (c): Line => [
      toned(
        "warn",
        value(
          `${itemKeyWords(c.key)}: was "${c.before.map((f) => f.words).join(" · ") || "none"}", now "${c.after.map((f) => f.words).join(" · ") || "none"}"`,
          900,
        ),
      ),
    ],
  );
}

/**
 * A pet's plan in one line for its card and its booking's ("📋 Care plan: ✅ plan confirmed · confirmed
 * by Jane Thu 26 Nov 07:42", "· 2 items left to a person"); the plan's form shows it whole.
 */
export function planCardLine(v: PlanView, timezone: string): Line {
  const unread = v.plan.items.filter((i) => i.readBy === "nobody").length;
  return line(
    "📋 Care plan: ",
    ...planStateLine(v, timezone),
    unread ? toned("warn", ` · ${unread} ${unread === 1 ? "item" : "items"} left to a person`) : undefined,
  );
}

/** "Care plan · Biscuit (Kennel 4)" */
export const planTitle = (v: Pick<PlanView, "petName" | "room">) =>
  `Care plan · ${value(v.petName, 60)}${v.room ? ` (${value(v.room, 40)})` : ""}`;

/** One pet's plan, as an item of a list (the plans post) or on its own, with its state first. */
function planLines(v: PlanView, timezone: string): Line[] {
  return [
    line(strong(planTitle(v))),
    planStateLine(v, timezone),
    ...changedLines(v.changed),
    ...v.plan.items.flatMap((i) => planItemLines(i, v.plan.items)),
  ];
}

/** A pet's plan alone (`kennel-desk plan`, get_care_plan, the plan's form). */
export function planDoc(v: PlanView, timezone: string): Doc {
  const parts: Part[] = [
    { kind: "title", text: planTitle(v) },
    { kind: "summary", lines: [planStateLine(v, timezone), ...changedLines(v.changed)] },
    ...v.plan.items.map((i): Part => ({ kind: "item", lines: planItemLines(i, v.plan.items) })),
  ];
  return {
    fallback: `${planTitle(v)}: ${planStateLine(v, timezone)
      .map((s) => s.text)
      .join("")}`,
    parts,
  };
}

/**
 * The plans a round's pets still need confirmed ("Care plans to confirm · Evening round, Thu 26
 * Nov"): each pet's plan as an item, with its own button (Slack: "📋 Confirm or edit…").
 */
export function plansToConfirmDoc(
  heading: string,
  views: PlanView[],
  timezone: string,
  action?: ActionOf<PlanView>,
): Doc {
  const title = `Care plans to confirm · ${heading}`;
  // Every listed plan with a high-alert drug (drafted or waiting for its second), as each item says.
  const second = views.filter((v) => v.plan.items.some((i) => i.highAlert)).length;
  const changed = views.filter((v) => v.changed?.length).length;
  const summary = [
    `📋 ${views.length} ${views.length === 1 ? "pet's plan" : "pets' plans"} to confirm: each read from the kennel system's words; check the reading beside them, then Confirm (or Edit items…)`,
    second ? `💉 ${second} with a high-alert drug: a second, different person confirms` : "",
    changed ? `⚠️ ${changed} changed in the kennel system: confirm again` : "",
  ].filter(Boolean);
  return {
    fallback: `${title}: ${views.length} to confirm`,
    parts: [
      { kind: "title", text: title },
      { kind: "summary", lines: summary.map((t) => [{ text: t }]) },
      ...views.map((v): Part => {
        const a = action?.(v);
        return {
          kind: "item",
          lines: planLines(v, timezone),
          ...(a ? { action: { text: "📋 Confirm or edit…", ...a } } : {}),
        };
      }),
    ],
  };
}

/** What a plan's items ask of one day's rounds (`kennel-desk plan`, get_care_plan). */
export interface PlanOnDate {
  item: PlanItem["key"];
  rounds: Array<{ round: Round; on: ItemOnRound }>;
}

/** "🗓 Thu 26 Nov: Rimadyl 50 mg · morning due: 1 tab · midday not this round · evening due: 1 tab" */
function onDateLines(plan: Plan, date: string, onDate: PlanOnDate[]): Line[] {
  return onDate.map((d): Line => {
    const item = plan.items.find((i) => i.key === d.item);
    const rounds = d.rounds.map((r) => `${r.round} ${value(onRoundWords(r.on), 120)}`).join(" · ");
    return line(
      toned("muted", `🗓 ${dayHeading(date)}: `),
      strong(value(item ? itemName(item) : d.item, 80)),
      ` · ${rounds}`,
    );
  });
}

/**
 * A stay's (or a pet's) plans: each pet's plan with its state, a draft not kept yet said so, and what
 * each item asks of the day's rounds.
 */
export function carePlansDoc(
  a: {
    date: string;
    reference: string | undefined;
    plans: Array<{ kept: boolean; versions: number; view: PlanView; onDate: PlanOnDate[] }>;
    problems: string[];
  },
  timezone: string,
): Doc {
  const title = a.reference ? `Care plans · ${value(a.reference, 40)}` : "Care plan";
  const parts: Part[] = [{ kind: "title", text: title }];
  if (a.problems.length) {
    parts.push({
      kind: "summary",
      lines: a.problems.map((p): Line => [toned("alert", `⚠️ ${value(p, 300)}: check the kennel system`)]),
    });
  }
  if (a.plans.length === 0 && a.problems.length === 0) {
    parts.push({
      kind: "summary",
      lines: [[{ text: "No pet on this booking has a care plan: no pet is listed with its id." }]],
    });
  }
  for (const p of a.plans) {
    const kept = p.kept
      ? `version ${p.versions} kept in the care record`
      : p.view.changed?.length
        ? "drafted again now from the changed words: kept at the pet's next round, then confirmed again"
        : "drafted now from the kennel system's words: kept at the pet's first round";
    parts.push({
      kind: "item",
      lines: [
        ...planLines(p.view, timezone),
        [toned("muted", kept)],
        ...onDateLines(p.view.plan, a.date, p.onDate),
      ],
    });
  }
  return { fallback: `${title}: ${a.plans.length} ${a.plans.length === 1 ? "pet" : "pets"}`, parts };
}
