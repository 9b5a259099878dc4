/**
 * The care plan's buttons and forms (issue 34): "📋 Plan…" (on a round sheet beside a pet whose plan
 * is not confirmed, and on the plans post) opens the plan's form; "✏️ Edit items…" on it opens the
 * edit form over it; Confirm and Save write a new version of the plan (src/answers/plan-actions.ts).
 * Through the pipeline (src/listeners/interaction.ts): the guard; a form's metadata sealed and the
 * version it names checked to be the pet's current one; then the commit, and only then the ack. A
 * refusal says why and writes nothing: the confirmer of a high-alert plan cannot be its second person.
 */
import type { App } from "@slack/bolt";
import { confirmVersion, type PlanWrite, setItems } from "../../answers/plan-actions.ts";
import { currentPlan, type PlanVersion, planVersion } from "../../answers/plans.ts";
import { planEdit, planOpen } from "../../blocks/buttons.ts";
import { esc } from "../../blocks/mrkdwn.ts";
import { planEditForm, planForm, planModal, plansPostOf } from "../../blocks/plan.ts";
import { editModal, readEdit } from "../../blocks/plan-edit.ts";
import type { PlanView } from "../../present/plan.ts";
import { planStateWords } from "../../words/plan.ts";
import type { BotDeps } from "../bot-deps.ts";
import {
  type Form,
  type IdsOf,
  type Located,
  type MetaOf,
  nothingToFind,
  onForm,
  onTap,
  sealed,
  type Tap,
} from "../interaction.ts";
import { PlansPostRedraw } from "../plan-redraw.ts";
import { FORGED, type MessageRef, NO_STORE } from "../record-round.ts";

const REFUSED: Record<Extract<PlanWrite, { status: "refused" }>["why"], string> = {
  no_store: NO_STORE,
  unknown:
    "That plan is not one Kennel Desk keeps: nothing was written. Run /rounds again for a fresh sheet.",
  not_current:
    "This plan has changed since it was opened (someone confirmed or edited it, or the kennel system's words changed): nothing was written. Open it again from the sheet.",
  same_person:
    "You confirmed this plan already: a plan with a high-alert drug needs a second, different person to confirm it. Nothing was written.",
  already_confirmed: "This plan is confirmed already: nothing was written.",
  items_unread:
    "Some items were left to a person (each says what to check): set each with ✏️ Edit items… first, then confirm. Nothing was written.",
};

/** The version a button or form names, as its form shows it; refused when the record keeps none. */
async function shownVersion(deps: BotDeps, ids: { versionId: number }): Promise<Located<PlanView>> {
  const v = await planVersion(deps, ids.versionId).catch(() => undefined);
  if (!v) return { ok: false, refusal: REFUSED.unknown };
  return {
    ok: true,
    found: { versionId: v.id, plan: v.plan, changed: v.changed, petName: v.petName, room: v.room },
  };
}

/** Inside the plan's form ("Edit items…"): the channel and plans post message the form was opened from. */
const opener = (deps: BotDeps, body: { view?: { private_metadata?: string } }) =>
  planForm.read(deps.seal.open(body.view?.private_metadata));

type PlanForm = Form<MetaOf<typeof planForm>, unknown>;

