/**
 * Medicine custody's forms (issue 49), through the pipeline (src/listeners/interaction.ts): counted
 * in, a count, handed back, a discrepancy closed. Each: the sealed metadata and the guard (the
 * pipeline's), the fields, the second person (a member of staff, by name; the use case checks they
 * are not the sender), then the use case (src/answers/custody-write.ts), which checks against the
 * record now. Committed before Slack is answered (the form closes), then the sender told privately
 * and the view under the form (a pet's medicines, the stock) drawn again from the record, at the page
 * that now holds the medicine acted on (counted in, it moves up among those held), else (no longer
 * in the view) the page it showed.
 */
import type { App } from "@slack/bolt";
import {
  type CustodyRefusal,
  closeDiscrepancy,
  countIn,
  countMedicine,
  type HeldUnit,
  handBack,
} from "../../answers/custody-write.ts";
import { currentPlan } from "../../answers/plans.ts";
import type { Who } from "../../answers/record-round.ts";
import { handBackHeadText } from "../../blocks/custody.ts";
import {
  closeForm,
  countForm,
  countInForm,
  countModal,
  handBackForm,
  handBackModal,
  type UnderView,
} from "../../blocks/custody-modal.ts";
import { esc } from "../../blocks/mrkdwn.ts";
import { type Counter, type MedicineIn, needsSecondPerson } from "../../domain/custody.ts";
import { discardBy, pastDiscard } from "../../domain/custody-rules.ts";
import { amountWords } from "../../domain/custody-units.ts";
import { readClose, readCount, readCountIn, readHandBack, witnessOf } from "../../present/custody-form.ts";
import { localDate } from "../../time.ts";
import {
  CUSTODY_REFUSALS,
  discardByWords,
  explainWords,
  handBackExplainWords,
  otherUnitWords,
} from "../../words/custody.ts";
import { closeWhoWords } from "../../words/custody-close.ts";
import type { BotDeps } from "../bot-deps.ts";
import { type Form, type Located, type MetaOf, onForm } from "../interaction.ts";
import { handBackWarning, medicinesViewOf, stockViewOf } from "./custody.ts";

const FORGED =
  "This form is not one Kennel Desk opened (or it was changed on the way): nothing was recorded. Open 💊 Medicines… again.";
const NOT_STAFF = "That person is not a member of this kennel's staff on Slack.";

/**
 * What every custody form's metadata names: where it was opened from, the view under it, and the pet's
 * name when it had room (the answers name the pet from the record, whole).
 */
type Where = {
  petName?: string | undefined;
  channel?: string | undefined;
  under?: UnderView;
  page?: number | undefined;
};
type CustodyForm<N extends Where> = Form<N, undefined>;

const SECOND_FIELD: Partial<Record<CustodyRefusal, string>> = {
  second_person_missing: CUSTODY_REFUSALS.second_person_missing,
  second_person_same: CUSTODY_REFUSALS.second_person_same,
};

/** A refused write: at the second person's field, a refill's unit at its field, or the form replaced by why. */
async function refused(f: CustodyForm<Where>, why: CustodyRefusal, held?: HeldUnit): Promise<void> {
  const field = SECOND_FIELD[why];
  if (field) return f.atFields({ witness: field });
  if (why === "other_unit" && held)
    return f.atFields({ unit: otherUnitWords(held.label, held.unit, held.pack) });
  return f.refuse(CUSTODY_REFUSALS[why]);
}

/** The second person chosen, checked as a member of staff (the form kept open when not), when one was. */
async function secondPerson(f: CustodyForm<Where>): Promise<Counter | undefined | "refused"> {
  const id = witnessOf(f.values);
  if (!id) return undefined;
  const home = f.meta.channel === undefined;
  const ok = await f.deps.access.check(f.client, id, f.meta.channel, { button: true, home });
  if (!ok.ok) {
    await f.atFields({ witness: NOT_STAFF });
    return "refused";
  }
  return { userId: id, userName: f.deps.access.displayName(id) ?? id };
}

/**
 * After a commit: the sender told, and the view under the form (when there is one) drawn again at the
 * page now holding the medicine acted on (`counted`: a counting in of it, with its stay's pet), else
 * the page it showed.
 */
