/**
 * Fixtures for the care record's own tests: temporary folders removed after the file's tests, and
 * one dose entry to vary.
 */
import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll } from "vitest";
import type { EntryInput } from "../../src/record/types.ts";

/**
 * A maker of new temporary folders (`kennel-desk-${name}-…`), each removed after the file's tests,
 * made writable first (a test may have taken write away). Call at the top of a test file.
 */
export function useTempFolders(name: string): () => string {
  const folders: string[] = [];
  afterAll(() => {
    for (const dir of folders) {
      chmodSync(dir, 0o700);
      rmSync(dir, { recursive: true, force: true });
    }
  });
  return () => {
    const dir = mkdtempSync(join(tmpdir(), `kennel-desk-${name}-`));
    folders.push(dir);
    return dir;
  };
}

/**
 * One dose given: Biscuit's (booking 501, pet 77) first medication on the morning of 24 November,
 * recorded by Jane with request key `action-1`; `over` over it.
 */
export function doseEntry(over: Partial<EntryInput> = {}): EntryInput {
  return {
    date: "2026-11-24",
    round: "morning",
    bookingId: 501,
    petId: 77,
    petName: "Biscuit",
    item: "med:1",
    itemText: "Rimadyl 50 mg, one tablet with food",
    outcome: "given",
    userId: "U0JANE",
    userName: "Jane",
    requestKey: "action-1",
    ...over,
  };
}
