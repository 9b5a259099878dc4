/**
 * `kennel-desk record copy --to …` as an installer meets it (a fresh try): beside the running
 * preview, on its record, it refuses and copies nothing (before: it copied the preview's live,
 * temporary record and said to keep that file, gone once the preview stops, as a backup); its
 * errors are said once and name --to, the address typed (before: "cannot be reached (… cannot be
 * reached (…).)", "Check DATABASE_URL", "or leave it unset to keep the care record in SQLite"); and a
 * record in the computer's temporary folder is never called a backup to keep. Real temp folders, a
 * PostgreSQL port that refuses, and a real throwaway PostgreSQL where one is at hand.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { runCli } from "../../src/cli/index.ts";
import { PREVIEW_STATE_FILE } from "../../src/preview/folder-state.ts";
import { openCareRecord } from "../../src/record/open.ts";
import { freePort } from "../helpers/net.ts";
import { usePostgres } from "../helpers/postgres.ts";
import { useTempFolders } from "../helpers/record-fixtures.ts";
import { spawnBot } from "../helpers/spawn.ts";

const CLI = fileURLToPath(new URL("../../src/cli.ts", import.meta.url));
const postgres = usePostgres();
const folder = useTempFolders("copy-words");
const clock = { now: () => new Date("2026-12-02T13:00:00Z") };
const KENNEL = { origin: "http://127.0.0.1:4999" };

/** A SQLite record with one entry in a folder of its own. */
async function sqliteRecord(): Promise<string> {
  const dir = folder();
  const { store } = await openCareRecord({ engine: "sqlite", dataDir: dir }, clock, KENNEL);
  await store.record([
    {
      date: "2026-12-02",
      round: "morning",
      bookingId: 501,
      petId: 77,
      petName: "Biscuit",
      item: "meal",
      itemText: "kibble",
      outcome: "ate_all",
      userId: "U1",
      userName: "Jane",
      requestKey: "k1",
    },
  ]);
  await store.close();
  return dir;
}

/** `kennel-desk ARGS` in-process, with the preview running in its folder when given (as src/cli/program.ts passes it). */
async function cli(
  args: string[],
  env: Record<string, string>,
  previewRunning?: { pid: number; port: number; dataDir: string },
) {
  let stdout = "";
  let stderr = "";
  const code = await runCli(args, {
    env: { KENNEL_TIMEZONE: "Europe/London", LOG_LEVEL: "silent", ...env },
    io: {
      stdout: { write: (s: string) => (stdout += s) },
      stderr: { write: (s: string) => (stderr += s) },
    },
    clock,
    ...(previewRunning ? { previewRunning } : {}),
  });
  return { code, stdout, stderr };
}

const refusingUrl = async () => `postgres://kd:secret-pw@127.0.0.1:${await freePort()}/kennel_desk`;

