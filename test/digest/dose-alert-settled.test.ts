/**
 * A late or missed reply naming a dose settled by another entry of its day (src/domain/day-dose.ts): a
 * carer's fresh try found the reply still naming the second slot of the same drug after the first was
 * given, and a morning reply naming a dose owed once a day after it was given at midday. Drawn again,
 * each is struck with where it was recorded. Over a real care record (SQLite) and a Slack that keeps
 * its messages.
 */
import { expect, it } from "vitest";
import { loadConfig } from "../../src/config.ts";
import type { Deps } from "../../src/deps.ts";
import { alertMessages, DoseAlertEditor } from "../../src/digest/dose-alert-editor.ts";
import { claimAlert, recordPosted } from "../../src/digest/dose-alert-records.ts";
import type { DigestSlack } from "../../src/digest/slack.ts";
import type { Round } from "../../src/domain/care.ts";
import type { DoseAlert } from "../../src/domain/dose-alerts.ts";
import { silentLogger } from "../../src/log.ts";
import type { CareRecordStore, ItemKey } from "../../src/record/types.ts";
import { keepObligation } from "../helpers/obligations.ts";
import { scratchRecord } from "../helpers/record.ts";

const DATE = "2026-11-23";
const C = "C0ROUNDS";
const window = {
  opensAt: `${DATE}T07:00:00.000Z`,
  dueAt: `${DATE}T08:00:00.000Z`,
  lateAt: `${DATE}T08:45:00.000Z`,
  closesAt: `${DATE}T10:00:00.000Z`,
};

/** A Slack keeping its messages' text as updated. */
function keptSlack() {
  const text = new Map<string, string>();
  let n = 0;
  const slack = {
    async post(_c: string, m: unknown) {
      const ts = `${1_795_400_000 + ++n}.000100`;
      text.set(ts, JSON.stringify(m));
      return ts;
    },
    async update(_c: string, ts: string, m: unknown) {
      text.set(ts, JSON.stringify(m));
    },
    replies: async () => [],
  } as unknown as DigestSlack;
  return { slack, text };
}

const dose = (item: ItemKey, label: string, more: Partial<DoseAlert["doses"][number]>) => ({
  bookingId: 100,
  petId: 200,
  petName: "Scout",
  room: "Kennel 2",
  due: { item, label, text: label, unconfirmed: true },
  window,
  state: { state: "late" } as never,
  ...more,
});

async function postedReply(
  store: CareRecordStore,
  deps: Deps,
  s: ReturnType<typeof keptSlack>,
  alert: DoseAlert,
) {
  const { claim } = await claimAlert(store, alert, 1, alert.at);
  const ts = await s.slack.post(C, alertMessages(deps, claim, DATE, [])[0] as never);
  await recordPosted(store, alert, { attempt: 1, channel: C, ts });
  return ts;
}

const given = (store: CareRecordStore, round: Round, item: ItemKey, label: string, key: string) =>
  store.record([
    {
      date: DATE,
      round,
      bookingId: 100,
      petId: 200,
      petName: "Scout",
      item,
      itemText: label,
      outcome: "given",
      userId: "U0JANE",
      userName: "Jane",
      requestKey: key,
    },
  ]);

it("the same drug's other slot given, and a dose owed once a day given at a later round: the replies strike them, saying where", async () => {
  const clock = { now: () => new Date(`${DATE}T13:05:00.000Z`) };
  const store = scratchRecord(clock);
  const config = loadConfig({ KENNEL_TIMEZONE: "Europe/London" });
  const deps = { record: store, config, clock, log: silentLogger() } as unknown as Deps & {
    record: CareRecordStore;
  };
  const s = keptSlack();
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
  const morningTs = await postedReply(store, deps, s, morning);
  const middayTs = await postedReply(store, deps, s, midday);
  expect(s.text.get(middayTs)).not.toContain("☑️");
  // 13:02 Jane gives Apoquel (slot 1) and Metacam at the midday round.
  await given(store, "midday", "med:1", "Apoquel 16 mg", "t1");
  await given(store, "midday", "med:3", "Metacam 1.5 ml", "t2");
  await new DoseAlertEditor(deps, s.slack).changed(DATE, "midday");
  const middayNow = s.text.get(middayTs) ?? "";
  expect(middayNow).toContain("☑️ given 13:05 Jane, as medication 1 (the same drug)");
  // The midday reply names no Metacam; a reply naming a dose owed once a day, given at its own round
  // past its round's late time, never says "given late" (no time was prescribed), as the post says.
  const late: DoseAlert = { ...morning, kind: "late", round: "midday", at: `${DATE}T12:46:01.000Z` };
  const { claim } = await claimAlert(store, late, 1, late.at);
  const drawn = JSON.stringify(alertMessages(deps, claim, DATE, await store.entries({ date: DATE })));
  expect(drawn).toContain("given 13:05 Jane");
  expect(drawn).not.toMatch(/given late|after its window/);
  // The morning's missed reply, another round's: drawn again too, its dose given at midday.
  expect(s.text.get(morningTs)).toContain("☑️ given 13:05 Jane, at the midday round");
  await store.close();
});
