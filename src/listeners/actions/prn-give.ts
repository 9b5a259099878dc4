/**
 * "💊 Give if needed…" (issue 35), on the pet's card, Home and the round post, through the pipeline
 * (src/listeners/interaction.ts): the guard, then the pet's current care plan read from the record
 * (offered only when a person confirmed it; never from the message or the button, whose value is
 * only ids), then the form. Its submission: the sealed metadata, the guard again, the fields (a
 * reason required; when it was given, not in the future, before the pet arrived or after it went
 * home), and the plan's limits against the pet's other doses of the item, counted in the write's own
 * transaction (src/answers/prn-give.ts givePrn: doses given at once on two replicas are counted
 * against each other): past one, the form again saying why, and only an explicit "I have checked:
 * give it anyway" with a note records it (src/domain/prn.ts prnOverride). Its medicine past its
 * discard-by on the day given, or handed back (custody closed), asks first too, as a round dose does
 * (src/answers/prn-custody.ts): nothing is recorded until its box is ticked. The kennel system's words
 * are read at opening and again at the submission (prnStay): changed since the plan was confirmed,
 * nothing is given until it is confirmed again. Then the commit, and only then the ack; every round
 * post of the dose's day holding the pet is redrawn (and its kept copies), whichever surface the form
 * came from, a high-alert drug's giver is asked for a witness, and the follow-up is due an hour later
 * (src/digest/prn-follow-up.ts).
 */
import type { App } from "@slack/bolt";
import { type PrnNow, prnNow } from "../../answers/prn.ts";
import { prnCustodyAsk, prnCustodyAtOpen } from "../../answers/prn-custody.ts";
import { givePrn, type PrnGiveResult, type PrnStay, prnStay } from "../../answers/prn-give.ts";
import { lastDay } from "../../answers/prn-pets.ts";
import { loadSheet, petOf } from "../../answers/sheets.ts";
import { prnGive } from "../../blocks/buttons.ts";
import { esc } from "../../blocks/mrkdwn.ts";
import { CUSTODY_ASK, type CustodyAsk } from "../../blocks/prn-custody-ask.ts";
import { giveForm, giveModal, readGive } from "../../blocks/prn-modal.ts";
import { followUpAt, type PrnDose, type PrnProblem } from "../../domain/prn.ts";
import { WITNESS_MINUTES } from "../../domain/witness.ts";
import { wordsChangedWords } from "../../present/prn.ts";
import { localDate } from "../../time.ts";
import { timeOf } from "../../words/dates.ts";
import { forReason } from "../../words/doses.ts";
import { prnCheckedWords } from "../../words/prn-checked.ts";
import type { BotDeps } from "../bot-deps.ts";
import type { Form, IdsOf, Located, MetaOf, Tap } from "../interaction.ts";
import { onForm, onTap, sealed } from "../interaction.ts";
import type { MessageRef, SheetRedraw } from "../record-round.ts";
import { NO_STORE, TAMPERED } from "../tapper-words.ts";

/** The longest wait for the booking and the pet's words before the form opens without them (Slack's trigger lasts 3 s). */
const STAY_WAIT_MS = 1_000;

const NOT_CONFIRMED = (name: string) =>
  `${esc(name)}'s care plan is not confirmed: a dose is offered here only as a confirmed plan says. Open 📋 Plan… on the round post to confirm it. Nothing was recorded.`;
const NOTHING_IF_NEEDED = (name: string) =>
  `${esc(name)}'s confirmed care plan has nothing to give if needed today. Nothing was recorded.`;
const WITNESS_ASK = `💉 A high-alert drug: a second person taps 👀 Witnessed beside the pet on the round post within ${WITNESS_MINUTES} minutes.`;
const FORGED_FORM =
  "This form is not one Kennel Desk opened (or it was changed on the way): nothing was recorded. Open 💊 Give if needed… again.";
/** What the give form's field says until the person ticks it. */
const NEEDS = {
  acknowledgement: { ack: "Tick this to give it anyway, or Cancel: nothing is recorded until you do." },
  note: { note: "Say who you checked with, and why it is given anyway." },
  custody: { [CUSTODY_ASK]: "Tick this to give it anyway, or Cancel: nothing is recorded until you do." },
};
const ids = (m: { bookingId: number; petId: number }) => ({ bookingId: m.bookingId, petId: m.petId });

/**
 * The pet's as-needed items now, from its confirmed plan; refused when there is none to give. Its
 * name as the form carried it, else (a name the form's metadata had no room for) as the plan has it.
 */
async function offered(
  deps: BotDeps,
  ids: { bookingId: number; petId: number; petName?: string | undefined },
): Promise<Located<Offered>> {
  const now = await prnNow(deps, ids.bookingId, ids.petId);
  const name = ids.petName ?? now.version?.petName ?? `pet ${ids.petId}`;
  if (!now.version && ids.petName === undefined) return { ok: false, refusal: `🔒 ${TAMPERED}` };
  if (!now.confirmed) return { ok: false, refusal: NOT_CONFIRMED(name) };
  if (now.items.length === 0) return { ok: false, refusal: NOTHING_IF_NEEDED(name) };
  return { ok: true, found: { ...now, name } };
}

