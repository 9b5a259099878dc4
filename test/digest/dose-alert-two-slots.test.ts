/**
 * One drug in two slots, the plan's "one dose or two?" not answered (src/domain/day-dose.ts): a
 * late reply naming both open slots says to ask before giving both, as the round sheet does, so a
 * carer chasing the reply never reads them as two doses owed. Once one is given the other is settled
 * and the warning goes. Over a real care record (SQLite) and a Slack that keeps its messages.
 */
import { expect, it } from "vitest";
import type { DoseAlert } from "../../src/domain/dose-alerts.ts";
import { dueOfOwed } from "../../src/domain/obligations.ts";
import type { ItemKey } from "../../src/record/types.ts";
import { TWO_SLOTS_ASK } from "../../src/words/not-due.ts";
import {
  alertBench,
  ALERT_DATE as DATE,
  janeEntry,
  alertWindow as window,
} from "../helpers/dose-alert-replies.ts";
import { keepObligation } from "../helpers/obligations.ts";

const SCOUT = { bookingId: 100, petId: 200, petName: "Scout" };

const owed = (key: ItemKey, label: string, confirmed: boolean, other: ItemKey) => ({
  item: key,
  label,
  text: label,
  window,
  confirmed,
  sameDrugAs: [other],
});

it("a kept item of one drug in two slots is due as such while its plan is not confirmed, never once it is", () => {
  expect(dueOfOwed(owed("med:1", "Apoquel 16 mg", false, "med:2") as never).twoSlots).toBe(true);
  expect(dueOfOwed(owed("med:1", "Apoquel 16 mg", true, "med:2") as never).twoSlots).toBeUndefined();
  expect(
    dueOfOwed({ ...owed("med:1", "Apoquel 16 mg", false, "med:2"), sameDrugAs: [] } as never).twoSlots,
  ).toBeUndefined();
});

it("both slots late: the reply says one dose or two is not answered; one given, the other settled, the warning gone", async () => {
  const bench = alertBench(`${DATE}T08:50:00.000Z`);
  const { store } = bench;
  const items = [
    owed("med:1", "Apoquel 16 mg", false, "med:2"),
    owed("med:2", "Apoquel 16mg 1 tab", false, "med:1"),
  ];
  await keepObligation(
    store,
    DATE,
    [{ ...SCOUT, name: "Scout", room: "Kennel 2", items }] as never,
    "morning",
  );
  const late: DoseAlert = {
    kind: "late",
    date: DATE,
    round: "morning",
    at: `${DATE}T08:45:01.000Z`,
    doses: items.map((i) => ({
      ...SCOUT,
      room: "Kennel 2",
      due: dueOfOwed(i as never),
      window,
      state: { state: "late" } as never,
    })),
  };
  const ts = await bench.post(late);
  const before = bench.text(ts);
  expect(before).toContain("Apoquel 16 mg");
  expect(before).toContain(JSON.stringify(TWO_SLOTS_ASK).slice(1, -1));
  // 08:55 Jane gives slot 1: slot 2 is settled by it, and nothing says to ask any more.
  bench.setNow(`${DATE}T08:55:00.000Z`);
  await store.record([janeEntry(SCOUT, "morning", "med:1", "Apoquel 16 mg", "t1")]);
  await bench.changed("morning");
  const after = bench.text(ts);
  expect(after).toContain("as medication 1 (the same drug)");
  expect(after).not.toContain("one dose or two");
  await store.close();
});
