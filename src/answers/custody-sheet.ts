/**
 * Medicine custody on a round's sheet (issue 49), read from the record each time the sheet is drawn:
 * for each pet, its medicines held (the balance after the doses recorded so far, and how long it
 * lasts by its plan, past its discard-by) and each medication due on the sheet with nothing counted
 * in ("💊 not counted in"). One read of the medicines counted in for every pet, then a stay's whole
 * custody only for the pets holding some.
 */
import type { Deps } from "../deps.ts";
import type { MedicineCustody } from "../domain/custody.ts";
import { pastDiscard } from "../domain/custody-rules.ts";
import { addDays, localDate } from "../time.ts";
import { stayCustodyOf } from "./custody.ts";
import { medicineInOf } from "./custody-kinds.ts";
import { type HeldMedicine, heldOf } from "./custody-stock.ts";
import type { OwedRound } from "./obligations.ts";

/** A pet's medicines on the sheet. */
export interface SheetCustody {
  held: HeldMedicine[];
  /** The labels of the medications due on the sheet that were never counted in. */
  notCountedIn: string[];
  /** The medications due on the sheet whose medicine was handed back, none held since: to whom, when. */
  handedBack?: Array<{ label: string; to: string; date: string }> | undefined;
}

/** Of the items due, each whose last medicine was handed back (none held since): its label, to whom, when. */
const handedBackOf = (medicines: MedicineCustody[], due: Array<{ item: string }>) =>
  due.flatMap((d) => {
    const out = medicines.filter((m) => m.first.item === d.item).at(-1)?.handedBack;
    const m = medicines.find((x) => x.handedBack === out);
    return out && m ? [{ item: d.item, label: m.first.label, to: out.to, date: out.date }] : [];
  });

/**
 * Of a pet's items, each whose medicine was handed back, none held since (the chart on paper says
 * so on its row: the kennel holds none): its item, label, to whom and when.
 */
export async function handedBackItems(
  deps: Pick<Deps, "record" | "config">,
  bookingId: number,
  petId: number,
  items: string[],
): Promise<Array<{ item: string; label: string; to: string; date: string }>> {
  const medicines = await medicinesFor(deps, bookingId, petId, items);
  return handedBackOf(
    medicines,
    items.map((item) => ({ item })),
  );
}

/** A stay whose check-out is not known: counted ahead by the plan alone. */
const OPEN = { arrival: "1970-01-01T00:00:00.000Z", departure: undefined };

/**
 * The pets of a sheet (its kept pets: ids, what was due, what it offered to give if needed), by
 * "bookingId-petId": a pet holding a medicine of either has its medicines (a sheet offering "💊 Give
 * if needed…" says the supply's past its discard-by on every round, not only one with a dose due).
 */
export async function sheetCustody(
  deps: Pick<Deps, "record" | "config" | "clock">,
  pets: Array<{
    bookingId: number;
    petId: number;
    due: Array<{ item: string; label: string }>;
    ifNeeded?: Array<{ item: string }> | undefined;
  }>,
  /** What the round asked as the record keeps it (its pets' stays, as the kennel API said when kept). */
  owed: OwedRound | Promise<OwedRound | undefined> | undefined,
): Promise<Map<string, SheetCustody>> {
  const out = new Map<string, SheetCustody>();
  const store = deps.record;
  if (!store || pets.length === 0) return out;
  const today = localDate(deps.clock.now(), deps.config.timezone);
  const rows = await store.log({ kind: "medicine_in", from: addDays(today, -366), to: addDays(today, 1) });
  const counted = new Set(
    rows.map(medicineInOf).flatMap((m) => (m ? [`${m.bookingId}-${m.petId}-${m.item}`] : [])),
  );
  for (const p of pets) {
    const key = `${p.bookingId}-${p.petId}`;
    const notCountedIn = p.due
      .filter((d) => d.item !== "meal" && !counted.has(`${key}-${d.item}`))
      .map((d) => d.label);
    const holds = [...p.due, ...(p.ifNeeded ?? [])].some((d) => counted.has(`${key}-${d.item}`));
    const stay = holds ? await stayCustodyOf(deps, p.bookingId, p.petId) : undefined;
    const medicines = (stay?.medicines ?? []).filter((m) => !m.handedBack);
    const handedBack = handedBackOf(stay?.medicines ?? [], p.due);
    // How long each lasts to the stay's check-out as the round kept it (the kennel API is not asked
    // at each redraw); a stay kept with none, counted ahead by the plan alone (its day dated when weeks ahead).
    const kept = medicines.length ? (await owed)?.pets.find((q) => q.bookingId === p.bookingId) : undefined;
    const dates = kept?.checkOut ? { arrival: kept.checkIn ?? OPEN.arrival, departure: kept.checkOut } : OPEN;
    const held = medicines.map((m) => heldOf(deps, m, dates, stay?.plan));
    if (held.length || notCountedIn.length || handedBack.length)
      out.set(key, { held, notCountedIn, ...(handedBack.length ? { handedBack } : {}) });
  }
  return out;
}

/**
 * The stay's medicines counted in for these items (`items`: the plan's item keys); none, and the
 * stay's custody not read, when none of them was counted in (one read of the record).
 */
export async function medicinesFor(
  deps: Pick<Deps, "record" | "config">,
  bookingId: number,
  petId: number,
  items: string[],
): Promise<MedicineCustody[]> {
  if (!deps.record) return [];
  const rows = await deps.record.log({ kind: "medicine_in", bookingId, petId });
  if (!rows.some((r) => items.includes(medicineInOf(r)?.item ?? ""))) return [];
  const stay = await stayCustodyOf(deps, bookingId, petId);
  return stay.medicines.filter((m) => items.includes(m.first.item));
}

/** Of these medicines, each held (not handed back) past its discard-by on `date`: its label and that day. */
export const pastDiscardIn = (medicines: MedicineCustody[], date: string) =>
  medicines
    .filter((m) => !m.handedBack && pastDiscard(m.discardBy, date))
    .map((m) => ({ label: m.first.label, discardBy: m.discardBy as string }));

/**
 * What a dose of a pet's due items asks first about its medicine (issue 49): each held supply past its
 * discard-by on `date`, and each item whose every supply was handed back (the kennel holds none: a
 * dose recorded given is asked of, never refused). None read when none of them was counted in.
 */
export async function custodyAsksOf(
  deps: Pick<Deps, "record" | "config">,
  bookingId: number,
  petId: number,
  items: string[],
  date: string,
): Promise<{
  past: Array<{ label: string; discardBy: string }>;
  back: Array<{ label: string; to: string; date: string }>;
}> {
  const medicines = await medicinesFor(deps, bookingId, petId, items);
  return {
    past: pastDiscardIn(medicines, date),
    back: handedBackOf(
      medicines,
      items.map((item) => ({ item })),
    ),
  };
}
