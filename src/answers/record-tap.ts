/**
 * What a tap on a kept sheet settles before it writes (src/listeners/actions/record-tap.ts): a tap
 * on an earlier day's sheet, one more than an hour before the round's time or before a pet not
 * checked in has arrived, asks first; after a dose's window has closed, a tap never records "now"
 * silently: the form asks when it was given (issue 35).
 */
import type { Deps } from "../deps.ts";
import type { Round } from "../domain/care.ts";
import { onceADay, sameDrugGroups } from "../domain/day-dose.ts";
import type { OwedDose } from "../domain/obligations.ts";
import { owedPetOf } from "../domain/obligations.ts";
import { givenElsewhere, onceGivenKey } from "../domain/once-given.ts";
import { isMedicationItem } from "../domain/record.ts";
import { planNowOnOpen } from "../present/plan-now-open.ts";
import { sheetPetKey } from "../present/rounds.ts";
import type { Entry, ItemKey } from "../record/types.ts";
import { handedBackWords, pastDiscardWords } from "../words/custody.ts";
import { MISSED_HIGH_ALERT_ASK } from "../words/doses.ts";
import { givenTodayWords, onceADayFormWords, onceGivenWords, TWO_SLOTS_ASK } from "../words/not-due.ts";
import { earlyWords } from "../words/record.ts";
import { custodyAsksOf } from "./custody-sheet.ts";
import { closedDoses, offTimeStates } from "./late-entry.ts";
import { againOffered, givenHereAlone, onceGivenToday } from "./once-given.ts";
import { type Ask, earlyReason, petStatus } from "./record-round.ts";
import { readDay, roundDoses } from "./round-record.ts";
import { sheetPlansNow } from "./sheet-plans.ts";
import type { Sheet, SheetPet } from "./sheets.ts";

/**
 * What a tap on a kept sheet must settle before it writes: `ask` (an earlier day's sheet, a round
 * still ahead, a pet not here yet) and the doses `closed` past their window (asked when they were
 * given; for one tap, only of what it would write), with the pet's status (one tap writes from it:
 * the entries are read once), its entries and the current one of each item ([item, entry id,
 * outcome]) that a form shows, each entry's state by its window (`states`: its off-time mark; a dose owed
 * once a day is on time at any round of its day, as the post says it), and `onceGiven` (one tap: a
 * dose it would record that its plan gives here alone, or owed once a day by its words, was given at
 * another round today: refused), and `again` (the form: each such dose, asked or given at another
 * round today, offered its "Given again: I have checked", src/answers/given-again.ts).
 * With neither, one tap records at once.
 */
export async function tapAsks(
  deps: Pick<Deps, "record" | "clock" | "config">,
  { sheet, pet, day }: { sheet: Sheet; pet: SheetPet; day: "today" | "earlier" },
  kind: "all" | "each",
) {
  const early = day === "today" ? earlyReason(deps, sheet, pet) : undefined;
  // A dose from a medicine past its discard-by, or one handed back (the kennel holds none: issue 49):
  // asked first too; the dose is still recorded as said.
  const items = [...pet.due, ...(kind === "each" ? (pet.byDays ?? []) : [])].map((d) => d.item);
  const custody =
    early || day === "earlier"
      ? { past: [], back: [] }
      : await custodyAsksOf(deps, pet.bookingId, pet.petId, items, sheet.date);
  const custodyWords = [
    ...custody.back.map((b) => handedBackWords(b.label, b.to, b.date)),
    ...(custody.past.length ? [pastDiscardWords(custody.past)] : []),
  ];
  const ask: Ask | undefined =
    day === "earlier"
      ? { kind: "late" }
      : early
        ? { kind: "early", words: earlyWords(early) }
        : custodyWords.length
          ? { kind: "discard", words: custodyWords.join("\n") }
          : undefined;
  const { status, entries } = await petStatus(deps, sheet, pet);
  const only = kind === "all" ? status.missing.map((d) => d.item) : undefined;
  // A dose recorded already is asked of only if the form changes it (src/answers/late-entry.ts checkGiven).
  const closed = closedDoses(deps, sheet, pet, deps.clock.now(), only).map((c) => {
    const e = status.current.get(c.item.item);
    if (!e) return c;
    // Recorded given or refused: its time, shown first when it is the form's one time (timeQuestion).
    const timed = e.outcome === "given" || e.outcome === "refused";
    return { ...c, recorded: true as const, ...(timed ? { keptAt: e.givenAt ?? e.recordedAt } : {}) };
  });
  const current = [...status.current.values()].map(
    (e): [string, number, string] | [string, number, string, string] =>
      e.reasonCode ? [e.item, e.id, e.outcome, e.reasonCode] : [e.item, e.id, e.outcome],
  );
  const byDay = kind === "each" ? await petDay(deps, sheet, pet) : undefined;
  const states = offTimeStates(deps, sheet, pet, entries, byDay?.once);
  const settled = kind === "each" ? await withPlanNow(deps, sheet, pet, status, byDay?.settled) : undefined;
  // A dose its plan gives here alone, given at another round today: no one tap (src/answers/once-given.ts).
  const onceGiven = kind === "all" && (await givenHereAlone(deps, sheet, pet, only ?? []));
  const again = byDay?.again;
  return { ask, closed, status, entries, current, states, settled, pairs: byDay?.pairs, again, onceGiven };
}

