/**
 * "📄 Enter from paper…" on a round post (issue 50), through the pipeline
 * (src/listeners/interaction.ts): the tap opens the form that asks which pet (the round's kept sheet,
 * its pets with a dose); that form is replaced by the pet's doses as the chart on paper says them;
 * their submission is written by the use case (src/answers/paper-enter.ts: checked, committed, then
 * acknowledged), the form returns to the first to enter the next pet, and the post is drawn again.
 * A form holds what fits it (src/blocks/paper-modal.ts): a menu of some of the pets, submitted with
 * none chosen, shows the next ones; a form of some of a pet's doses, once entered (or with none filled
 * in), shows the pet's next doses before the first form.
 */
import type { App } from "@slack/bolt";
import { enterFromPaper, paperRound } from "../../answers/paper-enter.ts";
import { paperEntered } from "../../answers/paper-entered.ts";
import { petStatus } from "../../answers/record-round.ts";
import type { Sheet } from "../../answers/sheets.ts";
import { paperEnter, paperPage } from "../../blocks/buttons.ts";
import { esc } from "../../blocks/mrkdwn.ts";
import {
  formValue,
  type PaperPetMeta,
  type PaperPickMeta,
  PICKED_PET,
  paperPetForm,
  paperPetModal,
  paperPickForm,
  paperPickModal,
  withShown,
} from "../../blocks/paper-modal.ts";
import { postParts } from "../../digest/dose-alert-slack.ts";
import { roundPost } from "../../digest/posts.ts";
import type { DigestSlack } from "../../digest/slack.ts";
import { paperDoneParts } from "../../present/paper-entered.ts";
import {
  type PaperPickDoc,
  paperCellsOf,
  paperFieldErrors,
  paperHasOpen,
  paperPetDoc,
  paperPickDoc,
  pickedPet,
} from "../../present/paper-form.ts";
import { paperThreadWords } from "../../words/paper.ts";
import type { BotDeps } from "../bot-deps.ts";
import {
  type Form,
  type IdsOf,
  type Located,
  type MetaOf,
  nothingToFind,
  onForm,
  onTap,
  sealed,
  type Tap,
} from "../interaction.ts";
import type { MessageRef, SheetRedraw } from "../record-round.ts";
import { afterRound } from "../round-taps.ts";
import { FORGED, LATER_DAY, NO_STORE, TAMPERED } from "../tapper-words.ts";
import { updateTappedView } from "../view-update.ts";

type Round = Extract<Awaited<ReturnType<typeof paperRound>>, { ok: true }>;

/** The kept sheet a button or the first form names, its pets with a dose; or why not. */
async function onRound(deps: BotDeps, ids: { sheetId: number }): Promise<Located<Round>> {
  const round = await paperRound(deps, ids.sheetId);
  if (round.ok) return { ok: true, found: round };
  if (round.why === "no_store") return { ok: false, refusal: NO_STORE };
  if (round.why === "later" && round.sheet) return { ok: false, refusal: LATER_DAY(round.sheet) };
  if (round.why === "no_doses")
    return { ok: false, refusal: "No pet has a dose at this round: nothing to enter from the paper." };
  return { ok: false, refusal: `🔒 ${TAMPERED}`, log: "refused a paper button naming no kept sheet" };
}

/** The pet the second form names, one of its round's pets with a dose (on the sheet or not); or why not. */
async function onPet(
  deps: BotDeps,
  ids: { sheetId: number; bookingId: number; petId: number },
): Promise<Located<{ sheet: Sheet; pet: Round["pets"][number] }>> {
  const round = await onRound(deps, ids);
  if (!round.ok) return round;
  const pet = round.found.pets.find((p) => p.bookingId === ids.bookingId && p.petId === ids.petId);
  if (pet) return { ok: true, found: { sheet: round.found.sheet, pet } };
  return { ok: false, refusal: `🔒 ${TAMPERED}`, log: "refused a paper form naming no pet of its round" };
}

/**
 * The first form (which pet), sealed; `done`: what the last pet's submission entered; `from`: the
 * first pet its menu shows when one form does not hold them all (`until`: where that page ends, as
 * ◀ Back names it).
 */
const pickView = (
  deps: BotDeps,
  meta: PaperPickMeta,
  round: Round,
  o: { done?: PaperPickDoc["done"]; from?: number; until?: number } = {},
) =>
  paperPickModal(
    (shown) => sealed(deps, paperPickForm, withShown(meta, shown)),
    paperPickDoc(round.sheet, round.pets, o.done),
    o.from,
    o.until,
  );

