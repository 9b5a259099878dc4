/**
 * The follow-up's answers (issue 35): Helped, No change or Worse in one tap, or "📝 With a note…"
 * (the effect's form). The guard first, the dose read from the record by the id in the button (or
 * the sealed form), then the commit (request key `prn_effect:<prnId>`: a second answer, by anyone,
 * is refused politely with the first's), and only then the ack; the message is redrawn answered,
 * and the tapper told privately when the ack went first (Slack's deadline) or it could not be.
 */
import type { App } from "@slack/bolt";
import { type EffectResult, petNameOf, prnDose, recordEffect } from "../../answers/prn.ts";
import { prnEffect, prnEffectNote } from "../../blocks/buttons.ts";
import { esc } from "../../blocks/mrkdwn.ts";
import { answeredMessage } from "../../blocks/prn.ts";
import { effectModal, PRN_EFFECT_MODAL, readEffect, readEffectMeta } from "../../blocks/prn-modal.ts";
import type { Message } from "../../blocks/types.ts";
import type { PrnEffectEntry } from "../../domain/prn.ts";
import { timeOf } from "../../words/dates.ts";
import { effectWords } from "../../words/doses.ts";
import type { BotDeps } from "../bot-deps.ts";
import { admit, privately } from "../guard.ts";
import {
  admitForm,
  formReplies,
  onForm,
  onTap,
  type TapAck,
  type TapArgs,
  tapOf,
  type ViewAck,
  type ViewArgs,
} from "../interaction.ts";
import { replaceMessage } from "../message-redraw.ts";
import { couldNotRecord, TAMPERED } from "../record-round.ts";

const UNKNOWN = "That dose is not one Kennel Desk keeps (out of date, or changed): nothing was recorded.";
const FORGED_FORM =
  "This form is not one Kennel Desk opened (or it was changed on the way): nothing was recorded.";

/**
 * "✅ Recorded: helped." when the tapper was acknowledged before the commit (Slack's deadline), or
 * the follow-up could not be shown answered.
 */
const RECORDED = (e: PrnEffectEntry, shown: boolean) =>
  `✅ Recorded: ${effectWords(e.effect)}.${shown ? "" : " The follow-up message could not be updated just now."}`;

/** "Already answered: helped, by Jane at 10:12. Nothing more was written." */
const ALREADY = (e: PrnEffectEntry, timezone: string) =>
  `Already answered: ${effectWords(e.effect)}, by ${esc(e.userName)} at ${timeOf(e.recordedAt, timezone)}. Nothing more was written.`;

export function registerPrnEffect(app: App, deps: BotDeps): void {
  const tz = () => deps.config.timezone;

  /** The follow-up message in place, answered (chat.update, else the tap's response_url); false when not. */
  async function showAnswered(
    client: TapArgs["client"],
    where: { channel?: string | undefined; ts?: string | undefined; responseUrl?: string | undefined },
    result: Extract<EffectResult, { dose: unknown }>,
  ): Promise<boolean> {
    const name = await petNameOf(deps, result.dose.bookingId, result.dose.petId);
    const m: Message = answeredMessage(result.dose, name, result.effect, tz());
    return replaceMessage(deps, client, where, m, "show the answered follow-up");
  }

  // Helped, No change, Worse: recorded in one tap.
  app.action(prnEffect.pattern, onTap(deps, tapEffect));

  async function tapEffect(args: TapArgs, ack: TapAck): Promise<void> {
    const { body, client } = args;
    const { channel, responseUrl, message, value, tell, refuse } = tapOf(deps, args, ack);
    try {
      const admitted = await admit(deps, client, body.user, channel, { button: true });
      if (!admitted.ok) return await refuse(admitted.message);
      const ids = prnEffect.decode(value);
      if (!ids) return await refuse(`🔒 ${TAMPERED}`);
      const result = await recordEffect(deps, { prnId: ids.d, effect: ids.e, who: admitted.who });
      await ack.send();
      if (result.status === "unknown") return await tell(`🔒 ${UNKNOWN}`);
      const shown = await showAnswered(client, { channel, ts: message?.ts, responseUrl }, result);
      if (result.status === "already") return await tell(ALREADY(result.effect, tz()));
      if (ack.late || !shown) await tell(RECORDED(result.effect, shown));
    } catch (error) {
      await refuse(couldNotRecord(error));
    }
  }

  // "📝 With a note…": the effect's form.
  app.action(prnEffectNote.pattern, async (args: TapArgs) => {
    await args.ack();
    await deps.inflight.track(openForm(args));
  });

  async function openForm({ body, action, client }: TapArgs): Promise<void> {
    const channel = body.channel?.id ?? body.container?.channel_id;
    const responseUrl = (body as { response_url?: string }).response_url;
    const tell = privately(deps, client, { user: body.user.id, channel, responseUrl });
    try {
      const admitted = await admit(deps, client, body.user, channel, { button: true });
      if (!admitted.ok) return void (await tell(admitted.message));
      const ids = prnEffectNote.decode(
        "value" in action && typeof action.value === "string" ? action.value : undefined,
      );
      const dose = ids ? await prnDose(deps, ids.d) : undefined;
      if (!ids || !dose) return void (await tell(`🔒 ${UNKNOWN}`));
      if (dose.effect) return void (await tell(ALREADY(dose.effect, tz())));
      const ts = (body as { message?: { ts?: string } }).message?.ts;
      const sealed = deps.seal.sign(
        JSON.stringify({ d: dose.id, ...(channel ? { c: channel } : {}), ...(ts ? { t: ts } : {}) }),
      );
      const name = await petNameOf(deps, dose.bookingId, dose.petId);
      await client.views.open({
        trigger_id: (body as { trigger_id: string }).trigger_id,
        view: effectModal(sealed, dose, name, tz()) as never,
      });
    } catch (error) {
      deps.log.warn({ err: String((error as Error)?.message ?? error) }, "could not open the effect's form");
      await tell("⚠️ Could not open the form in Slack just now: nothing was recorded. Tap again.");
    }
  }

  app.view(PRN_EFFECT_MODAL, onForm(deps, submit));

  async function submit(args: ViewArgs, ack: ViewAck): Promise<void> {
    const { body, view, client } = args;
    const meta = readEffectMeta(deps.seal.open(view.private_metadata));
    const { tell, refuse, atFields } = formReplies(deps, client, ack, {
      user: body.user.id,
      channel: meta?.c,
    });
    try {
      const who = await admitForm(deps, args, meta, refuse, { form: "an effect form", forged: FORGED_FORM });
      if (!meta || !who) return;
      const sub = readEffect(view.state.values as never);
      if (!sub.ok) return await atFields(sub.errors);
      const result = await recordEffect(deps, {
        prnId: meta.d,
        effect: sub.effect,
        note: sub.note,
        who,
      });
      if (result.status === "unknown") return await refuse(`🔒 ${UNKNOWN}`);
      if (result.status === "already") {
        await refuse(ALREADY(result.effect, tz()));
        return void (await showAnswered(client, { channel: meta.c, ts: meta.t }, result));
      }
      // Committed: the form closes now.
      await ack.send();
      const shown = await showAnswered(client, { channel: meta.c, ts: meta.t }, result);
      if (ack.late || !shown) await tell(RECORDED(result.effect, shown));
    } catch (error) {
      await refuse(couldNotRecord(error));
    }
  }
}
