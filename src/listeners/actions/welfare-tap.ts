/**
 * The two buttons beside each pet on a welfare post:
 * - "✅ All normal" checks the pet in one tap (drinking, stool, urine and demeanour normal; eating
 *   read from the round's meal entries);
 * - "✏️ Something to note" (or "✏️ Change", "✏️ Check…") opens the form.
 * The guard first (src/listeners/guard.ts), then the button checked against the kept list (a list
 * Kennel Desk kept, the pet on it, not a later day's), then the commit, and only then the ack
 * (src/listeners/ack.ts): a tap Slack was told succeeded is in the record. A tap on an earlier day's
 * list opens the form, which says it records late; nothing is written until it is submitted. Then
 * the flags the check opened are posted in the post's thread and the message is redrawn.
 */
import type { App } from "@slack/bolt";
import { locateOnList, petCheck, recordCheck } from "../../answers/welfare.ts";
import { welfareNote, welfareOk } from "../../blocks/welfare.ts";
import { metaJson, welfareModal } from "../../blocks/welfare-modal.ts";
import { ALL_NORMAL } from "../../domain/welfare.ts";
import type { Seal } from "../../slack/seal.ts";
import { SEAL_LENGTH } from "../../slack/seal.ts";
import { checkName } from "../../words/welfare.ts";
import type { BotDeps } from "../bot-deps.ts";
import { admit, usableResponseUrl } from "../guard.ts";
import { onTap, openModal, type TapAck, type TapArgs, tapOf } from "../interaction.ts";
import { couldNotRecord, type MessageRef, NO_STORE, TAMPERED } from "../record-round.ts";
import type { WelfareRedraw } from "../welfare-redraw.ts";
import { afterCheck, LATER_LIST, whoChecked } from "../welfare-words.ts";

export function registerWelfareTap(app: App, deps: BotDeps, redraw: WelfareRedraw, seal: Seal): void {
  app.action(
    welfareOk.pattern,
    onTap(deps, (args, ack) => tap("ok", args, ack)),
  );
  app.action(
    welfareNote.pattern,
    onTap(deps, (args, ack) => tap("note", args, ack)),
  );

  async function tap(kind: "ok" | "note", args: TapArgs, ack: TapAck): Promise<void> {
    const { body, action, client } = args;
    const { channel, responseUrl, message, value, tell, refuse } = tapOf(deps, args, ack);
    try {
      const admitted = await admit(deps, client, body.user, channel, { button: true });
      if (!admitted.ok) return await refuse(admitted.message);
      const ids = (kind === "ok" ? welfareOk : welfareNote).decode(value);
      if (!ids || !message?.ts || !channel) {
        deps.log.warn({ userId: body.user.id }, "refused a welfare button that is not ours");
        return await refuse(`🔒 ${TAMPERED}`);
      }
      const found = await locateOnList(deps, { listId: ids.l, bookingId: ids.b, petId: ids.p });
      if (!found.ok) {
        if (found.why === "no_store") return await refuse(NO_STORE);
        if (found.why === "later" && found.list) return await refuse(LATER_LIST(found.list));
        deps.log.warn(
          { userId: body.user.id, list: ids.l },
          "refused a welfare button naming no kept list or pet",
        );
        return await refuse(`🔒 ${TAMPERED}`);
      }
      const { list, pet, day } = found;
      const ref: MessageRef = { channel, ts: message.ts, threadTs: message.thread_ts, responseUrl };
      if (kind === "note" || day === "earlier") {
        await ack.send();
        const { check, meals } = await petCheck(deps, list, pet);
        const meta = {
          l: list.id,
          b: pet.bookingId,
          p: pet.petId,
          c: ref.channel,
          t: ref.ts,
          ...(ref.threadTs ? { h: ref.threadTs } : {}),
          ...(usableResponseUrl(responseUrl) ? { u: usableResponseUrl(responseUrl) } : {}),
          ...(check ? { cur: check.id } : {}),
        };
        const sealed = seal.sign(metaJson(meta, 3000 - SEAL_LENGTH));
        const view = welfareModal(sealed, list, pet, {
          check,
          meals,
          late: day === "earlier",
          timezone: deps.config.timezone,
        });
        return await openModal(deps, args, view, tell);
      }
      const actionTs = "action_ts" in action ? action.action_ts : "";
      const request = `tap:${ref.channel}:${ref.ts}:${action.action_id}:${actionTs}:${admitted.who.userId}`;
      const result = await recordCheck(deps, list, pet, { values: ALL_NORMAL }, admitted.who, request);
      // Committed (or found there already): now Slack may be told.
      await ack.send();
      const name = `${pet.name}'s ${checkName(list.round, list.date).toLowerCase()}`;
      if (result.status === "already") {
        await redraw.redraw(client, list, pet.message, ref);
        return await tell(
          `Already checked: ${whoChecked(result.existing, deps.config.timezone)} (${name}). Nothing more was written; to change it, use ✏️ Change.`,
        );
      }
      await afterCheck(deps, client, redraw, list, pet, ref, result.check, result.status === "recorded", {
        late: ack.late,
        tell,
        name,
      });
    } catch (error) {
      await refuse(couldNotRecord(error));
    }
  }
}
