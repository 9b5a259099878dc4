/**
 * A high-alert drug a round's sheet printed to record only if given (not due by its days' words, or
 * by the confirmed plan) is never asked by the round, but a dose of it recorded given is witnessed:
 * the round keeps which they are (`besideHighAlert`), an older record's kept sheets and a pet
 * arriving after the round too, and the dose read beside the round says it is high-alert.
 */
import { describe, expect, it } from "vitest";
import { roundOfSheets } from "../../src/domain/kept-sheets.ts";
import { applyChanges, type OwedRound, owedDoses } from "../../src/domain/obligations.ts";
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
});
