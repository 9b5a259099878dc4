/**
 * The chart with no care record here (issue 50): nothing can be known recorded or missed, so every
 * due dose's cell is blank, to sign on the paper, and the chart says why; never "missed" beside
 * "nothing is recorded". Over the sandbox's loopback HTTP, on an injected clock past the morning.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { chartOf } from "../../src/answers/chart.ts";
import type { Deps } from "../../src/deps.ts";
import { type ChartOptions, chartDoc } from "../../src/present/chart.ts";
import { type Sandbox, startSandbox } from "../../src/sandbox/server.ts";
import { docText } from "../../src/text/doc.ts";
import { sandboxDeps } from "../helpers/sandbox-deps.ts";

const DATE = "2026-11-23";
const TZ = "Europe/London";
const clock = { now: () => new Date(`${DATE}T15:00:00Z`) };
const OPTIONS: ChartOptions = {
  slack: { none: "made without Slack" },
  timezone: TZ,
  times: { morning: "08:00", midday: "12:00", evening: "18:00" },
  names: undefined,
  generatedAt: `${DATE}T15:00:00Z`,
};
const PLAIN = { color: false, timezone: TZ, thisYear: "2026" };
let sandbox: Sandbox;
let deps: Deps;

beforeAll(async () => {
  sandbox = await startSandbox({ seed: 17, customers: 120, today: DATE, timezone: TZ });
  deps = sandboxDeps(sandbox, clock, {
    env: { KENNEL_TIMEZONE: TZ, ROUNDS_TIMES: "08:00,12:00,18:00" },
    retryDelayMs: 0,
  });
}, 60_000);
afterAll(() => sandbox.close());

it("no care record: every due cell blank (none missed, though the morning's windows closed), and said", async () => {
  const chart = await chartOf(deps, { from: DATE, days: 1 });
  const cells = chart.pets.flatMap((p) => Object.values(p.cells));
  expect(cells.length).toBeGreaterThan(0);
  // Blank to sign, or, for a pet arriving after a dose's window closed, the owner asked (never
  // struck, never missed).
  const asked = (c: (typeof cells)[number]) => c.kind === "not_due" && c.arrives !== undefined;
  expect(cells.every((c) => (c.kind === "open" && c.state === "due") || asked(c))).toBe(true);
  expect(cells.some((c) => c.kind === "open" && c.state === "due")).toBe(true);
  // Said once, in the foot, and nothing there says otherwise (issue 50: the foot said "from the
  // kennel's care record … what its sheet asked when posted" beside "no care record here").
  expect(chart.record).toBe(false);
  const foot = docText(chartDoc(chart, OPTIONS), PLAIN).split("\n").at(-1) ?? "";
  expect(foot).toMatch(
    /^Made by Kennel Desk on .* \(Europe\/London\) without a care record \(none is kept where it looked\): each dose the care plans make due is blank, to sign; nothing given can be shown\.$/,
  );
}, 60_000);
