/**
 * `kennel-desk record` on a fresh care record, beside the sandbox's sheets: before the bot posted a
 * round (no kept sheet), nothing of it is missed or late: its items are "not recorded", with no state,
 * and the round says its sheet was never posted. Once a sheet is kept, what it asked has its state.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { saveSheet } from "../../src/answers/sheets.ts";
import { runCli } from "../../src/cli/index.ts";
import { kennelOrigin } from "../../src/record/kennel.ts";
import { openCareRecord } from "../../src/record/open.ts";
import { type Sandbox, startSandbox } from "../../src/sandbox/server.ts";
import { zonedInstant } from "../../src/time.ts";

const TZ = "Europe/London";
const DAY = "2026-11-24";
// The afternoon: the morning round's windows closed hours ago.
const NOW = zonedInstant(DAY, "15:00", TZ);
const clock = { now: () => NOW };
const dir = mkdtempSync(join(tmpdir(), "kennel-desk-cli-record-fresh-"));
let sandbox: Sandbox;

beforeAll(async () => {
  sandbox = await startSandbox({ seed: 7, customers: 80, timezone: TZ, today: DAY });
  // A fresh record, as the bot makes it at its first start: nothing posted, nothing recorded.
  const opened = await openCareRecord({ engine: "sqlite", dataDir: dir }, clock, {
    origin: kennelOrigin(sandbox.url),
  });
  await opened.store.close();
});
afterAll(async () => {
  await sandbox.close();
  rmSync(dir, { recursive: true, force: true });
});

async function cli(args: string[]) {
  let stdout = "";
  let stderr = "";
  const code = await runCli(args, {
    env: {
      KENNEL_API_KEY: sandbox.keys.main,
      KENNEL_API_BASE_URL: sandbox.url,
      KENNEL_TIMEZONE: TZ,
      KENNEL_DATA_DIR: dir,
      LOG_LEVEL: "silent",
    },
    io: { stdout: { write: (s: string) => (stdout += s) }, stderr: { write: (s: string) => (stderr += s) } },
    clock,
  });
  return { code, stdout, stderr };
}

interface DayJson {
  rounds: Array<{
    round: string;
    posted?: boolean;
    pets: Array<{
      petId: number;
      bookingId: number;
      petName: string;
      due?: Array<{ item: string; text: string; open?: { state: string } }>;
    }>;
  }>;
}

describe("record on a fresh record", () => {
  it("calls nothing missed or late before the round's sheet was posted; what a kept sheet asked has its state", async () => {
    const fresh = await cli(["record", "morning", DAY]);
    expect(fresh.code, fresh.stderr).toBe(0);
    expect(fresh.stdout).toMatch(/Morning round · 0 of \d+ pets recorded/);
    expect(fresh.stdout).toContain("its sheet was never posted: nothing asked, nothing late or missed");
    expect(fresh.stdout).toContain(": not recorded\n");
    expect(fresh.stdout).not.toMatch(/⏳|🕐|⏰|❌|window clos|late after/);

    const json = await cli(["record", "morning", DAY, "--json"]);
    const morning = (JSON.parse(json.stdout) as DayJson).rounds[0];
    expect(morning?.posted).toBe(false);
    const pets = morning?.pets.filter((p) => p.due?.length) ?? [];
    expect(pets.length).toBeGreaterThan(1);
    expect(pets.flatMap((p) => p.due ?? []).filter((d) => d.open)).toEqual([]);

    // The bot posts the round for one pet (a sheet kept): its items are missed by now, the others still not.
    const [asked, ...others] = pets as [DayJson["rounds"][0]["pets"][0], ...DayJson["rounds"][0]["pets"]];
    const opened = await openCareRecord({ engine: "sqlite", dataDir: dir }, clock, {
      origin: kennelOrigin(sandbox.url),
    });
    await saveSheet(
      { record: opened.store },
      {
        v: 1,
        date: DAY,
        round: "morning",
        fallback: "Morning round",
        pets: [
          {
            bookingId: asked.bookingId,
            petId: asked.petId,
            name: asked.petName,
            due: (asked.due ?? []).map((d) => ({
              item: d.item as "meal",
              label: d.item,
              text: d.text,
            })),
            oneTap: false,
            message: 0,
          },
        ],
        messages: [{ parts: [] }],
      },
    );
    await opened.store.close();
    const posted = JSON.parse((await cli(["record", "morning", DAY, "--json"])).stdout) as DayJson;
    const round = posted.rounds[0];
    expect(round?.posted).toBe(true);
    const mine = round?.pets.find((p) => p.petId === asked.petId && p.bookingId === asked.bookingId);
    expect(mine?.due?.map((d) => d.open?.state)).toEqual(mine?.due?.map(() => "missed"));
    for (const p of others) {
      const theirs = round?.pets.find((x) => x.petId === p.petId && x.bookingId === p.bookingId);
      expect(theirs?.due?.filter((d) => d.open)).toEqual([]);
    }
    const text = (await cli(["record", "morning", DAY])).stdout;
    expect(text).toContain("❌ missed");
    expect(text).not.toContain("never posted");
  });
});
