/**
 * Two replicas starting together on an empty record (issue 46, item 14): every first-start write
 * (the schema, the record's kennel, the business's kennelId) tolerates a replica doing the same at
 * the same moment. Two processes (test/record/writer.child.ts `start`) open one empty record at the
 * same moment, ten times over, on both engines: both start, and the record holds one kennel.
 * SQLite's new file could answer "database is locked" at once to the second (setting WAL, which
 * SQLite does not wait for: about one start in thirty here); PostgreSQL's claim of the kennel was
 * read outside any lock, so the second's insert hit the first's row (made certain below by a slow
 * write of that row).
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { afterAll, describe, expect, it } from "vitest";
import type { Clock } from "../../src/deps.ts";
import { postgresDriver } from "../../src/record/postgres.ts";
import { sqliteDriver } from "../../src/record/sqlite.ts";
import { createStore, type Driver } from "../../src/record/store.ts";
import { usePostgres } from "../helpers/postgres.ts";

const postgres = usePostgres();
const folders: string[] = [];
afterAll(() => {
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});

const clock: Clock = { now: () => new Date("2026-11-24T08:12:00.000Z") };
const ORIGIN = "https://api.kennel.example";

interface Empty {
  env: Record<string, string>;
  driver(): Driver;
}

const ENGINES: Array<{ name: string; skip: boolean; empty(): Promise<Empty> }> = [
  {
    name: "SQLite",
    skip: false,
    async empty() {
      const dir = mkdtempSync(join(tmpdir(), "kennel-desk-first-"));
      folders.push(dir);
      return { env: { KENNEL_DATA_DIR: dir }, driver: () => sqliteDriver({ dir }) };
    },
  },
  {
    name: "PostgreSQL",
    skip: !postgres.available,
    async empty() {
      const url = await postgres.freshDatabase();
      return { env: { DATABASE_URL: url.href }, driver: () => postgresDriver({ url }) };
    },
  },
];

/**
 * A driver whose writes of the record's kennel take a moment (a slow disk, a busy server): the
 * window in which a replica starting beside it could write the same row, made wide enough to hit
 * every time. Every statement is the real one, on the real database.
 */
function slowKennelWrites(driver: Driver): Driver {
  const slow =
    (q: Driver["query"]): Driver["query"] =>
    async (sql, params) => {
      if (/INSERT INTO care_kennel/.test(sql)) await new Promise((r) => setTimeout(r, 150));
      return q(sql, params);
    };
  return {
    ...driver,
    query: slow(driver.query),
    transaction: (work, options) => driver.transaction((q) => work(slow(q)), options),
  };
}

/** A replica's start, held at "ready" until `go`: its answer ("ok", or the error as JSON). */
function replica(env: Record<string, string>) {
  const child = spawn(process.execPath, [join(import.meta.dirname, "writer.child.ts"), "start", ORIGIN], {
    env: { PATH: process.env.PATH ?? "", ...env },
    stdio: ["pipe", "pipe", "inherit"],
    cwd: tmpdir(),
  });
  const out = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  return {
    ready: async () => expect((await out.next()).value).toBe("ready"),
    go: async () => {
      child.stdin.write("go\n");
      return String((await out.next()).value);
    },
  };
}

describe.each(ENGINES)(
  "two replicas starting together on an empty record ($name)",
  ({ name, skip, empty }) => {
    // Two processes (SQLite's waits are synchronous, per process, as on a server with two replicas).
    it.skipIf(skip || name !== "SQLite")(
      "both start, ten times over: one schema, one kennel, one kennelId, the chain intact",
      async () => {
        for (let run = 0; run < 10; run++) {
          const record = await empty();
          const replicas = [replica(record.env), replica(record.env)];
          for (const r of replicas) await r.ready();
          expect(await Promise.all(replicas.map((r) => r.go()))).toEqual(["ok", "ok"]);
          const check = createStore(record.driver(), clock);
          expect(await check.kennel()).toEqual({ origin: ORIGIN, kennelId: 7 });
          expect((await check.verify()).ok).toBe(true);
          await check.close();
        }
      },
      180_000,
    );

    it.skipIf(skip || name === "SQLite")(
      "both start when each one's first write of the kennel is slow, ten times over (the race made certain)",
      async () => {
        for (let run = 0; run < 10; run++) {
          const record = await empty();
          const stores = [0, 1].map(() =>
            createStore(slowKennelWrites(record.driver()), clock, { origin: ORIGIN }),
          );
          const started = await Promise.allSettled(stores.map((s) => s.ready()));
          expect(started.map((s) => (s.status === "rejected" ? String(s.reason) : "ok"))).toEqual([
            "ok",
            "ok",
          ]);
          const bound = await Promise.allSettled(stores.map((s) => s.bindKennelId(7)));
          expect(bound.map((s) => (s.status === "rejected" ? String(s.reason) : "ok"))).toEqual(["ok", "ok"]);
          for (const s of stores) expect(await s.kennel()).toEqual({ origin: ORIGIN, kennelId: 7 });
          await Promise.all(stores.map((s) => s.close()));
        }
      },
      60_000,
    );
  },
);
