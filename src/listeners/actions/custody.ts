/**
 * Medicine custody's buttons (issue 49), through the pipeline (src/listeners/interaction.ts):
 * "💊 Medicines in…" (the round post, the pet's card, /booking) opens the pet's medicines; in it,
 * 💊 Count in…, 🔢 Count…, ↩️ Handed back… and ✔️ Close discrepancy… open their forms over it; Home's
 * "💊 Medicines held…" opens the stock, whose 🔢 Count… and ✔️ Close discrepancy… do the same; ◀ ▶
 * in a view too long for one form draw its other pages in place. What a
 * view or form shows is read from the record (`locate`), never from the button, whose value is only
 * ids. The forms' submissions: src/listeners/actions/custody-forms.ts.
 */
import type { App } from "@slack/bolt";
import { type MedicineCustody, stayCustodyOf } from "../../answers/custody.ts";
import { dosesDueUntil, petMedicines, stockNow } from "../../answers/custody-stock.ts";
import { countById, medicineById } from "../../answers/custody-write.ts";
import { currentPlan, type PlanVersion } from "../../answers/plans.ts";
import {
  type ButtonKind,
  custodyBack,
  custodyClose,
  custodyCount,
  custodyIn,
  custodyOpen,
  custodyPage,
  custodyStock,
} from "../../blocks/buttons.ts";
import {
  discrepancyText,
  handBackHeadText,
  medicineHeadText,
  petMedicinesView,
  stillDueText,
  stockView,
  type ViewPage,
} from "../../blocks/custody.ts";
import {
  closeForm,
  closeModal,
  countForm,
  countInForm,
  countInModal,
  countModal,
  handBackForm,
  handBackModal,
  medicinesForm,
  stockForm,
  type UnderView,
} from "../../blocks/custody-modal.ts";
import { type MedicineCount, needsSecondPerson } from "../../domain/custody.ts";
import { closeProblem, countInStart } from "../../domain/custody-rules.ts";
import type { PlanItem } from "../../domain/plan/types.ts";
import { CUSTODY_REFUSALS } from "../../words/custody.ts";
import { closeWhoWords } from "../../words/custody-close.ts";
import type { BotDeps } from "../bot-deps.ts";
import { type IdsOf, type Located, nothingToFind, onTap, sealed, type Tap } from "../interaction.ts";
import { NO_STORE } from "../tapper-words.ts";
import { updateTappedView } from "../view-update.ts";

type Body = { view?: { type?: string; private_metadata?: string; id?: string; hash?: string } };

/** A custody view: a stay's pet's medicines, or the stock (`controlled`: those drugs only). */
type CustodyView =
  | { under: "pet"; bookingId: number; petId: number }
  | { under: "stock" | "controlled"; controlled: boolean };

/** The custody view a button is in (none: a message or Home): the channel it came from, which view, its page. */
function viewOf(
  deps: BotDeps,
  body: Body,
):
  | { channel: string | undefined; under: UnderView; page: number | undefined; view: CustodyView }
  | undefined {
  if (body.view?.type !== "modal") return undefined;
  const text = deps.seal.open(body.view.private_metadata);
  const pet = medicinesForm.read(text);
  if (pet) {
    const view = { under: "pet", bookingId: pet.bookingId, petId: pet.petId } as const;
    return { channel: pet.channel, under: "pet", page: pet.page, view };
  }
  const stock = stockForm.read(text);
  if (!stock) return undefined;
  const under = stock.controlled ? "controlled" : "stock";
  return { channel: stock.channel, under, page: stock.page, view: { under, controlled: stock.controlled } };
}

/**
 * A stay's pet's medicines view, read from the record now (`channel`: where it was opened from;
 * `at`: which page, from 1, when it takes more than one form, or the one now holding a medicine);
 * its metadata names the page it shows.
 */
export async function medicinesViewOf(
  deps: BotDeps,
  ids: { bookingId: number; petId: number },
  channel: string | undefined,
  at: ViewPage = {},
) {
  const { stay, held } = await petMedicines(deps, ids.bookingId, ids.petId);
  const n = stay.plan?.petName ?? `pet ${ids.petId}`;
  const meta = (g: number | undefined) => ({
    b: ids.bookingId,
    p: ids.petId,
    n,
    ...(channel ? { c: channel } : {}),
    ...(g ? { g } : {}),
  });
  const o = { petName: n, timezone: deps.config.timezone, ...at };
  return petMedicinesView((g) => sealed(deps, medicinesForm, meta(g)), stay, held, o);
}

