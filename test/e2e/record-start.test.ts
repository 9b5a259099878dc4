/**
 * The bot will not start on a SQLite record it cannot use for good, and says why in one line, exit 2,
 * never a stack trace: a table missing (a partial restore: as on PostgreSQL), a file that is no
 * database SQLite can read, a folder where the file should be (left as it was: its mode is not
 * touched). Each as a real process (`node src/main.ts`), before Slack is reached.
 */
import { chmodSync, mkdirSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { describe, expect, it } from "vitest";
import { openCareRecord } from "../../src/record/open.ts";
import { SQLITE_FILE } from "../../src/record/sqlite.ts";
import { useTempFolders } from "../helpers/record-fixtures.ts";
import { spawnBot } from "../helpers/spawn.ts";

const folder = useTempFolders("record-start");

/** The bot's process on the data folder `dir`: its exit code (null: killed, it hung) and its output. */
async function start(dir: string): Promise<{ code: number | null; out: string }> {
  const p = spawnBot({
    KENNEL_API_KEY: "kd-test-key-123456",
    KENNEL_API_BASE_URL: "http://127.0.0.1:9/api/v1",
    SLACK_BOT_TOKEN: "xoxb-test-0000-record",
    SLACK_APP_TOKEN: "xapp-test-0000-record",
    SLACK_API_URL: "http://127.0.0.1:9/api/",
    KENNEL_TIMEZONE: "Europe/London",
    KENNEL_DATA_DIR: dir,
    PORT: "0",
  });
  const watchdog = setTimeout(() => p.child.kill("SIGKILL"), 30_000);
  const code = await p.exit;
  clearTimeout(watchdog);
  return { code, out: p.out() };
}

function refused(r: { code: number | null; out: string }, words: string): void {
  expect(r.code, r.out).toBe(2);
  const lines = r.out.split("\n").filter((l) => l.startsWith("Kennel Desk will not start: "));
  expect(lines).toHaveLength(1);
  expect(lines[0]).toContain(words);
  expect(r.out).not.toMatch(/unexpected problem|\n\s+at /i);
}

describe("the bot's start on a SQLite record it cannot use", () => {
  it("a table missing: will not start, naming the table (exit 2)", async () => {
    const dir = folder();
    const { store } = await openCareRecord(
      { engine: "sqlite", dataDir: dir },
      { now: () => new Date() },
      {
        origin: "http://127.0.0.1:9",
      },
    );
    await store.close();
    const db = new DatabaseSync(join(dir, SQLITE_FILE));
    db.exec("DROP TABLE care_kennel");
    db.close();
    const r = await start(dir);
    refused(r, `The care record in ${join(dir, SQLITE_FILE)} is incomplete: table care_kennel is missing`);
    expect(r.out).toContain("Restore a whole backup");
  }, 40_000);

  it("a file that is no database: will not start, saying so (exit 2)", async () => {
    const dir = folder();
    writeFileSync(join(dir, SQLITE_FILE), "not a database at all, ".repeat(400));
    refused(
      await start(dir),
      `The care record's file ${join(dir, SQLITE_FILE)} is not a database SQLite can read`,
    );
  }, 40_000);

  it("a folder where the file should be: will not start, saying so (exit 2); the folder's mode untouched", async () => {
    const dir = folder();
    const inPlace = join(dir, SQLITE_FILE);
    mkdirSync(inPlace);
    chmodSync(inPlace, 0o755);
    refused(await start(dir), `${inPlace} is a folder, not the care record's file`);
    expect(statSync(inPlace).mode & 0o777).toBe(0o755);
  }, 40_000);
});
