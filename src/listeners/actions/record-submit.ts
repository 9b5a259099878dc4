/**
 * The record modals' submissions: "Record each…" (each item's outcome, a reason, a note; a changed
 * outcome is a correction that supersedes the earlier entry) and the confirmation of one tap that
 * asked first. Through the pipeline (src/listeners/interaction.ts): the sealed metadata, the guard,
 * the kept sheet (the pet on it, not a later day's), each item one the sheet listed for the pet
 * (src/answers/record-round.ts). Then the commit, and only then the ack: a refusal keeps the form
 * open with the error on the field at fault, or replaces it with why nothing was written.
 */
import type { App } from "@slack/bolt";
import { checkBothSlots } from "../../answers/both-slots.ts";
import { checkGivenAgain } from "../../answers/given-again.ts";
import { inErrorRefusals } from "../../answers/in-error.ts";
import { checkGiven } from "../../answers/late-entry.ts";
import { givenHereAlone } from "../../answers/once-given.ts";
import { recordEach } from "../../answers/record-each.ts";
import { petStatus, recordAllDue, type WriteResult } from "../../answers/record-round.ts";
import { notedPastCheckOut } from "../../answers/stay-times.ts";
import { esc, plainOf } from "../../blocks/mrkdwn.ts";
import {
  firstField,
  readAgainTicks,
  readBothTicks,
  readGiven,
  readSubmission,
} from "../../blocks/record-form.ts";
import { GIVEN_AT, GIVEN_WHICH, lateForm, recordForm } from "../../blocks/record-modal.ts";
import type { PrnDose } from "../../domain/prn.ts";
import type { ItemKey } from "../../record/types.ts";
import type { BotDeps } from "../bot-deps.ts";
import { type Form, onForm } from "../interaction.ts";
import type { SheetRedraw } from "../record-round.ts";
import { afterRound, onSheet, type SheetPetFound } from "../round-taps.ts";
import {
  correctedWords,
  FORGED,
  givenByOtherOnTimeWords,
  keptTimesWords,
  NO_ONE_TAP,
  roundName,
  TAMPERED,
  whoRecorded,
} from "../tapper-words.ts";
import { againWithTick } from "./record-again.ts";
import { confirmNamed, readGiver, tellIfNotStaff } from "./record-giver.ts";

/** A time said that cannot stand: its words on the form's field at fault (the time, or which of an hour that came twice). */
const timeField = (c: { field: "time" | "which"; error: string }) => ({
  [c.field === "which" ? GIVEN_WHICH : GIVEN_AT]: c.error,
});

type RecordMeta = NonNullable<ReturnType<typeof recordForm.read>>;
type RecordSubmission = Form<RecordMeta, SheetPetFound>;
/** What a form wrote: the round's entries, and the doses given if needed on it (Record each… only). */
type Written = WriteResult & { ifNeeded?: PrnDose[] };

