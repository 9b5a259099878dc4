/**
 * "👀 Witnessed" beside a high-alert dose given on a round post (issue 35; one given if needed too,
 * issue 46): a second, different
 * staff member says they saw it given, within 15 minutes of the entry. The button sits on the pet's
 * own section, where the giver has just recorded the dose and where the person standing beside them
 * is already looking; a reply in the thread would be one more message to find, and on a busy round
 * it would scroll away. The guard first, then the button checked against the kept sheet and the
 * record (the entry, its item high-alert on the sheet, its giver, its minutes), then the commit (a
 * record of kind `witness` in the chain, one per dose), and only then the ack. The giver's own tap,
 * a second witness and a tap too late are refused privately; nothing is written.
 */
import type { App } from "@slack/bolt";
import { witnessPrn } from "../../answers/prn-give.ts";
import { locate } from "../../answers/record-round.ts";
import { witnessDose } from "../../answers/witness.ts";
import { recordWitness } from "../../blocks/buttons.ts";
import { esc } from "../../blocks/mrkdwn.ts";
import { WITNESS_MINUTES } from "../../domain/witness.ts";
import { timeOf } from "../../words/dates.ts";
import type { BotDeps } from "../bot-deps.ts";
import { admit } from "../guard.ts";
import { onTap, type TapAck, type TapArgs, tapOf } from "../interaction.ts";
import {
  couldNotRecord,
  type MessageRef,
  NO_STORE,
  roundName,
  type SheetRedraw,
  TAMPERED,
} from "../record-round.ts";

export const WITNESS_SELF =
  "A second, different person witnesses it: you recorded this dose, so someone else taps 👀 Witnessed. Nothing was written.";

export function registerRecordWitness(app: App, deps: BotDeps, redraw: SheetRedraw): void {
  app.action(recordWitness.pattern, onTap(deps, tap));

  async function tap(args: TapArgs, ack: TapAck): Promise<void> {
    const { body, client } = args;
    const { channel, responseUrl, message, value, tell, refuse } = tapOf(deps, args, ack);
    try {
      const admitted = await admit(deps, client, body.user, channel, { button: true });
      if (!admitted.ok) return await refuse(admitted.message);
      const ids = recordWitness.decode(value);
      if (!ids || !message?.ts || !channel) {
        deps.log.warn({ userId: body.user.id }, "refused a witness button that is not ours");
        return await refuse(`🔒 ${TAMPERED}`);
      }
      const found = await locate(deps, { sheetId: ids.s, bookingId: ids.b, petId: ids.p });
      if (!found.ok) {
        if (found.why === "no_store") return await refuse(NO_STORE);
        deps.log.warn(
          { userId: body.user.id, sheet: ids.s },
          "refused a witness button naming no kept sheet",
        );
        return await refuse(`🔒 ${TAMPERED}`);
      }
      const { sheet, pet } = found;
      const result =
        "n" in ids
          ? await witnessPrn(deps, pet, ids.n, admitted.who)
          : await witnessDose(deps, sheet, pet, ids.e, admitted.who);
      // Committed (or refused, nothing written): now Slack may be told.
      await ack.send();
      const ref: MessageRef = { channel, ts: message.ts, threadTs: message.thread_ts, responseUrl };
      const redrawn = () => redraw.redraw(client, sheet, pet.message, ref);
      const tz = deps.config.timezone;
      if (result.status === "self") return await tell(WITNESS_SELF);
      if (result.status === "already") {
        await redrawn();
        return await tell(
          `Already witnessed by ${esc(result.witness.userName)} at ${timeOf(result.witness.at, tz)}: nothing more was written.`,
        );
      }
      if (result.status === "too_late") {
        await redrawn();
        return await tell(
          `More than ${WITNESS_MINUTES} minutes have passed since this dose was recorded (${timeOf(result.recordedAt, tz)}): it stays unwitnessed, as the record shows. Nothing was written.`,
        );
      }
      if (result.status === "not_needed") {
        await redrawn();
        return await tell(
          "This dose needs no witness now (corrected since, or not a high-alert dose given): nothing was written.",
        );
      }
      const updated = await redrawn();
      if (ack.late || !updated)
        await tell(
          `👀 Witnessed: ${roundName(sheet, pet)}.${updated ? "" : " The post shows it at the next tap."}`,
        );
    } catch (error) {
      await refuse(couldNotRecord(error));
    }
  }
}
