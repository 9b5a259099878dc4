/**
 * What a round's answer asks, as its obligation's body (issue 45; written by src/answers/
 * obligations.ts keepRound): each pet and item with its words, the plan's version it came from and
 * its window; and the changes the round's answer makes later to what was kept (a pet who arrived or
 * went home since).
 */
import type { Deps } from "../deps.ts";
import { saysCheckedIn } from "../domain/bookings.ts";
import type { Round } from "../domain/care.ts";
import { type DoseWindow, doseWindow } from "../domain/doses.ts";
import { sameDrugKey } from "../domain/drug-names.ts";
import {
  dueOfOwed,
  type OwedItem,
  type OwedRound,
  owedPetOf as owedPetIn,
  owedPetKey,
} from "../domain/obligations.ts";
import { byDaysOf } from "../domain/printed-not-due.ts";
import { type DueItem, dueOf, isMedicationItem } from "../domain/record.ts";
import { arrivedSince, medicationCounts, roundCounts } from "../domain/rounds.ts";
import { firstChars } from "../domain/text.ts";
import type { BodyIn } from "../record/kinds/index.ts";
import { REFERENCE_MAX } from "../record/kinds/obligation.ts";
import { PET_NAME_MAX } from "../record/kinds/round-pet.ts";
import type { ItemKey } from "../record/types.ts";
import { localDate, zonedInstant } from "../time.ts";
import { doseSettings } from "./doses.ts";
import type { RoundPet, RoundReport } from "./rounds.ts";

/** An instant as the record writes them (ISO 8601, UTC); undefined when it is not one. */
function isoOf(at: string | undefined): string | undefined {
  const ms = at === undefined ? Number.NaN : Date.parse(at);
  return Number.isNaN(ms) ? undefined : new Date(ms).toISOString();
}

/**
 * A room's name or a booking's reference cut to what the obligation keeps of it. Never a pet's name
 * nor an item's words: those are kept whole, as the round's kept sheet keeps them (src/record/kinds/
 * round-pet.ts; issue 47), and refused with it past the record's limits, never cut.
 */

/** An item's window at a round, by the settings now (what the obligation keeps). */
export function windowOf(deps: Pick<Deps, "config">, d: DueItem, date: string, round: Round): DoseWindow {
  return doseWindow(d, date, round, deps.config.rounds.times, deps.config.timezone, doseSettings(deps));
}

/**
 * What makes an item of a plan not confirmed owed once a day (src/domain/day-dose.ts): the sheet
 * reads its words as giving it no time (`no_time`); and the pet's other slots holding the same drug,
 * the plan's question not answered (no plan: the slots' names, src/domain/drug-names.ts).
 */
function dayMarks(p: RoundPet, item: ItemKey): Pick<OwedItem, "noTime" | "sameDrugAs"> {
  const meds = p.sheet?.medications ?? [];
  const slot = (n: number) => `med:${n}` as ItemKey;
  const mine = meds.find((m) => slot(m.medication.n) === item);
  if (!mine) return {};
  const planned = p.plan?.plan.items.find((i) => i.key === item);
  const key = sameDrugKey(mine.medication.name);
  const same = p.plan
    ? planned?.readBy === "nobody"
      ? planned.sameDrugAs
      : []
    : meds
        .filter((m) => m !== mine && key && sameDrugKey(m.medication.name) === key)
        .map((m) => slot(m.medication.n));
  return {
    ...(mine.state === "no_time" ? { noTime: true as const } : {}),
    ...(same.length ? { sameDrugAs: same } : {}),
  };
}

/** The items a pet of the round's answer owes: what is due by its plan (else the sheet's rule), as kept. */
function owedItemsOf(deps: Pick<Deps, "config">, p: RoundPet, date: string, round: Round): OwedItem[] {
  const plan = p.plan;
  const confirmed = plan?.state === "confirmed";
  return dueOf(p).map((d) => ({
    item: d.item,
    label: d.label,
    text: d.text,
    ...(d.highAlert ? { highAlert: true } : {}),
    window: windowOf(deps, d, date, round),
    ...(plan?.versionId !== undefined ? { plan: plan.versionId } : {}),
    confirmed,
    ...(confirmed || !isMedicationItem(d.item) ? {} : dayMarks(p, d.item)),
  }));
}

/**
 * A pet of the round's answer as the obligation keeps it; none without ids. Its items may be none:
 * asked nothing (kept, if at all, among the round's `askedNothing`, never its pets).
 */