/** What the kennel holds now, as a view (`controlled`: those drugs only; `at`: which page, as above). */
export async function stockViewOf(
  deps: BotDeps,
  controlled: boolean,
  channel: string | undefined,
  at: ViewPage = {},
) {
  const stock = await stockNow(deps, { controlled });
  const meta = (g: number | undefined) => ({
    ...(controlled ? { k: true } : {}),
    ...(channel ? { c: channel } : {}),
    ...(g ? { g } : {}),
  });
  return stockView((g) => sealed(deps, stockForm, meta(g)), stock, deps.config.timezone, at);
}

/** "◀ Page 1", "Page 3 ▶": the custody view the button is in, drawn again in place at that page. */
async function turnPage(t: CustodyTap<typeof custodyPage, undefined>) {
  const body = t.body as Body;
  const shown = viewOf(t.deps, body);
  if (!shown || !body.view?.id) return;
  const v = shown.view;
  const view =
    v.under === "pet"
      ? await medicinesViewOf(t.deps, v, shown.channel, { page: t.ids.page })
      : await stockViewOf(t.deps, v.controlled, shown.channel, { page: t.ids.page });
  const update = { view_id: body.view.id, hash: body.view.hash, view };
  await updateTappedView(t, update, { what: `Page ${t.ids.page}` });
}

/** Opens a view on the tap's trigger: over the custody view the button is in, else on its own. */
const openOver = <N, F>(t: Tap<N, F, unknown>, view: unknown) =>
  t.open(view, {
    push: viewOf(t.deps, t.body) !== undefined,
    failure: "views.open failed for medicine custody",
  });

/** Where a form opened by the tap is sent from: its channel and the view under it. */
function from<N, F>(t: Tap<N, F, unknown>): { c?: string; o?: UnderView; g?: number } {
  const shown = viewOf(t.deps, t.body);
  return {
    ...(t.where.c ? { c: t.where.c } : {}),
    ...(shown ? { o: shown.under } : {}),
    ...(shown?.page ? { g: shown.page } : {}),
  };
}

const refused = (words: string): Located<never> => ({ ok: false, refusal: `🔒 ${words}` });

/** A medicine in custody, as the record has it now, not handed back. */
async function heldMedicine(deps: BotDeps, ids: { custodyId: number }): Promise<Located<MedicineCustody>> {
  if (!deps.record) return { ok: false, refusal: NO_STORE };
  const m = await medicineById(deps, ids.custodyId);
  if (!m) return refused(CUSTODY_REFUSALS.unknown_medicine);
  if (m.handedBack) return { ok: false, refusal: CUSTODY_REFUSALS.handed_back };
  return { ok: true, found: m };
}

/** The plan's medicine a "💊 Count in…" names, in the stay's pet's current plan. */
async function planItem(deps: BotDeps, ids: IdsOf<typeof custodyIn>): Promise<Located<PlanMedicine>> {
  const plan = await currentPlan(deps, ids.bookingId, ids.petId);
  const item = plan?.plan.items.find((x) => x.key === ids.item);
  return plan && item
    ? { ok: true, found: { plan, item } }
    : { ok: false, refusal: CUSTODY_REFUSALS.no_plan_item };
}

/** A count a "✔️ Close discrepancy…" names, with its medicine. */
async function keptCount(deps: BotDeps, ids: IdsOf<typeof custodyClose>): Promise<Located<KeptCount>> {
  const found = await countById(deps, ids.countId);
  return found ? { ok: true, found } : refused(CUSTODY_REFUSALS.not_a_discrepancy);
}

type PlanMedicine = { plan: PlanVersion; item: PlanItem };
type KeptCount = { count: MedicineCount; medicine: MedicineCustody };
type CustodyTap<B extends ButtonKind<unknown, unknown>, F> = Tap<IdsOf<B>, F, unknown>;