/**
 * The stay's times and the kennel system's words now (src/answers/prn-give.ts prnStay), waited for
 * at most STAY_WAIT_MS after the plan (Slack's trigger lasts 3 s): words changed since the plan was
 * confirmed are refused; what is not back by then is left to the submission, which reads them again.
 */
async function withStay(
  deps: BotDeps,
  ids: { bookingId: number; petId: number },
): Promise<Located<Offered & { stay?: PrnStay | undefined }>> {
  const located = await offered(deps, ids);
  if (!located.ok || !located.found.version) return located;
  let timer: NodeJS.Timeout | undefined;
  const stay = await Promise.race([
    prnStay(deps, ids.bookingId, ids.petId, located.found.version),
    new Promise<undefined>((r) => {
      timer = setTimeout(() => r(undefined), STAY_WAIT_MS);
    }),
  ]).finally(() => clearTimeout(timer));
  if (stay?.words.state === "changed")
    return { ok: false, refusal: esc(wordsChangedWords(located.found.name, stay.words.changed)) };
  return { ok: true, found: { ...located.found, stay } };
}

type Offered = PrnNow & { name: string };

export function registerPrnGive(app: App, deps: BotDeps, redraw: SheetRedraw): void {
  onTap(app, deps, {
    button: prnGive,
    what: "an as-needed button",
    opens: true,
    home: true,
    locate: withStay,
    run: openGive,
  });
  onForm(app, deps, {
    form: giveForm,
    what: "an as-needed form",
    forged: FORGED_FORM,
    to: (meta) => ({ channel: meta.at.channel, responseUrl: meta.at.responseUrl }),
    home: (meta) => meta.at.channel === undefined,
    locate: async (d, meta) => (d.record ? offered(d, meta) : { ok: false, refusal: NO_STORE }),
    run: (f) => submitGive(f, redraw),
  });
}

/** The give form, for the pet's items its confirmed plan offers now and the last day's doses. */
async function openGive(
  t: Tap<IdsOf<typeof prnGive>, Offered & { stay?: PrnStay | undefined }, MessageRef | undefined>,
) {
  const { deps, ids, found } = t;
  const onPost = ids.sheetId !== undefined && t.at !== undefined;
  const home = t.body.container?.type === "view";
  const { c: _c, t: _t, ...where } = t.where;
  const meta = {
    b: ids.bookingId,
    p: ids.petId,
    ...(onPost ? { s: ids.sheetId, t: t.at?.ts } : {}),
    ...(t.where.c && (onPost || !home) ? { c: t.where.c } : {}),
    ...where,
    ...(found.stay?.arrival ? { a: found.stay.arrival } : {}),
    ...(found.stay?.departure ? { d: found.stay.departure } : {}),
    n: found.name,
    ...(found.version?.room ? { r: found.version.room } : {}),
  };
  const at = deps.clock.now();
  // Its medicine past its discard-by today, or handed back: said as the form opens (asked again at the submission).
  const medicine = await prnCustodyAtOpen(deps, {
    ...ids,
    items: found.items.map((i) => i.key),
    date: localDate(at, deps.config.timezone),
  });
  const view = giveModal(sealed(deps, giveForm, meta), meta, found.items, lastDay(found.doses, at), {
    timezone: deps.config.timezone,
    now: at.toISOString(),
    ...(medicine.length ? { medicine } : {}),
  });
  await t.open(view, { failure: "views.open failed for an as-needed dose" });
}

/**
 * The give form submitted: the kennel system's words compared again, the fields, then kept within
 * the plan's limits or past them only as prnOverride allows (both counted in the write).
 */
