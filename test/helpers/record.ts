/** Care records for tests: a real SQLite file in a temporary folder, removed when the test process ends. */
import { rmSync } from "node:fs";
import { expect } from "vitest";
import type { Clock } from "../../src/deps.ts";
import { temporaryRecord } from "../../src/record/open.ts";
import type { CareRecordStore, EntryInput, RecordResult } from "../../src/record/types.ts";
import { JUNIPER_ATE } from "./entries.ts";

const folders: string[] = [];
process.once("exit", () => {
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});

/** An empty store of its own (its schema made on first use). */
export function scratchRecord(clock: Clock = { now: () => new Date() }): CareRecordStore {
  const record = temporaryRecord(clock, "kennel-desk-test-");
  folders.push(record.dir);
  return record.store;
}

/**
 * A real store with some of its methods replaced (a fault injected, not a mock): every other
 * method is the real one, bound to the real store.
 */
export function withFaults(real: CareRecordStore, faults: Partial<CareRecordStore>): CareRecordStore {
  return new Proxy(real, {
    get(target, name, receiver) {
      if (name in faults) return (faults as Record<string | symbol, unknown>)[name];
      const value = Reflect.get(target, name, receiver);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

/**
 * Entries for the record's own tests: Juniper's (booking 7, pet 3) morning meal, eaten, recorded
 * by Jane on the day given, `extra` over it; each with a request key of its own (`${prefix}1`, …).
 */
export function juniperEntries(prefix = "k"): (date: string, extra?: Partial<EntryInput>) => EntryInput {
  let key = 0;
  return (date, extra = {}) => ({
    date,
    round: "morning",
    bookingId: 7,
    petId: 3,
    ...JUNIPER_ATE,
    requestKey: `${prefix}${++key}`,
    ...extra,
  });
}

/** One entry recorded (it must be: a refusal fails the test), as the store kept it. */
export async function recorded(store: CareRecordStore, e: EntryInput) {
  const r = (await store.record([e])) as Extract<RecordResult, { status: "recorded" }>;
  expect(r.status).toBe("recorded");
  return r.entries[0] as NonNullable<(typeof r.entries)[0]>;
}

/** What `act` answers, the record's head the same after it as before it: `act` wrote nothing. */
export async function writingNothing<T>(store: CareRecordStore, act: () => Promise<T>): Promise<T> {
  const before = await store.head();
  const answer = await act();
  expect(await store.head()).toEqual(before);
  return answer;
}
