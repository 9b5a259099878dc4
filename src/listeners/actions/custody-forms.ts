/**
 * Medicine custody's forms (issue 49): counted in, a count, handed back, a discrepancy closed. Each:
 * the sealed metadata, the guard, the fields, the second person (a member of staff, not the sender),
 * then the use case (src/answers/custody-write.ts), which checks against the record now; committed
 * before Slack is answered (the form closes), then the sender told privately and the medicines view
 * under the form drawn again.
 */
import type { App } from "@slack/bolt";
import { petMedicines } from "../../answers/custody-stock.ts";
import {
  type CustodyRefusal,
  closeDiscrepancy,
  countIn,
  countMedicine,
  handBack,
} from "../../answers/custody-write.ts";
import type { Who } from "../../answers/record-round.ts";
import { petMedicinesView } from "../../blocks/custody.ts";
import {
  CUSTODY_BACK,
  CUSTODY_CLOSE,
  CUSTODY_COUNT,
  CUSTODY_IN,
  type CustodyMeta,
  countModal,
  readCustodyMeta,
} from "../../blocks/custody-modal.ts";
import { esc } from "../../blocks/mrkdwn.ts";
import { type Counter, needsSecondPerson } from "../../domain/custody.ts";
import { amountWords } from "../../domain/custody-units.ts";
import { readClose, readCount, readCountIn, readHandBack, witnessOf } from "../../present/custody-form.ts";
import { localDate } from "../../time.ts";
import { CUSTODY_REFUSALS, explainWords } from "../../words/custody.ts";
import type { BotDeps } from "../bot-deps.ts";
import { admitForm, formReplies, onForm, type ViewAck, type ViewArgs } from "../interaction.ts";
import { couldNotRecord } from "../record-round.ts";

const FORGED =
  "This form is not one Kennel Desk opened (or it was changed on the way): nothing was recorded. Open 💊 Medicines… again.";

/** What every custody form has once admitted: its metadata, its sender, its replies, its values. */
interface Form {
  meta: CustodyMeta;
  who: Who;
  values: unknown;
  replies: ReturnType<typeof formReplies>;
  /** The second person chosen, checked (a member of staff, by name), when one was. */
  witness: () => Promise<Counter | undefined | "refused">;
}

const SECOND_FIELD: Partial<Record<CustodyRefusal, string>> = {
  second_person_missing: CUSTODY_REFUSALS.second_person_missing,
  second_person_same: CUSTODY_REFUSALS.second_person_same,
};

/** A refused write: at the second person's field, or the form replaced by why. */
async function refused(f: Form, why: CustodyRefusal): Promise<void> {
  const field = SECOND_FIELD[why];
  if (field) return f.replies.atFields({ witness: field });
  return f.replies.refuse(CUSTODY_REFUSALS[why]);
}

/** After a commit: the sender told, and the medicines view under the form (when there is one) drawn again. */
async function done(deps: BotDeps, args: ViewArgs, f: Form, words: string): Promise<void> {
  await f.replies.tell(words);
  const under = (args.body.view as { previous_view_id?: string | null }).previous_view_id;
  if (!under) return;
  try {
    const { stay, held } = await petMedicines(deps, f.meta.b, f.meta.p);
    const sealed = deps.seal.sign(JSON.stringify({ b: f.meta.b, p: f.meta.p, c: f.meta.c, n: f.meta.n }));
    const view = petMedicinesView(sealed, stay, held, f.meta.n, deps.config.timezone);
    await args.client.views.update({ view_id: under, view: view as never });
  } catch (error) {
    deps.log.warn(
      { err: String((error as Error)?.message ?? error) },
      "the medicines view was not drawn again",
    );
  }
}

/** A custody form's listener: admitted, then `work`; any failure is "could not record", nothing written. */
function onCustodyForm(
  app: App,
  deps: BotDeps,
  callbackId: string,
  work: (f: Form, args: ViewArgs, ack: ViewAck) => Promise<void>,
): void {
  app.view(
    callbackId,
    onForm(deps, async (args, ack) => {
      const { body, view, client } = args;
      const meta = readCustodyMeta(deps.seal.open(view.private_metadata));
      const replies = formReplies(deps, client, ack, { user: body.user.id, channel: meta?.c });
      try {
        const who = await admitForm(deps, args, meta, replies.refuse, {
          form: "a medicine custody form",
          forged: FORGED,
          home: meta?.c === undefined,
        });
        if (!meta || !who) return;
        if (!deps.record) return await replies.refuse(CUSTODY_REFUSALS.no_store);
        const values = view.state.values as unknown;
        const witness = async (): Promise<Counter | undefined | "refused"> => {
          const id = witnessOf(values);
          if (!id) return undefined;
          const ok = await deps.access.check(client, id, meta.c, {
            button: true,
            home: meta.c === undefined,
          });
          if (!ok.ok) {
            await replies.atFields({
              witness: "That person is not a member of this kennel's staff on Slack.",
            });
            return "refused";
          }
          return { userId: id, userName: deps.access.displayName(id) ?? id };
        };
        await work({ meta, who, values, replies, witness }, args, ack);
      } catch (error) {
        await replies.refuse(couldNotRecord(error));
      }
    }),
  );
}

