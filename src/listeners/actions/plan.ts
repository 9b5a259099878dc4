/**
 * The care plan's buttons and forms (issues 34, 44): "📋 Plan…" (on a round sheet beside a pet whose
 * plan is not confirmed, and on the plans post) opens the plan's form, its questions answered in the
 * form itself (one tap each: the form is drawn again with each answer, Confirm once all are);
 * "✏️ Edit…" beside an item opens that item's edit form over it; Confirm and Save write a new
 * version of the plan. The one guard first; a form's metadata sealed (src/slack/seal.ts) and the
 * version it names checked to be the pet's current one; then the commit, and only then the ack
 * (src/listeners/ack.ts). A refusal says why and writes nothing. After a write, both posts of the
 * pet's round are drawn again from the record (src/listeners/plan-redraw.ts).
 */
import type { App } from "@slack/bolt";
import { confirmVersion, type PlanWrite, setItems } from "../../answers/plan-actions.ts";
import { planFormData } from "../../answers/plan-form.ts";
import { planAnswer, planEdit, planOpen } from "../../blocks/buttons.ts";
import { esc } from "../../blocks/mrkdwn.ts";
import {
  answersOf,
  PLAN_EDIT_MODAL,
  PLAN_MODAL,
  type PlanMeta,
  planModal,
  plansPostOf,
  readPlanMeta,
  roundMessageOf,
} from "../../blocks/plan.ts";
import { editModal, readEdit } from "../../blocks/plan-edit.ts";
import type { PlanForm } from "../../present/plan-form.ts";
import { planStateWords } from "../../words/plan.ts";
import type { BotDeps } from "../bot-deps.ts";
import { admit, privately } from "../guard.ts";
import { admitForm, formReplies, onForm, type TapArgs, type ViewAck, type ViewArgs } from "../interaction.ts";
import type { PlanPosts } from "../plan-redraw.ts";
import { couldNotRecord, FORGED, NO_STORE } from "../record-round.ts";

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
    "Some items are still left to a person: answer each question (or set it with ✏️ Edit…), then confirm. Nothing was written.",
};

type Body = {
  view?: { id?: string; hash?: string; private_metadata?: string; state?: { values?: unknown } };
  message?: { ts?: string; thread_ts?: string; blocks?: unknown };
  response_url?: string;
  trigger_id: string;
};

/** What the plan's listeners share: the bot's deps, the posts to draw again, the sealed metadata and the forms. */
class PlanForms {
  readonly deps: BotDeps;
  readonly posts: PlanPosts;

  constructor(deps: BotDeps, posts: PlanPosts) {
    this.deps = deps;
    this.posts = posts;
  }

  /** The metadata sealed, within Slack's 3000 characters (without the plans post's message when it would not fit). */
  sealed(meta: PlanMeta): string {
    const full = this.deps.seal.sign(JSON.stringify(meta));
    return full.length <= 3000 ? full : this.deps.seal.sign(JSON.stringify({ ...meta, m: undefined }));
  }

  usual() {
    const d = this.deps.config.doses;
    return {
      beforeMinutes: d.beforeMinutes,
      afterMinutes: d.afterMinutes,
      highAlertAfterMinutes: d.highAlertAfterMinutes,
    };
  }

  /** The plan's form for `viewer`, with the answers so far; undefined when the version is none. */
  async form(meta: PlanMeta, viewer: string, more: Partial<PlanForm> = {}) {
    const data = await planFormData(this.deps, meta.v, meta.a);
    if (!data) return undefined;
    const next: PlanMeta = { ...meta, v: data.view.versionId as number, a: Object.fromEntries(data.chosen) };
    return planModal(this.sealed(next), { ...data, viewer, ...more }, this.deps.config.timezone);
  }
}

export function registerPlan(app: App, deps: BotDeps, posts: PlanPosts): void {
  const forms = new PlanForms(deps, posts);
  // "📋 Plan…": the plan's form. "✏️ Edit…" (inside it): the item's edit form, pushed over it.
  app.action(planOpen.pattern, (args: TapArgs) => open(forms, args, false));
  app.action(planEdit.pattern, (args: TapArgs) => open(forms, args, true));
  app.action(planAnswer.pattern, (args: TapArgs) => answered(forms, args));
  app.view(
    PLAN_MODAL,
    onForm(deps, (args, ack) => submit(forms, args, ack, false)),
  );
  app.view(
    PLAN_EDIT_MODAL,
    onForm(deps, (args, ack) => submit(forms, args, ack, true)),
  );
}

/** "📋 Plan…" (a message's) or "✏️ Edit…" (inside the plan's form, `push`): the form opened. */
async function open(forms: PlanForms, args: TapArgs, push: boolean): Promise<void> {
  const { deps } = forms;
  await args.ack();
  const { body, action, client } = args;
  const b = body as unknown as Body;
  // Inside the plan's form: what it was opened from; on a message: the plans post's or the round post's.
  const opener = push ? readPlanMeta(deps.seal.open(b.view?.private_metadata)) : undefined;
  const channel = body.channel?.id ?? body.container?.channel_id ?? opener?.c;
  const tell = privately(deps, client, { user: body.user.id, channel, responseUrl: b.response_url });
  const admitted = await admit(deps, client, body.user, channel, { button: true });
  if (!admitted.ok) return void (await tell(admitted.message));
  const value = "value" in action ? action.value : undefined;
  const ids = (push ? planEdit : planOpen).decode(value);
  const meta: PlanMeta | undefined = ids
    ? push
      ? { ...(opener ?? {}), v: ids.v }
      : { v: ids.v, c: channel, m: plansPostOf(b.message), r: roundMessageOf(b.message) }
    : undefined;
  const data = meta ? await planFormData(deps, meta.v).catch(() => undefined) : undefined;
  if (!meta || !data) return void (await tell(REFUSED.unknown));
  const shown = { ...meta, v: data.view.versionId as number };
  const view = push
    ? editModal(forms.sealed(shown), data.view, forms.usual(), planEdit.decode(value)?.k)
    : await forms.form(shown, body.user.id);
  try {
    if (push) await client.views.push({ trigger_id: b.trigger_id, view: view as never });
    else await client.views.open({ trigger_id: b.trigger_id, view: view as never });
  } catch (error) {
    deps.log.warn({ err: String((error as Error)?.message ?? error) }, "views.open failed for a care plan");
    await tell("⚠️ Could not open the plan's form in Slack just now: tap again.");
  }
}