function owedPetOf(deps: Pick<Deps, "config">, p: RoundPet, date: string, round: Round) {
  const bookingId = p.booking.bookingId;
  const petId = p.pet?.pet.petId;
  if (bookingId === undefined || petId === undefined || !p.pet || !p.sheet) return undefined;
  const items = owedItemsOf(deps, p, date, round);
  // Not here yet: arriving later that day, not checked in (the sheet's own rule).
  const checkIn = isoOf(p.booking.checkInDate);
  const checkOut = isoOf(p.booking.checkOutDate);
  const arrivesAt =
    checkIn && !saysCheckedIn(p.booking) && localDate(checkIn, deps.config.timezone) === date
      ? checkIn
      : undefined;
  return {
    bookingId,
    petId,
    name: p.pet.flags.name || p.pet.pet.name || `pet ${petId}`,
    ...(p.booking.roomName ? { room: firstChars(p.booking.roomName, PET_NAME_MAX) } : {}),
    ...(p.booking.reference ? { reference: firstChars(p.booking.reference, REFERENCE_MAX) } : {}),
    ...(checkIn ? { checkIn } : {}),
    ...(checkOut ? { checkOut } : {}),
    ...(arrivesAt ? { arrivesAt } : {}),
    items,
    ...besideHighAlertOf(p, round),
  };
}

type Beside = { besideHighAlert?: ItemKey[] };

/** The high-alert drugs the pet's sheet prints to record only if given, not asked (src/domain/printed-not-due.ts byDaysOf). */
function besideHighAlertOf(p: RoundPet, round: Round): Beside {
  const keys = byDaysOf(p, round).flatMap((d) => (d.highAlert ? [d.item] : []));
  return keys.length ? { besideHighAlert: keys } : {};
}

/**
 * A booking's reference as a booking whose care is not known keeps it, the name every surface gives
 * it: whole or not at all (past what the record keeps, it is named by its id, never by part of one).
 */
function keptReference(reference: string | undefined): { reference?: string } {
  return reference && reference.length <= REFERENCE_MAX ? { reference } : {};
}

/**
 * The pets on the sheet the round asks nothing, there only for a high-alert drug's line recorded if
 * given: kept beside its pets (src/record/kinds/obligation.ts `askedNothing`), never among them.
 */
function askedNothingOf(
  pets: ReadonlyArray<{ bookingId: number; petId: number; items: unknown[] } & Beside>,
) {
  const nothing = pets.flatMap(({ bookingId, petId, items, besideHighAlert }) =>
    items.length === 0 && besideHighAlert ? [{ bookingId, petId, besideHighAlert }] : [],
  );
  return nothing.length ? { askedNothing: nothing } : {};
}

/** The obligation of a round's answer, as it is written. */
export function obligationOf(deps: Pick<Deps, "config">, report: RoundReport): BodyIn<"obligation"> {
  const onSheet = report.pets.flatMap((p) => owedPetOf(deps, p, report.date, report.round) ?? []);
  const pets = onSheet.filter((p) => p.items.length > 0);
  const kennelId = report.pets
    .map((p) => p.pet?.pet.kennelId)
    .find((k): k is number => typeof k === "number" && k > 0);
  const { inHouse, away } = report.totals;
  return {
    v: 1,
    date: report.date,
    round: report.round,
    ...(kennelId ? { kennelId } : {}),
    pets,
    ...askedNothingOf(onSheet),
    bookings: [...new Set(report.pets.flatMap((p) => p.booking.bookingId ?? []))],
    careMissing: report.pets
      .filter((p) => !p.pet)
      .map((p) => ({
        ...(p.booking.bookingId !== undefined ? { bookingId: p.booking.bookingId } : {}),
        ...keptReference(p.booking.reference),
        pets: p.unmatched.join(", ") || p.booking.petNames || "pets",
        status: p.careStatus,
      })),
    counts: { inHouse, onSheet: Math.max(0, inHouse - away), away },
  };
}

/**
 * Whether a booking of the round's answer now, not on its sheet when it was kept, arrived since
 * (src/domain/rounds.ts arrivedSince): never one the sheet counted gone home before the round.
 */
function arrivedAfter(
  deps: Pick<Deps, "config">,
  owed: Pick<OwedRound, "keptAt">,
  report: Pick<RoundReport, "date" | "round" | "left">,
): (booking: RoundPet["booking"]) => boolean {
  const at = zonedInstant(
    report.date,
    deps.config.rounds.times[report.round],
    deps.config.timezone,
  ).getTime();
  const left = new Set((report.left ?? []).map((l) => l.bookingId));
  const keptAt = Date.parse(owed.keptAt);
  return (b) => b.bookingId !== undefined && arrivedSince(b, left.has(b.bookingId), at, keptAt);
}

/**
 * A change's request key: one per pet, round and change. An arrival asked nothing has its own: one
 * with items, if the pet has some asked of it later, still arrives.
 */
export const changeKey = (c: BodyIn<"obligation_change">) =>
  `obligation_change:${c.obligation}:${c.bookingId}:${c.petId}:${c.change}${c.items?.length === 0 ? ":nothing" : ""}`;

