/**
 * Opening a record with one of its tables missing (a partial restore, a table dropped), on both
 * engines: openCareRecord (what the bot's start and every `record` command call) refuses it as
 * `incomplete`, naming the table, whichever table it is: found as the record is opened, not at the
 * first tap that needs the table (SQLite used to say nothing of it, or "an unexpected problem";
 * either engine used to start without its log or its staff). A real SQLite file and a real throwaway
 * PostgreSQL.
 */
import { describe, expect, it } from "vitest";
import { StoreError } from "../../src/record/errors.ts";
import { openCareRecord } from "../../src/record/open.ts";
import { useRecordEngines } from "../helpers/record-engines.ts";
import { doseEntry } from "../helpers/record-fixtures.ts";

const engines = useRecordEngines("kennel-desk-open-incomplete-");
const clock = { now: () => new Date("2026-11-24T10:00:00Z") };
const KENNEL = { origin: "https://api.kennel.example" };

describe.each(engines)("a record with a table missing ($name)", (engine) => {
  it.skipIf(engine.skip).each(["care_kennel", "care_log", "care_staff", "schema_version"])(
    "without %s: refused as incomplete, the table named",
    async (table) => {
      const settings = await engine.settings();
      const { store } = await openCareRecord(settings, clock, KENNEL);
      await store.record([doseEntry()]);
      await store.close();
      await engine.plain(settings)(
        engine.name === "PostgreSQL" ? `DROP TABLE ${table} CASCADE` : `DROP TABLE ${table}`,
      );
      const refused = await openCareRecord(settings, clock, KENNEL).then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(refused).toBeInstanceOf(StoreError);
      expect((refused as StoreError).problem).toBe("incomplete");
      expect((refused as StoreError).message).toMatch(
        new RegExp(`is incomplete: table ${table} is missing \\(restored from a partial`),
      );
    },
  );
});
