/**
 * SQLite's commit made safe on disk off the event loop (src/record/wal-sync.ts): a real SQLite file
 * in a temporary folder; the file handles' syncs are watched (each handle's file read from
 * /proc/self/fd) and, in one test, made to fail as a failing disk would.
 */
import { readlinkSync, symlinkSync, writeFileSync } from "node:fs";
import { open } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Clock } from "../../src/deps.ts";
import { couldNotRecord } from "../../src/listeners/record-failure.ts";
import { StoreError } from "../../src/record/errors.ts";
import { SQLITE_FILE, sqliteDriver } from "../../src/record/sqlite.ts";
import { createStore } from "../../src/record/store.ts";
import { doseEntry as entry, useTempFolders } from "../helpers/record-fixtures.ts";

const folder = useTempFolders("wal-sync");
const clock: Clock = { now: () => new Date("2026-11-24T08:12:00.000Z") };

/** FileHandle's prototype (node:fs/promises exports no class to spy on). */
async function fileHandlePrototype(): Promise<{ datasync(): Promise<void>; sync(): Promise<void> }> {
  const probe = join(folder(), "probe");
  writeFileSync(probe, "");
  const handle = await open(probe, "r");
  await handle.close();
  return Object.getPrototypeOf(handle);
}

const pathOf = (handle: { fd: number }) => readlinkSync(`/proc/self/fd/${handle.fd}`);

afterEach(() => {
  vi.restoreAllMocks();
});

/** Every file handle's sync from now on, in order: "datasync <file>" or "sync <file>" (each still syncs). */
async function watchSyncs(): Promise<string[]> {
  const proto = await fileHandlePrototype();
  const seen: string[] = [];
  for (const kind of ["datasync", "sync"] as const) {
    const real = proto[kind];
    vi.spyOn(proto, kind).mockImplementation(async function (this: { fd: number }) {
      seen.push(`${kind} ${pathOf(this)}`);
      return real.call(this);
    });
  }
  return seen;
}

describe("a SQLite commit is reported once its WAL is on disk, without holding the event loop", () => {
  it("SQLite commits without syncing (NORMAL); the WAL is synced before record() resolves; the folder once", async () => {
    const seen = await watchSyncs();
    const dir = folder();
    const driver = sqliteDriver({ dir });
    const store = createStore(driver, clock);
    await store.ready();
    for (const [petId, requestKey] of [
      [77, "first"],
      [78, "second"],
    ] as const) {
      const before = seen.length;
      const recorded = await store.record([entry({ petId, requestKey })]);
      expect(recorded.status).toBe("recorded");
      // Synced by the time record() resolved: one sync of the WAL for the tap's one transaction.
      expect(seen.slice(before)).toEqual([`datasync ${join(dir, `${SQLITE_FILE}-wal`)}`]);
    }
    // The folder once, as the connection opened, before the WAL's first sync.
    expect(seen.filter((s) => s.startsWith("sync "))).toEqual([`sync ${dir}`]);
    expect(seen[0]).toBe(`sync ${dir}`);
    expect(await driver.query("PRAGMA synchronous")).toEqual([{ synchronous: 1 }]);
    await store.close();
  });

  it("a restart opens its WAL and syncs the folder as the record opens, not in its first tap", async () => {
    const dir = folder();
    const first = createStore(sqliteDriver({ dir }), clock);
    await first.record([entry()]);
    await first.close();
    const seen = await watchSyncs();
    const again = createStore(sqliteDriver({ dir }), clock);
    await again.ready();
    await vi.waitFor(() => expect(seen).toEqual([`sync ${dir}`]));
    expect((await again.record([entry({ petId: 78, requestKey: "after" })])).status).toBe("recorded");
    expect(seen).toEqual([`sync ${dir}`, `datasync ${join(dir, `${SQLITE_FILE}-wal`)}`]);
    await again.close();
  });

  it("a WAL beside the file a link points to is the one synced", async () => {
    const proto = await fileHandlePrototype();
    const paths: string[] = [];
    const datasync = proto.datasync;
    vi.spyOn(proto, "datasync").mockImplementation(async function (this: { fd: number }) {
      paths.push(pathOf(this));
      return datasync.call(this);
    });
    const elsewhere = folder();
    const dir = folder();
    symlinkSync(join(elsewhere, "record.sqlite"), join(dir, SQLITE_FILE));
    const store = createStore(sqliteDriver({ dir }), clock);
    expect((await store.record([entry()])).status).toBe("recorded");
    expect(paths.length).toBeGreaterThan(0);
    expect(new Set(paths)).toEqual(new Set([join(elsewhere, "record.sqlite-wal")]));
    await store.close();
  });

  it("a sync the disk fails: the tap is told it may not be kept, each later tap that nothing was written, until a restart, which reads the file afresh", async () => {
    const proto = await fileHandlePrototype();
    const dir = folder();
    const store = createStore(sqliteDriver({ dir }), clock);
    await store.record([entry()]);
    const failing = vi
      .spyOn(proto, "datasync")
      .mockRejectedValueOnce(Object.assign(new Error("EIO: i/o error, fdatasync"), { code: "EIO" }));
    const failed = await store
      .record([entry({ item: "meal", outcome: "ate_all", requestKey: "failed" })])
      .catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(StoreError);
    expect((failed as StoreError).problem).toBe("uncertain");
    expect((failed as StoreError).describe()).toMatch(
      /reported an error as an entry was saved \(EIO: i\/o error, fdatasync\): that entry may not have been kept, and nothing more is recorded until Kennel Desk restarts\. Check that disk, then restart Kennel Desk/,
    );
    failing.mockRestore();
    // Nothing more is written, though the disk now answers: the process cannot know what it holds.
    // The later tap is told that nothing was written, not that its entry may have been kept.
    const refused = await store.record([entry({ petId: 78, requestKey: "later" })]).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(StoreError);
    expect((refused as StoreError).problem).toBe("unavailable");
    expect((refused as StoreError).describe()).toMatch(
      /reported an error as an earlier entry was saved: nothing more is recorded until Kennel Desk restarts\./,
    );
    expect(couldNotRecord(refused)).toMatch(/^⚠️ Could not record: .* Nothing was written;/);
    expect(await store.health()).toMatchObject({
      ok: false,
      problem: expect.stringMatching(/may not have been kept/),
    });
    // Reads go on.
    expect((await store.entries({})).map((e) => e.requestKey).sort()).toEqual(["action-1", "failed"]);
    await store.close();

    const restarted = createStore(sqliteDriver({ dir }), clock);
    expect((await restarted.record([entry({ petId: 78, requestKey: "later" })])).status).toBe("recorded");
    expect(await restarted.health()).toMatchObject({ ok: true });
    await restarted.close();
  });
});
