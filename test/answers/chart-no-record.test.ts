/**
 * The chart with no care record here (issue 50): nothing can be known recorded or missed, so every
 * due dose's cell is blank, to sign on the paper, and the chart says why; never "missed" beside
 * "nothing is recorded". Over the sandbox's loopback HTTP, on an injected clock past the morning.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { chartOf } from "../../src/answers/chart.ts";
import { type Config, loadConfig } from "../../src/config.ts";
import type { Deps } from "../../src/deps.ts";
import { createKennelClient } from "../../src/kennel/client.ts";
import { silentLogger } from "../../src/log.ts";
import { type Sandbox, startSandbox } from "../../src/sandbox/server.ts";

const DATE = "2026-11-23";
const TZ = "Europe/London";
const clock = { now: () => new Date(`${DATE}T15:00:00Z`) };
let sandbox: Sandbox;
let deps: Deps;

beforeAll(async () => {
  sandbox = await startSandbox({ seed: 17, customers: 120, today: DATE, timezone: TZ });
  const config = loadConfig({
    KENNEL_API_KEY: sandbox.keys.main,
    KENNEL_API_BASE_URL: sandbox.url,
    KENNEL_TIMEZONE: TZ,
    ROUNDS_TIMES: "08:00,12:00,18:00",
  });
  const log = silentLogger();
  const kennel = createKennelClient(config.kennel as NonNullable<Config["kennel"]>, {
    log,
    retryDelay: () => 0,
  });
  deps = { kennel, log, config, clock };
}, 60_000);
afterAll(() => sandbox.close());

it("no care record: every due cell blank (none missed, though the morning's windows closed), and said", async () => {
  const chart = await chartOf(deps, { from: DATE, days: 1 });
  const cells = chart.pets.flatMap((p) => Object.values(p.cells));
  expect(cells.length).toBeGreaterThan(0);
  expect(cells.every((c) => c.kind === "open" && c.state === "due")).toBe(true);
  expect(chart.problems).toContain(
    "This Kennel Desk keeps no care record here: every due dose is blank, to sign.",
  );
}, 60_000);
