/** Care records for tests: a real SQLite file in a temporary folder, removed when the test process ends. */
import { rmSync } from "node:fs";
import type { Clock } from "../../src/deps.ts";
import { temporaryRecord } from "../../src/record/open.ts";
import type { CareRecordStore } from "../../src/record/types.ts";

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