export function registerPlan(app: App, deps: BotDeps): void {
  const posts = new PlansPostRedraw(deps);
  // "📋 Plan…": the plan's form. "✏️ Edit items…" (inside it): the edit form, pushed over it.
  for (const [button, push] of [
    [planOpen, false],
    [planEdit, true],
  ] as const) {
    onTap(app, deps, {
      button,
      what: "a care plan button",
      opens: true,
      tampered: REFUSED.unknown,
      channelOf: (d, body) => (push ? opener(d, body)?.channel : undefined),
      locate: shownVersion,
      run: (t) => openPlan(t, push),
    });
  }
  const spec = {
    what: "a plan form",
    forged: FORGED,
    to: (meta: MetaOf<typeof planForm>) => ({ channel: meta.channel }),
  };
  onForm(app, deps, {
    ...spec,
    form: planForm,
    locate: nothingToFind,
    run: async (f) => answer(f, posts, await confirmVersion(deps, f.meta.versionId, f.who, keyOf(f))),
  });
  onForm(app, deps, {
    ...spec,
    form: planEditForm,
    locate: async (d, meta): Promise<Located<PlanVersion>> => {
      const v = await planVersion(d, meta.versionId);
      return v ? { ok: true, found: v } : { ok: false, refusal: REFUSED.unknown };
    },
    async run(f) {
      const read = readEdit(f.found.plan.items, f.values, f.found.petName);
      if (!read.ok) return await f.atFields(read.errors);
      await answer(f, posts, await setItems(deps, f.meta.versionId, read.items, f.who, keyOf(f)), true);
    },
  });
}

/** The plan's form (or, `push`, the edit form over it) for the pet's current version. */
async function openPlan(t: Tap<IdsOf<typeof planOpen>, PlanView, MessageRef | undefined>, push: boolean) {
  const { deps, found } = t;
  const post = push
    ? opener(deps, t.body)?.post
    : plansPostOf((t.body as { message?: { ts?: string; blocks?: unknown } }).message);
  // The pet's current version, whatever the button was drawn with (a sheet is older than an edit).
  const now = await currentPlan(deps, found.plan.bookingId, found.plan.petId);
  const shown: PlanView = now ? { ...found, versionId: now.id, plan: now.plan, changed: now.changed } : found;
  const meta = {
    v: shown.versionId as number,
    ...(t.where.c ? { c: t.where.c } : {}),
    ...(post ? { m: post } : {}),
  };
  const { beforeMinutes, afterMinutes, highAlertAfterMinutes } = deps.config.doses;
  const view = push
    ? editModal(sealed(deps, planEditForm, meta), shown, {
        beforeMinutes,
        afterMinutes,
        highAlertAfterMinutes,
      })
    : planModal(sealed(deps, planForm, meta), shown, deps.config.timezone);
  await t.open(view, {
    push,
    failure: "views.open failed for a care plan",
    words: "⚠️ Could not open the plan's form in Slack just now: tap again.",
  });
}

// The view and the version it shows: after Save, Slack keeps the view's id for the plan's form
// it turns into, and its Confirm is another request than the Save.
const keyOf = (f: PlanForm) => `${f.requestKey}:${f.meta.versionId}`;

/** A plan saved (`edit`: the plan's form again, to confirm) or confirmed; the plans post redrawn. */
async function answer(f: PlanForm, posts: PlansPostRedraw, result: PlanWrite, edit = false) {
  if (result.status === "refused") return await f.refuse(REFUSED[result.why]);
  const { meta, deps } = f;
  const v = result.version;
  const pet = `${esc(v.petName)}'s care plan`;
  // The plans post's message the form came from, drawn again: the pet in its state now.
  const redraw = async () => {
    if (meta.post && meta.channel) await posts.redraw(f.client, meta.channel, meta.post);
  };
  if (edit) {
    // Saved: the plan's form again, the new version, ready to confirm.
    const next: PlanView = { versionId: v.id, plan: v.plan, petName: v.petName, room: v.room };
    const again = {
      v: v.id,
      ...(meta.channel ? { c: meta.channel } : {}),
      ...(meta.post ? { m: meta.post } : {}),
    };
    const shown = planModal(sealed(deps, planForm, again), next, deps.config.timezone);
    const updated = await f.ack.send({ response_action: "update", view: shown as never });
    await redraw();
    if (!updated)
      await f.tell(`✅ Saved ${pet} (${planStateWords(result.state)}): confirm it from the post.`);
    return;
  }
  await f.ack.send({ response_action: "clear" } as never);
  await redraw();
  await f.tell(
    result.state === "confirmed"
      ? `✅ ${pet} is confirmed: its doses are due from the next round.`
      : `✅ ${pet}: confirmed by you; a second, different person confirms it too (high-alert drug).`,
  );
}
