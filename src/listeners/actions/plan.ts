/**
 * The care plan's buttons and forms (issues 34, 44): "📋 Plan…" (on a round sheet beside a pet whose
 * plan is not confirmed, and on the plans post) opens the plan's form, its questions answered in the
 * form itself (one tap each: the form drawn again, Confirm once all are); "✏️ Edit…" beside an item
 * opens that item's edit form over it; Confirm and Save write a new version of the plan
 * (src/answers/plan-actions.ts). Through the pipeline (src/listeners/interaction.ts): the guard; a
 * form's metadata sealed and the version it names checked to be the pet's current one; then the
 * commit, and only then the ack. A refusal says why and writes nothing. After a write, both posts of
 * the pet's round are drawn again from the record (src/listeners/plan-redraw.ts).
 */
import type { App } from "@slack/bolt";
import { confirmVersion, type PlanWrite, setItems } from "../../answers/plan-actions.ts";
import { planFormData } from "../../answers/plan-form.ts";
import { type PlanVersion, planVersion } from "../../answers/plans.ts";
import { planAnswer, planEdit, planOpen, planPart } from "../../blocks/buttons.ts";
import { esc } from "../../blocks/mrkdwn.ts";
import {
  answersOf,
  planEditForm,
  planForm,
  planModal,
  plansPostOf,
  roundMessageOf,
} from "../../blocks/plan.ts";
import { editModal, readEdit } from "../../blocks/plan-edit.ts";
import type { PlanView } from "../../present/plan.ts";
import type { PlanForm as FormShown } from "../../present/plan-form.ts";
import { planStateWords } from "../../words/plan.ts";
import type { BotDeps } from "../bot-deps.ts";
import type { Form, Located, MetaOf, Tap } from "../interaction.ts";
import { nothingToFind, onForm, onTap, sealed } from "../interaction.ts";
import type { PlanPosts } from "../plan-redraw.ts";
import type { MessageRef } from "../record-round.ts";
import { FORGED, NO_STORE } from "../tapper-words.ts";
import { updateTappedView } from "../view-update.ts";

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
    "Some items are still left to a person (each says what to check): answer each question (or set it with ✏️ Edit…), then confirm. Nothing was written.",
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

type Meta = MetaOf<typeof planForm>;
type PlanFormSubmitted = Form<Meta, unknown>;

/** Inside the plan's form (an item's "✏️ Edit…", an answer): what the form carries, named. */
const opener = (deps: BotDeps, body: { view?: { private_metadata?: string } }) =>
  planForm.read(deps.seal.open(body.view?.private_metadata));

/** The metadata's wire form, from its names. */
const wire = (m: Meta) => ({
  v: m.versionId,
  ...(m.channel ? { c: m.channel } : {}),
  ...(m.post ? { m: m.post } : {}),
  ...(m.round ? { r: m.round } : {}),
  ...(Object.keys(m.answers).length ? { a: m.answers } : {}),
  ...(m.part ? { p: m.part } : {}),
});

/** The plan's form for `viewer`, with the answers so far; undefined when the version is none. */
async function formOf(deps: BotDeps, meta: Meta, viewer: string, more: Partial<FormShown> = {}) {
  const data = await planFormData(deps, meta.versionId, meta.answers);
  if (!data) return undefined;
  const next = {
    ...meta,
    versionId: data.view.versionId as number,
    answers: Object.fromEntries(data.chosen),
  };
  return planModal(
    sealed(deps, planForm, wire(next)),
    { ...data, viewer, ...more },
    deps.config.timezone,
    meta.part,
  );
}