export function registerRecordSubmit(app: App, deps: BotDeps, redraw: SheetRedraw): void {
  const spec = {
    what: "a record form",
    forged: FORGED,
    to: (meta: RecordMeta) => ({ channel: meta.at.channel }),
    locate: onSheet("a record form"),
  };
  onForm(app, deps, { ...spec, form: recordForm, run: (f) => answer(f, false, each(deps, redraw, f)) });
  onForm(app, deps, { ...spec, form: lateForm, run: (f) => answer(f, true, confirm(deps, f)) });

  async function answer(f: RecordSubmission, late: boolean, writing: Promise<Written | undefined>) {
    const result = await writing;
    if (!result) return;
    const { sheet, pet } = f.found;
    if (result.status === "not_listed") return await f.refuse(`🔒 ${TAMPERED}`);
    if (result.status === "no_one_tap") return await f.refuse(NO_ONE_TAP);
    if (result.status === "already" || result.status === "nothing") {
      const words = `Not recorded: ${whoRecorded(result.existing, deps.config.timezone)}, after this form was opened (${roundName(sheet, pet)}). Close it and open ✏️ Record each… again to correct it.`;
      const fields = [...new Set(result.existing.map((e) => `it:${e.item}`))];
      const errors = Object.fromEntries(
        (fields.length ? fields : [firstField(pet)]).map((k) => [k, plainOf(words)]),
      );
      // The form stays open, the error on each item recorded meanwhile (the late confirmation has none).
      if (result.status === "already" && !late && (await f.ack.send({ response_action: "errors", errors })))
        return;
      return await f.refuse(words);
    }
    // Committed: the form closes now. A time said is confirmed to the tapper, its day named when not today.
    await f.ack.send();
    // A giver kept by id (Slack slow before the commit), of the round's doses or those given if needed:
    // confirmed and drawn once Slack names them (a bounded wait), else drawn again when the name comes.
    const entries = result.status === "recorded" ? result.entries : [];
    const ifNeeded = result.ifNeeded ?? [];
    await confirmNamed(deps, f.client, { entries, doses: ifNeeded }, () =>
      Promise.all([
        redraw.afterTap(f.client, sheet, pet.message, f.meta.at),
        ifNeeded.length ? redraw.petChanged(f.client, sheet.date, pet, f.meta.at) : undefined,
      ]),
    );
    // Every correction committed is confirmed too, one to "not given" (no time kept) as one given late;
    // and doses given on time, or given if needed, by someone the form named (that person said, as for a late entry).
    const tz = deps.config.timezone;
    const said =
      result.status === "recorded"
        ? [
            keptTimesWords(sheet, pet, result.entries, { timezone: tz, now: deps.clock.now() }),
            correctedWords(sheet, pet, result.entries, tz),
            givenByOtherOnTimeWords(sheet, pet, result.entries, tz, result.ifNeeded),
          ]
            .filter(Boolean)
            .join(" ") || undefined
        : undefined;
    await afterRound(f, redraw, f.found, f.meta.at, result.status === "recorded", said);
    // A dose given if needed shows on each of the day's posts holding the pet (as 💊 Give if needed… draws them).
    if (result.ifNeeded?.length) void redraw.petChanged(f.client, sheet.date, pet, f.meta.at);
  }
}

/**
 * "Record each…": each item as chosen, a changed one superseding its entry, each dose given if
 * needed as an as-needed dose (src/answers/record-each.ts).
 */
async function each(deps: BotDeps, redraw: SheetRedraw, f: RecordSubmission): Promise<Written | undefined> {
  const { sheet, pet } = f.found;
  const sub = readSubmission(
    { cur: f.meta.current, q: f.meta.asksWhen ? 1 : undefined, k: f.meta.keptTime },
    pet,
    f.values,
  );
  if (!sub.ok) return void (await f.atFields(sub.errors));
  // A giver never seen is asked of Slack while the form's other checks run (each waits a bounded time).
  const giverRead = readGiver(deps, f.client, f.who.userId, f.values);
  // A medicine in custody is never struck as recorded in error: its register is put right by a count.
  const custody = await inErrorRefusals(deps, pet, sub.choices);
  if (Object.keys(custody).length) return void (await f.atFields(custody));
  const again = await ticksChecked(deps, f, sub.choices);
  if (!again.ok) {
    // Given at another round since the form was opened, no tick for it here: drawn again with it, typed values kept.
    const { untickable } = again as { untickable?: ReadonlyMap<ItemKey, string> };
    const only = untickable && Object.keys(again.errors).every((k) => untickable.has(k.slice(3) as ItemKey));
    if (only && (await againWithTick(deps, f, untickable).catch(() => false))) return undefined;
    return void (await f.atFields(again.errors));
  }
  const checked = await checkGiven(deps, sheet, pet, sub.given, again.choices);
  if (!checked.ok) return void (await f.atFields(timeField(checked)));
  const giver = await giverRead;
  if (!giver.ok) return void (await f.atFields(giver.errors));
  const cur = new Map(f.meta.current.map(([item, id]) => [item, id]));
  // A dose given past the booking's check-out of a pet still here: its note says so.
  const noted = notedPastCheckOut(
    again.choices.map((c) => ({ ...c, supersedes: cur.get(c.item), givenAt: checked.givenAt.get(c.item) })),
    checked.pastCheckOut,
  );
  if (!noted.ok) return void (await f.atFields(noted.errors));
  const { writes } = noted;
  const who = { ...f.who, giver: giver.giver };
  const done = await recordEach(deps, sheet, pet, { writes, ifNeeded: sub.ifNeeded }, who, f.requestKey);
  // Told of a giver not staff when the form wrote their doses: the round's, or only those given if needed.
  const wrote = done.status !== "fields" && (done.result?.status === "recorded" || done.doses.length > 0);
  tellIfNotStaff(deps, giver, wrote, f.tell);
  if (done.status === "fields") return void (await f.atFields(done.errors));
  if (done.doses.length) deps.prnFollowUps?.changed();
  if (done.status === "partly") {
    // A dose given if needed not written after the entries were: the form stays open, saying so.
    if (!(await f.ack.send({ response_action: "errors", errors: done.errors })))
      await f.tell(`⚠️ ${esc(Object.values(done.errors).join(" "))}`);
    await redraw.afterTap(f.client, sheet, pet.message, f.meta.at, pet);
    return undefined;
  }
  return { ...(done.result ?? { status: "recorded", entries: [] }), ifNeeded: done.doses };
}

