/**
 * Items a tap signs that the kept round did not ask (issue 45): a pet whose care plan was confirmed
 * after its round was kept, signed from the sheet drawn again with the plan now (issue 44). What the
 * round asked stays as kept; the items are added to it as an `obligation_change` "added", committed
 * in the same transaction as their entries (src/answers/record-round.ts), so every surface reads them
 * as asked: their windows, a high-alert dose's witness, chased when late. The round posted again
 * (src/digest/round-post.ts) adds the doses of a plan confirmed since the same way, before it prints
 * them (`addConfirmedSince`).
 */
import type { Deps } from "../deps.ts";
import type { Round } from "../domain/care.ts";
import { doseWindow } from "../domain/doses.ts";
import type { OwedRound } from "../domain/obligations.ts";
import { type DueItem, isMedicationItem } from "../domain/record.ts";
import type { LogInput } from "../record/types.ts";
import { doseSettings } from "./doses.ts";
import { owedRound } from "./obligations.ts";
import type { RoundReport } from "./rounds.ts";
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
type DueWords = DueItem & { unconfirmed?: boolean | undefined };

/** The "added" change of the items of `due` not in `asked`, each with its window; none when none is new. */
function addedChange(
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

/**
 * When a kept round is posted again (a second /rounds): each dose of a pet's care plan confirmed by
 * a person since the round was kept that the round did not ask is added to the round as an "added"
 * change before the sheet prints it, so the new post can sign it (a late entry when its window has
 * closed) and every surface counts and chases it as any other (issue 44: a dose a sheet prints can
 * be recorded there, and is chased). Nothing else changes: a dose due from the words, a meal, stay as
 * the round kept them. Answers the round as it stands after.
 */
export async function addConfirmedSince(
  deps: Pick<Deps, "record" | "config" | "clock">,
  report: RoundReport,
  owed: OwedRound,
): Promise<OwedRound> {
  const store = deps.record;
  if (!store || owed.id === undefined) return owed;
  const round = { id: owed.id, date: owed.date, round: owed.round };
  const changes: LogInput<"obligation_change">[] = [];
  for (const p of report.pets) {
    const bookingId = p.booking.bookingId;
    const petId = p.pet?.pet.petId;
    if (bookingId === undefined || petId === undefined || !p.sheet) continue;
    const kept = owed.pets.find((x) => x.bookingId === bookingId && x.petId === petId);
    // A pet gone home since: as kept.
    if (kept?.leftAt !== undefined) continue;
    const confirmed = (p.due ?? []).filter((d) => isMedicationItem(d.item) && d.unconfirmed !== true);
    const asked = new Set(kept?.items.map((i) => i.item));
    const pet = { bookingId, petId, name: kept?.name ?? p.pet?.pet.name ?? `pet ${petId}` };
    // Keyed by the items: two replicas posting at once add them once.
    const key = `post:${confirmed.map((d) => d.item).join(",")}`;
    const change = addedChange(deps, round, pet, confirmed, asked, key);
    if (change) changes.push(change);
  }
  if (changes.length === 0) return owed;
  for (const c of changes) await store.append(c);
  return (await owedRound(deps, owed.date, owed.round)) ?? owed;
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
