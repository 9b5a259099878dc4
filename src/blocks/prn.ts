/**
 * As-needed doses in Slack (issue 35): the follow-up the giver gets in a direct message an hour
 * later ("Effect of Piriton for Itchy?" with Helped, No change, Worse and "📝 With a note…"), the
 * same message once answered, and Home's list of the pets with a dose to give if needed, each with
 * its "💊 Give if needed…" button, paged within Block Kit's limits.
 */
import type { AsNeededPet, PrnDose, PrnEffectEntry } from "../domain/prn.ts";
import type { Doc, Part } from "../present/doc.ts";
import { answeredDoc, asNeededDoc, followUpDoc } from "../present/prn.ts";
import { prnEffect, prnEffectNote, prnGive } from "./buttons.ts";
import { docMessages } from "./doc.ts";
import type { Message } from "./types.ts";

/**
 * The follow-up: the question, the dose, and the answers (one tap each, or a note in a form).
 * `today`: the day it is sent on (last night's dose: "given yesterday 23:20").
 */
export function followUpMessages(
  dose: PrnDose,
  petName: string,
  timezone: string,
  today?: string,
): Message[] {
  return docMessages(
    followUpDoc(dose, petName, timezone, {
      ...(today ? { today } : {}),
      answer: (e) => ({ actionId: prnEffect.actionId(e), value: prnEffect.encode({ d: dose.id, e }) }),
      withNote: { actionId: prnEffectNote.actionId(), value: prnEffectNote.encode({ d: dose.id }) },
    }),
  );
}

/** The follow-up once answered: "✅ Effect of Piriton for Itchy: helped · recorded 10:12 by Jane". */
export function answeredMessages(
  dose: PrnDose,
  petName: string,
  effect: PrnEffectEntry,
  timezone: string,
): Message[] {
  return docMessages(answeredDoc(dose, petName, effect, timezone));
}

/** Pets per message of Home's list (each a section with its button: well within 50 blocks). */
const PER_MESSAGE = 40;

/**
 * A document's parts as messages: the head in the first, the items shared out, the foot in the last;
 * a page passing a message's limits goes on in more messages (`docMessages`), nothing cut.
 */
function pagedMessages(doc: Doc): Message[] {
  const head = doc.parts.filter((p) => p.kind === "title");
  const items = doc.parts.filter((p) => p.kind !== "title" && p.kind !== "note");
  const foot = doc.parts.filter((p) => p.kind === "note");
  const out: Message[] = [];
  for (let i = 0; i === 0 || i < items.length; i += PER_MESSAGE) {
    const parts: Part[] = [
      ...(i === 0 ? head : []),
      ...items.slice(i, i + PER_MESSAGE),
      ...(i + PER_MESSAGE >= items.length ? foot : []),
    ];
    const n = Math.floor(i / PER_MESSAGE) + 1;
    out.push(
      ...docMessages({ ...doc, fallback: n === 1 ? doc.fallback : `${doc.fallback}: part ${n}`, parts }),
    );
  }
  return out;
}

/** Home's list: each pet with a dose to give if needed, and its button. */
export function asNeededMessages(pets: AsNeededPet[] | undefined, date: string, timezone: string): Message[] {
  return pagedMessages(
    asNeededDoc(pets, date, {
      timezone,
      giveAction: (p) => ({
        actionId: prnGive.actionId(`${p.bookingId}-${p.petId}`),
        value: prnGive.encode({ b: p.bookingId, p: p.petId }),
      }),
    }),
  );
}