async function done(
  f: CustodyForm<Where>,
  counted: { bookingId: number; petId: number; id: number },
  words: string,
): Promise<void> {
  await f.tell(words);
  const underId = f.view.previous_view_id;
  const under = f.meta.under;
  if (!underId || !under) return;
  const at = { page: f.meta.page, holding: counted.id };
  try {
    const view =
      under === "pet"
        ? await medicinesViewOf(f.deps, counted, f.meta.channel, at)
        : await stockViewOf(f.deps, under === "controlled", f.meta.channel, at);
    await f.client.views.update({ view_id: underId, view: view as never });
  } catch (error) {
    f.deps.log.warn(
      { err: String((error as Error)?.message ?? error) },
      "the medicines view was not drawn again",
    );
  }
}

const counter = (who: Who): Counter => ({ userId: who.userId, userName: who.userName });

/** What a custody form needs found before its use case: a care record to write to. */
const keptRecord = async (deps: BotDeps): Promise<Located<undefined>> =>
  deps.record ? { ok: true, found: undefined } : { ok: false, refusal: CUSTODY_REFUSALS.no_store };

const spec = {
  what: "a medicine custody form",
  forged: FORGED,
  to: (meta: Where) => ({ channel: meta.channel }),
  home: (meta: Where) => meta.channel === undefined,
  locate: keptRecord,
};

/** A medicine counted in past its discard-by: " ⚠️ past its discard-by (Mon 30 Nov): …", else nothing. */
const pastWords = (m: MedicineIn, deps: BotDeps): string => {
  const by = discardBy(m);
  return by && pastDiscard(by, localDate(deps.clock.now(), deps.config.timezone))
    ? ` ${discardByWords(by, true)}: ask the owner or the vet before each dose.`
    : "";
};

/** "💊 Count in…": the label's fields, a second person where the medicine needs one. */
async function submitCountIn(f: CustodyForm<MetaOf<typeof countInForm>>): Promise<void> {
  const { deps, meta } = f;
  const read = readCountIn(f.values, localDate(deps.clock.now(), deps.config.timezone));
  if (!read.ok) return f.atFields(read.errors);
  const witness = await secondPerson(f);
  if (witness === "refused") return;
  const r = await countIn(deps, {
    ...read.value,
    bookingId: meta.bookingId,
    petId: meta.petId,
    item: meta.item,
    by: counter(f.who),
    witness,
    requestKey: f.requestKey,
  });
  if (r.status === "refused") return refused(f, r.why, r.held);
  await f.ack.send();
  const m = r.value;
  const withWitness = m.witness ? `, with ${esc(m.witness.userName)}` : "";
  // The name the form carried, or (none: it had no room for it) the pet's plan's, read again.
  const name =
    meta.petName ?? (await currentPlan(deps, meta.bookingId, meta.petId))?.petName ?? `pet ${meta.petId}`;
  await done(
    f,
    m,
    `💊 Counted in: ${esc(m.label)}, ${amountWords(m.quantity, m.unit)} for ${esc(name)}${withWitness}.${pastWords(m, deps)}`,
  );
}

/** The form asked why it differs (its reason field drawn) and a reason or the words are missing: at their fields. */
function unexplained(
  f: CustodyForm<Where>,
  v: { reason?: string | undefined; note?: string | undefined },
): Record<string, string> | undefined {
  const asked = (f.view.blocks as Array<{ block_id?: string }>).some((b) => b.block_id === "reason");
  if (!asked || (v.reason && v.note)) return undefined;
  return {
    ...(v.reason ? {} : { reason: "Choose why it differs." }),
    ...(v.note ? {} : { note: "Say what happened." }),
  };
}

/** "🔢 Count…": the count against the balance now; a difference asks why (the form again), then is kept. */
async function submitCount(f: CustodyForm<MetaOf<typeof countForm>>): Promise<void> {
  const read = readCount(f.values);
  if (!read.ok) return f.atFields(read.errors);
  const witness = await secondPerson(f);
  if (witness === "refused") return;
  if (unexplained(f, read.value)) return f.atFields(unexplained(f, read.value) as Record<string, string>);
  const by = counter(f.who);
  const r = await countMedicine(f.deps, {
    ...read.value,
    custodyId: f.meta.custodyId,
    by,
    witness,
    requestKey: f.requestKey,
  });
  if (r.status === "refused") return refused(f, r.why);
  if (r.status === "explain") {
    const m = r.medicine;
    const explain = explainWords(r.expected, read.value.counted, m.unit);
    const again = countModal(f.view.private_metadata, {
      head: `*${esc(m.first.label)}* · ${esc(m.petName)}`,
      secondPerson: needsSecondPerson(m.first),
      values: { ...read.value, witness: witness?.userId },
      explain,
    });
    if (!(await f.ack.send({ response_action: "update", view: again as never })))
      await f.tell(`⚠️ Nothing was recorded: ${explain} Open 🔢 Count… again.`);
    return;
  }
  await f.ack.send();
  const { count, medicine } = r.value;
  const differs = count.reason
    ? " · ⚠️ a discrepancy, on Home until a manager closes it"
    : " · it matches the balance";
  const words = `🔢 Counted: ${esc(medicine.first.label)} for ${esc(medicine.petName)}, ${amountWords(count.counted, medicine.unit)}${differs}.`;
  await done(f, medicine.first, words);
}