/**
 * The second form (a pet's doses), sealed: the pet's doses as the record holds them now, from `from`
 * when one form does not hold them all; `done`: what the form before it entered.
 */
async function petView(
  deps: BotDeps,
  meta: PaperPetMeta,
  found: { sheet: Sheet; pet: Round["pets"][number] },
  o: { done?: PaperPickDoc["done"]; from?: number } = {},
) {
  const { status } = await petStatus(deps, found.sheet, found.pet);
  return petModal(deps, meta, paperPetDoc(found.sheet, found.pet, status.current, deps.config.timezone), o);
}

/** The second form drawn from a pet's doses as already read (`doc`), sealed. */
const petModal = (
  deps: BotDeps,
  meta: PaperPetMeta,
  doc: ReturnType<typeof paperPetDoc>,
  o: { done?: PaperPickDoc["done"]; from?: number } = {},
) => paperPetModal((shown) => sealed(deps, paperPetForm, withShown(meta, shown)), doc, o);

const whereOf = (at: {
  channel: string;
  ts: string;
  threadTs?: string | undefined;
  responseUrl?: string | undefined;
}) => ({
  c: at.channel,
  t: at.ts,
  ...(at.threadTs ? { h: at.threadTs } : {}),
  ...(at.responseUrl ? { u: at.responseUrl } : {}),
});

export function registerPaper(app: App, deps: BotDeps, redraw: SheetRedraw, slack?: DigestSlack): void {
  onTap(app, deps, {
    button: paperEnter,
    what: "a paper button",
    onMessage: true,
    opens: true,
    locate: onRound,
    run: (t) =>
      t.open(pickView(deps, { s: t.ids.sheetId, ...t.where, c: t.at.channel, t: t.at.ts }, t.found)),
  });
  const forms = {
    forged: FORGED,
    to: (m: { at: { channel: string; responseUrl?: string | undefined } }) => ({
      channel: m.at.channel,
      responseUrl: m.at.responseUrl,
    }),
  };
  // "◀ Back" in a picker of some of the pets: the page before, drawn in place of the form it is in.
  onTap(app, deps, {
    button: paperPage,
    what: "a paper form's page",
    opens: true,
    tampered: `🔒 ${FORGED}`,
    channelOf: (d, body) => pickerOf(d, body)?.at.channel,
    locate: nothingToFind,
    run: turnBack,
  });
  onForm(app, deps, {
    ...forms,
    form: paperPickForm,
    what: "a paper form",
    locate: onRound,
    run: submitPick,
  });
  onForm(app, deps, {
    ...forms,
    form: paperPetForm,
    what: "a paper form",
    locate: onPet,
    run: (f) => submitPet(f, { redraw, slack }),
  });
}

type Body = { view?: { id?: string; hash?: string; private_metadata?: string } };

/** The picker a button is in: its metadata, its seal checked, named (none: not a picker of ours). */
const pickerOf = (deps: BotDeps, body: Body) =>
  paperPickForm.read(deps.seal.open(body.view?.private_metadata));

/**
 * "◀ Back": the picker the button is in drawn again in place, at the page of pets the button names
 * (the one before), its round read again as Next reads it; refused as Next is when it cannot be.
 */
async function turnBack(t: Tap<IdsOf<typeof paperPage>, undefined, MessageRef | undefined>): Promise<void> {
  const { deps } = t;
  const view = (t.body as Body).view;
  const meta = pickerOf(deps, t.body as Body);
  if (!meta || !view?.id) return await t.refuse(`🔒 ${FORGED}`);
  const round = await onRound(deps, meta);
  if (!round.ok) return await t.refuse(round.refusal);
  const back = pickView(deps, { s: meta.sheetId, ...whereOf(meta.at) }, round.found, {
    from: t.ids.from,
    until: t.ids.to,
  });
  await updateTappedView(t, { view_id: view.id, hash: view.hash, view: back }, { what: "The page before" });
}

/**
 * The first form submitted: the pet's doses; none chosen in a menu of some of the pets, the next
 * pets (after the last, the first).
 */
async function submitPick(f: Form<MetaOf<typeof paperPickForm>, Round>): Promise<void> {
  const { deps } = f;
  const pet = pickedPet(formValue(f.values)(PICKED_PET), f.found.pets);
  const shown = f.meta.shown;
  if (!pet && shown) {
    const next = pickView(deps, { s: f.found.sheet.id, ...whereOf(f.meta.at) }, f.found, { from: shown.to });
    await f.ack.send({ response_action: "update", view: next as never });
    return;
  }
  if (!pet) return await f.atFields({ [PICKED_PET]: "Choose the pet whose doses are on the paper." });
  // A dose entered from the paper already names the paper's giver (petStatus reads its mark).
  const meta = { s: f.found.sheet.id, b: pet.bookingId, p: pet.petId, ...whereOf(f.meta.at) };
  const view = await petView(deps, meta, { sheet: f.found.sheet, pet });
  await f.ack.send({ response_action: "update", view: view as never });
}