/** "💊 Count in…": the form, with what the plan says of the medicine. */
async function openCountIn(t: CustodyTap<typeof custodyIn, PlanMedicine>) {
  const { plan, item } = t.found;
  const meta = { b: t.ids.bookingId, p: t.ids.petId, i: t.ids.item, n: plan.petName, ...from(t) };
  const sealedMeta = sealed(t.deps, countInForm, meta);
  // "💊 More counted in…": a refill of the medicine held, offered in its unit and by its label.
  const stay = await stayCustodyOf(t.deps, t.ids.bookingId, t.ids.petId);
  const held = stay.medicines.find((m) => m.first.item === item.key && !m.handedBack)?.first;
  const start = countInStart(item);
  const refill = held && { label: held.label, strength: held.strength, unit: held.unit, per: held.per?.unit };
  await openOver(t, countInModal(sealedMeta, plan.petName, refill ? { ...start, ...refill } : start, refill));
}

/** "🔢 Count…": the form, for the medicine as the record has it now. */
async function openCount(t: CustodyTap<typeof custodyCount, MedicineCustody>) {
  const m = t.found;
  const meta = { m: m.first.id, n: m.petName, ...from(t) };
  const head = `${medicineHeadText(m)}\nCount it, then write what you counted: the record compares it with its balance.`;
  const o = { head, secondPerson: needsSecondPerson(m.first) };
  await openOver(t, countModal(sealed(t.deps, countForm, meta), o));
}

/**
 * Doses still due in the stay: what handing it back leaves the pet without, said as the hand-back
 * form opens and again when it comes back asking why the quantity differs.
 */
export async function handBackWarning(deps: BotDeps, m: MedicineCustody): Promise<string | undefined> {
  const until = await dosesDueUntil(deps, m);
  return until ? stillDueText(m, until) : undefined;
}

/** "↩️ Handed back…": the form, with the record's balance. */
async function openHandBack(t: CustodyTap<typeof custodyBack, MedicineCustody>) {
  const m = t.found;
  const meta = { m: m.first.id, n: m.petName, ...from(t) };
  const warn = await handBackWarning(t.deps, m);
  const o = { head: handBackHeadText(m), secondPerson: needsSecondPerson(m.first), balance: m.balance, warn };
  await openOver(t, handBackModal(sealed(t.deps, handBackForm, meta), o));
}

/** "✔️ Close discrepancy…": the form, with the count and its explanation. */
async function openClose(t: CustodyTap<typeof custodyClose, KeptCount>) {
  const m = t.found.medicine;
  // Who may not close it is told at the tap, privately, the view under it kept: no form to type in.
  const managers = t.deps.config.medicines.managers;
  const problem = closeProblem(managers, t.found.count, t.who);
  if (problem) return await t.refuse(closeWhoWords(problem, managers));
  const meta = { k: t.ids.countId, n: m.petName, ...from(t) };
  const head = discrepancyText(m, t.ids.countId, t.deps.config.timezone);
  await openOver(t, closeModal(sealed(t.deps, closeForm, meta), head));
}

export function registerCustody(app: App, deps: BotDeps): void {
  const spec = {
    what: "a medicine custody button",
    opens: true,
    home: true,
    channelOf: (d: BotDeps, body: Body) => viewOf(d, body)?.channel,
  } as const;
  onTap(app, deps, {
    ...spec,
    button: custodyOpen,
    locate: nothingToFind,
    run: async (t) => openOver(t, await medicinesViewOf(deps, t.ids, t.where.c)),
  });
  onTap(app, deps, { ...spec, button: custodyIn, locate: planItem, run: openCountIn });
  onTap(app, deps, { ...spec, button: custodyCount, locate: heldMedicine, run: openCount });
  onTap(app, deps, { ...spec, button: custodyBack, locate: heldMedicine, run: openHandBack });
  onTap(app, deps, { ...spec, button: custodyClose, locate: keptCount, run: openClose });
  onTap(app, deps, { ...spec, button: custodyPage, locate: nothingToFind, run: turnPage });
  onTap(app, deps, {
    ...spec,
    button: custodyStock,
    locate: nothingToFind,
    run: async (t) => openOver(t, await stockViewOf(deps, t.ids.controlled, t.where.c)),
  });
}
