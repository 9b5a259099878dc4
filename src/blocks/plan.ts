/**
 * The care plan in Slack (issue 34): the plan's form (its document with its questions, "✏️ Edit…"
 * beside each item and Confirm: src/present/plan-form.ts; its parts: src/blocks/plan-parts.ts) and
 * the plans post; the edit form is src/blocks/plan-edit.ts. Pure: the listener
 * opens them (their metadata sealed: src/slack/seal.ts) and reads the edit with `readEdit`, which
 * turns a person's choices into plan items; what may be written is checked against the plan's
 * current version (src/answers/plan-actions.ts), never taken from the form.
 */

import { z } from "zod";
import { channelDoc } from "../present/channel-words.ts";
import { replyLabel } from "../present/parts.ts";
import { type PlanView, planFormTitle, plansToConfirmDoc } from "../present/plan.ts";
import { type PlanForm, planFormDoc } from "../present/plan-form.ts";
import { planAnswer, planOpen, recordAll, recordEach } from "./buttons.ts";
import { docBlocks, docThread } from "./doc.ts";
import { defineForm } from "./forms.ts";
import { modalView, plain } from "./modal.ts";
import { planFormParts } from "./plan-parts.ts";

/** Plain text for the plan's forms (the one every form uses). */
export { plain };

import { context, esc, fallback } from "./mrkdwn.ts";
import { type Threaded, threaded } from "./thread.ts";
import type { Message } from "./types.ts";

const PLAN_MODAL = "plan_confirm";
export const PLAN_EDIT_MODAL = "plan_edit_form";

const id = () => z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const TITLE = "Care plans to confirm · ";
/**
 * The plans post's message a form was opened from, to draw again after Save and Confirm: its ts,
 * its heading (the post's first message) or its reply's label, and its pets (booking, pet) in order.
 */
const plansPostRef = () =>
  z.object({
    t: z.string().max(40),
    /** A reply's thread: the post's first message (its counts drawn again too). */
    th: z.string().max(40).optional(),
    h: z.string().max(300).optional(),
    r: z.string().max(600).optional(),
    p: z
      .array(z.tuple([id(), id()]))
      .min(1)
      .max(100),
  });
export type PlansPostRef = z.infer<ReturnType<typeof plansPostRef>>;
/**
 * What the plan's forms carry back: the version shown, the channel to answer in, the post's message
 * (a plans post's, or `r`: a round post's, drawn again after Save and Confirm: its kept sheet and
 * where it is), the answers chosen so far to its questions (question id → answer id), and the part
 * of the form shown.
 */
const planMeta = () =>
  z.object({
    v: id(),
    c: z.string().max(40).optional(),
    m: plansPostRef().optional(),
    r: z.object({ s: id(), t: z.string().max(40), h: z.string().max(40).optional() }).optional(),
    a: z.record(z.string().max(120), z.string().max(4)).optional(),
    /** The part shown of a plan too long for one form (from 0; none: the first). */
    p: z.number().int().min(1).max(99).optional(),
  });
type PlanMeta = z.infer<ReturnType<typeof planMeta>>;

/** Without the post's message when it would not fit Slack's 3000 characters once sealed. */
const shorter = (m: PlanMeta) => [{ ...m, m: undefined }];
const names = (m: PlanMeta) => ({
  versionId: m.v,
  channel: m.c,
  post: m.m,
  round: m.r,
  answers: m.a ?? {},
  part: m.p ?? 0,
});
/** The plan's form (its questions, Confirm, "✏️ Edit…" beside each item). */
export const planForm = defineForm(PLAN_MODAL, planMeta, { shorter, names });
/** The edit form (Save), pushed over the plan's form. */
export const planEditForm = defineForm(PLAN_EDIT_MODAL, planMeta, { shorter, names });

/**
 * The answers a plan form holds (issue 44): those its sealed metadata kept, then each radio button's
 * choice Slack sends in the view's state (`q:<question id>` blocks), then the one just tapped.
 */
export function answersOf(
  kept: Record<string, string> | undefined,
  values: unknown,
  tapped?: { blockId?: string; value?: string },
): Record<string, string> {
  const out: Record<string, string> = { ...(kept ?? {}) };
  const state = (values ?? {}) as Record<
    string,
    Record<string, { selected_option?: { value?: string } | null }>
  >;
  for (const [block, actions] of Object.entries(state)) {
    if (!block.startsWith("q:")) continue;
    const value = answerId(Object.values(actions ?? {})[0]?.selected_option?.value);
    if (value !== undefined) out[block.slice(2)] = value;
  }
  if (tapped?.blockId?.startsWith("q:") && tapped.value) out[tapped.blockId.slice(2)] = tapped.value;
  return out;
}

/** An answer's id, as a radio button's value carries it (what Slack sends in the view's state). */
function answerId(value: string | undefined): string | undefined {
  return planAnswer.read(value)?.answer;
}

/**
 * The plan's form (issue 44): the plan as a document, "✏️ Edit…" beside each item (the edit form of
 * that item), each question of its doubts with its answers in the form itself after the item it is
 * about; Confirm only once every question is answered, and not for the person who confirmed a
 * high-alert plan first ("Ask a colleague to confirm"). A plan longer than a form (its 100 blocks,
 * its 250 kB) is shown in parts (`part`, from 0), each headed by what it and the others hold, with buttons to the
 * others: every item, word and question in one of them, Confirm in the last.
 */
