/**
 * The record modals' submissions: "Record each…" (each item's outcome, a reason, a note; a changed
 * outcome is a correction that supersedes the earlier entry) and the late day's confirmation of
 * "all given and eaten". A form is checked like a button: its sealed metadata (src/slack/seal.ts;
 * a seal that does not match is refused), the guard, the kept sheet (the pet on it, not a later
 * day's), each item one the sheet listed for the pet. Then the commit, and only then the ack
 * (src/listeners/ack.ts): a refusal keeps the form open with the error on the field at fault
 * (`response_action: "errors"`), or replaces it with why nothing was written; nothing is written.
 */
import type { App } from "@slack/bolt";
import {
  type Located,
  locate,
  petStatus,
  recordAllDue,
  recordItems,
  type WriteResult,
} from "../../answers/record-round.ts";
import { firstField, readGiven, readSubmission } from "../../blocks/record-form.ts";
import { GIVEN_AT, LATE_MODAL, type ModalMeta, RECORD_MODAL, readMeta } from "../../blocks/record-modal.ts";
import type { Seal } from "../../slack/seal.ts";
import type { BotDeps } from "../bot-deps.ts";
import { admitForm, formReplies, onForm, type ViewAck, type ViewArgs } from "../interaction.ts";
import { checkGiven } from "../record-given.ts";
import {
  couldNotRecord,
  FORGED,
  LATER_DAY,
  NO_ONE_TAP,
  NO_STORE,
  roundName,
  type SheetRedraw,
  TAMPERED,
  whoRecorded,
} from "../record-round.ts";

type Found = Extract<Located, { ok: true }>;

export function registerRecordSubmit(app: App, deps: BotDeps, redraw: SheetRedraw, seal: Seal): void {
  app.view(
    RECORD_MODAL,
    onForm(deps, (args, ack) => submit(args, ack, false)),
  );
  app.view(
    LATE_MODAL,
    onForm(deps, (args, ack) => submit(args, ack, true)),
  );

  async function submit(args: ViewArgs, ack: ViewAck, late: boolean): Promise<void> {
    const { body, view, client } = args;
    const user = body.user.id;
    const meta = readMeta(seal.open(view.private_metadata));
    const replies = formReplies(deps, client, ack, { user, channel: meta?.c });
    const { refuse } = replies;
    try {
      const who = await admitForm(deps, args, meta, refuse, { form: "a record form", forged: FORGED });
      if (!meta || !who) return;
      const found = await locate(deps, { sheetId: meta.s, bookingId: meta.b, petId: meta.p });
      if (!found.ok) {
        if (found.why === "no_store") return await refuse(NO_STORE);
        if (found.why === "later" && found.sheet) return await refuse(LATER_DAY(found.sheet));
        deps.log.warn({ userId: user, sheet: meta.s }, "refused a record form naming no kept sheet or pet");
        return await refuse(`🔒 ${TAMPERED}`);
      }
      const key = `view:${body.view.id}`;
      const values = view.state.values as never;
      let result: WriteResult;
      if (late) {
        // The one tap's confirmation: when it asked, the time said, for the doses past their window.
        const given = meta.q ? readGiven(values) : undefined;
        if (given === "missing")
          return await replies.atFields({ [GIVEN_AT]: "Say when it was given: the day and the time." });
        const { status } = await petStatus(deps, found.sheet, found.pet);
        const writes = status.missing.map((d) => ({ item: d.item, outcome: "given" as const }));
        const checked = await checkGiven(deps, found.sheet, found.pet, given, writes);
        if (!checked.ok) return await replies.atFields(checked.errors);
        result = await recordAllDue(deps, found.sheet, found.pet, who, key, {
          givenAt: checked.givenAt,
        });
      } else {
        const sub = readSubmission(meta, found.pet, values);
        if (!sub.ok) return await replies.atFields(sub.errors);
        const checked = await checkGiven(deps, found.sheet, found.pet, sub.given, sub.choices);
        if (!checked.ok) return await replies.atFields(checked.errors);
        const cur = new Map(meta.cur.map(([item, id]) => [item, id]));
        result = await recordItems(
          deps,
          found.sheet,
          found.pet,
          sub.choices.map((c) => ({
            ...c,
            note: sub.note,
            supersedes: cur.get(c.item),
            givenAt: checked.givenAt.get(c.item),
          })),
          who,
          key,
        );
      }
      await answer(client, found, meta, result, ack, replies, late);
    } catch (error) {
      await refuse(couldNotRecord(error));
    }
  }

  async function answer(
    client: ViewArgs["client"],
    { sheet, pet }: Found,
    meta: ModalMeta,
    result: WriteResult,
    ack: ViewAck,
    { tell, refuse }: ReturnType<typeof formReplies>,
    late: boolean,
  ): Promise<void> {
    if (result.status === "not_listed") return await refuse(`🔒 ${TAMPERED}`);
    if (result.status === "no_one_tap") return await refuse(NO_ONE_TAP);
    if (result.status === "already" || result.status === "nothing") {
      const words = `Not recorded: ${whoRecorded(result.existing, deps.config.timezone)}, after this form was opened (${roundName(sheet, pet)}). Close it and open ✏️ Record each… again to correct it.`;
      const fields = [...new Set(result.existing.map((e) => `it:${e.item}`))];
      const errors = Object.fromEntries((fields.length ? fields : [firstField(pet)]).map((f) => [f, words]));
      // The form stays open, the error on each item recorded meanwhile (the late confirmation has none).
      if (result.status === "already" && !late) {
        if (await ack.send({ response_action: "errors", errors })) return;
      }
      return await refuse(words);
    }
    // Committed: the form closes now.
    await ack.send();
    if (result.status === "recorded") void deps.roundCheck?.changed(sheet.date, sheet.round);
    const updated = await redraw.redraw(client, sheet, pet.message, {
      channel: meta.c,
      ts: meta.t,
      threadTs: meta.h,
      responseUrl: meta.u,
    });
    if (ack.late)
      return await tell(
        `✅ Recorded: ${roundName(sheet, pet)}.${updated ? "" : " The post shows it at the next tap."}`,
      );
    if (!updated) {
      await tell(
        `✅ Recorded for ${roundName(sheet, pet)}, but the post could not be updated just now; it will show it at the next tap.`,
      );
    }
  }
}
