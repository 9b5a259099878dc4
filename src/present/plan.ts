/**
 * A pet's care plan as a document (issue 34), the same on every surface: the plans post and the plan's
 * form in Slack, /pet and /booking, `kennel-desk plan` and the connector's get_care_plan. Its state
 * (not confirmed; a high-alert plan waiting for its second person; confirmed, by whom and when;
 * changed in the kennel system, with the old and new words), then each item: how the reader (or a
 * person) reads it, beside the API's own words, and what a person must settle ("❔ read by a
 * person: …"). Words from the API are values (cleaned, escaped by each serializer).
 */

import type { Round } from "../domain/care.ts";
import { planQuestions, writtenTwice } from "../domain/plan/questions.ts";
import type { ItemOnRound } from "../domain/plan/schedule.ts";
import type { ChangedItem } from "../domain/plan/state.ts";
import { planState } from "../domain/plan/state.ts";
import type { Plan, PlanItem } from "../domain/plan/types.ts";
import { localDate } from "../time.ts";
import { dayHeading, timeOf } from "../words/dates.ts";
import {
  changedWords,
  checkWords,
  itemKeyWords,
  onRoundWords,
  planStateByWords,
  readingWords,
  sourceLineWords,
} from "../words/plan.ts";
import type { ActionOf, Doc, Line, Part } from "./doc.ts";
import { dotted, kept, line, strong, toned, value, whole } from "./doc.ts";
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
  return other?.what.name ? `${whole(other.what.name)} (${slot})` : slot;
}

/** One item: its reading, its words (each field in staff's words), what is left to a person, and its marks. */
function planItemLines(i: PlanItem, items: PlanItem[]): Line[] {
  const reading =
    i.readBy === "nobody"
      ? [toned("alert", whole(checkWords(i)))]
      : writtenTwice(i)
        ? [
            toned(
              "accent",
              `the same dose written twice: given once, as ${i.sameDrugAs.map((k) => otherItemName(k, items)).join(", ")} says`,
            ),
          ]
        : // Its reading as kept (a condition a person typed): a channel hides a contact in it.
          [kept(whole(readingWords(i)), i.readBy === "person" ? "accent" : undefined)];
  const words = sourceWords(i).join(" · ");
  return [
    line(`${itemIcon(i)} `, strong(whole(itemName(i))), " · ", ...reading),
    // Where its words came from; a house-routine meal has none of its own, and says so.
    [toned("muted", whole(sourceLineWords(words, i.feeding === "house_routine")))],
    ...(i.highAlert
      ? [[toned("warn", `💉 high-alert (${whole(i.highAlert.word)}): a second, different person confirms`)]]
      : []),
    // A drug in two slots: asked until a person settles it (issue 44: a settled doubt leaves every surface).
    ...(i.sameDrugAs.length && i.readBy === "nobody"
      ? [
          [
            toned(
              "warn",
              `⚠️ the same drug as ${i.sameDrugAs.map((k) => otherItemName(k, items)).join(", ")}: one dose or two?`,
            ),
          ],
        ]
      : []),
    ...(i.setBy ? [[toned("muted", `set by ${whole(i.setBy.userName)}`)]] : []),
  ];
}

/** The plan's state as shown: changed in the kennel system, else as its confirmations make it. */
export const planViewState = (v: Pick<PlanView, "plan" | "changed">) =>
  v.changed?.length ? "changed_in_source" : planState(v.plan);

/** The plan's state in words, with who confirmed it and when. */
function planStateLine(v: PlanView, timezone: string): Line {
  const state = planViewState(v);
  const who = v.plan.confirmations.map(
    (c) => `${whole(c.userName)} ${dayHeading(localDate(c.at, timezone))} ${timeOf(c.at, timezone)}`,
  );
  const words = planStateByWords(state, who);
  const tone = state === "confirmed" ? undefined : "warn";
  return [toned(tone, state === "changed_in_source" ? `⚠️ ${words}` : words)];
}

