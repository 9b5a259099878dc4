/**
 * A high-alert drug a round's sheet printed to record only if given (not due by its days' words, or
 * by the confirmed plan) is never asked by the round, but a dose of it recorded given is witnessed:
 * the round keeps which they are (`besideHighAlert`), an older record's kept sheets and a pet
 * arriving after the round too, and the dose read beside the round says it is high-alert. A pet the
 * round asked nothing (on its sheet only for such lines) is kept beside its pets (`askedNothing`),
 * never among them: every reader of a round's pets reads them as before.
 */
import { describe, expect, it } from "vitest";
import { roundOfSheets } from "../../src/domain/kept-sheets.ts";
import { applyChanges, type OwedRound, owedDoses } from "../../src/domain/obligations.ts";
import { obligation } from "../../src/record/kinds/obligation.ts";
import type { Entry } from "../../src/record/types.ts";

const DATE = "2026-12-01";
const window = {
  opensAt: `${DATE}T06:30:00.000Z`,
  dueAt: `${DATE}T07:30:00.000Z`,
  lateAt: `${DATE}T07:45:00.000Z`,
  closesAt: `${DATE}T08:00:00.000Z`,
};
const meal = { item: "meal" as const, label: "meal", text: "Kibble 100 g" };
const pheno = {
  item: "med:1" as const,
  label: "Phenobarbital 30 mg",
  text: "Phenobarbital 30 mg 1 tab AM Mon/Wed/Fri",
};

const entry = (item: "med:1" | "med:2"): Entry =>
  ({
    id: 1,
    seq: 1,
    kennel: "k",
    date: DATE,
    round: "morning",
    bookingId: 7,
    petId: 70,
    petName: "Bonnie",
    item,
    itemText: pheno.text,
    outcome: "given",
    userId: "U0JANE",
    userName: "Jane",
    requestKey: "view:E1",
    recordedAt: `${DATE}T07:40:00.000Z`,
  }) as Entry;

const highAlertOf = (round: OwedRound, item: "med:1" | "med:2") =>
  owedDoses([round], [entry(item)], `${DATE}T07:41:00.000Z`, () => window).find((d) => d.due.item === item);

describe("a high-alert line recorded only if given, beside what the round asked", () => {
  it("an older record's kept sheets: kept from the sheet's lines, the dose read high-alert, another not", () => {
    const sheet = {
      id: 1,
      date: DATE,
      round: "morning" as const,
      pets: [
        { bookingId: 7, petId: 70, name: "Bonnie", due: [meal], byDays: [{ ...pheno, highAlert: true }] },
      ],
    };
    const round = roundOfSheets([sheet], () => window);
    expect(round.pets[0]?.besideHighAlert).toEqual(["med:1"]);
    const dose = highAlertOf(round, "med:1");
    expect([dose?.besideAsked, dose?.due.highAlert]).toEqual([true, true]);
    expect(highAlertOf(round, "med:2")?.due.highAlert).toBeUndefined();
  });

  it("a pet arriving after the round was kept: its arrival keeps them", () => {
    const kept = { id: 5, date: DATE, round: "morning" as const, keptAt: `${DATE}T07:00:00.000Z`, pets: [] };
    const round = applyChanges(kept, [
      {
        obligation: 5,
        change: "arrived",
        bookingId: 7,
        petId: 70,
        name: "Bonnie",
        at: `${DATE}T07:10:00.000Z`,
        items: [{ ...meal, window, confirmed: true }],
        besideHighAlert: ["med:1"],
      },
    ]);
    expect(highAlertOf(round, "med:1")?.due.highAlert).toBe(true);
  });

  const kept = { id: 5, date: DATE, round: "morning" as const, keptAt: `${DATE}T07:00:00.000Z`, pets: [] };

  it("a pet the round asked nothing: its high-alert drugs kept beside the round's pets, the dose read high-alert", () => {
    const round = applyChanges(
      { ...kept, bookings: [7], askedNothing: [{ bookingId: 7, petId: 70, besideHighAlert: ["med:1"] }] },
      [],
    );
    expect(round.pets).toEqual([]);
    const dose = highAlertOf(round, "med:1");
    expect([dose?.unasked, dose?.besideAsked, dose?.due.highAlert]).toEqual([true, true, true]);
    expect(highAlertOf(round, "med:2")?.due.highAlert).toBeUndefined();
    // An item of hers added since (a plan confirmed later): her line still high-alert.
    const added = applyChanges({ ...kept, askedNothing: round.askedNothing }, [
      {
        obligation: 5,
        change: "added",
        bookingId: 7,
        petId: 70,
        name: "Bonnie",
        at: `${DATE}T07:20:00.000Z`,
        items: [{ ...meal, window, confirmed: true }],
      },
    ]);
    expect(added.pets.map((p) => p.items.length)).toEqual([1]);
    expect(highAlertOf(added, "med:1")?.due.highAlert).toBe(true);
  });

  it("a pet arriving after the round was kept asked nothing: beside the round, never among its pets", () => {
    const arrival = { obligation: 5, change: "arrived" as const, bookingId: 7, petId: 70, name: "Bonnie" };
    const round = applyChanges(kept, [
      { ...arrival, at: `${DATE}T07:10:00.000Z`, items: [], besideHighAlert: ["med:1"] },
    ]);
    expect([round.pets, round.arrivals]).toEqual([[], 0]);
    const dose = highAlertOf(round, "med:1");
    expect([dose?.besideAsked, dose?.due.highAlert]).toEqual([true, true]);
    // Asked something of later (its own arrival): among the pets then, its line still high-alert.
    const later = applyChanges(kept, [
      { ...arrival, at: `${DATE}T07:10:00.000Z`, items: [] },
      {
        ...arrival,
        at: `${DATE}T07:30:00.000Z`,
        items: [{ ...meal, window, confirmed: true }],
        besideHighAlert: ["med:1"],
      },
    ]);
    expect([later.pets.length, later.arrivals]).toEqual([1, 1]);
    expect(highAlertOf(later, "med:1")?.due.highAlert).toBe(true);
  });

  it("the obligation keeps them beside its pets; one kept before it did reads as before; a pet asked nothing is never one of its pets", () => {
    const body = {
      v: 1,
      date: DATE,
      round: "morning",
      pets: [],
      bookings: [7],
      counts: { inHouse: 1, onSheet: 1, away: 0 },
    };
    const nothing = [{ bookingId: 7, petId: 70, besideHighAlert: ["med:1"] }];
    expect(obligation.body.safeParse({ ...body, askedNothing: nothing }).data?.askedNothing).toEqual(nothing);
    expect(obligation.body.safeParse(body).success).toBe(true);
    const pet = { bookingId: 7, petId: 70, name: "Bonnie", items: [], besideHighAlert: ["med:1"] };
    expect(obligation.body.safeParse({ ...body, pets: [pet] }).success).toBe(false);
  });
});