export function registerPlan(app: App, deps: BotDeps, posts: PlanPosts): void {
  // "📋 Plan…": the plan's form. "✏️ Edit…" (inside it): the item's edit form, pushed over it.
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
  // An answer to one of the form's questions: the form drawn again with it (Confirm once all are answered).
  onTap(app, deps, {
    button: planAnswer,
    what: "a care plan's answer",
    opens: true,
    tampered: REFUSED.unknown,
    channelOf: (d, body) => opener(d, body)?.channel,
    locate: nothingToFind,
    run: (t) => drawnAgain(t, { blockId: actionOf(t)?.block_id, value: t.ids.answer }),
  });
  // "◀ Part 1", "Part 3 ▶" in a plan too long for one form: that part, the answers chosen so far kept.
  onTap(app, deps, {
    button: planPart,
    what: "a care plan's part",
    opens: true,
    tampered: REFUSED.unknown,
    channelOf: (d, body) => opener(d, body)?.channel,
    locate: nothingToFind,
    run: (t) => drawnAgain(t, undefined, t.ids.part),
  });
  const spec = { what: "a plan form", forged: FORGED, to: (meta: Meta) => ({ channel: meta.channel }) };
  onForm(app, deps, {
    ...spec,
    form: planForm,
    locate: nothingToFind,
    run: async (f) => {
      const answers = new Map(Object.entries(answersOf(f.meta.answers, f.view.state.values)));
      await answer(f, posts, await confirmVersion(deps, f.meta.versionId, f.who, keyOf(f), answers));
    },
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

/** The plan's form (or, `push`, an item's edit form over it) for the pet's current version. */
async function openPlan(
  t: Tap<
    { versionId: number; item?: PlanView["plan"]["items"][number]["key"] },
    PlanView,
    MessageRef | undefined
  >,
  push: boolean,
) {
  const { deps } = t;
  const message = (t.body as { message?: { ts?: string; thread_ts?: string; blocks?: unknown } }).message;
  // Inside the plan's form: what it was opened from; on a message: the plans post's or the round post's.
  const from = push ? opener(deps, t.body) : undefined;
  const meta: Meta = from
    ? { ...from, versionId: t.ids.versionId }
    : {
        versionId: t.ids.versionId,
        channel: t.where.c,
        post: plansPostOf(message),
        round: roundMessageOf(message),
        answers: {},
        part: 0,
      };
  const data = await planFormData(deps, meta.versionId);
  if (!data) return await t.refuse(REFUSED.unknown);
  const shown = { ...meta, versionId: data.view.versionId as number };
  const { beforeMinutes, afterMinutes, highAlertAfterMinutes } = deps.config.doses;
  const view = push
    ? editModal(
        sealed(deps, planEditForm, wire(shown)),
        data.view,
        { beforeMinutes, afterMinutes, highAlertAfterMinutes },
        t.ids.item,
      )
    : await formOf(deps, shown, t.who.userId);
  await t.open(view, {
    push,
    failure: "views.open failed for a care plan",
    words: "⚠️ Could not open the plan's form in Slack just now: tap again.",
  });
}

const actionOf = (t: { body: { actions: unknown[] } }) =>
  t.body.actions[0] as { block_id?: string } | undefined;

/**
 * An answer chosen in the plan's form (`tapped`), or another of its parts (`part`): the form drawn
 * again with it and every answer chosen so far, nothing written.
 */
async function drawnAgain(
  t: Tap<unknown, undefined, MessageRef | undefined>,
  tapped: { blockId?: string | undefined; value?: string } | undefined,
  part?: number,
) {
  const view = (t.body as { view?: { id?: string; hash?: string; state?: { values?: unknown } } }).view;
  const meta = opener(t.deps, t.body);
  if (!meta || !view?.id) return;
  const answers = answersOf(meta.answers, view.state?.values, tapped);
  const form = await formOf(t.deps, { ...meta, answers, part: part ?? meta.part }, t.who.userId);
  if (!form) return;
  // What did not happen, should Slack not draw it: the answer chosen, or the part turned to.
  const shown =
    part === undefined
      ? { what: "Your answer", on: "the care plan form" }
      : { what: `Part ${part + 1} of the care plan form` };
  await updateTappedView(t, { view_id: view.id, hash: view.hash, view: form }, shown);
}

// The view and the version it shows: after Save, Slack keeps the view's id for the plan's form
// it turns into, and its Confirm is another request than the Save.
const keyOf = (f: PlanFormSubmitted) => `${f.requestKey}:${f.meta.versionId}`;

/** A plan saved (`edit`: the plan's form again, to confirm) or confirmed; both posts of its round redrawn. */
async function answer(f: PlanFormSubmitted, posts: PlanPosts, result: PlanWrite, edit = false) {
  if (result.status === "refused") return await f.refuse(REFUSED[result.why]);
  const { meta, deps } = f;
  const v = result.version;
  const again = (more: Partial<FormShown> = {}) =>
    formOf(deps, { ...meta, versionId: v.id, answers: edit ? meta.answers : {} }, f.who.userId, more);
  // The words changed in the kennel system since it was drafted: shown, nothing written.
  if (result.status === "words_changed") {
    const shown = await again({ changedNow: result.changed });
    if (!(await f.ack.send({ response_action: "update", view: shown as never })))
      await f.tell(
        `⚠️ Nothing was written: ${esc(v.petName)}'s words changed in the kennel system since the plan was drafted. Open it again to read them.`,
      );
    return;
  }
  const pet = `${esc(v.petName)}'s care plan`;
  const redraw = () =>
    result.status === "unchanged"
      ? Promise.resolve()
      : posts.changed(
          f.client,
          { bookingId: v.plan.bookingId, petId: v.plan.petId },
          { channel: meta.channel, plans: meta.post, round: meta.round },
        );
  if (edit) {
    // Saved (or nothing changed): the plan's form again, the version as it stands, ready to confirm.
    const updated = await f.ack.send({ response_action: "update", view: (await again()) as never });
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
      : `✅ ${pet}: confirmed by you; ask a colleague to confirm it too (high-alert drug).`,
  );
}