/**
 * The choices checked for what only a tick lets through: both slots of one drug given, "one dose or
 * two?" not answered (src/answers/both-slots.ts); a dose its plan gives here alone given at another
 * round today, read now (src/answers/given-again.ts). Each note then says who checked.
 */
async function ticksChecked<C extends Parameters<typeof checkBothSlots>[3]["choices"][number]>(
  deps: BotDeps,
  f: RecordSubmission,
  choices: C[],
) {
  const { sheet, pet } = f.found;
  const recordedGiven = new Set(f.meta.current.filter(([, , o]) => o === "given").map(([i]) => i as ItemKey));
  const both = await checkBothSlots(
    deps,
    sheet,
    pet,
    { choices, ticked: readBothTicks(f.values), recordedGiven },
    f.who,
  );
  if (!both.ok) return both;
  const ticks = readAgainTicks(f.values);
  return checkGivenAgain(deps, sheet, pet, { choices: both.choices, ...ticks, recordedGiven }, f.who);
}

/** The one tap's confirmation: when it asked, the time said, for the doses past their window. */
async function confirm(deps: BotDeps, f: RecordSubmission): Promise<WriteResult | undefined> {
  const { sheet, pet } = f.found;
  const given = f.meta.asksWhen ? readGiven(f.values) : undefined;
  if (given === "missing")
    return void (await f.atFields({ [GIVEN_AT]: "Say when it was given: the day and the time." }));
  // A giver never seen is asked of Slack while the checks below run (each waits a bounded time).
  const giverRead = readGiver(deps, f.client, f.who.userId, f.values);
  const { status } = await petStatus(deps, sheet, pet);
  const writes = status.missing.map((d) => ({ item: d.item, outcome: "given" as const }));
  // Opened before a dose its plan gives here alone was given at another round: Record each… only.
  if (
    await givenHereAlone(
      deps,
      sheet,
      pet,
      writes.map((w) => w.item),
    )
  )
    return { status: "no_one_tap" };
  const checked = await checkGiven(deps, sheet, pet, given, writes);
  if (!checked.ok) return void (await f.atFields(timeField(checked)));
  const giver = await giverRead;
  if (!giver.ok) return void (await f.atFields(giver.errors));
  const who = { ...f.who, giver: giver.giver };
  // A dose given past the booking's check-out of a pet still here: its note says so.
  const result = await recordAllDue(deps, sheet, pet, who, f.requestKey, {
    givenAt: checked.givenAt,
    status,
    note: checked.pastCheckOut,
  });
  tellIfNotStaff(deps, giver, result.status === "recorded", f.tell);
  return result;
}
