/**
 * The care record's store on both engines, for a suite run once on each (`describe.each`): a real
 * SQLite file in a temporary folder, and a new database on a throwaway PostgreSQL
 * (test/helpers/postgres.ts), skipped where no server can be had. Call at the top of a test file.
 */
import type { Clock } from "../../src/deps.ts";
import { openCareRecord } from "../../src/record/open.ts";
import type { CareRecordStore } from "../../src/record/types.ts";
import { usePostgres } from "./postgres.ts";
import { scratchRecord } from "./record.ts";

export interface StoreEngine {
  name: "SQLite" | "PostgreSQL";
  /** A new, empty store on this engine, its entries stamped by `clock`. */
  open: () => Promise<CareRecordStore>;
  skip: boolean;
}

export function useStoreEngines(clock: Clock): StoreEngine[] {
  const pg = usePostgres();
  return [
    { name: "SQLite", open: async () => scratchRecord(clock), skip: false },
    {
      name: "PostgreSQL",
      open: async () =>
        (await openCareRecord({ engine: "postgres", url: await pg.freshDatabase() }, clock, undefined)).store,
      // The PostgreSQL suites' convention (test/helpers/postgres.ts): npm test provides the server,
      // and its postgres step fails, saying how to install it, when it cannot.
      skip: !pg.available,
    },
  ];
}