/**
 * The changes the round's answer now makes to what the round asked: each pet of a booking not on
 * the sheet when it was kept, with something due, that arrived since (arrivedAfter), arrived (its items added);
 * one on the sheet now only for lines recorded if given, arrived with no items (asked nothing: a dose
 * of it recorded is one no round asked, its high-alert drugs kept); each pet asked of whose booking
 * now says it has left, gone home (at its check-out, else when seen). Nothing else: an item the plan
 * makes due since, or a pet whose care could be read since, changes nothing.
 */
export function changesOf(
  deps: Pick<Deps, "config" | "clock">,
  owed: OwedRound,
  bookings: ReadonlySet<number>,
  report: RoundReport,
): Array<BodyIn<"obligation_change">> {
  const id = owed.id as number;
  const now = deps.clock.now().toISOString();
  const out: Array<BodyIn<"obligation_change">> = [];
  const base = { v: 1 as const, obligation: id, round: owed.round };
  const left = new Map((report.left ?? []).map((l) => [l.bookingId, l.at]));
  for (const p of owed.pets) {
    const at = left.get(p.bookingId);
    if (at === undefined || p.leftAt !== undefined) continue;
    const pet = { bookingId: p.bookingId, petId: p.petId, name: p.name, ...(p.room ? { room: p.room } : {}) };
    out.push({ ...base, change: "left", ...pet, at: at < now ? at : now });
  }
  const known = new Set(owed.pets.map(owedPetKey));
  const nothing = new Set((owed.askedNothing ?? []).map(owedPetKey));
  const arrived = arrivedAfter(deps, owed, report);
  for (const p of report.pets) {
    const id = p.booking.bookingId;
    if (id === undefined || bookings.has(id) || !arrived(p.booking)) continue;
    const pet = owedPetOf(deps, p, report.date, report.round);
    if (!pet || known.has(owedPetKey(pet))) continue;
    // Asked nothing: kept once, if the sheet prints a line recorded if given (else none to record).
    if (pet.items.length === 0 && (nothing.has(owedPetKey(pet)) || !byDaysOf(p, report.round).length))
      continue;
    const { arrivesAt, ...rest } = pet;
    out.push({ ...base, change: "arrived", ...rest, at: arrivesAt ?? isoOf(p.booking.checkInDate) ?? now });
  }
  return out;
}

/**
 * A round's answer with what the round asked in place of what its pets' plans make due now: each
 * pet's due items are the kept ones (a pet asked nothing has none), so a round asked again after its
 * post (a second /rounds) lists and chases what the post did, and says who arrived or went home. A
 * pet the kept sheet counted gone home before the round (an early pick-up, its booked check-out read
 * later as a time it was still here) stays off it, counted gone, as it was kept.
 */
export function withOwed(deps: Pick<Deps, "config">, report: RoundReport, owed: OwedRound): RoundReport {
  const arrived = arrivedAfter(deps, owed, report);
  const kept = owed.bookings && new Set(owed.bookings);
  const off = (p: RoundReport["pets"][number]) =>
    kept !== undefined &&
    p.booking.bookingId !== undefined &&
    !kept.has(p.booking.bookingId) &&
    !arrived(p.booking);
  const gone = report.pets.filter(off);
  const pets = report.pets
    .filter((p) => !off(p))
    .map((p) => {
      const bookingId = p.booking.bookingId;
      const petId = p.pet?.pet.petId;
      if (bookingId === undefined || petId === undefined || !p.sheet) return p;
      const pet = owedPetIn(owed, bookingId, petId);
      const due = pet ? pet.items.map(dueOfOwed) : [];
      // A line the plan says now is not due, that the round asked when kept, is due as kept: never twice on its form.
      const asked = new Set(due.map((d) => d.item));
      const byDays = p.byDays?.filter((d) => !asked.has(d.item));
      return { ...p, due, ...(p.byDays ? { byDays } : {}) };
    });
  // "💊 N with medication this round" (the headline, Home's figure): the pets the round asked a dose
  // of, as kept, never the kennel API's answer now.
  const withMedication = pets.filter((p) => (p.due ?? []).some((d) => isMedicationItem(d.item))).length;
  if (gone.length === 0) return { ...report, pets, totals: { ...report.totals, withMedication } };
  // The headline counts the pets the sheet lists, as roundReport counts them: a pet counted gone home
  // takes its dose and diet out of the figures too.
  const sheets = pets.flatMap((p) => (p.sheet ? [p.sheet] : []));
  const totals = {
    ...report.totals,
    away: report.totals.away + gone.length,
    pets: pets.filter((p) => p.pet).length,
    ...roundCounts(sheets),
    ...medicationCounts(pets),
    withMedication,
    careMissing: pets.filter((p) => !p.pet).length,
  };
  return { ...report, pets, totals };
}
