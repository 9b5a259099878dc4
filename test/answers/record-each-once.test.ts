/**
 * A dose owed once a day from its words (src/domain/day-dose.ts: "Metacam 1.5 ml", no time, plan not
 * confirmed) is on time whenever it is given that day: ✏️ Record each…'s list of what is recorded
 * marks it no "⏰ given late" nor "given after its window" by its round's window, as the round post,
 * its late and missed replies and the record say; a dose with a time of its own keeps its mark. Real
 * SQLite, the round kept as posted, each entry written as a tap writes it.
 */
import { expect, it } from "vitest";
import { formClock } from "../../src/answers/record-each.ts";
import { recordItems } from "../../src/answers/record-round.ts";
import { tapAsks } from "../../src/answers/record-tap.ts";
import { roundRecord } from "../../src/answers/round-record.ts";
import { type SheetPet, saveSheet } from "../../src/answers/sheets.ts";
import { recordModal } from "../../src/blocks/record-modal.ts";
import { sheetMessages } from "../../src/blocks/round-sheet.ts";
import { loadConfig } from "../../src/config.ts";
import type { Deps } from "../../src/deps.ts";
import { silentLogger } from "../../src/log.ts";
import { sheetPetKey } from "../../src/present/rounds.ts";
import { doseWindow, keepObligation } from "../helpers/obligations.ts";
import { biscuitMorning } from "../helpers/paper.ts";
import { scratchRecord } from "../helpers/record.ts";

const DATE = "2026-11-24";
const METACAM = "Metacam 1.5 ml";

it("Record each… marks no off-time for a dose owed once a day given past its round's window; a timed dose keeps its mark", async () => {
  let at = Date.parse(`${DATE}T07:40:00Z`);
  const clock = { now: () => new Date(at) };
  const store = scratchRecord(clock);
  const config = loadConfig({ KENNEL_TIMEZONE: "Europe/London" });
  const deps = { record: store, config, clock, log: silentLogger() } as unknown as Deps;
  const body = biscuitMorning(DATE, ["Rimadyl 50 mg"]);
  const biscuit = body.pets[0] as (typeof body.pets)[number];
  biscuit.due = [
    { item: "med:1", label: "Rimadyl 50 mg", text: "Rimadyl 50 mg · one tablet", unconfirmed: true },
    { item: "med:3", label: METACAM, text: METACAM, unconfirmed: true },
  ];
  body.messages = [{ parts: [{ kind: "item", key: sheetPetKey(7, 77), lines: [[{ text: "Biscuit" }]] }] }];
  const sheet = await saveSheet({ record: store }, body);
  const pet = sheet.pets[0] as SheetPet;
  // The morning as kept: Rimadyl at its round's time, Metacam with no time of its own (owed once a day).
  const window = doseWindow(DATE, ["06:30", "07:30", "08:15", "09:30"]);
  const item = (key: "med:1" | "med:3", label: string, more: object = {}) => ({
    item: key,
    label,
    text: label,
    window,
    confirmed: false,
    ...more,
  });
  await keepObligation(store, DATE, [
    {
      bookingId: 7,
      petId: 77,
      name: "Biscuit",
      items: [item("med:1", "Rimadyl 50 mg"), item("med:3", METACAM, { noTime: true })],
    },
  ]);
  // 11:00 (London, UTC in November): Sam gives both, the morning's window closed at 09:30.
  at = Date.parse(`${DATE}T11:00:00Z`);
  const writes = [
    { item: "med:1", outcome: "given" },
    { item: "med:3", outcome: "given" },
  ] as const;
  const done = await recordItems(deps, sheet, pet, [...writes], { userId: "U0SAM", userName: "Sam" }, "tap");
  expect(done.status).toBe("recorded");
  // The round post: Metacam given, on time that day; Rimadyl given after its window.
  const { problem, ...record } = (await roundRecord(deps, "morning", DATE)) ?? { entries: [], timezone: "" };
  expect(problem).toBeUndefined();
  const post = JSON.stringify(sheetMessages(sheet, record as never).parent.blocks);
  expect(post).toContain(`✅ ${METACAM} given 11:00 Sam",`);
  expect(post).toContain("Rimadyl 50 mg given 11:00 Sam · ⏩ given after its window closed");
  // The form Sam's ✏️ Record each… opens now says the same.
  const asks = await tapAsks(deps, { sheet, pet, day: "today" }, "each");
  const meta = { s: sheet.id, b: 7, p: 77, c: "C1", t: "1.1", cur: asks.current };
  const clockNow = { ...formClock(deps, sheet), states: asks.states, settled: asks.settled };
  const form = JSON.stringify(recordModal("sealed", meta, sheet, pet, asks.entries, clockNow));
  expect(form).toContain("Rimadyl 50 mg given 11:00 Sam · ⏩ given after its window closed");
  expect(form).toContain(`${METACAM} given 11:00 Sam`);
  expect(form).not.toMatch(new RegExp(`${METACAM} given 11:00 Sam · `));
  await store.close();
});