/**
 * The pet's doses owed once a day from its words (src/domain/day-dose.ts: no time, plan not
 * confirmed), as its round kept them (`once`: given at any round of the day, on time, never "⏰ given
 * late" by this round's window); and each settled by another entry of its day or chased at a later
 * round, in the words its round's line says (`settled`: "☑️ given at the morning round by Jane
 * 08:12"): the form says them beside it, so nobody gives it again unawares. Said first the same way:
 * one drug in two slots whose "one dose or two?" is not answered (TWO_SLOTS_ASK), and a dose recorded
 * only if given (no round asks it) given already today at another round ("☑️ given today at the
 * morning round by Jane 08:10: record it here only if it is given again"), and a dose its confirmed
 * plan gives at this round alone given today at another round (src/answers/once-given.ts: "☑️ given
 * today at the morning round by Jane 08:00 — its plan gives it once a day: check before giving it
 * again"); before all, a high-alert dose missed ("💉 a missed high-alert dose: ask the vet before
 * giving it late", as Home and the missed reply say; never a late one, nor a low-risk drug's). The
 * day read once, as the round's lines read it (src/answers/round-record.ts), only when the pet has a
 * dose due from the words or by its plan, or one recorded only if given.
 */
export async function petDay(
  deps: Pick<Deps, "record" | "clock" | "config">,
  sheet: Sheet,
  pet: SheetPet,
): Promise<
  | { settled: Map<ItemKey, string>; once: ReadonlySet<ItemKey>; pairs: ItemKey[][]; again: ItemKey[] }
  | undefined
