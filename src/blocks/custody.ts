/**
 * Medicine custody in Slack (issue 49): the pet's medicines view and the stock view (the documents of
 * src/present/custody*.ts with their buttons, ids only), the "💊 Medicines in…" button the round
 * post, the pet's card and /booking carry, and the morning post's medicines to act on.
 */

import type { MedicineCustody, StayCustody } from "../answers/custody.ts";
import type { HandBack, HeldMedicine, Stock } from "../answers/custody-stock.ts";
import type { MedicineItem } from "../domain/custody.ts";
import { channelDoc } from "../present/channel-words.ts";
import {
  balanceLine,
  medicineHead,
  medicineKey,
  openDiscrepancyLines,
  stockDoc,
} from "../present/custody.ts";
import { stillDueWords } from "../present/custody-form.ts";
import { type PetMedicineActions, petMedicinesDoc } from "../present/custody-pet.ts";
import { handBackDoc, medicinesPostDoc } from "../present/custody-post.ts";
import type { Action } from "../present/doc.ts";
import { custodyBack, custodyClose, custodyCount, custodyIn, custodyOpen } from "./buttons.ts";
import { medicinesForm, stockForm } from "./custody-modal.ts";
import { medicinesView } from "./custody-pages.ts";
import { docMessages, lineMrkdwn } from "./doc.ts";
import { esc } from "./mrkdwn.ts";
import type { Message } from "./types.ts";

const count = (m: MedicineCustody) => ({
  actionId: custodyCount.actionId(m.first.id),
  value: custodyCount.encode({ m: m.first.id }),
});
const close = (k: number) => ({ actionId: custodyClose.actionId(k), value: custodyClose.encode({ k }) });

/** The buttons of one stay's pet: counting in names the stay's pet and the plan's item. */
const actionsFor = (b: number, p: number): PetMedicineActions => ({
  countIn: (i: MedicineItem) => ({
    actionId: custodyIn.actionId(`${b}-${p}-${i.replace(":", "")}`),
    value: custodyIn.encode({ b, p, i }),
  }),
  count,
  back: (m) => ({ actionId: custodyBack.actionId(m.first.id), value: custodyBack.encode({ m: m.first.id }) }),
  close,
});

/** "💊 Medicines in…" (nothing counted in yet) or "💊 Medicines…": the pet's medicines view. */
export function custodyOpenAction(bookingId: number, petId: number, counted: boolean): Action {
  return {
    text: counted ? "💊 Medicines…" : "💊 Medicines in…",
    actionId: custodyOpen.actionId(`${bookingId}-${petId}`),
    value: custodyOpen.encode({ b: bookingId, p: petId }),
  };
}

/** Which page of a view: `page` (from 1), or the one holding `holding`'s medicine when one does. */
export interface ViewPage {
  page?: number | undefined;
  /** The id of a counting in of the medicine a form just acted on (its first, or a later supply). */
  holding?: number | undefined;
}

/** The key of the held medicine a counting in (its first or a later supply) is of; none: not there. */
function heldKey(held: HeldMedicine[], entryId: number | undefined): string | undefined {
  if (entryId === undefined) return undefined;
  const h = held.find((x) => x.medicine.supplies.some((s) => s.id === entryId));
  return h ? medicineKey(h.medicine) : undefined;
}

/**
 * A stay's pet's medicines, with every button (`seal`: its metadata, medicinesForm's, for the page
 * shown), on as many pages as they take (`page`, from 1; the one now holding `holding`'s medicine
 * when one does).
 */
export function petMedicinesView(
  seal: (page: number | undefined) => string,
  stay: StayCustody,
  held: HeldMedicine[],
  o: { petName: string; timezone: string } & ViewPage,
) {
  const actions = actionsFor(stay.bookingId, stay.petId);
  const doc = petMedicinesDoc(stay, held, { petName: o.petName, timezone: o.timezone, actions });
  return medicinesView(medicinesForm.id, seal, doc, { page: o.page, holding: heldKey(held, o.holding) });
}

/**
 * What the kennel holds now, in a view (Home's button), each medicine with its count and close
 * buttons, on as many pages as they take (`page`, from 1; the one now holding `holding`'s medicine
 * when one does).
 */
export function stockView(
  seal: (page: number | undefined) => string,
  stock: Stock,
  timezone: string,
  at: ViewPage = {},
) {
  const doc = stockDoc(stock, timezone, {}, { count, close });
  return medicinesView(stockForm.id, seal, doc, {
    page: at.page,
    holding: heldKey(stock.held, at.holding),
  });
}

/** The morning post's medicines to act on, in as many messages as they need; none: nothing to post. */
export function medicinesPostMessages(stock: Stock, timezone: string): Message[] {
  const doc = medicinesPostDoc(stock, timezone);
  return doc ? docMessages(channelDoc(doc)) : [];
}

/** A medicine's head and state in a form: "*💊 Tramadol 50mg* · counted in 28 tablets …". */
export const medicineHeadText = (m: MedicineCustody): string =>
  `${lineMrkdwn(medicineHead(m))} · ${esc(m.petName)}`;

/**
 * The hand-back form's head: the medicine, then the record's balance ("count by hand" saying why,
 * the plan's words escaped).
 */
export const handBackHeadText = (m: MedicineCustody): string =>
  `${medicineHeadText(m)}\nThe record's balance: ${lineMrkdwn(balanceLine(m))}. Count what is handed back.`;

/** Handing back a medicine whose doses are still due to `until`: what it leaves the pet without. */
export const stillDueText = (m: MedicineCustody, until: string): string =>
  stillDueWords(esc(m.first.label), until);

/** The discrepancy a manager closes, in words. */
export function discrepancyText(m: MedicineCustody, countId: number, timezone: string): string {
  const i = m.open.findIndex((c) => c.id === countId);
  const lines = openDiscrepancyLines(m, timezone);
  const shown = i >= 0 ? lines[i] : undefined;
  return `${medicineHeadText(m)}\n${shown ? lineMrkdwn(shown) : "This discrepancy is closed already."}`;
}

/** The departures post's replies of medicines to hand back (as many as they need); none: none held. */
export function handBackMessages(pets: HandBack[], date: string): Message[] {
  const doc = handBackDoc(pets, date);
  return doc ? docMessages(channelDoc(doc)) : [];
}
