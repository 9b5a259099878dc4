/**
 * The care plan in Slack (issue 34): the plan's form (its document, an "Edit items…" button and
 * Confirm) and the plans post; the edit form is src/blocks/plan-edit.ts. Pure: the listener
 * opens them (their metadata sealed: src/slack/seal.ts) and reads the edit with `readEdit`, which
 * turns a person's choices into plan items; what may be written is checked against the plan's
 * current version (src/answers/plan-actions.ts), never taken from the form.
 */
import { z } from "zod";
import { type PlanView, planDoc, planTitle, planViewState } from "../present/plan.ts";
import { plansPostDoc } from "../present/plans-post.ts";
import { planEdit, planOpen } from "./buttons.ts";
import { docBlocks, docThread } from "./doc.ts";
import { defineForm } from "./forms.ts";
import { context, fallback, truncate } from "./mrkdwn.ts";
import { type Threaded, threaded } from "./thread.ts";
import type { Message } from "./types.ts";

const PLAN_MODAL = "plan_confirm";
export const PLAN_EDIT_MODAL = "plan_edit_form";

const id = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const TITLE = "Care plans to confirm · ";
/**
 * The plans post's message a form was opened from, to draw again after Save and Confirm: its ts,
 * its heading (the post's first message) or its reply's label, and its pets (booking, pet) in order.
 */
const plansPostRef = z.object({
  t: z.string().max(40),
  h: z.string().max(300).optional(),
  r: z.string().max(600).optional(),
  /** The first message's summary as posted, when the post has more pets than it (theirs in replies). */
  s: z.array(z.string().max(600)).max(10).optional(),
  p: z
    .array(z.tuple([id, id]))
    .min(1)
    .max(100),
});
export type PlansPostRef = z.infer<typeof plansPostRef>;
/** What the plan's forms carry back: the version shown, the channel to answer in, the post's message. */
const planMeta = z.object({ v: id, c: z.string().max(40).optional(), m: plansPostRef.optional() });
type PlanMeta = z.infer<typeof planMeta>;

/** Without the post's message when it would not fit Slack's 3000 characters once sealed. */
const shorter = (m: PlanMeta) => [{ ...m, m: undefined }];
const names = (m: PlanMeta) => ({ versionId: m.v, channel: m.c, post: m.m });
/** The plan's form (Confirm, "✏️ Edit items…"). */
export const planForm = defineForm(PLAN_MODAL, planMeta, { shorter, names });
/** The edit form (Save), pushed over the plan's form. */
export const planEditForm = defineForm(PLAN_EDIT_MODAL, planMeta, { shorter, names });

export const plain = (text: string, max: number) => ({
  type: "plain_text" as const,
  text: truncate(text || " ", max),
});

/** The plan's form: the plan as a document, "Edit items…", and Confirm (none when confirmed already). */
export function planModal(sealed: string, v: PlanView, timezone: string) {
  const state = planViewState(v);
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

/** A plan's form behind a button (a card's "📋 Care plan…"): the kept version it opens. */
export const planAction = (v: PlanView) =>
  v.versionId === undefined
    ? undefined
    : {
        actionId: planOpen.actionId(`${v.plan.bookingId}-${v.plan.petId}`),
        value: planOpen.encode({ v: v.versionId }),
      };

/** The plans post of a round: each pet's plan to confirm, with its "📋 Confirm or edit…" button. */
export function plansMessages(heading: string, views: PlanView[], timezone: string): Threaded {
  const doc = plansPostDoc(heading, views, timezone, planAction);
  const { head, items, foot } = docThread(doc);
  return threaded(doc.fallback, head, items, foot);
}

type Shown = { type?: string; text?: { text?: string }; elements?: Array<{ text?: string }> };

/**
 * The plans post's message a button was on (Slack sends it with the tap), or undefined when the
 * button was elsewhere (a round sheet, a card): its heading or reply label, and its pets in order.
 */
export function plansPostOf(
  message: { ts?: string; blocks?: unknown } | undefined,
): PlansPostRef | undefined {
  if (!message?.ts || !Array.isArray(message.blocks)) return undefined;
  const blocks = message.blocks as Array<Shown & { accessory?: { action_id?: string } }>;
  const first = blocks[0];
  const head = first?.type === "header" ? (first.text?.text ?? "") : "";
  const label = first?.type === "context" ? (first.elements?.[0]?.text ?? "") : "";
  if (!head.startsWith(TITLE) && !label.startsWith(`*${TITLE}`)) return undefined;
  const p: Array<[number, number]> = [];
  for (const b of blocks) {
    const m = /^plan_open:(\d+)-(\d+)$/.exec(b.accessory?.action_id ?? "");
    if (m) p.push([Number(m[1]), Number(m[2])]);
  }
  // A first message with replies: its summary counts the whole post's pets, which it cannot see.
  const summary =
    head && blocks[1]?.type === "context" ? (blocks[1].elements ?? []).map((e) => e.text ?? "") : [];
  const total = Number(/^📋 (\d+) pet/.exec(summary[0] ?? "")?.[1] ?? p.length);
  const r = plansPostRef.safeParse({
    t: message.ts,
    ...(head ? { h: head.slice(TITLE.length) } : { r: label }),
    ...(total !== p.length ? { s: summary } : {}),
    p,
  });
  return r.success ? r.data : undefined;
}

/** One message of a plans post drawn again: its pets in their state now, its head or reply label kept. */
export function plansPostMessage(post: PlansPostRef, views: PlanView[], timezone: string): Message {
  const doc = plansPostDoc(post.h ?? "", views, timezone, planAction);
  if (post.h !== undefined) {
    const blocks = docBlocks(doc.parts);
    // The whole post's summary kept as posted when this message holds only some of its pets.
    const at = blocks.findIndex((b) => b.type === "context");
    if (post.s && at >= 0) blocks[at] = context(...post.s);
    return { text: fallback(doc.fallback), blocks };
  }
  return {
    text: fallback(doc.fallback),
    blocks: [context(post.r ?? ""), ...docBlocks(doc.parts.filter((p) => p.kind === "item"))],
  };
}
