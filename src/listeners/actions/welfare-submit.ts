/**
 * The welfare check's form ("✏️ Something to note", "✏️ Change"): checked like a button: its sealed
 * metadata (a seal that does not match is refused), the guard, the kept list (the pet on it, not a
 * later day's), each sign one of its choices. Then the commit, and only then the ack: a refusal
 * keeps the form open with the error on the field at fault, or replaces it with why nothing was
 * written. A form opened on a check is its correction (a new check superseding it); one opened
 * before someone else checked the pet records nothing and says who did.
 */
import type { App } from "@slack/bolt";
import { locateOnList, recordCheck } from "../../answers/welfare.ts";
import { readCheckMeta, readWelfareSubmission, WELFARE_MODAL } from "../../blocks/welfare-modal.ts";
import type { Seal } from "../../slack/seal.ts";
import { checkName } from "../../words/welfare.ts";
import type { BotDeps } from "../bot-deps.ts";
import { admitForm, formReplies, onForm, type ViewAck, type ViewArgs } from "../interaction.ts";
import { couldNotRecord, NO_STORE, TAMPERED } from "../record-round.ts";
import type { WelfareRedraw } from "../welfare-redraw.ts";
import { afterCheck, FORGED_FORM, LATER_LIST, whoChecked } from "../welfare-words.ts";

export function registerWelfareSubmit(app: App, deps: BotDeps, redraw: WelfareRedraw, seal: Seal): void {
  app.view(WELFARE_MODAL, onForm(deps, submit));

  async function submit(args: ViewArgs, ack: ViewAck): Promise<void> {
    const { body, view, client } = args;
    const user = body.user.id;
    const meta = readCheckMeta(seal.open(view.private_metadata));
    const { tell, refuse, atFields } = formReplies(deps, client, ack, { user, channel: meta?.c });
    try {
      const who = await admitForm(deps, args, meta, refuse, { form: "a welfare form", forged: FORGED_FORM });
      if (!meta || !who) return;
      const found = await locateOnList(deps, { listId: meta.l, bookingId: meta.b, petId: meta.p });
      if (!found.ok) {
        if (found.why === "no_store") return await refuse(NO_STORE);
        if (found.why === "later" && found.list) return await refuse(LATER_LIST(found.list));
        deps.log.warn({ userId: user, list: meta.l }, "refused a welfare form naming no kept list or pet");
        return await refuse(`🔒 ${TAMPERED}`);
      }
      const sub = readWelfareSubmission(view.state.values as never);
      if (!sub.ok) return await atFields(sub.errors);
      const { list, pet } = found;
      const result = await recordCheck(
        deps,
        list,
        pet,
        { values: sub.values, note: sub.note, supersedes: meta.cur },
        who,
        `view:${body.view.id}`,
      );
      const name = `${pet.name}'s ${checkName(list.round, list.date).toLowerCase()}`;
      if (result.status === "already") {
        const words = `Not recorded: ${whoChecked(result.existing, deps.config.timezone)} after this form was opened (${name}). Close it and open ✏️ Change to correct it.`;
        if (await ack.send({ response_action: "errors", errors: { note: words } })) return;
        return await tell(words);
      }
      // Committed: the form closes now.
      await ack.send();
      const ref = { channel: meta.c, ts: meta.t, threadTs: meta.h, responseUrl: meta.u };
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
