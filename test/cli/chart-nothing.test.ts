/**
 * `kennel-desk chart` with nothing to chart (issue 50): a pet with no medication on those days, one
 * not on their round sheets, a room or a house with no medication: said plainly, no file written,
 * exit 1 (not written); a pet with a medication still gets its page. Against the awkward sandbox.
 */
import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { type Chart, chartOf } from "../../src/answers/chart.ts";
import { type Config, loadConfig } from "../../src/config.ts";
import type { Deps } from "../../src/deps.ts";
import { createKennelClient } from "../../src/kennel/client.ts";
import { silentLogger } from "../../src/log.ts";
import { type Sandbox, startSandbox } from "../../src/sandbox/server.ts";
import { cliRunner } from "./helpers.ts";

const TODAY = "2026-11-22";
const now = () => new Date(`${TODAY}T10:00:00Z`);
const dir = mkdtempSync(join(tmpdir(), "kennel-desk-chart-nothing-"));
let sandbox: Sandbox;
let chart: Chart;
const cli = cliRunner(() => sandbox, now);

beforeAll(async () => {
  sandbox = await startSandbox({
    seed: 50,
    customers: 12,
    today: TODAY,
    timezone: "Europe/London",
    awkward: true,
  });
  const config = loadConfig({
    KENNEL_API_KEY: sandbox.keys.main,
    KENNEL_API_BASE_URL: sandbox.url,
    KENNEL_TIMEZONE: "Europe/London",
  });
  const log = silentLogger();
  const kennel = createKennelClient(config.kennel as NonNullable<Config["kennel"]>, {
    log,
    retryDelay: () => 0,
  });
  chart = await chartOf({ kennel, log, config, clock: { now } } as Deps, { from: TODAY, days: 1 });
}, 60_000);
afterAll(async () => {
  await sandbox?.close();
  rmSync(dir, { recursive: true, force: true });
});

const written = (out: string) => (existsSync(out) ? readdirSync(out) : []);

it("--pet for a pet in house with no medication: says so by name, writes nothing, exits 1", async () => {
  const pet = chart.pets.find((p) => p.rows.length === 0 && !/[<>&*_]/.test(p.name));
  expect(pet, "a pet in house with no medication").toBeDefined();
  const out = join(dir, "pet");
  const r = await cli(["chart", TODAY, "--pet", String(pet?.petId), "--out", out]);
  expect(r.stderr).toContain(
    `${pet?.name} (pet ${pet?.petId}) has no medication on Sun 22 Nov (meals are on the round sheets): no chart written.`,
  );
  expect(r.code).toBe(1);
  expect(written(out)).toEqual([]);
}, 60_000);

it("--pet for a pet on no round sheet those days, and a room with no medication: said, nothing written, exit 1", async () => {
  const out = join(dir, "none");
  const away = await cli(["chart", TODAY, "--days", "2", "--pet", "987654", "--out", out]);
  expect(away.stderr).toContain(
    "Pet 987654 is on no round sheet from Sun 22 Nov to Mon 23 Nov (not in house, or its care not matched): no chart written.",
  );
  expect(away.code).toBe(1);
  const rooms = new Map<string, boolean>();
  for (const p of chart.pets)
    if (p.room) rooms.set(p.room, (rooms.get(p.room) ?? false) || p.rows.length > 0);
  const room = [...rooms].find(([name, meds]) => !meds && !/[<>&*_"]/.test(name))?.[0] as string;
  expect(room, "a room with no medication").toBeDefined();
  const quiet = await cli(["chart", TODAY, "--room", room, "--out", out]);
  expect(quiet.stderr).toMatch(
    new RegExp(`^No pet in room "${room}" has a medication on Sun 22 Nov \\(.+\\): no chart written\\.`, "m"),
  );
  expect(quiet.code).toBe(1);
  const empty = await cli(["chart", TODAY, "--room", "No Such Room", "--out", out]);
  expect(empty.stderr).toContain('No pet is in room "No Such Room" on Sun 22 Nov: no chart written.');
  expect(empty.code).toBe(1);
  expect(written(out)).toEqual([]);
}, 60_000);

it("a pet with a medication still gets its page (exit 0)", async () => {
  const pet = chart.pets.find((p) => p.rows.length > 0);
  const out = join(dir, "some");
  const r = await cli(["chart", TODAY, "--pet", String(pet?.petId), "--out", out]);
  expect(r.code).toBe(0);
  expect(written(out)).toEqual([`chart-${TODAY}-pet-${pet?.petId}.html`]);
}, 60_000);

it("a one-pet chart's notes are that pet's only: none about another pet's record read with the house", async () => {
  const out = join(dir, "notes");
  const house = await cli(["chart", TODAY, "--out", out], { LOG_LEVEL: "warn" });
  const about = [...house.stderr.matchAll(/^note: pet (\d+): /gm)].map((m) => Number(m[1]));
  expect(about.length, "the awkward house has a pet whose record has a field it cannot read").toBeGreaterThan(
    0,
  );
  const pet = chart.pets.find((p) => p.rows.length > 0 && !about.includes(p.petId));
  const one = await cli(["chart", TODAY, "--pet", String(pet?.petId), "--out", out], { LOG_LEVEL: "warn" });
  expect(one.code).toBe(0);
  expect(one.stderr).not.toMatch(/^note: pet /m);
  // The pet's own note is still said, on its own chart.
  const own = await cli(["chart", TODAY, "--pet", String(about[0]), "--out", out], { LOG_LEVEL: "warn" });
  expect(own.stderr).toContain(`note: pet ${about[0]}: `);
  expect(own.stderr.match(/^note: pet \d+: /gm)?.every((n) => n === `note: pet ${about[0]}: `)).toBe(true);
}, 60_000);

it("without --out the chart goes in charts/ where the command runs, and the file is named whole, to open", async () => {
  const pet = chart.pets.find((p) => p.rows.length > 0);
  const name = `chart-${TODAY}-pet-${pet?.petId}.html`;
  const file = resolve("charts", name);
  const had = existsSync(resolve("charts"));
  try {
    const r = await cli(["chart", TODAY, "--pet", String(pet?.petId)]);
    expect(r.code).toBe(0);
    expect(existsSync(file)).toBe(true);
    expect(r.stderr).toContain(`Open ${file} in a browser and print it (A4 portrait).`);
  } finally {
    rmSync(had ? file : resolve("charts"), { recursive: true, force: true });
  }
  const out = join(dir, "asked");
  const asked = await cli(["chart", TODAY, "--pet", String(pet?.petId), "--out", out]);
  expect(asked.stderr).toContain(`Open ${join(out, name)} in a browser`);
}, 60_000);
