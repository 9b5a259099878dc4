/**
 * The two buttons beside each pet on a welfare post:
 * - "✅ All normal" checks the pet in one tap (drinking, stool, urine and demeanour normal; eating
 *   read from the round's meal entries);
 * - "✏️ Something to note" (or "✏️ Change", "✏️ Check…") opens the form.
 * Through the pipeline (src/listeners/interaction.ts): the guard, the button checked against the
 * kept list (a list Kennel Desk kept, the pet on it, not a later day's), the commit, and only then
 * the ack. A tap on an earlier day's list opens the form, which says it records late; nothing is
 * written until it is submitted. Then the flags the check opened are posted in the post's thread
 * and the message is redrawn.
 */
import type { App } from "@slack/bolt";
import { checkPet, petCheck } from "../../answers/welfare.ts";
import { welfareNote, welfareOk } from "../../blocks/welfare.ts";
import { checkForm, welfareModal } from "../../blocks/welfare-modal.ts";
import { ALL_NORMAL } from "../../domain/welfare.ts";
import type { BotDeps } from "../bot-deps.ts";
import { onTap, sealed } from "../interaction.ts";
import type { WelfareRedraw } from "../welfare-redraw.ts";
import { afterCheck, checkOf, onList, whoChecked } from "../welfare-words.ts";

export function registerWelfareTap(app: App, deps: BotDeps, redraw: WelfareRedraw): void {
  for (const [button, note] of [
    [welfareOk, false],
    [welfareNote, true],
  ] as const) {
    onTap(app, deps, {
      button,
      what: "a welfare button",
      onMessage: true,
      locate: onList("a welfare button"),
      async run(t) {
        const { list, pet, day } = t.found;
        if (note || day === "earlier") {
          await t.ack.send();
          const { check, meals } = await petCheck(deps, list, pet);
          const meta = {
            l: list.id,
            b: pet.bookingId,
            p: pet.petId,
            ...t.where,
            c: t.at.channel,
            t: t.at.ts,
            ...(check ? { cur: check.id } : {}),
          };
          const late = day === "earlier";
          const view = welfareModal(sealed(deps, checkForm, meta), list, pet, {
            check,
            meals,
            late,
            timezone: deps.config.timezone,
          });
          return await t.open(view);
        }
        const { write, opened } = await checkPet(
          deps,
          list,
          pet,
          { values: ALL_NORMAL },
          t.who,
          t.requestKey,
        );
        // Committed (or found there already): now Slack may be told.
        await t.ack.send();
        const name = checkOf(t.found);
        if (write.status === "already") {
          await redraw.redraw(t.client, list, pet.message, t.at);
          return await t.tell(
            `Already checked: ${whoChecked(write.existing, deps.config.timezone)} (${name}). Nothing more was written; to change it, use ✏️ Change.`,
          );
        }
        await afterCheck(t, redraw, t.found, t.at, opened, name);
      },
    });
  }
}
