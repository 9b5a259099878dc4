/** What the paper round's tests share (issue 50): a kept morning sheet of one pet, and the bot that posts rounds. */
import { rmSync } from "node:fs";
import { afterAll, beforeAll } from "vitest";
import type { SheetBody } from "../../src/answers/sheets.ts";
import type { Clock } from "../../src/deps.ts";
import { kennelOrigin } from "../../src/record/kennel.ts";
import { temporaryRecord } from "../../src/record/open.ts";
import { type Harness, startHarness } from "./bot.ts";

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
 * The real bot over HTTP with the Slack stand-in, the sandbox and a SQLite record of its own, its
 * rounds posted in C0ROUNDS (no schedule): started before the file's tests, stopped after.
 */
export function roundsBot(
  clock: Clock,
  prefix: string,
): { h: Harness; record: ReturnType<typeof temporaryRecord> } {
  const record = temporaryRecord(clock, prefix, { origin: kennelOrigin("http://127.0.0.1") });
  const bot = { h: undefined as unknown as Harness, record };
  beforeAll(async () => {
    bot.h = await startHarness({
      record: record.store,
      clock,
      env: { ROUNDS_CHANNEL: "C0ROUNDS", ROUNDS_TIMES: "07:30,12:00,18:00", DIGEST_SCHEDULE: "off" },
    });
  }, 60_000);
  afterAll(async () => {
    await bot.h?.close();
    await record.store.close();
    rmSync(record.dir, { recursive: true, force: true });
  });
  return bot;
}
