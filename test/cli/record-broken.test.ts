/**
 * `kennel-desk record …` where the SQLite data folder holds something that is no record it can read:
 * a record with a table missing (a partial restore, a table dropped) is incomplete, the table named,
 * exit 3, as PostgreSQL's is (it used to be "an unexpected problem", exit 1); a file of random bytes
 * is no database SQLite can read; a folder in the file's place, KENNEL_DATA_DIR naming a file, a
 * folder this user may not write: each said, exit 3, never a stack trace. A read never makes a record
 * nor writes into a file that holds none: an empty folder stays empty, a 0-byte file stays 0 bytes
 * (it used to be given the record's tables and verified "intact: 0 chain links", exit 0), a SQLite
 * database of something else keeps its own tables only. Real SQLite files in temporary folders.
 */
import { spawnSync } from "node:child_process";
import {
  chmodSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { describe, expect, it } from "vitest";
import { openCareRecord } from "../../src/record/open.ts";
import { SQLITE_FILE } from "../../src/record/sqlite.ts";
import { doseEntry, useTempFolders } from "../helpers/record-fixtures.ts";
import { runCommand } from "./helpers.ts";

const folder = useTempFolders("cli-record-broken");
const clock = { now: () => new Date("2026-11-24T10:00:00Z") };
const KENNEL = { origin: "https://api.kennel.example" };

async function cli(args: string[], env: Record<string, string>) {
  return runCommand(args, { KENNEL_TIMEZONE: "Europe/London", LOG_LEVEL: "silent", ...env }, { clock });
}

const READS = [
  ["record", "verify"],
  ["record", "audit"],
  ["record", "2026-11-24"],
  ["record", "export", "--from", "2026-11-01", "--to", "2026-11-30"],
];

/** Never the catch-all, never a stack trace. */
function saidPlainly(r: { stdout: string; stderr: string }): void {
  expect(r.stderr + r.stdout).not.toMatch(/unexpected problem/i);
  expect(r.stderr + r.stdout).not.toMatch(/\n\s+at /);
}

/** A record with one entry, then `table` dropped behind Kennel Desk's back. */
async function recordWithout(table: string): Promise<string> {
  const dir = folder();
  const { store } = await openCareRecord({ engine: "sqlite", dataDir: dir }, clock, KENNEL);
  await store.record([doseEntry()]);
  await store.close();
  const db = new DatabaseSync(join(dir, SQLITE_FILE));
  db.exec(`DROP TABLE ${table}`);
  db.close();
  return dir;
}

describe("a SQLite record with a table missing", () => {
  it.each(["care_kennel", "care_log", "care_staff", "schema_version"])(
    "without %s: every read says it is incomplete, naming the table (exit 3)",
    async (table) => {
      const dir = await recordWithout(table);
      for (const args of READS) {
        const r = await cli(args, { KENNEL_DATA_DIR: dir });
        expect(r.code, `${args.join(" ")}: ${r.stderr}`).toBe(3);
        expect(r.stderr).toContain(
          `The care record in ${join(dir, SQLITE_FILE)} is incomplete: table ${table} is missing (restored from a partial copy, or a table dropped by hand?).`,
        );
        expect(r.stderr).toContain("Restore a whole backup");
        saidPlainly(r);
      }
      const json = await cli(["record", "verify", "--json"], { KENNEL_DATA_DIR: dir });
      expect(json.code).toBe(3);
      expect(JSON.parse(json.stdout)).toMatchObject({ ok: false, problem: "incomplete" });
      // A backup of it is not made (a copy would verify "intact" on what it has): said, exit 3.
      const target = join(folder(), "copy.sqlite");
      const backup = await cli(["record", "backup", target], { KENNEL_DATA_DIR: dir });
      expect(backup.code, backup.stderr).toBe(3);
      expect(backup.stderr).toContain(`is incomplete: table ${table} is missing`);
      expect(backup.stderr).toContain("The backup was not made");
      expect(existsSync(target)).toBe(false);
      saidPlainly(backup);
    },
  );
});

describe("what is no SQLite record at all", () => {
  it("a file of random bytes: no database SQLite can read (exit 3), the file left as it was", async () => {
    const dir = folder();
    const file = join(dir, SQLITE_FILE);
    const bytes = Buffer.from(Array.from({ length: 8192 }, (_, i) => (i * 7919 + 13) % 251));
    writeFileSync(file, bytes);
    for (const args of [...READS, ["record", "backup", join(folder(), "b.sqlite")]]) {
      const r = await cli(args, { KENNEL_DATA_DIR: dir });
      expect(r.code, `${args.join(" ")}: ${r.stderr}`).toBe(3);
      expect(r.stderr).toContain(`The care record's file ${file} is not a database SQLite can read`);
      expect(r.stderr).toContain("restore a whole backup");
      expect(r.stderr).not.toContain("Try again in a moment");
      saidPlainly(r);
    }
    expect(readFileSync(file).equals(bytes)).toBe(true);
  });

  it("a folder where the file should be: said so (exit 3)", async () => {
    const dir = folder();
    mkdirSync(join(dir, SQLITE_FILE));
    for (const args of READS) {
      const r = await cli(args, { KENNEL_DATA_DIR: dir });
      expect(r.code, `${args.join(" ")}: ${r.stderr}`).toBe(3);
      expect(r.stderr).toContain(`${join(dir, SQLITE_FILE)} is a folder, not the care record's file`);
      saidPlainly(r);
    }
  });

  it("KENNEL_DATA_DIR naming a file: said so, with the folder to name instead (exit 3)", async () => {
    const file = join(folder(), "not-a-folder");
    writeFileSync(file, "");
    const r = await cli(["record", "verify"], { KENNEL_DATA_DIR: file });
    expect(r.code).toBe(3);
    expect(r.stderr).toContain(`KENNEL_DATA_DIR (${file}) is a file, not a folder`);
    expect(r.stderr).toContain("Set KENNEL_DATA_DIR to the folder that holds the bot's care-record.sqlite");
  });
});

describe("a read never makes a record", () => {
  it("an empty folder: verify, audit and export say there is no record (exit 3); the folder stays empty", async () => {
    const dir = folder();
    for (const args of READS) {
      const r = await cli(args, { KENNEL_DATA_DIR: dir });
      expect(r.code, `${args.join(" ")}: ${r.stderr}`).toBe(3);
      expect(r.stderr).toContain(`There is no care record at ${join(dir, SQLITE_FILE)} yet`);
      expect(readdirSync(dir)).toEqual([]);
    }
  });

  it("an empty (0-byte) file: no record (exit 3, never intact); nothing written to it or beside it", async () => {
    const dir = folder();
    const file = join(dir, SQLITE_FILE);
    writeFileSync(file, "");
    for (const args of [
      ...READS,
      ["record", "backup", join(folder(), "b.sqlite")],
      ["record", "copy", "--to", "postgres://kd@127.0.0.1:1/kennel"],
    ]) {
      const r = await cli(args, { KENNEL_DATA_DIR: dir });
      expect(r.code, `${args.join(" ")}: ${r.stderr}`).toBe(3);
      expect(r.stdout).not.toMatch(/intact/);
      expect(r.stderr).toContain(`There is no care record at ${file}: the file is empty (0 bytes)`);
      expect(statSync(file).size).toBe(0);
      expect(readdirSync(dir)).toEqual([SQLITE_FILE]);
    }
  });

  it("a SQLite database of something else: no record (exit 3); its tables left as they were", async () => {
    const dir = folder();
    const file = join(dir, SQLITE_FILE);
    const db = new DatabaseSync(file);
    db.exec("CREATE TABLE invoices (id INTEGER PRIMARY KEY, total REAL)");
    db.close();
    const r = await cli(["record", "verify"], { KENNEL_DATA_DIR: dir });
    expect(r.code).toBe(3);
    expect(r.stderr).toContain("is a SQLite database without the care record's tables");
    const after = new DatabaseSync(file, { readOnly: true });
    const tables = after.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all();
    after.close();
    expect(tables.map((t) => t.name)).toEqual(["invoices"]);
  });
});

/**
 * `kennel-desk ARGS` as its own process, as a user whose file modes hold: root writes through any
 * mode, so as root it runs without root's powers (setpriv drops every capability).
 */
function asUser(args: string[], env: Record<string, string>) {
  const asRoot = process.getuid?.() === 0;
  const command = asRoot ? "setpriv" : process.execPath;
  const argv = asRoot
    ? ["--inh-caps=-all", "--bounding-set=-all", "--", process.execPath, "src/cli.ts", ...args]
    : ["src/cli.ts", ...args];
  const r = spawnSync(command, argv, {
    env: { PATH: process.env.PATH ?? "", KENNEL_TIMEZONE: "Europe/London", LOG_LEVEL: "silent", ...env },
    encoding: "utf8",
    timeout: 30_000,
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe("a folder this user may not write, a file this user may not read", () => {
  it("a record there: what is wrong and what to do (exit 3), never 'no care record'; --file and a backup into it too", async () => {
    const dir = folder();
    const { store } = await openCareRecord({ engine: "sqlite", dataDir: dir }, clock, KENNEL);
    await store.record([doseEntry()]);
    await store.close();
    const file = join(dir, SQLITE_FILE);
    chmodSync(dir, 0o555);
    try {
      for (const args of [
        ["record", "verify"],
        ["record", "audit"],
      ]) {
        const r = asUser(args, { KENNEL_DATA_DIR: dir });
        expect(r.code, `${args.join(" ")}: ${r.stderr}`).toBe(3);
        expect(r.stderr).toContain(
          `The care record at ${file} cannot be read here: its folder ${dir} cannot be written`,
        );
        expect(r.stderr).toContain("kennel-desk record verify --file COPY");
        saidPlainly(r);
      }
      // Given as a copy (--file), it is read as one: nothing made beside it, so its folder need
      // not be writable (a record closed cleanly has no -wal to read with it).
      const before = readdirSync(dir).sort();
      const copy = asUser(["record", "verify", "--file", file], {});
      expect(copy.code, copy.stderr).toBe(0);
      expect(copy.stdout).toMatch(/^intact: /);
      expect(readdirSync(dir).sort()).toEqual(before);

      const elsewhere = folder();
      const mine = join(elsewhere, "mine");
      mkdirSync(mine);
      const { store: other } = await openCareRecord({ engine: "sqlite", dataDir: mine }, clock, KENNEL);
      await other.close();
      const backup = asUser(["record", "backup", join(dir, "backup.sqlite")], { KENNEL_DATA_DIR: mine });
      expect(backup.code, backup.stderr).toBe(2);
      expect(backup.stderr).toContain(
        `The backup was not made: the folder ${dir} cannot be written by this user`,
      );
    } finally {
      chmodSync(dir, 0o700);
    }
  }, 60_000);

  it("a record file this user may not read (the bot's user's alone): said so (exit 3), never 'no care record'", async () => {
    const dir = folder();
    const { store } = await openCareRecord({ engine: "sqlite", dataDir: dir }, clock, KENNEL);
    await store.close();
    const file = join(dir, SQLITE_FILE);
    chmodSync(file, 0o000);
    try {
      const r = asUser(["record", "verify"], { KENNEL_DATA_DIR: dir });
      expect(r.code, r.stderr).toBe(3);
      expect(r.stderr).toContain(`The care record at ${file} cannot be read by this user (EACCES)`);
      expect(r.stderr).toContain("Run the command as the user Kennel Desk runs as");
      saidPlainly(r);
    } finally {
      chmodSync(file, 0o600);
    }
  }, 60_000);

  it("an empty folder this user may not write: no record there (exit 3), nothing made", () => {
    const dir = folder();
    chmodSync(dir, 0o555);
    try {
      const r = asUser(["record", "verify"], { KENNEL_DATA_DIR: dir });
      expect(r.code, r.stderr).toBe(3);
      expect(r.stderr).toContain(`There is no care record at ${join(dir, SQLITE_FILE)} yet`);
      expect(readdirSync(dir)).toEqual([]);
    } finally {
      chmodSync(dir, 0o700);
    }
  }, 60_000);
});