/** An answer to one of the form's questions: the form drawn again with it (Confirm once all are answered). */
async function answered(forms: PlanForms, args: TapArgs): Promise<void> {
  await args.ack();
  const { body, action, client } = args;
  const b = body as unknown as Body;
  const meta = readPlanMeta(forms.deps.seal.open(b.view?.private_metadata));
  if (!meta || !b.view?.id) return;
  const tapped = {
    blockId: "block_id" in action ? action.block_id : undefined,
    value: (action as { selected_option?: { value?: string } }).selected_option?.value,
  };
  const form = await forms.form({ ...meta, a: answersOf(meta, b.view.state?.values, tapped) }, body.user.id);
  if (!form) return;
  try {
    await client.views.update({ view_id: b.view.id, hash: b.view.hash, view: form as never });
  } catch (error) {
    // A newer answer's update came first (hash_conflict): it carries this answer too.
    forms.deps.log.debug(
      { err: String((error as Error)?.message ?? error) },
      "a plan form's answer not drawn",
    );
  }
}

/** What a submitted form writes: the items set (the edit form), or the confirmation with its answers. */
async function write(
  deps: BotDeps,
  form: ViewArgs["view"],
  meta: PlanMeta,
  who: Parameters<typeof setItems>[3],
  key: string,
  edit: boolean,
): Promise<PlanWrite | { errors: Record<string, string> }> {
  if (!edit) {
    const answers = new Map(Object.entries(answersOf(meta, form.state.values)));
    return confirmVersion(deps, meta.v, who, key, answers);
  }
  const data = await planFormData(deps, meta.v);
  if (!data || data.view.versionId !== meta.v) return { status: "refused", why: "not_current" };
  const read = readEdit(data.view.plan.items, form.state.values as never, data.view.petName);
  return read.ok ? setItems(deps, meta.v, read.items, who, key) : { errors: read.errors };
}

async function submit(forms: PlanForms, args: ViewArgs, ack: ViewAck, edit: boolean): Promise<void> {
  const { deps } = forms;
  const { body, view: form, client } = args;
  const meta = readPlanMeta(deps.seal.open(form.private_metadata));
  const replies = formReplies(deps, client, ack, { user: body.user.id, channel: meta?.c });
  try {
    const who = await admitForm(deps, args, meta, replies.refuse, { form: "a plan form", forged: FORGED });
    if (!meta || !who) return;
    // The view and the version it shows: after Save, Slack keeps the view's id for the plan's form
    // it turns into, and its Confirm is another request than the Save.
    const result = await write(deps, form, meta, who, `view:${body.view.id}:${meta.v}`, edit);
    if ("errors" in result) return await replies.atFields(result.errors);
    await answer(forms, args, ack, replies, meta, result, edit);
  } catch (error) {
    await replies.refuse(couldNotRecord(error));
  }
}

/** After the write: the form's next view (or closed), both posts drawn again, the person told. */
async function answer(
  forms: PlanForms,
  { body, client }: ViewArgs,
  ack: ViewAck,
  { tell, refuse }: ReturnType<typeof formReplies>,
  meta: PlanMeta,
  result: PlanWrite,
  edit: boolean,
): Promise<void> {
  if (result.status === "refused") return await refuse(REFUSED[result.why]);
  const v = result.version;
  const again = (more: Partial<PlanForm> = {}) =>
    forms.form({ ...meta, v: v.id, a: edit ? meta.a : {} }, body.user.id, more);
  // The words changed in the kennel system since it was drafted: shown, nothing written.
  if (result.status === "words_changed") {
    const shown = await again({ changedNow: result.changed });
    if (!(await ack.send({ response_action: "update", view: shown as never })))
      await tell(
        `⚠️ Nothing was written: ${esc(v.petName)}'s words changed in the kennel system since the plan was drafted. Open it again to read them.`,
      );
    return;
  }
  const pet = `${esc(v.petName)}'s care plan`;
  const ids = { bookingId: v.plan.bookingId, petId: v.plan.petId };
  const redraw = () =>
    result.status === "unchanged"
      ? Promise.resolve()
      : forms.posts.changed(client, ids, { channel: meta.c, plans: meta.m, round: meta.r });
  if (edit) {
    // Saved (or nothing changed): the plan's form again, the version as it stands, ready to confirm.
    const updated = await ack.send({ response_action: "update", view: (await again()) as never });
    await redraw();
    if (!updated) await tell(`✅ Saved ${pet} (${planStateWords(result.state)}): confirm it from the post.`);
    return;
  }
  await ack.send({ response_action: "clear" } as never);
  await redraw();
  await tell(
    result.state === "confirmed"
      ? `✅ ${pet} is confirmed: its doses are due from the next round.`
      : `✅ ${pet}: confirmed by you; ask a colleague to confirm it too (high-alert drug).`,
  );
}