/**
 * The second form submitted: its doses entered (checked, committed, then acknowledged), then the
 * pet's next doses when the form held only some, else the first form to enter the next pet, saying
 * what was kept (off its time too); the post drawn again. A form of some of the doses with none
 * filled in: the next, nothing written; one with no dose open from it on (each in the record
 * already, by a tap or the paper): the first form again, nothing written.
 */
async function submitPet(
  f: Form<MetaOf<typeof paperPetForm>, { sheet: Sheet; pet: Round["pets"][number] }>,
  o: { redraw: SheetRedraw; slack: DigestSlack | undefined },
): Promise<void> {
  const { deps } = f;
  const { sheet, pet } = f.found;
  const { status } = await petStatus(deps, sheet, pet);
  const cells = paperCellsOf(pet, formValue(f.values));
  const shown = f.meta.shown;
  const doc = paperPetDoc(sheet, pet, status.current, deps.config.timezone);
  const more = shown && shown.to < doc.doses.length;
  const meta = { s: sheet.id, b: pet.bookingId, p: pet.petId, ...whereOf(f.meta.at) };
  // No dose open from this form on (each in the record already): "Back" to the pets, nothing written,
  // never through the forms of doses recorded already.
  if (cells.length === 0 && !paperHasOpen(doc, shown?.from)) {
    const round = await onRound(deps, { sheetId: sheet.id });
    if (!round.ok) return await f.refuse(round.refusal);
    const back = pickView(deps, { s: sheet.id, ...whereOf(f.meta.at) }, round.found);
    await f.ack.send({ response_action: "update", view: back as never });
    return;
  }
  if (more && cells.length === 0) {
    // Nothing written: the doses as just read.
    const next = petModal(deps, meta, doc, { from: shown.to });
    await f.ack.send({ response_action: "update", view: next as never });
    return;
  }
  // Which pet and which of its doses, with the form's drawing: one view enters pet after pet.
  const key = `${f.requestKey}:${pet.bookingId}-${pet.petId}:${shown?.from ?? 0}`;
  const result = await enterFromPaper(deps, sheet, pet, cells, f.who, key);
  if (result.status === "fields") {
    const fields = paperFieldErrors(result.errors, pet, status.current, shown?.from);
    return await (fields ? f.atFields(fields) : f.refuse(Object.values(result.errors).join(" ")));
  }
  const round = await paperRound(deps, sheet.id);
  const kept = round.ok && (await paperEntered(deps, sheet, pet, result.entries, f.who.userName, round.owed));
  const done = kept ? paperDoneParts(kept, deps.config.timezone) : undefined;
  const view = more
    ? await petView(deps, meta, f.found, { from: shown.to, done })
    : round.ok
      ? pickView(deps, { s: sheet.id, ...whereOf(f.meta.at) }, round, { done })
      : undefined;
  await f.ack.send(view ? { response_action: "update", view: view as never } : undefined);
  await drawn(f, o, sheet, pet, result.status === "recorded");
}

/**
 * The post drawn again: the message holding the pet, the parent (the button's message) or one of its
 * thread's, found by its part there. When that one cannot be found, the person is told its next tap
 * shows it.
 */
async function drawn(
  f: Parameters<typeof afterRound>[0] & {
    meta: {
      at: { channel: string; ts: string; threadTs?: string | undefined; responseUrl?: string | undefined };
    };
  },
  o: { redraw: SheetRedraw; slack: DigestSlack | undefined },
  sheet: Sheet,
  pet: Sheet["pets"][number],
  recorded: boolean,
): Promise<void> {
  const at = f.meta.at;
  if (pet.message === 0) {
    await afterRound(f, o.redraw, { sheet, pet }, at, recorded);
    return;
  }
  const { slack } = o;
  const kind = roundPost(sheet.round);
  const parts =
    slack &&
    (await postParts({ slack, channel: at.channel, date: sheet.date }, at.ts, kind).catch(() => undefined));
  const ts = parts?.get(pet.message + 1);
  if (ts) {
    await afterRound(f, o.redraw, { sheet, pet }, { channel: at.channel, ts, threadTs: at.ts }, recorded);
    return;
  }
  if (recorded) void f.deps.roundCheck?.changed(sheet.date, sheet.round);
  await f.tell(paperThreadWords(esc(pet.name)));
}
