/**
 * ✏️ Record each… says first what could lead to a second dose (a carer's fresh try found the form
 * silent where the round post and the late reply warn): one drug in two slots whose "one dose or
 * two?" is not answered, and a dose recorded only if given (no round asks it) already given today at
 * another round. Over a real care record (SQLite): the round kept as the bot keeps it, the entries as
 * a tap writes them, the form's items as the modal draws them.
 */
import { expect, it } from "vitest";
import { petDay } from "../../src/answers/record-tap.ts";
import type { Sheet, SheetPet } from "../../src/answers/sheets.ts";
import { recordFormItems } from "../../src/present/record-form.ts";
import { TWO_SLOTS_ASK } from "../../src/words/not-due.ts";
import {
  alertBench,
  ALERT_DATE as DATE,
  janeEntry,
  alertWindow as window,
} from "../helpers/dose-alert-replies.ts";
import { keepObligation } from "../helpers/obligations.ts";

const SCOUT = { bookingId: 100, petId: 200, petName: "Scout" };
const onSheet = (more: Partial<SheetPet>) =>
  ({ ...SCOUT, name: "Scout", due: [], oneTap: false, message: 0, ...more }) as SheetPet;

it("one drug in two slots, not answered: each slot's item on the form says to ask before giving both", async () => {
  const { store, deps } = alertBench(`${DATE}T08:20:00.000Z`);
  const owed = (item: "med:1" | "med:2", label: string, other: "med:1" | "med:2") => ({
    item,
    label,
    text: label,
    window,
    confirmed: false,
    sameDrugAs: [other],
  });
  const items = [
    owed("med:1", "Owner's own Metacam 1.5ml", "med:2"),
    owed("med:2", "Kennel stock Metacam 1.5ml", "med:1"),
  ];
  await keepObligation(
    store,
    DATE,
    [{ ...SCOUT, name: "Scout", room: "Kennel 2", items }] as never,
    "morning",
  );
  const due = items.map((i) => ({ item: i.item, label: i.label, text: i.text, unconfirmed: true }));
  const pet = onSheet({ due });
  const day = await petDay(deps, { date: DATE, round: "morning" } as Sheet, pet);
  const form = recordFormItems(pet, new Map(), undefined, day?.settled);
  expect(form.map((f) => f.hint)).toEqual([
    `${TWO_SLOTS_ASK} · Owner's own Metacam 1.5ml`,
    `${TWO_SLOTS_ASK} · Kennel stock Metacam 1.5ml`,
  ]);
  await store.close();
});

it("a dose recorded only if given, given at the morning round: the midday form says so first", async () => {
  const { store, deps, setNow } = alertBench(`${DATE}T08:10:00.000Z`);
  const VETORYL = "Vetoryl 30mg 1 cap Mon/Wed/Fri AM with food";
  // The round asked Scout's meal only: the Vetoryl is not due today by the confirmed plan.
  const meal = { item: "meal", label: "meal", text: "Own kibble", window, confirmed: true };
  await keepObligation(store, DATE, [{ ...SCOUT, name: "Scout", room: "Kennel 2", items: [meal] }] as never);
  await store.record([janeEntry(SCOUT, "morning", "med:1", VETORYL, "k-morning")]);
  setNow(`${DATE}T13:00:00.000Z`);
  const line = { item: "med:1" as const, label: "Vetoryl 30mg", text: VETORYL };
  const notDue = { ...line, days: "plan_not_due" as const, words: "not one of its days: Mon, Wed, Fri" };
  const pet = onSheet({ byDays: [notDue] });
  const day = await petDay(deps, { date: DATE, round: "midday" } as Sheet, pet);
  const [vetoryl] = recordFormItems(pet, new Map(), undefined, day?.settled);
  expect(vetoryl?.hint).toMatch(
    /^☑️ given today at the morning round by Jane 08:10: record it here only if it is given again · Vetoryl 30mg 1 cap/,
  );
  // At its own round the entry is the form's current one, and nothing is said first.
  const morning = await petDay(deps, { date: DATE, round: "morning" } as Sheet, pet);
  expect(morning?.settled.get("med:1")).toBeUndefined();
  await store.close();
});
