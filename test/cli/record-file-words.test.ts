/**
 * The record's terminal commands say the truth about the file they are given (a fresh try's
 * findings): a folder given to `record verify --file` or `record audit --file` is said to be one,
 * exit 3 (it was "an unexpected problem", exit 1: verify's "NOT intact"); a damaged file is damaged
 * whichever way it is given (`--file` said "holds no care record", KENNEL_DATA_DIR "damaged"); a copy
 * is read leaving nothing beside it (its -shm and -wal were left there) and its bytes as they were;
 * `record backup` into /proc or onto a folder says what to give instead, never a system error's raw
 * text; a record holding no entries yet (made by a bot start Slack then refused) is nothing to
 * verify, exit 3, never "intact: 0 chain links", exit 0. Real files in temporary folders.
 */
import { createHash } from "node:crypto";
import { closeSync, copyFileSync, existsSync, openSync, readdirSync, readFileSync, writeSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { openCareRecord } from "../../src/record/open.ts";
import { SQLITE_FILE } from "../../src/record/sqlite.ts";
import { doseEntry, useTempFolders } from "../helpers/record-fixtures.ts";
import { runCommand } from "./helpers.ts";

const folder = useTempFolders("cli-record-file-words");
const clock = { now: () => new Date("2026-11-24T10:00:00Z") };
const KENNEL = { origin: "https://api.kennel.example" };

async function cli(args: string[], env: Record<string, string> = {}) {
  return runCommand(args, { KENNEL_TIMEZONE: "Europe/London", LOG_LEVEL: "silent", ...env }, { clock });
}

/** Never the catch-all, never a stack trace, never a system call's raw words. */
function saidPlainly(r: { stdout: string; stderr: string }): void {
  expect(r.stderr + r.stdout).not.toMatch(/unexpected problem/i);
  expect(r.stderr + r.stdout).not.toMatch(/\n\s+at /);
  expect(r.stderr + r.stdout).not.toMatch(/mkdtemp|EISDIR|times over/);
}

/** A real record with `n` entries (at most 5) in a folder of its own, closed (its WAL folded in): the folder. */
async function recordWith(n: 1 | 2 | 3 | 4 | 5): Promise<string> {
  const dir = folder();
  const { store } = await openCareRecord({ engine: "sqlite", dataDir: dir }, clock, KENNEL);
  const items = (["med:1", "med:2", "med:3", "med:4", "med:5"] as const).slice(0, n);
  for (const [i, item] of items.entries())
    await store.record([doseEntry({ requestKey: `action-${i + 1}`, item })]);
  await store.close();
  return dir;
}

const sha = (file: string) => createHash("sha256").update(readFileSync(file)).digest("hex");

describe("a folder given to --file", () => {
  it("holding the record: said to be a folder, the file inside it named (exit 3, --json too), verify and audit", async () => {
    const dir = await recordWith(2);
    for (const command of ["verify", "audit"]) {
      const r = await cli(["record", command, "--file", dir]);
      expect(r.code, r.stderr).toBe(3);
      expect(r.stderr).toContain(`${dir} is a folder, not a care record file: nothing to ${command}.`);
      expect(r.stderr).toContain(
        `Give the file: kennel-desk record ${command} --file ${join(dir, SQLITE_FILE)}`,
      );
      saidPlainly(r);
      const json = await cli(["record", command, "--file", dir, "--json"]);
      expect(json.code).toBe(3);
      expect(JSON.parse(json.stdout)).toMatchObject({ ok: false, problem: "no_record", where: dir });
    }
  });

  it("an empty folder: a folder, and the file to give (exit 3)", async () => {
    const dir = folder();
    const r = await cli(["record", "verify", "--file", dir]);
    expect(r.code, r.stderr).toBe(3);
    expect(r.stderr).toContain(`${dir} is a folder, not a care record file`);
    expect(r.stderr).toContain(
      "Give the care record's file (a backup, or the bot's care-record.sqlite), not a folder.",
    );
    expect(readdirSync(dir)).toEqual([]);
  });
});

describe("a damaged file: one reading for every way in", () => {
  it("its first 100 bytes overwritten: damaged by --file as by KENNEL_DATA_DIR (exit 3, JSON problem damaged), left as it was", async () => {
    const dir = await recordWith(3);
    const file = join(dir, SQLITE_FILE);
    const fd = openSync(file, "r+");
    writeSync(fd, Buffer.alloc(100, 0x5a), 0, 100, 0);
    closeSync(fd);
    const before = sha(file);
    const copy = await cli(["record", "verify", "--file", file]);
    expect(copy.code, copy.stderr).toBe(3);
    expect(copy.stderr).toContain(`${file} is not a database SQLite can read`);
    expect(copy.stderr).toContain("damaged");
    expect(copy.stderr).not.toContain("holds no care record");
    saidPlainly(copy);
    for (const [args, env] of [
      [["record", "verify", "--file", file, "--json"], {}],
      [["record", "audit", "--file", file, "--json"], {}],
      [["record", "verify", "--json"], { KENNEL_DATA_DIR: dir }],
    ] as const) {
      const r = await cli([...args], env);
      expect(r.code, `${args.join(" ")}: ${r.stderr}`).toBe(3);
      expect(JSON.parse(r.stdout)).toMatchObject({ ok: false, problem: "damaged" });
    }
    expect(sha(file)).toBe(before);
  });
});

describe("a copy read read-only leaves nothing beside it", () => {
  it("verify --file and audit --file: the file's bytes unchanged, no -shm or -wal made", async () => {
    const dir = await recordWith(3);
    const inspector = folder();
    const copy = join(inspector, "handed-over.sqlite");
    copyFileSync(join(dir, SQLITE_FILE), copy);
    const before = sha(copy);
    const verified = await cli(["record", "verify", "--file", copy]);
    expect(verified.code, verified.stderr).toBe(0);
    expect(verified.stdout).toMatch(/^intact: \d+ chain links: 3 entries/);
    const audited = await cli(["record", "audit", "--file", copy, "--json"]);
    expect(audited.code, audited.stderr).toBe(0);
    expect(readdirSync(inspector)).toEqual(["handed-over.sqlite"]);
    expect(sha(copy)).toBe(before);
  });

  it("a copy taken with its -wal file: read with it (its entries there), the copy's own file unchanged", async () => {
    const dir = folder();
    const { store } = await openCareRecord({ engine: "sqlite", dataDir: dir }, clock, KENNEL);
    await store.record([doseEntry()]);
    await store.record([doseEntry({ requestKey: "action-2", item: "med:2" })]);
    const inspector = folder();
    const copy = join(inspector, "live.sqlite");
    copyFileSync(join(dir, SQLITE_FILE), copy);
    copyFileSync(join(dir, `${SQLITE_FILE}-wal`), `${copy}-wal`);
    await store.close();
    const before = sha(copy);
    const r = await cli(["record", "verify", "--file", copy]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^intact: \d+ chain links: 2 entries/);
    expect(sha(copy)).toBe(before);
  });
});

describe("record backup says where to write instead", () => {
  it("a folder given as the file: a file name inside it, today's (exit 2), nothing written", async () => {
    const dir = await recordWith(1);
    const target = folder();
    const r = await cli(["record", "backup", target], { KENNEL_DATA_DIR: dir });
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).toContain(`${target} is a folder`);
    expect(r.stderr).toContain(
      `Give a file name inside it, e.g. kennel-desk record backup ${join(target, "care-record-2026-11-24.sqlite")}`,
    );
    expect(r.stderr).not.toContain("already exists");
    expect(readdirSync(target)).toEqual([]);
  });

  it.skipIf(process.platform !== "linux")(
    "under /proc: the folder that cannot hold it, in words (exit 2), never the system call's text",
    async () => {
      const dir = await recordWith(1);
      const r = await cli(["record", "backup", "/proc/kennel-desk-backup.sqlite"], { KENNEL_DATA_DIR: dir });
      expect(r.code, r.stderr).toBe(2);
      expect(r.stderr).toContain(
        "The backup was not made: the folder /proc cannot hold a file here (the system answered ENOENT); nothing was written.",
      );
      expect(r.stderr).toContain("Choose a folder you can write to");
      saidPlainly(r);
      const deeper = await cli(["record", "backup", `/proc/kennel-desk-${process.pid}/x.sqlite`], {
        KENNEL_DATA_DIR: dir,
      });
      expect(deeper.code, deeper.stderr).toBe(2);
      expect(deeper.stderr).toContain("the folder /proc cannot hold a folder here");
      expect(deeper.stderr).toContain("Choose a folder you can write to");
      saidPlainly(deeper);
    },
    30_000,
  );
});