async function submitGive(f: Form<MetaOf<typeof giveForm>, Offered>, redraw: SheetRedraw) {
  const { deps, meta, found } = f;
  const stay = found.version ? await prnStay(deps, meta.bookingId, meta.petId, found.version) : undefined;
  if (stay?.words.state === "changed")
    return await f.refuse(esc(wordsChangedWords(found.name, stay.words.changed)));
  const sub = readGive(f.values, found.items, {
    now: deps.clock.now().toISOString(),
    arrival: stay?.arrival ?? meta.arrival,
    departure: stay?.departure ?? meta.departure,
    timezone: deps.config.timezone,
  });
  if (!sub.ok) return await f.atFields(sub.errors);
  const shown = (id: string) =>
    (f.view.blocks as Array<{ block_id?: string }>).some((b) => b.block_id === id);
  // Its medicine past its discard-by, or handed back: asked first, as a round dose is.
  const date = localDate(new Date(sub.givenAt), deps.config.timezone);
  const asks = await prnCustodyAsk(deps, { ...ids(meta), item: sub.item.key, date });
  const custody = asks.words.length ? { words: asks.words, acked: sub.custodyAcked } : undefined;
  if (custody && !custody.acked)
    return shown(CUSTODY_ASK)
      ? await f.atFields(NEEDS.custody)
      : await warn(f, sub, { words: [], problems: [] }, custody);
  const warned = shown("ack");
  const result = await givePrn(deps, {
    bookingId: meta.bookingId,
    petId: meta.petId,
    item: sub.item.key,
    reason: sub.reason,
    givenAt: sub.givenAt,
    note: sub.note,
    form: { warned, acked: sub.acked },
    // What the giver checked about its medicine, kept with the dose.
    ...(custody ? { checked: asks.checked } : {}),
    who: f.who,
    requestKey: f.requestKey,
  });
  if (result.status === "refused")
    return await f.refuse(result.why === "no_store" ? NO_STORE : NOTHING_IF_NEEDED(found.name));
  // Past the plan (counted with every dose kept, here or on another replica): nothing written.
  if (result.status === "past_limit" && result.need === "warning") return await warn(f, sub, result, custody);
  if (result.status === "past_limit")
    return await f.atFields(result.need === "note" ? NEEDS.note : NEEDS.acknowledgement);
  // Committed: the form closes now.
  await f.ack.send();
  deps.prnFollowUps?.changed();
  await f.tell(givenWords(deps, result, found.name));
  await redrawDose(f, redraw, result.dose);
}

/**
 * After a dose given (or found given already): the message the form came from, when a round post,
 * then every round post of the dose's day and kept copy holding the pet (src/listeners/record-round.ts
 * petChanged), whichever surface it came from (a round post, the pet's card, Home).
 */
async function redrawDose(f: Form<MetaOf<typeof giveForm>, Offered>, redraw: SheetRedraw, dose: PrnDose) {
  const { deps, meta } = f;
  const { channel, ts } = meta.at;
  const at = channel && ts ? { ...meta.at, channel, ts } : undefined;
  const sheet = meta.sheetId === undefined || !at ? undefined : await loadSheet(deps, meta.sheetId);
  const pet = sheet && petOf(sheet, meta.bookingId, meta.petId);
  if (sheet && pet && at) await redraw.redraw(f.client, sheet, pet.message, at);
  await redraw.petChanged(f.client, dose.date, dose, sheet && pet ? at : undefined);
}

/**
 * The give form again, saying why the dose is past the plan, or what to check about its medicine
 * (`custody`), or both (or, past Slack's deadline, told privately).
 */
async function warn(
  f: Form<MetaOf<typeof giveForm>, Offered>,
  sub: Extract<ReturnType<typeof readGive>, { ok: true }>,
  past: { words: string[]; problems: PrnProblem[] },
  custody?: CustodyAsk,
) {
  const words = [...past.words, ...(custody?.words ?? [])];
  const { deps, meta, found } = f;
  const now = deps.clock.now();
  const again = giveModal(
    f.view.private_metadata,
    { n: found.name, r: meta.room ?? found.version?.room },
    found.items,
    lastDay(found.doses, now),
    {
      timezone: deps.config.timezone,
      now: now.toISOString(),
      values: sub.values,
      warning: { words: past.words, rules: past.problems.map((p) => p.rule) },
      ...(custody ? { custody } : {}),
    },
  );
  if (!(await f.ack.send({ response_action: "update", view: again as never })))
    await f.tell(`⚠️ Nothing was recorded: ${words.join("; ")}. Open 💊 Give if needed… again.`);
}

/**
 * "💊 Recorded: Piriton given 14:05 for itching (Biscuit). You will be asked how it worked at 15:05.",
 * with what was checked first: ", past the plan's limit, checked", ", medicine checked first: …".
 */
function givenWords(
  deps: BotDeps,
  result: Extract<PrnGiveResult, { dose: unknown }>,
  petName: string,
): string {
  const tz = deps.config.timezone;
  const d = result.dose;
  // Said against today: a dose recorded this morning as given last night is "given yesterday 23:20".
  const today = localDate(deps.clock.now(), tz);
  if (result.status === "duplicate")
    return `Already recorded: ${esc(d.label)} given ${timeOf(d.givenAt, tz, today)} by ${esc(d.userName)} (${esc(petName)}). Nothing more was written.`;
  const asked = timeOf(followUpAt(d.givenAt, deps.config.doses.prnFollowUpMinutes), tz, today);
  return `💊 Recorded: ${esc(d.label)} given ${timeOf(d.givenAt, tz, today)} ${esc(forReason(d.reason))} (${esc(petName)})${d.ack ? ", past the plan's limit, checked" : ""}${d.checked ? `, ${esc(prnCheckedWords(d.checked))}` : ""}. You will be asked how it worked at ${asked}.${d.highAlert ? ` ${WITNESS_ASK}` : ""}`;
}
