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
