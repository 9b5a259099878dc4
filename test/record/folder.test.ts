/**
 * The data folder's problems, said at start in one line: a throwaway filesystem, a folder not
 * writable; a folder that cannot be made (bounded tries, never a hang); the record's file private
 * (600) whatever the folder's mode (issue 36, item 5).
 */
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import {
  DataFolderError,
  dataFolderProblem,
  makeFolder,
  mountOf,
  parseMountInfo,
  prepareDataFolder,
} from "../../src/record/folder.ts";
import { openCareRecord } from "../../src/record/open.ts";
import { SQLITE_FILE } from "../../src/record/sqlite.ts";

const MOUNTINFO = [
  "27 1 254:0 / / rw,relatime - ext4 /dev/vda rw",
  "30 27 0:27 / /run rw,nosuid - tmpfs tmpfs rw,size=100k",
  "31 27 0:28 / /srv/kennel\\040desk rw - overlay overlay rw,lowerdir=/x",
  "32 31 254:1 / /srv/kennel\\040desk/data rw - ext4 /dev/vdb rw",
].join("\n");

const dir = mkdtempSync(join(tmpdir(), "kennel-desk-folder-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("the data folder", () => {
  it("finds the mount holding a path: the longest mount point above it", () => {
    const mounts = parseMountInfo(MOUNTINFO);
    expect(mountOf("/run/kennel", mounts)?.type).toBe("tmpfs");
    expect(mountOf("/running", mounts)?.type).toBe("ext4");
    expect(mountOf("/srv/kennel desk/app", mounts)?.type).toBe("overlay");
    expect(mountOf("/srv/kennel desk/data/x", mounts)?.type).toBe("ext4");
  });

  it("says in one line when the folder is on tmpfs or a container's own layer, and nothing on a disk", () => {
    const on = (type: string) =>
      `27 1 254:0 / / rw - ext4 /dev/vda rw\n40 27 0:30 / ${dir} rw - ${type} x rw`;
    const tmpfs = dataFolderProblem(join(dir, "data"), on("tmpfs"));
    expect(tmpfs).toMatch(/is on a temporary filesystem \(tmpfs\).*lost/);
    expect(tmpfs).toContain("-v kennel-desk-data:");
    expect(tmpfs).not.toContain("\n");
    expect(dataFolderProblem(join(dir, "data"), on("overlay"))).toMatch(
      /container's own filesystem \(overlay\)/,
    );
    expect(dataFolderProblem(join(dir, "data"), on("ext4"))).toBeUndefined();
  });

  it.skipIf(process.platform !== "linux")("says when the folder cannot be written by this user", () => {
    // /sys takes no new file, not even from root.
    const problem = dataFolderProblem("/sys/kennel-desk-data", "");
    expect(problem).toMatch(/cannot be written by this user/);
    expect(problem).not.toContain("\n");
  });
});

describe("making the data folder, and its record file private", () => {
  const clock = { now: () => new Date("2026-11-24T08:00:00Z") };
  const mode = (f: string) => statSync(f).mode & 0o777;

  it("a hand-made 0755 folder (and a umask that leaves files world-readable): the record file and its -wal and -shm are 600", async () => {
    const folder = join(dir, "hand-made");
    mkdirSync(folder, { mode: 0o755 });
    chmodSync(folder, 0o755);
    const umask = process.umask(0o022);
    try {
      const { store } = await openCareRecord({ engine: "sqlite", dataDir: folder }, clock, undefined);
      await store.record([
        {
          date: "2026-11-24",
          round: "morning",
          bookingId: 1,
          petId: 1,
          petName: "Rex",
          item: "meal",
          itemText: "kibble",
          outcome: "ate_all",
          userId: "U1",
          userName: "Jane",
          requestKey: "k1",
        },
      ]);
      const file = join(folder, SQLITE_FILE);
      expect(mode(file)).toBe(0o600);
      expect(mode(`${file}-wal`)).toBe(0o600);
      expect(mode(`${file}-shm`)).toBe(0o600);
      expect(mode(folder)).toBe(0o755);
      await store.close();
    } finally {
      process.umask(umask);
    }
  });

  it("a record file others could read (an older version's) is made 600, and said in one line", () => {
    const folder = join(dir, "older");
    mkdirSync(folder);
    const file = join(folder, SQLITE_FILE);
    writeFileSync(file, "");
    chmodSync(file, 0o644);
    const said = prepareDataFolder(folder);
    expect(mode(file)).toBe(0o600);
    expect(said).toMatch(
      /could be read by other users of this computer \(mode 644\): it is now readable by its owner only/,
    );
    expect(prepareDataFolder(folder)).toBeUndefined();
  });

  it("makes a missing folder and those above it, mode 700, and says in words why one cannot be made", () => {
    const deep = join(dir, "a", "b", "c");
    expect(makeFolder(deep)).toBeUndefined();
    expect(mode(deep)).toBe(0o700);
    expect(mode(join(dir, "a"))).toBe(0o700);
    const file = join(dir, "a-file");
    writeFileSync(file, "");
    expect(makeFolder(join(file, "data"))).toMatch(/is a file, not a folder/);
  });

  it.skipIf(process.platform !== "linux")(
    "under /proc (every mkdir answers 'no such file'): a bounded number of tries, then one line",
    () => {
      const folder = `/proc/kennel-desk-${process.pid}/data`;
      expect(makeFolder(folder)).toBe(
        `the folder /proc cannot hold a folder here: the system answered ENOENT ("no such file") each of the 5 times /proc/kennel-desk-${process.pid} was made, as it does in /proc and /sys`,
      );
      expect(() => prepareDataFolder(folder)).toThrow(DataFolderError);
      expect(() => prepareDataFolder(folder)).toThrow(/could not be made: .*Set KENNEL_DATA_DIR to a folder/);
      expect(existsSync(folder)).toBe(false);
    },
  );
});
