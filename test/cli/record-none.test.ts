/**
 * `kennel-desk record …` where there is no care record, or another kennel's: never read as intact,
 * tampered or empty. Every subcommand says the record cannot be read (exit 3, as docs/cli.md has it),
 * and with --json prints `{"ok": false, "problem": …}`, never nothing.
 */
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { kennelOrigin } from "../../src/record/kennel.ts";
import { openCareRecord } from "../../src/record/open.ts";
import { startSandbox } from "../../src/sandbox/server.ts";
import { runCommand } from "./helpers.ts";

const dir = mkdtempSync(join(tmpdir(), "kennel-desk-cli-record-none-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const NOW = new Date("2026-11-24T10:00:00Z");
const clock = { now: () => NOW };

async function cli(args: string[], env: Record<string, string>) {
  return runCommand(args, { KENNEL_TIMEZONE: "Europe/London", LOG_LEVEL: "silent", ...env }, { clock });
}

const READS = [
  ["record", "verify"],
  ["record", "verify", "--head", "#12 · 9f3a5c1e0b7d24aa"],
  ["record", "audit"],
  ["record"],
  ["record", "evening", "2026-11-24"],
  ["record", "export", "--from", "2026-11-01", "--to", "2026-11-30"],
];

const JSON_READS = [
  ["record", "verify", "--json"],
  ["record", "audit", "--json"],
  ["record", "--json"],
  ["record", "export", "--from", "2026-11-01", "--to", "2026-11-30", "--format", "json"],
];

describe("no care record yet", () => {
  const nowhere = join(dir, "not-here");

  it.each(READS)("%s %s: cannot be read (exit 3), said on standard error, nothing made", async (...args) => {
    const r = await cli(args, { KENNEL_DATA_DIR: nowhere });
    // Neither intact (0) nor tampered (1): nothing to read or verify.
    expect(r.code, r.stderr).toBe(3);
    expect(r.stdout).toBe("");
    expect(r.stderr).toContain(`There is no care record at ${join(nowhere, "care-record.sqlite")} yet`);
    expect(r.stderr).toContain("nothing to read or verify");
    expect(r.stderr).not.toMatch(/intact/i);
    expect(existsSync(nowhere)).toBe(false);
  });

  it.each(JSON_READS)("%s … --json: a JSON object saying so", async (...args) => {
    const r = await cli(args, { KENNEL_DATA_DIR: nowhere });
    expect(r.code).toBe(3);
    expect(JSON.parse(r.stdout)).toEqual({
      ok: false,
      problem: "no_record",
      where: join(nowhere, "care-record.sqlite"),
      what: expect.stringContaining("There is no care record at"),
      whatToDo: expect.stringContaining("KENNEL_DATA_DIR"),
    });
    expect(existsSync(nowhere)).toBe(false);
  });
});

describe("another kennel's record", () => {
  it("every read says so (exit 3), and --json prints the problem", async () => {
    const theirs = join(dir, "theirs");
    const opened = await openCareRecord({ engine: "sqlite", dataDir: theirs }, clock, {
      origin: "https://api.kennel.example",
    });
    await opened.store.close();
    const env = {
      KENNEL_DATA_DIR: theirs,
      KENNEL_API_KEY: "kd_live_abcdefghijklmnopqrstuvwxyz012345",
      KENNEL_API_BASE_URL: "https://api.another-kennel.example/api/v1",
    };
    for (const args of READS) {
      const r = await cli(args, env);
      expect(r.code, args.join(" ")).toBe(3);
      expect(r.stdout, args.join(" ")).toBe("");
    }
    for (const args of JSON_READS) {
      const r = await cli(args, env);
      expect(r.code, args.join(" ")).toBe(3);
      expect(JSON.parse(r.stdout), args.join(" ")).toMatchObject({ ok: false, problem: "other_kennel" });
    }
  });
});

describe("another business's record, both kennel APIs on this computer", () => {
  it("record, record --booking and export refuse it (exit 3), naming both businesses; the record's own business reads it", async () => {
    const sandbox = await startSandbox({
      seed: 5,
      customers: 20,
      today: "2026-11-24",
      timezone: "Europe/London",
    });
    try {
      // A record stamped for the sandbox's main business, by a bot on this computer.
      const mine = join(dir, "business-main");
      const opened = await openCareRecord({ engine: "sqlite", dataDir: mine }, clock, {
        origin: kennelOrigin(sandbox.url),
      });
      await opened.store.bindKennelId(sandbox.main.id);
      await opened.store.record([
        {
          date: "2026-11-24",
          round: "morning",
          bookingId: 501,
          petId: 77,
          petName: "Biscuit",
          item: "meal",
          itemText: "kibble",
          outcome: "ate_all",
          userId: "U1",
          userName: "Jane",
          requestKey: "k-main",
        },
      ]);
      await opened.store.close();
      const reads = [
        ["record", "2026-11-24"],
        ["record", "--booking", "501"],
        ["record", "export", "--from", "2026-11-01", "--to", "2026-11-30"],
        ["record", "export", "--booking", "501", "--format", "json"],
      ];
      const other = {
        KENNEL_DATA_DIR: mine,
        KENNEL_API_KEY: sandbox.keys.other,
        KENNEL_API_BASE_URL: sandbox.url,
      };
      for (const args of reads) {
        const r = await cli(args, other);
        expect(r.code, args.join(" ")).toBe(3);
        expect(r.stdout, args.join(" ")).not.toContain("Biscuit");
        expect(r.stderr + r.stdout).toContain(`(business ${sandbox.main.id})`);
        expect(r.stderr + r.stdout).toContain(`(business ${sandbox.other.id})`);
      }
      const own = { ...other, KENNEL_API_KEY: sandbox.keys.main };
      const read = await cli(["record", "export", "--from", "2026-11-01", "--to", "2026-11-30"], own);
      expect(read.code).toBe(0);
      expect(read.stdout).toContain("Biscuit");
    } finally {
      await sandbox.close();
    }
  });
});
