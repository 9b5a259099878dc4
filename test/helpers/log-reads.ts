/**
 * The care log's reads as a restarted bot makes them (src/record/log-cache.ts): a store on a real
 * SQLite file whose reads of log bodies from the table are counted, and a round's sheet to keep in it.
 */
import type { Clock } from "../../src/deps.ts";
import type { Driver } from "../../src/record/driver.ts";
import type { StoreOptions } from "../../src/record/log-cache.ts";
import { sqliteDriver } from "../../src/record/sqlite.ts";
import { createStore } from "../../src/record/store.ts";

/** A morning sheet of `date` with one pet, `name` (booking 501, pet 77). */
export const sheetOf = (date: string, name: string) => ({
  v: 1 as const,
  date,
  round: "morning" as const,
  fallback: "Morning round",
  pets: [{ bookingId: 501, petId: 77, name, due: [], oneTap: true, message: 0 }],
  messages: [{ parts: [{ kind: "title" as const, text: `Morning round: ${name}` }] }],
});

/** A store on the SQLite record in `dir`, nothing kept yet; `bodyReads()`: the body reads asked since it was last called. */
export function countedStore(dir: string, clock: Clock, options: StoreOptions = {}) {
  const driver = sqliteDriver({ dir });
  const asked: string[] = [];
  let withBodies = 0;
  const counted: Driver = {
    ...driver,
    query: (sql, params) => {
      asked.push(sql);
      if (/^SELECT l\.[\s\S]*\bl\.body\b/.test(sql)) withBodies++;
      return driver.query(sql, params);
    },
  };
  const bodyReads = () =>
    asked.splice(0).filter((sql) => /SELECT id, hash, body FROM care_log/.test(sql)).length;
  /** Reads of log rows with their bodies in the same query (a store that keeps none) since it was last called. */
  const rowsWithBodies = () => {
    const n = withBodies;
    withBodies = 0;
    return n;
  };
  return { store: createStore(counted, clock, undefined, options), bodyReads, rowsWithBodies };
}
