/**
 * Two replicas' stores of one care record, on each engine, for the tests of what replicas sharing a
 * record do at once (claims, parts, edits): SQLite is one bot process per file, so its two replicas
 * share the one store; on PostgreSQL each has a store of its own (another pool, as another process
 * has) on the same fresh database.
 */
import type { Clock } from "../../src/deps.ts";
import { openCareRecord } from "../../src/record/open.ts";
import type { CareRecordStore } from "../../src/record/types.ts";
import type { TestPostgres } from "./postgres.ts";
import { scratchRecord } from "./record.ts";

export interface ReplicaEngine {
  name: string;
  /** No PostgreSQL to be had here: the engine's tests are skipped. */
  skip: boolean;
  /** The two replicas' stores. */
  open: () => Promise<CareRecordStore[]>;
}

export function replicaEngines(pg: TestPostgres, clock: Clock): ReplicaEngine[] {
  return [
    {
      name: "SQLite",
      skip: false,
      open: async () => {
        const one = scratchRecord(clock);
        return [one, one];
      },
    },
    {
      name: "PostgreSQL",
      skip: !pg.available,
      open: async () => {
        const url = await pg.freshDatabase();
        const open = async () => (await openCareRecord({ engine: "postgres", url }, clock, undefined)).store;
        return [await open(), await open()];
      },
    },
  ];
}
