/**
 * Scout (booking 100) on the morning round of the dose-alert bench's day, one drug in two slots
 * ("Owner's own Metacam 1.5ml" in medication 1, "Kennel stock Metacam 1.5ml" in medication 2), the
 * plan's "one dose or two?" not answered; the round kept in a real care record (SQLite)
 * (test/answers/record-both-slots.test.ts, both-slots-correct.test.ts).
 */
import type { Sheet, SheetPet } from "../../src/answers/sheets.ts";
import { alertBench, ALERT_DATE as DATE, alertWindow as window } from "./dose-alert-replies.ts";
import { keepObligation } from "./obligations.ts";

export const SCOUT = { bookingId: 100, petId: 200, petName: "Scout" };
export const OWN = "Owner's own Metacam 1.5ml";
const STOCK = "Kennel stock Metacam 1.5ml";
/** Scout's morning sheet. */
export const SHEET = { id: 1, date: DATE, round: "morning" } as Sheet;

/** The bench at 08:20 with Scout's morning round kept asking both slots: the bench and Scout on the sheet. */
export async function twoSlotScout() {
  const b = alertBench(`${DATE}T08:20:00.000Z`);
  const owed = (item: "med:1" | "med:2", label: string, other: "med:1" | "med:2") => ({
    item,
    label,
    text: label,
    window,
    confirmed: false,
    sameDrugAs: [other],
  });
  const items = [owed("med:1", OWN, "med:2"), owed("med:2", STOCK, "med:1")];
  await keepObligation(
    b.store,
    DATE,
    [{ ...SCOUT, name: "Scout", room: "Kennel 2", items }] as never,
    "morning",
  );
  const due = items.map((i) => ({
    item: i.item,
    label: i.label,
    text: i.text,
    unconfirmed: true,
    twoSlots: true,
  }));
  const pet = { ...SCOUT, name: "Scout", due, oneTap: false, message: 0 } as unknown as SheetPet;
  return { ...b, pet };
}
