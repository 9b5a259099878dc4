/**
 * The care plan's buttons and forms (issue 34): "📋 Plan…" (on a round sheet beside a pet whose plan
 * is not confirmed, and on the plans post) opens the plan's form; "✏️ Edit items…" on it opens the
 * edit form over it; Confirm and Save write a new version of the plan. The one guard first; a form's
 * metadata sealed (src/slack/seal.ts) and the version it names checked to be the pet's current one;
 * then the commit, and only then the ack (src/listeners/ack.ts). A refusal says why and writes
 * nothing: the confirmer of a high-alert plan cannot be its second person.
 */
import type { App } from "@slack/bolt";
import { confirmVersion, type PlanWrite, setItems } from "../../answers/plan-actions.ts";
import { currentPlan, planVersion } from "../../answers/plans.ts";
import { planEdit, planOpen } from "../../blocks/buttons.ts";
import { esc } from "../../blocks/mrkdwn.ts";
import {
  PLAN_EDIT_MODAL,
  PLAN_MODAL,
  type PlanMeta,
  planModal,
  plansPostOf,
  readPlanMeta,
} from "../../blocks/plan.ts";
import { editModal, readEdit } from "../../blocks/plan-edit.ts";
import type { PlanView } from "../../present/plan.ts";
import { planStateWords } from "../../words/plan.ts";
import type { BotDeps } from "../bot-deps.ts";
import { admit, privately } from "../guard.ts";
import { admitForm, formReplies, onForm, type TapArgs, type ViewAck, type ViewArgs } from "../interaction.ts";
import { PlansPostRedraw } from "../plan-redraw.ts";
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
    "Some items were left to a person (each says what to check): set each with ✏️ Edit items… first, then confirm. Nothing was written.",
};

export function registerPlan(app: App, deps: BotDeps): void {
  const view = async (versionId: number): Promise<PlanView | undefined> => {
    const v = await planVersion(deps, versionId);
    if (!v) return undefined;
    return { versionId: v.id, plan: v.plan, changed: v.changed, petName: v.petName, room: v.room };
  };
  // The version shown, the channel to answer in, and the plans post's message the form came from
  // (drawn again after Save and Confirm); without the message when it would not fit Slack's 3000.
  const sealed = (v: number, c: string | undefined, m?: PlanMeta["m"]) => {
    const full = deps.seal.sign(JSON.stringify({ v, ...(c ? { c } : {}), ...(m ? { m } : {}) }));
    return full.length <= 3000 ? full : deps.seal.sign(JSON.stringify({ v, ...(c ? { c } : {}) }));
  };
  const posts = new PlansPostRedraw(deps);
  const usual = () => {
    const d = deps.config.doses;
    return {
      beforeMinutes: d.beforeMinutes,
      afterMinutes: d.afterMinutes,
      highAlertAfterMinutes: d.highAlertAfterMinutes,
    };
  };

  // "📋 Plan…": the plan's form. "✏️ Edit items…" (inside it): the edit form, pushed over it.
  for (const [kind, push] of [
    [planOpen, false],
    [planEdit, true],
  ] as const) {
    app.action(kind.pattern, async (args: TapArgs) => {
      await args.ack();
      const { body, action, client } = args;
      // Inside the plan's form ("Edit items…"): the channel and post message the form was opened from.
      const opener = push
        ? readPlanMeta(
            deps.seal.open((body as { view?: { private_metadata?: string } }).view?.private_metadata),
          )
        : undefined;
      const channel = body.channel?.id ?? body.container?.channel_id ?? opener?.c;
      const post = push
        ? opener?.m
        : plansPostOf((body as { message?: { ts?: string; blocks?: unknown } }).message);
      const tell = privately(deps, client, {
        user: body.user.id,
        channel,
        responseUrl: (body as { response_url?: string }).response_url,
      });
      const admitted = await admit(deps, client, body.user, channel, { button: true });
      if (!admitted.ok) return void (await tell(admitted.message));
      const ids = kind.decode("value" in action ? action.value : undefined);
      const current = ids ? await view(ids.v).catch(() => undefined) : undefined;
      if (!ids || !current) return void (await tell(REFUSED.unknown));
      // The pet's current version, whatever the button was drawn with (a sheet is older than an edit).
      const now = (await currentPlan(deps, current.plan.bookingId, current.plan.petId)) ?? undefined;
      const shown: PlanView = now
        ? { ...current, versionId: now.id, plan: now.plan, changed: now.changed }
        : current;
      const seal = sealed(shown.versionId as number, channel, post);
      const form = push ? editModal(seal, shown, usual()) : planModal(seal, shown, deps.config.timezone);
      const trigger = (body as { trigger_id: string }).trigger_id;
      try {
        if (push) await client.views.push({ trigger_id: trigger, view: form as never });
        else await client.views.open({ trigger_id: trigger, view: form as never });
      } catch (error) {
        deps.log.warn(
          { err: String((error as Error)?.message ?? error) },
          "views.open failed for a care plan",
        );
        await tell("⚠️ Could not open the plan's form in Slack just now: tap again.");
      }
    });
  }

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
        const shown = await planVersion(deps, meta.v);
        if (!shown) return await refuse(REFUSED.unknown);
        const read = readEdit(shown.plan.items, form.state.values as never, shown.petName);
        if (!read.ok) return await atFields(read.errors);
        result = await setItems(deps, meta.v, read.items, who, key);
      } else {
        result = await confirmVersion(deps, meta.v, who, key);
      }
      if (result.status === "refused") return await refuse(REFUSED[result.why]);
      const v = result.version;
      const pet = `${esc(v.petName)}'s care plan`;
      // The plans post's message the form came from, drawn again: the pet in its state now.
      const redraw = async () => {
        if (meta.m && meta.c) await posts.redraw(client, meta.c, meta.m);
      };
      if (edit) {
        // Saved: the plan's form again, the new version, ready to confirm.
        const next: PlanView = { versionId: v.id, plan: v.plan, petName: v.petName, room: v.room };
        const shown = planModal(sealed(v.id, meta.c, meta.m), next, deps.config.timezone);
        const updated = await ack.send({ response_action: "update", view: shown as never });
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
          : `✅ ${pet}: confirmed by you; a second, different person confirms it too (high-alert drug).`,
      );
    } catch (error) {
      await refuse(couldNotRecord(error));
    }
  }
}
