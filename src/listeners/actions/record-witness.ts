/**
 * "👀 Witnessed" beside a high-alert dose given on a round post (issue 35; one given if needed too,
 * issue 46): a second, different
 * staff member says they saw it given, within 15 minutes of the entry. The button sits on the pet's
 * own section, where the giver has just recorded the dose and where the person standing beside them
 * is already looking; a reply in the thread would be one more message to find, and on a busy round
 * it would scroll away. Through the pipeline (src/listeners/interaction.ts): the guard, the button
 * checked against the kept sheet, then the record (the entry, its item high-alert on the sheet, its
 * giver, its minutes: src/answers/witness.ts), the commit (a record of kind `witness`), and only
 * then the ack. The giver's own tap, a second witness and a tap too late are refused privately.
 */
import type { App } from "@slack/bolt";
import { witnessPrn } from "../../answers/prn-give.ts";
import { witnessDose } from "../../answers/witness.ts";
import { recordWitness } from "../../blocks/buttons.ts";
import { esc } from "../../blocks/mrkdwn.ts";
import { WITNESS_MINUTES } from "../../domain/witness.ts";
import { timeOf } from "../../words/dates.ts";
import type { BotDeps } from "../bot-deps.ts";
import { onTap } from "../interaction.ts";
import type { SheetRedraw } from "../record-round.ts";
import { onSheet } from "../round-taps.ts";
import { roundName } from "../tapper-words.ts";

export const WITNESS_SELF =
  "A second, different person witnesses it: you gave this dose, so someone else taps 👀 Witnessed. Nothing was written.";

export function registerRecordWitness(app: App, deps: BotDeps, redraw: SheetRedraw): void {
  onTap(app, deps, {
    button: recordWitness,
    what: "a witness button",
    onMessage: true,
    locate: onSheet("a witness button", { later: false }),
    async run(t) {
      const { sheet, pet } = t.found;
      const { ids } = t;
      const result =
        "prnId" in ids
          ? await witnessPrn(deps, pet, ids.prnId, t.who)
          : await witnessDose(deps, sheet, pet, ids.entryId, t.who);
      // Committed (or refused, nothing written): now Slack may be told.
      await t.ack.send();
      if (result.status === "self") return await t.tell(WITNESS_SELF);
      const updated = await redraw.afterTap(t.client, sheet, pet.message, t.at);
      const tz = deps.config.timezone;
      if (result.status === "already")
        return await t.tell(
          `Already witnessed by ${esc(result.witness.userName)} at ${timeOf(result.witness.at, tz)}: nothing more was written.`,
        );
      if (result.status === "too_late")
        return await t.tell(
          `More than ${WITNESS_MINUTES} minutes have passed since this dose was recorded (${timeOf(result.recordedAt, tz)}): it stays unwitnessed, as the record shows. Nothing was written.`,
        );
      if (result.status === "not_needed")
        return await t.tell(
          "This dose needs no witness now (corrected since, or not a high-alert dose given): nothing was written.",
        );
      if (t.ack.late || !updated)
        await t.tell(
          `👀 Witnessed: ${roundName(sheet, pet)}.${updated ? "" : " The post shows it at the next tap."}`,
        );
    },
  });
}