const counter = (who: Who): Counter => ({ userId: who.userId, userName: who.userName });

export function registerCustodyForms(app: App, deps: BotDeps): void {
  onCustodyForm(app, deps, CUSTODY_IN, async (f, args, ack) => {
    const today = localDate(deps.clock.now(), deps.config.timezone);
    const read = readCountIn(f.values, today);
    if (!read.ok) return f.replies.atFields(read.errors);
    const witness = await f.witness();
    if (witness === "refused" || !f.meta.i) return;
    const r = await countIn(deps, {
      ...read.value,
      bookingId: f.meta.b,
      petId: f.meta.p,
      item: f.meta.i,
      by: counter(f.who),
      witness,
      requestKey: `view:${args.body.view.id}`,
    });
    if (r.status === "refused") return refused(f, r.why);
    await ack.send();
    const m = r.value;
    await done(
      deps,
      args,
      f,
      `💊 Counted in: ${esc(m.label)}, ${amountWords(m.quantity, m.unit)} for ${esc(f.meta.n)}${m.witness ? `, with ${esc(m.witness.userName)}` : ""}.`,
    );
  });

  onCustodyForm(app, deps, CUSTODY_COUNT, async (f, args, ack) => {
    const read = readCount(f.values);
    if (!read.ok) return f.replies.atFields(read.errors);
    const witness = await f.witness();
    if (witness === "refused" || !f.meta.m) return;
    const asked = (args.view.blocks as Array<{ block_id?: string }>).some((b) => b.block_id === "reason");
    if (asked && (!read.value.reason || !read.value.note))
      return f.replies.atFields({
        ...(read.value.reason ? {} : { reason: "Choose why it differs." }),
        ...(read.value.note ? {} : { note: "Say what happened." }),
      });
    const r = await countMedicine(deps, {
      ...read.value,
      custodyId: f.meta.m,
      by: counter(f.who),
      witness,
      requestKey: `view:${args.body.view.id}`,
    });
    if (r.status === "refused") return refused(f, r.why);
    if (r.status === "explain") {
      const m = r.medicine;
      const again = countModal(args.view.private_metadata, {
        head: `*${esc(m.first.label)}* · ${esc(m.petName)}`,
        secondPerson: needsSecondPerson(m.first),
        values: read.value,
        explain: explainWords(r.expected, read.value.counted, m.unit),
      });
      if (!(await ack.send({ response_action: "update", view: again as never })))
        await f.replies.tell(
          `⚠️ Nothing was recorded: ${explainWords(r.expected, read.value.counted, m.unit)} Open 🔢 Count… again.`,
        );
      return;
    }
    await ack.send();
    const { count, medicine } = r.value;
    const differs = count.reason
      ? ` · ⚠️ a discrepancy, on Home until a manager closes it`
      : " · it matches the balance";
    await done(
      deps,
      args,
      f,
      `🔢 Counted: ${esc(medicine.first.label)} for ${esc(f.meta.n)}, ${amountWords(count.counted, medicine.unit)}${differs}.`,
    );
  });

  onCustodyForm(app, deps, CUSTODY_BACK, async (f, args, ack) => {
    const read = readHandBack(f.values);
    if (!read.ok) return f.replies.atFields(read.errors);
    const witness = await f.witness();
    if (witness === "refused" || !f.meta.m) return;
    const r = await handBack(deps, { ...read.value, custodyId: f.meta.m, by: counter(f.who), witness });
    if (r.status === "refused") return refused(f, r.why);
    await ack.send();
    const { out, medicine } = r.value;
    const words =
      r.status === "duplicate"
        ? `Already handed back: ${esc(medicine.first.label)}, ${amountWords(out.quantity, medicine.unit)} to ${esc(out.to)} by ${esc(out.by.userName)}. Nothing more was written.`
        : `↩️ Handed back: ${esc(medicine.first.label)}, ${amountWords(out.quantity, medicine.unit)} to ${esc(out.to)} (${esc(f.meta.n)}). Its custody is closed.`;
    await done(deps, args, f, words);
  });

  onCustodyForm(app, deps, CUSTODY_CLOSE, async (f, args, ack) => {
    const note = readClose(f.values);
    if (!note) return f.replies.atFields({ note: "Say why it is closed." });
    if (!f.meta.k) return;
    const r = await closeDiscrepancy(deps, { countId: f.meta.k, note, by: counter(f.who) });
    if (r.status === "refused") return refused(f, r.why);
    await ack.send();
    await done(
      deps,
      args,
      f,
      r.status === "duplicate"
        ? `Already closed by ${esc(r.value.by.userName)}: nothing more was written.`
        : `✔️ Discrepancy closed (${esc(f.meta.n)}).`,
    );
  });
}
