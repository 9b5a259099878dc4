/**
 * A round's kept sheets read as its obligation: a record written before obligations were (issue 45;
 * src/domain/obligations.ts has what an obligation is). Pure.
 */
import type { Round } from "./care.ts";
import type { DoseWindow } from "./doses.ts";
import { type OwedItem, type OwedPet, type OwedRound, owedPetKey } from "./obligations.ts";
import type { DueItem } from "./record.ts";

/** A kept sheet as a record written before obligations were holds it (src/record/kinds/sheet.ts). */
interface KeptSheet {
  id: number;
  date: string;
  round: Round;
  pets: ReadonlyArray<{
    bookingId: number;
    petId: number;
    name: string;
    due: ReadonlyArray<DueItem>;
    /** Printed to record only if given, not asked (src/domain/record.ts ByDaysItem). */
    byDays?: ReadonlyArray<DueItem> | undefined;
    arrivesAt?: string | undefined;
    planToConfirm?: number | undefined;
  }>;
}

/**
 * A round's kept sheets read as its obligation (a record written before obligations were, issue 45):
 * the union of its sheets, each item as the latest had it, its window by `windowOf` (the settings
 * now), its plan confirmed unless the sheet kept one to confirm or marked the item due from the
 * words. At least one sheet.
 */
export function roundOfSheets(
  sheets: readonly KeptSheet[],
  windowOf: (d: DueItem, date: string, round: Round) => DoseWindow,
): OwedRound {
  const first = sheets[0] as KeptSheet;
  const pets = new Map<string, OwedPet>();
  for (const s of [...sheets].sort((a, b) => a.id - b.id)) {
    for (const p of s.pets) {
      if (p.due.length === 0) continue;
      const items: OwedItem[] = p.due.map((d) => ({
        item: d.item,
        label: d.label,
        text: d.text,
        ...(d.highAlert ? { highAlert: true } : {}),
        window: windowOf(d, s.date, s.round),
        ...(p.planToConfirm !== undefined ? { plan: p.planToConfirm } : {}),
        // Due from the words when the sheet said so, or kept a plan to confirm.
        confirmed: p.planToConfirm === undefined && !d.unconfirmed,
      }));
      const arrives = p.arrivesAt ? Date.parse(p.arrivesAt) : Number.NaN;
      const had = pets.get(owedPetKey(p));
      const byItem = new Map([...(had?.items ?? []), ...items].map((i) => [i.item, i]));
      const beside = new Set([
        ...(had?.besideHighAlert ?? []),
        ...(p.byDays ?? []).flatMap((d) => (d.highAlert ? [d.item] : [])),
      ]);
      pets.set(owedPetKey(p), {
        bookingId: p.bookingId,
        petId: p.petId,
        name: p.name,
        ...(Number.isNaN(arrives) ? {} : { arrivesAt: new Date(arrives).toISOString() }),
        items: [...byItem.values()],
        ...(beside.size ? { besideHighAlert: [...beside] } : {}),
      });
    }
  }
  return {
    id: undefined,
    date: first.date,
    round: first.round,
    keptAt: first.date,
    pets: [...pets.values()],
    arrivals: 0,
    departures: 0,
    fromSheets: true,
  };
}