> {
  const byDays = pet.byDays ?? [];
  // A dose due by its confirmed plan may have been given at another round (src/answers/once-given.ts).
  const byPlan = pet.due.some((d) => !d.unconfirmed && isMedicationItem(d.item));
  if (!deps.record || (!pet.due.some((d) => d.unconfirmed) && byDays.length === 0 && !byPlan))
    return undefined;
  const { rounds, entries } = await readDay(deps, sheet.date);
  const day = roundDoses(deps, rounds, entries, sheet.round, deps.clock.now());
  const kept = rounds.find((r) => r.round === sheet.round);
  const items = (kept && owedPetOf(kept, pet.bookingId, pet.petId)?.items) ?? [];
  const once = new Set(items.filter(onceADay).map((i) => i.item));
  // One drug in two slots, "one dose or two?" not answered (src/domain/day-dose.ts): asked on the form
  // as on the sheet, never of a slot recorded at this round (its twin then says it is settled).
  const pairs = sameDrugGroups(
    items,
    pet.due.map((d) => d.item),
  );
  const here = new Set(entries.filter((e) => isCurrent(e, pet, sheet.round)).map((e) => e.item));
  const twice = new Set(pairs.flat().filter((i) => !here.has(i)));
  const settled = new Map<ItemKey, string>();
  const { timezone } = deps.config;
  for (const d of pet.due) {
    const s = day.get(`${pet.bookingId}|${pet.petId}|${d.item}`)?.state;
    if (s?.state === "not_due" && (s.why === "settled" || s.why === "later_round"))
      settled.set(d.item, onceADayFormWords(s, timezone));
    else if (twice.has(d.item)) settled.set(d.item, TWO_SLOTS_ASK);
  }
  for (const d of byDays) {
    const given = givenElsewhere(entries, pet, d.item, sheet.round);
    if (given) settled.set(d.item, givenTodayWords(given, timezone));
  }
  // Its plan gives it at this round alone (or its words once a day), given at another round today:
  // said first (a dose owed by its words says it as settled, above).
  const guarded = byPlan || once.size > 0;
  const given = guarded
    ? await onceGivenToday(deps, kept, entries, pet, undefined, true).catch(() => undefined)
    : undefined;
  for (const d of pet.due) {
    const g = given?.get(onceGivenKey(pet.bookingId, pet.petId, d.item));
    if (g && !g.byWords)
      settled.set(d.item, [onceGivenWords(g, timezone), settled.get(d.item)].filter(Boolean).join(" · "));
  }
  // Its plan gives it here alone (or its words once a day), another round asked or gave it: the tick.
  const again = guarded ? await againOffered(deps, rounds, kept, pet, given).catch(() => []) : [];
  for (const d of pet.due)
    if (missedHighAlert(day.get(`${pet.bookingId}|${pet.petId}|${d.item}`)))
      settled.set(d.item, [MISSED_HIGH_ALERT_ASK, settled.get(d.item)].filter(Boolean).join(" · "));
  return { settled, once, pairs, again };
}

/**
 * A high-alert dose missed (its window closed, nothing recorded, not settled otherwise), as Home and
 * the missed reply read it: the form says first to ask the vet before giving it late.
 */
const missedHighAlert = (d: OwedDose | undefined) =>
  d?.state.state === "missed" && d.due.highAlert === true && isMedicationItem(d.due.item);

/** An entry of the pet at this round, not corrected since (nor recorded in error: no outcome). */
const isCurrent = (e: Entry, pet: Pick<SheetPet, "bookingId" | "petId">, round: Round) =>
  e.bookingId === pet.bookingId &&
  e.petId === pet.petId &&
  e.round === round &&
  e.supersededBy === undefined &&
  e.outcome !== "in_error";

/**
 * The form's words before each due dose not recorded that the pet's plan, confirmed since the round
 * was kept, says is not due at this round ("📋 its plan, confirmed since this round asked it from the words (Jane 12:10), gives it at the
 * evening round, not this one — …"), after what `settled` says of it already. A plan that cannot be
 * read leaves the form as it was.
 */
async function withPlanNow(
  deps: Pick<Deps, "record" | "config">,
  sheet: Sheet,
  pet: SheetPet,
  status: { current: ReadonlyMap<ItemKey, unknown> },
  settled: ReadonlyMap<ItemKey, string> | undefined,
): Promise<ReadonlyMap<ItemKey, string> | undefined> {
  if (pet.planToConfirm === undefined || !deps.record) return settled;
  const plans = await sheetPlansNow(deps, { ...sheet, pets: [pet] }).catch(() => undefined);
  const plan = plans?.get(sheetPetKey(pet.bookingId, pet.petId));
  const at = { date: sheet.date, round: sheet.round, timezone: deps.config.timezone };
  const words = planNowOnOpen(pet.due, plan, at, (item) => !status.current.has(item), false);
  if (words.size === 0) return settled;
  const out = new Map(settled);
  for (const [item, w] of words) out.set(item, [out.get(item), w].filter(Boolean).join(" · "));
  return out;
}