/**
 * "↩️ Handed back…": how much, to whom, a second person where needed; once per medicine. What is
 * handed back other than the balance asks why (the form again, every value kept), then is kept as
 * a discrepancy, as a count's.
 */
async function submitHandBack(f: CustodyForm<MetaOf<typeof handBackForm>>): Promise<void> {
  const read = readHandBack(f.values);
  if (!read.ok) return f.atFields(read.errors);
  const witness = await secondPerson(f);
  if (witness === "refused") return;
  const missing = unexplained(f, read.value);
  if (missing) return f.atFields(missing);
  const r = await handBack(f.deps, {
    ...read.value,
    custodyId: f.meta.custodyId,
    by: counter(f.who),
    witness,
  });
  if (r.status === "refused") return refused(f, r.why);
  if (r.status === "explain") {
    const m = r.medicine;
    const explain = handBackExplainWords(r.expected, read.value.quantity, m.unit);
    const again = handBackModal(f.view.private_metadata, {
      head: handBackHeadText(m),
      secondPerson: needsSecondPerson(m.first),
      balance: m.balance,
      // The doses still due are said again: the form drawn anew keeps its warning.
      warn: await handBackWarning(f.deps, m),
      values: { ...read.value, witness: witness?.userId },
      explain,
    });
    if (!(await f.ack.send({ response_action: "update", view: again as never })))
      await f.tell(`⚠️ Nothing was recorded: ${explain} Open ↩️ Handed back… again.`);
    return;
  }
  await f.ack.send();
  const { out, medicine } = r.value;
  const what = `${esc(medicine.first.label)}, ${amountWords(out.quantity, medicine.unit)} to ${esc(out.to)}`;
  const differs =
    r.status === "recorded" && read.value.reason
      ? " · ⚠️ a discrepancy, on Home until a manager closes it"
      : "";
  const words =
    r.status === "duplicate"
      ? `Already handed back: ${what} by ${esc(out.by.userName)}. Nothing more was written.`
      : `↩️ Handed back: ${what} (${esc(medicine.petName)}). Its custody is closed${differs}.`;
  await done(f, medicine.first, words);
}

/** "✔️ Close discrepancy…": a manager's words; once per count. */
async function submitClose(f: CustodyForm<MetaOf<typeof closeForm>>): Promise<void> {
  const read = readClose(f.values);
  if (!read.ok) return f.atFields(read.errors);
  const note = read.value;
  const r = await closeDiscrepancy(f.deps, { countId: f.meta.countId, note, by: counter(f.who) });
  // Not theirs to close (the rule changed since it opened): said at the words, the form and the view kept.
  if (r.status === "refused" && (r.why === "not_a_manager" || r.why === "own_count"))
    return f.atFields({ note: closeWhoWords(r.why, f.deps.config.medicines.managers) });
  if (r.status === "refused") return refused(f, r.why);
  await f.ack.send();
  const words =
    r.status === "duplicate"
      ? `Already closed by ${esc(r.value.by.userName)}: nothing more was written.`
      : `✔️ Discrepancy closed (${esc(r.value.medicine.petName)}).`;
  await done(f, r.value.medicine.first, words);
}

export function registerCustodyForms(app: App, deps: BotDeps): void {
  onForm(app, deps, { ...spec, form: countInForm, run: submitCountIn });
  onForm(app, deps, { ...spec, form: countForm, run: submitCount });
  onForm(app, deps, { ...spec, form: handBackForm, run: submitHandBack });
  onForm(app, deps, { ...spec, form: closeForm, run: submitClose });
}
