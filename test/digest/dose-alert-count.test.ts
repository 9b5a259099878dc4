/**
 * A late or missed reply's header counts what is still not recorded each time it is drawn again: a
 * dose owed once a day settled by its entry at another round ("☑️ given 13:05 Jane, at the midday
 * round"), a dose recorded late at its own round and a meal eaten are no longer "not given", and once
 * nothing is left the header says so, as its foot does. Over a real care record (SQLite) and a Slack
 * that keeps its messages, drawn again by the editor the taps call.
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
import { doseAlertDoc } from "../../src/present/dose-alerts.ts";
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
const METACAM = "Metacam 1.5 ml";
/** Scout (Metacam, owed once a day from its words), Bella (Rimadyl, her plan's) and Rex (his meal). */
const SCOUT = { bookingId: 100, petId: 200, petName: "Scout" };
const BELLA = { bookingId: 101, petId: 201, petName: "Bella" };
const REX = { bookingId: 102, petId: 202, petName: "Rex" };

let at = `${DATE}T10:00:01.000Z`;
const clock = { now: () => new Date(at) };

const entry = (pet: typeof SCOUT, round: Round, item: ItemKey, text: string, key: string) => ({
  date: DATE,
  round,
  ...pet,
  item,
  itemText: text,
  outcome: item === "meal" ? ("ate_all" as const) : ("given" as const),
  userId: "U0JANE",
  userName: "Jane",
  requestKey: key,
});

it("the header counts only the doses and meals still not recorded, settled ones too, then says all are recorded", async () => {
  const store = scratchRecord(clock);
  const config = loadConfig({ KENNEL_TIMEZONE: "Europe/London" });
  const deps = { record: store, config, clock, log: silentLogger() } as unknown as Deps & {
    record: CareRecordStore;
  };
  const kept = new Map<string, string>();
  const slack = {
    async post(_c: string, m: unknown) {
      kept.set("1795400001.000100", JSON.stringify(m));
      return "1795400001.000100";
    },
    async update(_c: string, ts: string, m: unknown) {
      kept.set(ts, JSON.stringify(m));
    },
    replies: async () => [],
  } as unknown as DigestSlack;
  const dose = (pet: typeof SCOUT, item: ItemKey, label: string, more: object = {}) => ({
    ...pet,
    room: "Kennel 2",
    due: { item, label, text: label, ...more },
    window,
    state: { state: "missed" } as never,
  });
  const missed: DoseAlert = {
    kind: "missed",
    date: DATE,
    round: "morning",
    at,
    doses: [
      dose(SCOUT, "med:3", METACAM, { unconfirmed: true, onceToday: true }),
      dose(BELLA, "med:1", "Rimadyl 50 mg"),
      dose(REX, "meal", "meal"),
    ],
  };
  // What the rounds asked, kept when posted: Scout's Metacam with no time of its own at both.
  const metacam = { item: "med:3", label: METACAM, text: METACAM, window, confirmed: false, noTime: true };
  const scout = { bookingId: 100, petId: 200, name: "Scout", room: "Kennel 2", items: [metacam] };
  const bella = {
    ...BELLA,
    name: "Bella",
    items: [{ item: "med:1", label: "Rimadyl 50 mg", text: "Rimadyl 50 mg", window, confirmed: true }],
  };
  await keepObligation(store, DATE, [scout, bella] as never, "morning");
  await keepObligation(store, DATE, [scout] as never, "midday");
  const { claim } = await claimAlert(store, missed, 1, at);
  const ts = await slack.post(C, alertMessages(deps, claim, DATE, [])[0] as never);
  await recordPosted(store, missed, { attempt: 1, channel: C, ts });
  expect(kept.get(ts)).toContain("3 pets: 2 with doses not given · 1 with a meal not recorded");
  // 13:05: Jane gives Scout's Metacam at the midday round; the morning's reply is drawn again.
  at = `${DATE}T13:05:00.000Z`;
  await store.record([entry(SCOUT, "midday", "med:3", METACAM, "t1")]);
  await new DoseAlertEditor(deps, slack).changed(DATE, "midday");
  expect(kept.get(ts)).toContain("☑️ given 13:05 Jane, at the midday round");
  expect(kept.get(ts)).toContain("3 pets: 1 with a dose not given · 1 with a meal not recorded");
  // Bella's Rimadyl recorded late at the morning round: no dose left; Rex's meal still not recorded.
  await store.record([entry(BELLA, "morning", "med:1", "Rimadyl 50 mg", "t2")]);
  await new DoseAlertEditor(deps, slack).changed(DATE, "morning");
  expect(kept.get(ts)).toContain("3 pets: ✅ every dose recorded since · 1 with a meal not recorded");
  // Rex's meal recorded: nothing left.
  await store.record([entry(REX, "morning", "meal", "meal", "t3")]);
  await new DoseAlertEditor(deps, slack).changed(DATE, "morning");
  expect(kept.get(ts)).toContain("3 pets: ✅ all recorded since");
  expect(kept.get(ts)).not.toMatch(/not given|with a meal not recorded/);
  await store.close();
});

it("the pets past the reply's meal lines are counted only while their meal is not recorded", () => {
  const meal = (i: number, eaten: boolean) => ({
    key: `${i}-${i}`,
    petName: `Pet ${i}`,
    room: undefined,
    item: "meal" as const,
    label: "meal",
    text: "1 cup kibble",
    window,
    ...(eaten
      ? { entry: { outcome: "ate_all" as const, recordedAt: `${DATE}T10:30:00Z`, userName: "Jane" } }
      : {}),
  });
  const view = (eaten: (i: number) => boolean) => ({
    kind: "missed" as const,
    date: DATE,
    round: "morning" as const,
    doses: Array.from({ length: 50 }, (_, i) => meal(i, eaten(i))),
  });
  const text = (v: ReturnType<typeof view>) => JSON.stringify(doseAlertDoc(v, { timezone: "Europe/London" }));
  expect(text(view(() => false))).toContain("and 14 more pets with a meal not recorded");
  // Of the 14 not shown, 10 eaten since: 4 left; all eaten: none said.
  expect(text(view((i) => i >= 36 && i < 46))).toContain("and 4 more pets with a meal not recorded");
  expect(text(view((i) => i >= 20))).not.toContain("more pet");
});
