/**
 * The welfare check's form ("✏️ Something to note", "✏️ Change"), through the pipeline
 * (src/listeners/interaction.ts): its sealed metadata, the guard, the kept list (the pet on it, not
 * a later day's), each sign one of its choices. Then the commit, and only then the ack: a refusal
 * keeps the form open with the error on the field at fault, or replaces it with why nothing was
 * written. A form opened on a check is its correction (a new check superseding it); one opened
 * before someone else checked the pet records nothing and says who did.
 */
import type { App } from "@slack/bolt";
import { checkPet } from "../../answers/welfare.ts";
import { plainOf } from "../../blocks/mrkdwn.ts";
import { checkForm, readWelfareSubmission } from "../../blocks/welfare-modal.ts";
import type { BotDeps } from "../bot-deps.ts";
import { onForm } from "../interaction.ts";
import type { WelfareRedraw } from "../welfare-redraw.ts";
import { afterCheck, checkOf, FORGED_FORM, onList, whoChecked } from "../welfare-words.ts";

export function registerWelfareSubmit(app: App, deps: BotDeps, redraw: WelfareRedraw): void {
  onForm(app, deps, {
    form: checkForm,
    what: "a welfare form",
    forged: FORGED_FORM,
    to: (meta) => ({ channel: meta.at.channel }),
    locate: onList("a welfare form"),
    async run(f) {
      const sub = readWelfareSubmission(f.values);
      if (!sub.ok) return await f.atFields(sub.errors);
      const { list, pet } = f.found;
      const seen = { values: sub.values, note: sub.note, supersedes: f.meta.corrects };
      const { write, opened } = await checkPet(deps, list, pet, seen, f.who, f.requestKey);
      const name = checkOf(f.found);
      if (write.status === "already") {
        const words = `Not recorded: ${whoChecked(write.existing, deps.config.timezone)} after this form was opened (${name}). Close it and open ✏️ Change to correct it.`;
        if (await f.ack.send({ response_action: "errors", errors: { note: plainOf(words) } })) return;
        return await f.tell(words);
      }
      // Committed: the form closes now.
      await f.ack.send();
      await afterCheck(f, redraw, f.found, f.meta.at, opened, name);
    },
  });
}