/** The words that changed in the kennel system: each item's old and new words. */
function changedLines(changed: ChangedItem[] | undefined): Line[] {
  return (changed ?? []).map((c): Line => [toned("warn", whole(changedWords(c)))]);
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
const planTitle = (v: Pick<PlanView, "petName" | "room">) =>
  `Care plan · ${whole(v.petName)}${v.room ? ` (${whole(v.room)})` : ""}`;

/**
 * The plan's form's title, "Plan · Teddy 9": Slack gives a form's title 24 characters, so the kennel
 * is said in the form's first line (src/present/plan-form.ts), never cut in a bracket here.
 */
export const planFormTitle = (v: Pick<PlanView, "petName">) => `Plan · ${whole(v.petName)}`;

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

/** How many questions a plan's form asks (what the dates are does not change how many). */
function questionsOf(v: Pick<PlanView, "plan">): number {
  const day = v.plan.draftedAt.slice(0, 10);
  return planQuestions(v.plan, { today: day, arrival: day, dateOrder: "dmy" }).length;
}

/** Each pet's button on the plans post: "📋 Answer 2 questions…", "📋 Confirm (2nd person)…", "📋 Confirm…". */
function planButtonWords(v: PlanView): string {
  const state = planViewState(v);
  if (state === "confirmed") return "📋 Plan…";
  const n = questionsOf(v);
  if (n > 0) return `📋 Answer ${n === 1 ? "1 question" : `${n} questions`}…`;
  return state === "awaiting_second" ? "📋 Confirm (2nd person)…" : "📋 Confirm…";
}

/**
 * The summary of a plans post, over every pet it lists now (`all`): what is left and how to do it
 * ("📋 15 to confirm · ✅ 2 confirmed since posted · ❔ 23 questions to answer, one tap each"), the
 * high-alert plans waiting for a second person and the plans changed in the kennel system.
 */
function plansSummary(all: PlanView[]): Line[] {
  const left = all.filter((v) => planViewState(v) !== "confirmed");
  const done = all.length - left.length;
  if (left.length === 0)
    return [[{ text: `✅ Every plan here is confirmed (${done}): their doses are due as each plan says` }]];
  const asked = left.reduce((n, v) => n + questionsOf(v), 0);
  const second = left.filter((v) => v.plan.items.some((i) => i.highAlert)).length;
  const changed = left.filter((v) => v.changed?.length).length;
  return [
    [
      ...dotted(
        `📋 ${left.length} to confirm`,
        done ? `✅ ${done} confirmed since posted` : undefined,
        asked ? `❔ ${asked} ${asked === 1 ? "question" : "questions"} to answer, one tap each` : undefined,
      ),
    ],
    [
      {
        text: "Each plan is read from the kennel system's words: open it, answer its questions, check the reading beside the words, then Confirm",
      },
    ],
    ...(second
      ? [[{ text: `💉 ${second} with a high-alert drug: a second, different person confirms` }]]
      : []),
    ...(changed ? [[{ text: `⚠️ ${changed} changed in the kennel system: confirm again` }]] : []),
  ];
}

/**
 * The plans a round's pets still need confirmed ("Care plans to confirm · Evening round, Thu 26
 * Nov"): each pet's plan as an item, with its own button (Slack: "📋 Answer 2 questions…"), the
 * summary counting `all` (every pet of the whole post, default these) as they stand now.
 */
export function plansToConfirmDoc(
  heading: string,
  views: PlanView[],
  timezone: string,
  action?: ActionOf<PlanView>,
  all: PlanView[] = views,
): Doc {
  const title = `Care plans to confirm · ${heading}`;
  const left = all.filter((v) => planViewState(v) !== "confirmed").length;
  return {
    fallback: `${title}: ${left} to confirm${left < all.length ? `, ${all.length - left} confirmed` : ""}`,
    parts: [
      { kind: "title", text: title },
      { kind: "summary", lines: plansSummary(all) },
      ...views.map((v): Part => {
        const a = action?.(v);
        return {
          kind: "item",
          lines: planLines(v, timezone),
          ...(a ? { action: { text: planButtonWords(v), ...a } } : {}),
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
    const rounds = d.rounds.map((r) => `${r.round} ${whole(onRoundWords(r.on))}`).join(" · ");
    return line(
      toned("muted", `🗓 ${dayHeading(date)}: `),
      strong(whole(item ? itemName(item) : d.item)),
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
      lines: a.problems.map((p): Line => [toned("alert", `⚠️ ${whole(p)}: check the kennel system`)]),
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