describe("a record holding no entries yet", () => {
  it("as a bot start Slack refused leaves it: nothing to verify (exit 3, JSON no_record), never intact", async () => {
    const dir = folder();
    const { store } = await openCareRecord({ engine: "sqlite", dataDir: dir }, clock, KENNEL);
    await store.close();
    const file = join(dir, SQLITE_FILE);
    expect(existsSync(file)).toBe(true);
    for (const args of [
      ["record", "verify"],
      ["record", "verify", "--file", file],
    ]) {
      const r = await cli(args, { KENNEL_DATA_DIR: dir });
      expect(r.code, `${args.join(" ")}: ${r.stdout}${r.stderr}`).toBe(3);
      expect(r.stdout).not.toContain("intact");
      expect(r.stderr).toContain("holds no entries yet: nothing to verify");
      saidPlainly(r);
      const json = await cli([...args, "--json"], { KENNEL_DATA_DIR: dir });
      expect(json.code).toBe(3);
      expect(JSON.parse(json.stdout)).toMatchObject({ ok: false, problem: "no_record" });
    }
  });

  it("one entry: intact, as before (exit 0)", async () => {
    const dir = await recordWith(1);
    const r = await cli(["record", "verify"], { KENNEL_DATA_DIR: dir });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^intact: 1 chain link: 1 entry/);
  });
});

describe("docs/cli.md names every problem --json can give", () => {
  it("each of the store's problems (src/record/errors.ts StoreProblem) has its row", () => {
    const root = new URL("../../", import.meta.url);
    const source = readFileSync(new URL("src/record/errors.ts", root), "utf8");
    const type = /export type StoreProblem =([\s\S]*?)\nexport class/.exec(source)?.[1] ?? "";
    const problems = [...type.matchAll(/\|\s*"(\w+)"/g)].map((m) => m[1]);
    expect(problems).toContain("damaged");
    const docs = readFileSync(new URL("docs/cli.md", root), "utf8");
    for (const problem of problems) expect(docs, problem).toContain(`| \`${problem}\` |`);
  });
});