describe("record copy beside the running preview", () => {
  it("run in the preview's folder with no settings (it reads the preview's record): refused, nothing copied", async () => {
    const here = folder();
    const dataDir = await sqliteRecord();
    // The note `npm start` leaves in its folder (this test's own process stands for the preview).
    writeFileSync(
      join(here, PREVIEW_STATE_FILE),
      JSON.stringify({
        pid: process.pid,
        port: 3187,
        timezone: "Europe/London",
        clockOffsetMs: 0,
        apiBaseUrl: "http://127.0.0.1:4999/api/v1",
        apiKey: "preview-key",
        dataDir,
      }),
    );
    const to = await refusingUrl();
    const copy = spawnBot({}, { args: [CLI, "record", "copy", "--to", to], cwd: here });
    expect(await copy.exit, copy.out()).toBe(2);
    const out = copy.out();
    expect(out).toContain("reading the preview running in this folder");
    expect(out).toContain(
      `record copy refused: the preview running in this folder (pid ${process.pid}, port 3187) is using this care record (${join(dataDir, "care-record.sqlite")}), its own: made up from the sandbox, in a temporary folder removed when the preview stops, and written to while it runs. Nothing was copied.`,
    );
    expect(out).toContain("run record copy in the bot's folder with KENNEL_DATA_DIR as the bot has it");
    // Refused before PostgreSQL is asked: no "cannot be reached", and no temporary file kept as a backup.
    expect(out).not.toContain("cannot be reached");
    expect(out).not.toContain("as a backup");
    expect(out).not.toContain("secret-pw");
  }, 60_000);

  it("KENNEL_DATA_DIR set to the preview's record folder: refused too; another folder beside it is copied as ever", async () => {
    const dataDir = await sqliteRecord();
    const preview = { pid: process.pid, port: 3187, dataDir };
    const to = await refusingUrl();
    const same = await cli(["record", "copy", "--to", to], { KENNEL_DATA_DIR: `${dataDir}/` }, preview);
    expect(same.code).toBe(2);
    expect(same.stderr).toContain("record copy refused: the preview running in this folder (pid");
    // A record of its own: not the preview's, so the copy goes on (here, to a port that refuses).
    const own = await cli(["record", "copy", "--to", to], { KENNEL_DATA_DIR: await sqliteRecord() }, preview);
    expect(own.code).toBe(3);
    expect(own.stderr).not.toContain("refused: the preview");
  });
});

describe("record copy's errors: said once, naming --to", () => {
  it("a port that refuses: 'cannot be reached' once, and --to named, never DATABASE_URL", async () => {
    const r = await cli(["record", "copy", "--to", await refusingUrl()], {
      KENNEL_DATA_DIR: await sqliteRecord(),
    });
    expect(r.code).toBe(3);
    expect(r.stderr.match(/cannot be reached/g)).toHaveLength(1);
    expect(r.stderr).toMatch(/cannot be reached \(connect ECONNREFUSED 127\.0\.0\.1:\d+\)\.\n/);
    expect(r.stderr).toContain("check that PostgreSQL is running and the address given to --to.");
    expect(r.stderr).not.toContain("DATABASE_URL");
    expect(r.stderr).not.toContain("secret-pw");
  });

  it("an address that is not PostgreSQL's: what --to takes, not how to keep the record in SQLite", async () => {
    const r = await cli(["record", "copy", "--to", "mysql://kd:pw@127.0.0.1:5999/kennel_desk"], {
      KENNEL_DATA_DIR: await sqliteRecord(),
    });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("--to is not a PostgreSQL address");
    expect(r.stderr).toContain("the new, empty PostgreSQL database to copy the care record into.");
    expect(r.stderr).not.toContain("leave it unset");
    expect(r.stderr).not.toContain("DATABASE_URL");
  });

  it.skipIf(!postgres.available)(
    "a database that does not exist: --to named; a copy out of a temporary folder keeps no backup there",
    async () => {
      const fresh = await postgres.freshDatabase();
      const missing = new URL(fresh.href);
      missing.pathname = "/kd_no_such_database";
      const dir = await sqliteRecord();
      const r = await cli(["record", "copy", "--to", missing.href], { KENNEL_DATA_DIR: dir });
      expect(r.code).toBe(3);
      expect(r.stderr).toContain('database "kd_no_such_database" does not exist');
      expect(r.stderr).toContain("Check the address given to --to (user, password, database name)");
      expect(r.stderr).not.toContain("DATABASE_URL");
      // The record copied is in the computer's temporary folder (as the preview's is): never a backup to keep.
      const copied = await cli(["record", "copy", "--to", fresh.href], { KENNEL_DATA_DIR: dir });
      expect(copied.code, copied.stderr).toBe(0);
      expect(copied.stdout).not.toContain("as a backup");
      expect(copied.stdout).toContain("is in the computer's temporary folder (");
      expect(copied.stdout).toContain("keep a backup of it elsewhere (kennel-desk record backup FILE");
    },
    60_000,
  );
});
