/**
 * Items a tap signs that the kept round did not ask (issue 45): a pet whose care plan was confirmed
 * after its round was kept, signed from the sheet drawn again with the plan now (issue 44). What the
 * round asked stays as kept; the items are added to it as an `obligation_change` "added", committed
 * in the same transaction as their entries (src/answers/record-round.ts), so every surface reads them
 * as asked: their windows, a high-alert dose's witness, chased when late.
 */
import type { Deps } from "../deps.ts";
import { doseWindow } from "../domain/doses.ts";
import type { DueItem } from "../domain/record.ts";
import type { LogInput } from "../record/types.ts";
import { doseSettings } from "./doses.ts";
import type { Sheet, SheetPet } from "./sheets.ts";

/**
 * The change that adds to the sheet's kept round the items of `due` it did not ask of the pet; none
 * when it asked them all, or when the round has no obligation (a record kept before there were any).
 * Its request key names the entries' request, so the same tap adds once.
 */
export async function itemsAdded(
  deps: Pick<Deps, "record" | "config" | "clock">,
  sheet: Pick<Sheet, "date" | "round">,
  pet: Pick<SheetPet, "bookingId" | "petId" | "name">,
  due: readonly (DueItem & { unconfirmed?: boolean | undefined })[],
  requestKey: string,
): Promise<LogInput<"obligation_change">[]> {
  const owed = await askedOf(deps, sheet, pet);
  if (!owed) return [];
  const { id, asked } = owed;
  const added = due.filter((d) => !asked.has(d.item));
  if (added.length === 0) return [];
  const items = added.map((d) => ({
    item: d.item,
    label: d.label,
    text: d.text,
    ...(d.highAlert ? { highAlert: true } : {}),
    window: doseWindow(
      d,
      sheet.date,
      sheet.round,
      deps.config.rounds.times,
      deps.config.timezone,
      doseSettings(deps),
    ),
    confirmed: d.unconfirmed !== true,
  }));
  const body = {
    v: 1 as const,
    obligation: id,
    round: sheet.round,
    change: "added" as const,
    bookingId: pet.bookingId,
    petId: pet.petId,
    name: pet.name,
    at: deps.clock.now().toISOString(),
    items,
  };
  const key = `obligation_change:${id}:${pet.bookingId}:${pet.petId}:added:${requestKey}`;
  return [
    {
      kind: "obligation_change",
      date: sheet.date,
      bookingId: pet.bookingId,
      petId: pet.petId,
      requestKey: key.slice(0, 500),
      body,
    },
  ];
}

/** The round's obligation (the first written stands) and the items it and its changes asked of the pet. */
async function askedOf(
  deps: Pick<Deps, "record">,
  sheet: Pick<Sheet, "date" | "round">,
  pet: Pick<SheetPet, "bookingId" | "petId">,
): Promise<{ id: number; asked: Set<string> } | undefined> {
  const store = deps.record;
  if (!store) return undefined;
  const mine = { date: sheet.date, bookingId: pet.bookingId, petId: pet.petId };
  const [obligations, changes] = await Promise.all([
    store.log({ kind: "obligation", date: sheet.date }),
    store.log({ kind: "obligation_change", ...mine }),
  ]);
  const owed = obligations.find((o) => o.body.round === sheet.round);
  if (!owed) return undefined;
  const asked = new Set(
    [
      ...owed.body.pets.filter((p) => p.bookingId === pet.bookingId && p.petId === pet.petId),
      ...changes.map((c) => c.body).filter((c) => c.obligation === owed.id),
    ].flatMap((p) => (p.items ?? []).map((i) => i.item)),
  );
  return { id: owed.id, asked };
}
