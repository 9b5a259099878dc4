/**
 * The bot's own process takes the kennel's zone as the process's (src/time.ts adoptProcessZone), so
 * its offsets come from the Date's rules and not from an Intl formatter: run for real (`node
 * src/main.ts`), started in another zone, asked at its exit which zone it ran in.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { type Sandbox, startSandbox } from "../../src/sandbox/server.ts";
import { freePort } from "../helpers/net.ts";
import { type SlackStandIn, startSlackStandIn } from "../helpers/slack.ts";
import { httpBotEnv, spawnBot, untilHealthy } from "../helpers/spawn.ts";

/** Loaded before the bot: says at exit the zone the process ended in. */
const SAY_ZONE = `data:text/javascript,process.on("exit",()=>process.stderr.write("zone at exit: "+process.env.TZ+"\\n"))`;

let sandbox: Sandbox;
let slack: SlackStandIn;
let dir: string;

beforeAll(async () => {
  sandbox = await startSandbox({ seed: 3, customers: 10, today: "2026-11-22", timezone: "Pacific/Chatham" });
  slack = await startSlackStandIn();
  dir = mkdtempSync(join(tmpdir(), "kd-zone-"));
}, 60_000);
afterAll(async () => {
  await slack.close();
  await sandbox.close();
  rmSync(dir, { recursive: true, force: true });
});

it("started with TZ=UTC for a kennel in Pacific/Chatham, the bot's process runs in Pacific/Chatham", async () => {
  const port = await freePort();
  const env = httpBotEnv(sandbox, slack, "3c59dc048e8850243be8079a5c74d079", port, {
    KENNEL_TIMEZONE: "Pacific/Chatham",
    KENNEL_DATA_DIR: dir,
    TZ: "UTC",
    LOG_LEVEL: "warn",
  });
  const bot = spawnBot(env, { args: ["--import", SAY_ZONE, "src/main.ts"] });
  await untilHealthy(port, bot);
  bot.child.kill("SIGTERM");
  expect(await bot.exit).toBe(0);
  expect(bot.out()).toContain("zone at exit: Pacific/Chatham\n");
});
