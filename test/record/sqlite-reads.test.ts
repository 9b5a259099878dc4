/**
 * Reads on SQLite beside the writes (src/record/sqlite.ts sqliteDriver): a read asked while a write
 * is queued or under way waits for it and sees what it wrote, and never sees a commit whose WAL sync
 * has not finished; with no write queued it is answered at once. A real SQLite file in a temporary
 * folder; the WAL's sync held back where a test needs it.
 */
import { open } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, expect, it, vi } from "vitest";
import type { Driver } from "../../src/record/driver.ts";
import { sqliteDriver } from "../../src/record/sqlite.ts";
import { useTempFolders } from "../helpers/record-fixtures.ts";

const folder = useTempFolders("sqlite-reads");
let driver: Driver | undefined;

afterEach(async () => {
  vi.restoreAllMocks();
  await driver?.close();
  driver = undefined;
});

async function opened(): Promise<Driver> {
  driver = sqliteDriver({ dir: folder() });
  await driver.transaction(async (q) => {
    await q("CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT)");
  });
  return driver;
}

/** A gate: `wait` settles once `open` is called. */
function gate(): { wait: Promise<void>; open: () => void } {
  let open = () => {};
  const wait = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { wait, open };
}

/** Whether `p` has settled after the event loop's pending work has run. */
async function settled(p: Promise<unknown>): Promise<boolean> {
  let done = false;
  void p.then(
    () => {
      done = true;
    },
    () => {
      done = true;
    },
  );
  await new Promise((r) => setTimeout(r, 20));
  return done;
}

it("a read asked while a transaction is under way waits for it and sees its rows", async () => {
  const d = await opened();
  const g = gate();
  const writing = d.transaction(async (q) => {
    await q("INSERT INTO t (id, v) VALUES (1, 'given')");
    await g.wait;
  });
  const read = d.query("SELECT v FROM t");
  expect(await settled(read)).toBe(false);
  g.open();
  await writing;
  expect(await read).toEqual([{ v: "given" }]);
});

it("a read never sees a commit before its WAL is synced to disk", async () => {
  const d = await opened();
  const probe = join(folder(), "probe");
  await (await open(probe, "w")).close();
  const handle = await open(probe, "r");
  const proto = Object.getPrototypeOf(handle) as { datasync(): Promise<void> };
  await handle.close();
  const g = gate();
  const real = proto.datasync;
  vi.spyOn(proto, "datasync").mockImplementation(async function (this: unknown) {
    await g.wait;
    return real.call(this);
  });
  const writing = d.transaction(async (q) => {
    await q("INSERT INTO t (id, v) VALUES (2, 'refused')");
  });
  await new Promise((r) => setTimeout(r, 20));
  const read = d.query("SELECT v FROM t");
  expect(await settled(read)).toBe(false);
  g.open();
  await writing;
  expect(await read).toEqual([{ v: "refused" }]);
});

it("with no write queued, reads are answered at once and in the order asked", async () => {
  const d = await opened();
  await d.transaction(async (q) => {
    await q("INSERT INTO t (id, v) VALUES (3, 'ate all')");
  });
  const reads = Array.from({ length: 50 }, () => d.query("SELECT v FROM t"));
  for (const r of reads) expect(await r).toEqual([{ v: "ate all" }]);
});
