/**
 * Items a tap signs that the kept round did not ask (issue 45): a pet whose care plan was confirmed
 * after its round was kept, signed from the sheet drawn again with the plan now (issue 44). What the
 * round asked stays as kept; the items are added to it as an `obligation_change` "added", committed
 * in the same transaction as their entries (src/answers/record-round.ts), so every surface reads them
 * as asked: their windows, a high-alert dose's witness, chased when late. The round posted again
 * (src/digest/round-post.ts) adds the doses it prints that the round did not ask (a plan confirmed
 * since, or due from the words changed since) the same way, before it prints them
 * (src/answers/obligation-posted.ts).
 */
import type { Deps } from "../deps.ts";
import type { Round } from "../domain/care.ts";
import { doseWindow } from "../domain/doses.ts";
import type { DueItem } from "../domain/record.ts";
import type { LogInput } from "../record/types.ts";
import { doseSettings } from "./doses.ts";
import { keptObligations } from "./obligation-parts.ts";
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
  due: readonly DueWords[],
  requestKey: string,
): Promise<LogInput<"obligation_change">[]> {
  const owed = await askedOf(deps, sheet, pet);
  if (!owed) return [];
  const change = addedChange(deps, { ...sheet, id: owed.id }, pet, due, owed.asked, requestKey);
  return change ? [change] : [];
}

/** A due item as a sheet names it, due from the words (plan not confirmed) or not. */
export type DueWords = DueItem & { unconfirmed?: boolean | undefined };

/** The "added" change of the items of `due` not in `asked`, each with its window; none when none is new. */
export function addedChange(
  deps: Pick<Deps, "config" | "clock">,
  round: { id: number; date: string; round: Round },
  pet: Pick<SheetPet, "bookingId" | "petId" | "name">,
  due: readonly DueWords[],
  asked: ReadonlySet<string>,
  requestKey: string,
): LogInput<"obligation_change"> | undefined {
  const added = due.filter((d) => !asked.has(d.item));
  if (added.length === 0) return undefined;
  const items = added.map((d) => ({
    item: d.item,
    label: d.label,
    text: d.text,
    ...(d.highAlert ? { highAlert: true } : {}),
    window: windowOf(deps, d, round),
    confirmed: d.unconfirmed !== true,
  }));
  const body = {
    v: 1 as const,
    obligation: round.id,
    round: round.round,
    change: "added" as const,
    bookingId: pet.bookingId,
    petId: pet.petId,
    name: pet.name,
    at: deps.clock.now().toISOString(),
    items,
  };
  const key = `obligation_change:${round.id}:${pet.bookingId}:${pet.petId}:added:${requestKey}`;
  return {
    kind: "obligation_change",
    date: round.date,
    bookingId: pet.bookingId,
    petId: pet.petId,
    requestKey: key.slice(0, 500),
    body,
  };
}

const windowOf = (deps: Pick<Deps, "config">, d: DueItem, r: { date: string; round: Round }) =>
  doseWindow(d, r.date, r.round, deps.config.rounds.times, deps.config.timezone, doseSettings(deps));

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
    keptObligations(store, { date: sheet.date }),
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
