/**
 * `kennel-desk record` on a fresh care record, beside the sandbox: before the bot kept a round,
 * nothing of it is asked, so nothing is missed or late. Once it is kept, what it asked has its state,
 * read from the record alone (issue 45).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type KennelSettings, loadConfig } from "../../src/config.ts";
import { createKennelClient } from "../../src/kennel/client.ts";
import { silentLogger } from "../../src/log.ts";
import { kennelOrigin } from "../../src/record/kennel.ts";
import { openCareRecord } from "../../src/record/open.ts";
import { type Sandbox, startSandbox } from "../../src/sandbox/server.ts";
import { zonedInstant } from "../../src/time.ts";
import { keepRounds } from "../helpers/rounds.ts";
import { runCommand } from "./helpers.ts";

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
  return runCommand(
    args,
    {
      KENNEL_API_KEY: sandbox.keys.main,
      KENNEL_API_BASE_URL: sandbox.url,
      KENNEL_TIMEZONE: TZ,
      KENNEL_DATA_DIR: dir,
      LOG_LEVEL: "silent",
    },
    { clock },
  );
}

interface DayJson {
  rounds: Array<{
    round: string;
    posted?: boolean;
    pets: Array<{
      petId: number;
      bookingId: number;
      petName: string;
      due?: Array<{ item: string; text: string; state: { state: string } }>;
    }>;
  }>;
}

describe("record on a fresh record", () => {
  it("calls nothing missed or late before the round was kept; what a kept round asked has its state", async () => {
    const fresh = await cli(["record", "morning", DAY]);
    expect(fresh.code, fresh.stderr).toBe(0);
    expect(fresh.stdout).toContain("Nothing recorded for the Morning round on this day.");
    expect(fresh.stdout).not.toMatch(/⏳|🕐|⏰|❌|window clos|late after/);
    const json = await cli(["record", "morning", DAY, "--json"]);
    expect((JSON.parse(json.stdout) as DayJson).rounds).toEqual([]);

    // The bot keeps the morning round at its time (what it asked written once): missed by now.
    const opened = await openCareRecord({ engine: "sqlite", dataDir: dir }, clock, {
      origin: kennelOrigin(sandbox.url),
    });
    const config = loadConfig({
      KENNEL_API_KEY: sandbox.keys.main,
      KENNEL_API_BASE_URL: sandbox.url,
      KENNEL_TIMEZONE: TZ,
      LOG_LEVEL: "silent",
    });
    const log = silentLogger();
    const kennel = createKennelClient(config.kennel as KennelSettings, { log, retryDelay: () => 0 });
    await keepRounds({ kennel, log, config, clock, record: opened.store }, [DAY], ["morning"]);
    await opened.store.close();
    const posted = JSON.parse((await cli(["record", "morning", DAY, "--json"])).stdout) as DayJson;
    const round = posted.rounds[0];
    expect(round?.posted).toBe(true);
    const pets = round?.pets.filter((p) => p.due?.length) ?? [];
    expect(pets.length).toBeGreaterThan(1);
    for (const p of pets) expect(p.due?.map((d) => d.state.state)).toEqual(p.due?.map(() => "missed"));
    const text = (await cli(["record", "morning", DAY])).stdout;
    expect(text).toMatch(/Morning round · 0 of \d+ pets recorded/);
    expect(text).toContain("❌ missed");
    expect(text).not.toContain("never posted");
  });
});
