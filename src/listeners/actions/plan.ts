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

export function registerPlan(app: App, deps: BotDeps, posts: PlanPosts): void {
  const sealed = (meta: PlanMeta) => {
    const full = deps.seal.sign(JSON.stringify(meta));
    return full.length <= 3000 ? full : deps.seal.sign(JSON.stringify({ ...meta, m: undefined }));
  };
  const usual = () => {
    const d = deps.config.doses;
    return {
      beforeMinutes: d.beforeMinutes,
      afterMinutes: d.afterMinutes,
      highAlertAfterMinutes: d.highAlertAfterMinutes,
    };
  };
  /** The plan's form for `viewer`, with the answers so far; undefined when the version is none. */
  const formOf = async (meta: PlanMeta, viewer: string, more: Partial<PlanForm> = {}) => {
    const data = await planFormData(deps, meta.v, meta.a);
    if (!data) return undefined;
    const next: PlanMeta = { ...meta, v: data.view.versionId as number, a: Object.fromEntries(data.chosen) };
    return planModal(sealed(next), { ...data, viewer, ...more }, deps.config.timezone);
  };

  // "📋 Plan…": the plan's form. "✏️ Edit…" (inside it): the item's edit form, pushed over it.
  for (const [kind, push] of [
    [planOpen, false],
    [planEdit, true],
  ] as const) {
    app.action(kind.pattern, async (args: TapArgs) => {
      await args.ack();
      const { body, action, client } = args;
      const b = body as unknown as Body;
      // Inside the plan's form: what it was opened from; on a message: the plans post's or the round post's.
      const opener = push ? readPlanMeta(deps.seal.open(b.view?.private_metadata)) : undefined;
      const channel = body.channel?.id ?? body.container?.channel_id ?? opener?.c;
      const tell = privately(deps, client, { user: body.user.id, channel, responseUrl: b.response_url });
      const admitted = await admit(deps, client, body.user, channel, { button: true });
      if (!admitted.ok) return void (await tell(admitted.message));
      const ids = kind.decode("value" in action ? action.value : undefined);
      const meta: PlanMeta | undefined = ids
        ? push
          ? { ...(opener ?? {}), v: ids.v }
          : { v: ids.v, c: channel, m: plansPostOf(b.message), r: roundMessageOf(b.message) }
        : undefined;
      const data = meta ? await planFormData(deps, meta.v).catch(() => undefined) : undefined;
      if (!meta || !data) return void (await tell(REFUSED.unknown));
      const shown = { ...meta, v: data.view.versionId as number };
      const key = push ? planEdit.decode("value" in action ? action.value : undefined)?.k : undefined;
      const form = push
        ? editModal(sealed(shown), data.view, usual(), key)
        : await formOf(shown, body.user.id);
      try {
        if (push) await client.views.push({ trigger_id: b.trigger_id, view: form as never });
        else await client.views.open({ trigger_id: b.trigger_id, view: form as never });
      } catch (error) {
        deps.log.warn(
          { err: String((error as Error)?.message ?? error) },
          "views.open failed for a care plan",
        );
        await tell("⚠️ Could not open the plan's form in Slack just now: tap again.");
      }
    });
  }

  // An answer to one of the form's questions: the form drawn again with it (Confirm once all are answered).
  app.action(planAnswer.pattern, async (args: TapArgs) => {
    await args.ack();
    const { body, action, client } = args;
    const b = body as unknown as Body;
    const meta = readPlanMeta(deps.seal.open(b.view?.private_metadata));
    if (!meta || !b.view?.id) return;
    const tapped = {
      blockId: "block_id" in action ? action.block_id : undefined,
      value: (action as { selected_option?: { value?: string } }).selected_option?.value,
    };
    const form = await formOf({ ...meta, a: answersOf(meta, b.view.state?.values, tapped) }, body.user.id);
    if (!form) return;
    try {
      await client.views.update({ view_id: b.view.id, hash: b.view.hash, view: form as never });
    } catch (error) {
      // A newer answer's update came first (hash_conflict): it carries this answer too.
      deps.log.debug({ err: String((error as Error)?.message ?? error) }, "a plan form's answer not drawn");
    }
  });

  app.view(
    PLAN_MODAL,
    onForm(deps, (args, ack) => submit(args, ack, false)),
  );
  app.view(
    PLAN_EDIT_MODAL,
    onForm(deps, (args, ack) => submit(args, ack, true)),
  );

  async function submit(args: ViewArgs, ack: ViewAck, edit: boolean): Promise<void> {
    const { body, view: form, client } = args;
    const meta = readPlanMeta(deps.seal.open(form.private_metadata));
    const { tell, refuse, atFields } = formReplies(deps, client, ack, {
      user: body.user.id,
      channel: meta?.c,
    });
    try {
      const who = await admitForm(deps, args, meta, refuse, { form: "a plan form", forged: FORGED });
      if (!meta || !who) return;
      // The view and the version it shows: after Save, Slack keeps the view's id for the plan's form
      // it turns into, and its Confirm is another request than the Save.
      const key = `view:${body.view.id}:${meta.v}`;
      let result: PlanWrite;
      if (edit) {
        const data = await planFormData(deps, meta.v);
        if (!data || data.view.versionId !== meta.v) return await refuse(REFUSED.not_current);
        const read = readEdit(data.view.plan.items, form.state.values as never, data.view.petName);
        if (!read.ok) return await atFields(read.errors);
        result = await setItems(deps, meta.v, read.items, who, key);
      } else {
        const answers = new Map(Object.entries(answersOf(meta, form.state.values)));
        result = await confirmVersion(deps, meta.v, who, key, answers);
      }
      if (result.status === "refused") return await refuse(REFUSED[result.why]);
      const v = result.version;
      const again = (more: Partial<PlanForm> = {}) =>
        formOf({ ...meta, v: v.id, a: edit ? meta.a : {} }, body.user.id, more);
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
      const redraw = () =>
        result.status === "unchanged"
          ? Promise.resolve()
          : posts.changed(
              client,
              { bookingId: v.plan.bookingId, petId: v.plan.petId },
              {
                channel: meta.c,
                plans: meta.m,
                round: meta.r,
              },
            );
      if (edit) {
        // Saved (or nothing changed): the plan's form again, the version as it stands, ready to confirm.
        const updated = await ack.send({ response_action: "update", view: (await again()) as never });
        await redraw();
        if (!updated)
          await tell(`✅ Saved ${pet} (${planStateWords(result.state)}): confirm it from the post.`);
        return;
      }
      await ack.send({ response_action: "clear" } as never);
      await redraw();
      await tell(
        result.state === "confirmed"
          ? `✅ ${pet} is confirmed: its doses are due from the next round.`
          : `✅ ${pet}: confirmed by you; ask a colleague to confirm it too (high-alert drug).`,
      );
    } catch (error) {
      await refuse(couldNotRecord(error));
    }
  }
}
