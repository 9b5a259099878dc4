/** What the paper round's tests share (issue 50): a kept morning sheet of one pet, and the bot that posts rounds. */
import { rmSync } from "node:fs";
import { afterAll, beforeAll } from "vitest";
import { type Sheet, type SheetBody, saveSheet } from "../../src/answers/sheets.ts";
import type { Clock } from "../../src/deps.ts";
import { kennelOrigin } from "../../src/record/kennel.ts";
import { temporaryRecord } from "../../src/record/open.ts";
import type { CareRecordStore, ItemKey } from "../../src/record/types.ts";
import { type Harness, startHarness } from "./bot.ts";
import { changeObligation, doseWindow, keepObligation } from "./obligations.ts";

/** A morning round's sheet as it is kept, of Biscuit (booking 7, pet 77) with Rimadyl and Apoquel due, and a meal. */
export const biscuitMorning = (date: string, labels = ["Rimadyl", "Apoquel"]): SheetBody => ({
  v: 1,
  date,
  round: "morning",
  fallback: "Morning round",
  messages: [{ parts: [] }],
  pets: [
    {
      bookingId: 7,
      petId: 77,
      name: "Biscuit",
      due: [
        { item: "med:1", label: labels[0] as string, text: "Rimadyl 50 mg · one tablet" },
        { item: "med:2", label: labels[1] as string, text: "Apoquel 16 mg" },
        { item: "meal", label: "meal", text: "Kibble 100 g" },
      ],
      oneTap: true,
      message: 0,
    },
  ],
});

/**
 * A morning kept as the awkward house's (AW-EARLY): the round asked Biscuit's doses and Bobby's
 * Caninsulin (booking 8, pet 88; its window 06:30–08:00 UTC), the sheet posted lists Biscuit only,
 * and Bobby went home at 08:30, after the round (written as a departure since).
 */
export async function bobbyGoneHome(store: CareRecordStore, date: string): Promise<Sheet> {
  const sheet = await saveSheet({ record: store }, biscuitMorning(date));
  const window = doseWindow(date);
  const item = (i: ItemKey, label: string) => ({ item: i, label, text: label, window, confirmed: true });
  const { entry } = await keepObligation(store, date, [
    { bookingId: 7, petId: 77, name: "Biscuit", items: [item("med:1", "Rimadyl"), item("med:2", "Apoquel")] },
    { bookingId: 8, petId: 88, name: "Bobby", items: [item("med:1", "Caninsulin 6 units, with food")] },
  ]);
  const bobby = { round: "morning" as const, bookingId: 8, petId: 88, name: "Bobby" };
  await changeObligation(store, date, entry, { ...bobby, change: "left", at: `${date}T08:30:00.000Z` });
  return sheet;
}

/**
 * The real bot over HTTP with the Slack stand-in, the sandbox and a SQLite record of its own, its
 * rounds posted in C0ROUNDS at 07:30, 12:00 and 18:00 (no schedule): started before the file's
 * tests (then `ready`, where the file keeps it and sets up more), stopped after.
 */
export function roundsBot(
  clock: Clock,
  prefix: string,
  ready?: (h: Harness) => void,
): { h: Harness; record: ReturnType<typeof temporaryRecord> } {
  const record = temporaryRecord(clock, prefix, { origin: kennelOrigin("http://127.0.0.1") });
  const bot = { h: undefined as unknown as Harness, record };
  beforeAll(async () => {
    bot.h = await startHarness({
      record: record.store,
      clock,
      env: { ROUNDS_CHANNEL: "C0ROUNDS", ROUNDS_TIMES: "07:30,12:00,18:00", DIGEST_SCHEDULE: "off" },
    });
    ready?.(bot.h);
  }, 60_000);
  afterAll(async () => {
    await bot.h?.close();
    await record.store.close();
    rmSync(record.dir, { recursive: true, force: true });
  });
  return bot;
}
