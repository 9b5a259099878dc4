/**
 * A late or missed reply naming a dose settled by another entry of its day (src/domain/day-dose.ts): a
 * carer's fresh try found the reply still naming the second slot of the same drug after the first was
 * given, and a morning reply naming a dose owed once a day after it was given at midday. Drawn again,
 * each is struck with where it was recorded. Over a real care record (SQLite) and a Slack that keeps
 * its messages.
 */
import { expect, it } from "vitest";
import { alertMessages } from "../../src/digest/dose-alert-editor.ts";
import { claimAlert } from "../../src/digest/dose-alert-records.ts";
import type { Round } from "../../src/domain/care.ts";
import type { DoseAlert } from "../../src/domain/dose-alerts.ts";
import type { CareRecordStore, ItemKey } from "../../src/record/types.ts";
import {
  alertBench,
  ALERT_DATE as DATE,
  janeEntry,
  alertWindow as window,
} from "../helpers/dose-alert-replies.ts";
import { keepObligation } from "../helpers/obligations.ts";

const SCOUT = { bookingId: 100, petId: 200, petName: "Scout" };

const dose = (item: ItemKey, label: string, more: Partial<DoseAlert["doses"][number]>) => ({
  ...SCOUT,
  room: "Kennel 2",
  due: { item, label, text: label, unconfirmed: true },
  window,
  state: { state: "late" } as never,
  ...more,
});

const given = (store: CareRecordStore, round: Round, item: ItemKey, label: string, key: string) =>
  store.record([janeEntry(SCOUT, round, item, label, key)]);

it("the same drug's other slot given, and a dose owed once a day given at a later round: the replies strike them, saying where", async () => {
  const bench = alertBench(`${DATE}T13:05:00.000Z`);
  const { store } = bench;
  const morning: DoseAlert = {
    kind: "missed",
    date: DATE,
    round: "morning",
    at: `${DATE}T10:00:01.000Z`,
    doses: [
      dose("med:3", "Metacam 1.5 ml", {
        due: {
          item: "med:3",
          label: "Metacam 1.5 ml",
          text: "Metacam 1.5 ml",
          unconfirmed: true,
          onceToday: true,
        },
      }),
    ],
  };
  const midday: DoseAlert = {
    kind: "late",
    date: DATE,
    round: "midday",
    at: `${DATE}T12:45:01.000Z`,
    doses: [dose("med:1", "Apoquel 16 mg", {}), dose("med:2", "Apoquel 16mg 1 tab", {})],
  };
  // What each round asked, kept when posted: Metacam with no time of its own at both rounds, the
  // Apoquel in two slots with the plan's "one dose or two?" not answered (src/domain/day-dose.ts).
  const item = (key: ItemKey, label: string, more: Record<string, unknown>) => ({
    item: key,
    label,
    text: label,
    window,
    confirmed: false,
    ...more,
  });
  const metacam = item("med:3", "Metacam 1.5 ml", { noTime: true });
  const pet = (items: unknown[]) => [{ bookingId: 100, petId: 200, name: "Scout", room: "Kennel 2", items }];
  await keepObligation(store, DATE, pet([metacam]) as never, "morning");
  await keepObligation(
    store,
    DATE,
    pet([
      item("med:1", "Apoquel 16 mg", { sameDrugAs: ["med:2"] }),
      item("med:2", "Apoquel 16mg 1 tab", { sameDrugAs: ["med:1"] }),
      metacam,
    ]) as never,
    "midday",
  );
  const morningTs = await bench.post(morning);
  const middayTs = await bench.post(midday);
  expect(bench.text(middayTs)).not.toContain("☑️");
  // 13:02 Jane gives Apoquel (slot 1) and Metacam at the midday round.
  await given(store, "midday", "med:1", "Apoquel 16 mg", "t1");
  await given(store, "midday", "med:3", "Metacam 1.5 ml", "t2");
  await bench.changed("midday");
  const middayNow = bench.text(middayTs);
  expect(middayNow).toContain("☑️ given 13:05 Jane, as medication 1 (the same drug)");
  // The midday reply names no Metacam; a reply naming a dose owed once a day, given at its own round
  // past its round's late time, never says "given late" (no time was prescribed), as the post says.
  const late: DoseAlert = { ...morning, kind: "late", round: "midday", at: `${DATE}T12:46:01.000Z` };
  const { claim } = await claimAlert(store, late, 1, late.at);
  const drawn = JSON.stringify(alertMessages(bench.deps, claim, DATE, await store.entries({ date: DATE })));
  expect(drawn).toContain("given 13:05 Jane");
  expect(drawn).not.toMatch(/given late|after its window/);
  // The morning's missed reply, another round's: drawn again too, its dose given at midday.
  expect(bench.text(morningTs)).toContain("☑️ given 13:05 Jane, at the midday round");
  await store.close();
});
