/**
 * `kennel-desk record backup FILE` (issue 36, item 4): the copy is its owner's alone from its first
 * byte (made in a private folder, in a file created 600, and linked at the target only once checked),
 * a symbolic link or a file at the target is refused and never followed, and a copy that fails
 * leaves nothing behind (it used to leave a world-readable file at the target).
 */
import {
  closeSync,
  existsSync,
  openSync,
  readdirSync,
  readFileSync,
  statSync,
  symlinkSync,
  writeFileSync,
  writeSync,
} from "node:fs";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { describe, expect, it } from "vitest";
import { openCareRecord } from "../../src/record/open.ts";
import { RECORD_TABLES } from "../../src/record/schema.ts";
import { SQLITE_FILE } from "../../src/record/sqlite.ts";
import { runCommand } from "../cli/helpers.ts";
import { useTempFolders } from "../helpers/record-fixtures.ts";

const folder = useTempFolders("backup");
const clock = { now: () => new Date("2026-11-24T08:00:00Z") };

async function cli(args: string[], env: Record<string, string>) {
  return runCommand(args, { KENNEL_TIMEZONE: "Europe/London", LOG_LEVEL: "silent", ...env }, { clock });
}

/** A data folder holding a record with a few entries. */
async function recordIn(): Promise<string> {
  const dir = folder();
  const { store } = await openCareRecord({ engine: "sqlite", dataDir: dir }, clock, undefined);
  for (let i = 0; i < 3; i++) {
    await store.record([
      {
        date: "2026-11-24",
        round: "morning",
        bookingId: 1,
        petId: 1 + i,
        petName: `Pet ${i}`,
        item: "meal",
        itemText: "kibble",
        outcome: "ate_all",
        userId: "U1",
        userName: "Jane",
        requestKey: `k${i}`,
      },
    ]);
  }
  await store.close();
  return dir;
}

describe("record backup: private from the first byte, never through a link", () => {
  it("the copy is 600 whatever the umask, and nothing else is left beside it", async () => {
    const dir = await recordIn();
    const out = folder();
    const target = join(out, "copy.sqlite");
    const umask = process.umask(0);
    try {
      const r = await cli(["record", "backup", target], { KENNEL_DATA_DIR: dir });
      expect(r.code).toBe(0);
      expect(r.stdout).toMatch(/Backed up the care record \(3 chain links: 3 entries, \d+ KB\)/);
    } finally {
      process.umask(umask);
    }
    expect(statSync(target).mode & 0o777).toBe(0o600);
    expect(readdirSync(out)).toEqual(["copy.sqlite"]);
  });

  it("a symbolic link at the target, even one to nothing, is refused and never followed", async () => {
    const dir = await recordIn();
    const out = folder();
    const nowhere = join(out, "elsewhere.sqlite");
    const link = join(out, "copy.sqlite");
    symlinkSync(nowhere, link);
    const r = await cli(["record", "backup", link], { KENNEL_DATA_DIR: dir });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("is a symbolic link: a backup is never written through one");
    expect(existsSync(nowhere)).toBe(false);

    const victim = join(out, "victim.txt");
    writeFileSync(victim, "keep me");
    const toFile = join(out, "copy2.sqlite");
    symlinkSync(victim, toFile);
    expect((await cli(["record", "backup", toFile], { KENNEL_DATA_DIR: dir })).code).toBe(2);
    expect(readFileSync(victim, "utf8")).toBe("keep me");
    expect(readdirSync(out).sort()).toEqual(["copy.sqlite", "copy2.sqlite", "victim.txt"]);
  });

  it("a copy that fails (a damaged record) leaves nothing at the target, nor a folder of its own", async () => {
    const dir = folder();
    const file = join(dir, SQLITE_FILE);
    const db = new DatabaseSync(file);
    // Every table of the record there (a record missing one is refused before any copy is begun).
    for (const table of RECORD_TABLES)
      db.exec(`CREATE TABLE ${table} (${table === "schema_version" ? "version" : "x"})`);
    const insert = db.prepare("INSERT INTO care_entries VALUES (?)");
    db.exec("BEGIN");
    for (let i = 0; i < 2000; i++) insert.run(`${"x".repeat(200)}${i}`);
    db.exec("COMMIT");
    db.close();
    // Page 60 of about 108 overwritten: VACUUM INTO fails half way, after its target was opened.
    const fd = openSync(file, "r+");
    writeSync(fd, Buffer.alloc(4096, 0xab), 0, 4096, 4096 * 60);
    closeSync(fd);
    const out = folder();
    const target = join(out, "copy.sqlite");
    const r = await cli(["record", "backup", target], { KENNEL_DATA_DIR: dir });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/The backup was not made: .*malformed/);
    expect(readdirSync(out)).toEqual([]);
  });

  it("the docs' command on a fresh install: a folder named in the target (backups/) is made, its owner's alone", async () => {
    const dir = await recordIn();
    const out = folder();
    const target = join(out, "backups", "care-record-2026-11-24.sqlite");
    const r = await cli(["record", "backup", target], { KENNEL_DATA_DIR: dir });
    expect(r.code, r.stderr).toBe(0);
    expect(readdirSync(join(out, "backups"))).toEqual(["care-record-2026-11-24.sqlite"]);
    expect(statSync(join(out, "backups")).mode & 0o777).toBe(0o700);
  });

  it("no record to back up is a record that cannot be read (exit 3, as docs/cli.md has it), nothing made", async () => {
    const out = folder();
    const nowhere = join(out, "not-here");
    const r = await cli(["record", "backup", join(out, "backups", "copy.sqlite")], {
      KENNEL_DATA_DIR: nowhere,
    });
    expect(r.code).toBe(3);
    expect(r.stderr).toContain(`There is no care record at ${join(nowhere, SQLITE_FILE)} yet`);
    expect(readdirSync(out)).toEqual([]);
  });
});