export function planModal(sealed: string, f: PlanForm, timezone: string, part = 0) {
  const doc = planFormDoc(f, timezone);
  const v = f.view;
  const pages = planFormParts(doc);
  const at = Math.min(Math.max(part, 0), pages.length - 1);
  return modalView({
    callbackId: PLAN_MODAL,
    sealed,
    title: planFormTitle(v),
    submit: at === pages.length - 1 ? doc.confirm : undefined,
    close: "Close",
    blocks: pages[at] as unknown[],
  });
}

/** A plan's form behind a button (a card's "📋 Care plan…"): the kept version it opens. */
export const planAction = (v: PlanView) =>
  v.versionId === undefined
    ? undefined
    : {
        actionId: planOpen.actionId(`${v.plan.bookingId}-${v.plan.petId}`),
        value: planOpen.encode({ v: v.versionId }),
      };

/** The plans post of a round: each pet's plan to confirm, with its button ("📋 Answer 2 questions…", "📋 Confirm…"). */
export function plansMessages(heading: string, views: PlanView[], timezone: string): Threaded {
  const doc = channelDoc(plansToConfirmDoc(heading, views, timezone, planAction));
  const { head, items, foot } = docThread(doc);
  return threaded(doc.fallback, head, items, foot);
}

type Shown = { type?: string; text?: { text?: string }; elements?: Array<{ text?: string }> };

/**
 * The round post's message a button was on (📋 Plan… beside a pet on a round sheet), or undefined:
 * its kept sheet (from any record button's ids on it), its ts and its thread's, to draw it again.
 */
export function roundMessageOf(
  message: { ts?: string; thread_ts?: string; blocks?: unknown } | undefined,
): { s: number; t: string; h?: string } | undefined {
  if (!message?.ts || !Array.isArray(message.blocks)) return undefined;
  for (const b of message.blocks as Array<{ elements?: Array<{ action_id?: string; value?: string }> }>) {
    for (const e of b.elements ?? []) {
      if (!recordEach.pattern.test(e.action_id ?? "") && !recordAll.pattern.test(e.action_id ?? "")) continue;
      const ids = recordEach.decode(e.value);
      if (ids)
        return {
          s: ids.s,
          t: message.ts,
          ...(message.thread_ts && message.thread_ts !== message.ts ? { h: message.thread_ts } : {}),
        };
    }
  }
  return undefined;
}

/** The pets of a plans post's message, in order, by their buttons ([bookingId, petId]). */
export function plansPostPets(blocks: unknown): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  for (const b of (Array.isArray(blocks) ? blocks : []) as Array<{ accessory?: { action_id?: string } }>) {
    const m = /^plan_open:(\d+)-(\d+)$/.exec(b.accessory?.action_id ?? "");
    if (m) out.push([Number(m[1]), Number(m[2])]);
  }
  return out;
}

/**
 * The plans post's message a button was on (Slack sends it with the tap), or undefined when the
 * button was elsewhere (a round sheet, a card): its heading or reply label, and its pets in order.
 */
export function plansPostOf(
  message: { ts?: string; thread_ts?: string; blocks?: unknown } | undefined,
): PlansPostRef | undefined {
  if (!message?.ts || !Array.isArray(message.blocks)) return undefined;
  const blocks = message.blocks as Array<Shown & { accessory?: { action_id?: string } }>;
  const first = blocks[0];
  const head = first?.type === "header" ? (first.text?.text ?? "") : "";
  const label = first?.type === "context" ? (first.elements?.[0]?.text ?? "") : "";
  if (!head.startsWith(TITLE) && !label.startsWith(`*${TITLE}`)) return undefined;
  const p = plansPostPets(blocks);
  const thread = message.thread_ts && message.thread_ts !== message.ts ? { th: message.thread_ts } : {};
  const r = plansPostRef().safeParse({
    t: message.ts,
    ...thread,
    ...(head ? { h: head.slice(TITLE.length) } : { r: label }),
    p,
  });
  return r.success ? r.data : undefined;
}

/**
 * The messages of a kept plans post (issue 44), as a tap on each would name them (their ts aside):
 * the first with the post's heading, each reply with its label ("*Care plans to confirm · …* · 21–40
 * of 60"), each with its pets.
 */
export function plansPostRefsOf(
  heading: string,
  messages: Array<Array<[number, number]>>,
): Array<Omit<PlansPostRef, "t">> {
  const total = messages.reduce((n, m) => n + m.length, 0);
  let at = 0;
  return messages.map((p, i) => {
    const start = at;
    at += p.length;
    return i === 0
      ? { h: heading, p }
      : { r: `*${esc(`${TITLE}${heading}`)}* · ${replyLabel(start, at, total)}`, p };
  });
}

/**
 * One message of a plans post drawn again: its pets in their state now, its head or reply label kept;
 * the first message's summary counts `all` (every pet of the whole post now, issue 44; default its own).
 */
export function plansPostMessage(
  post: PlansPostRef,
  views: PlanView[],
  timezone: string,
  all: PlanView[] = views,
): Message {
  const doc = channelDoc(plansToConfirmDoc(post.h ?? "", views, timezone, planAction, all));
  if (post.h !== undefined) return { text: fallback(doc.fallback), blocks: docBlocks(doc.parts) };
  return {
    text: fallback(doc.fallback),
    blocks: [context(post.r ?? ""), ...docBlocks(doc.parts.filter((p) => p.kind === "item"))],
  };
}
