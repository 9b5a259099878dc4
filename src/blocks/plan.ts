/**
 * The care plan in Slack (issue 34): the plan's form (its document, an "Edit items…" button and
 * Confirm) and the plans post; the edit form is src/blocks/plan-edit.ts. Pure: the listener
 * opens them (their metadata sealed: src/slack/seal.ts) and reads the edit with `readEdit`, which
 * turns a person's choices into plan items; what may be written is checked against the plan's
 * current version (src/answers/plan-actions.ts), never taken from the form.
 */
import { z } from "zod";
import { type PlanView, planDoc, plansToConfirmDoc, planTitle, planViewState } from "../present/plan.ts";
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
