/**
 * The round on its own: who is on a round's sheet is decided from the day's stays first, and only
 * those pets' care is fetched (issue 33, item 4). On the sandbox's busiest day with the care cache
 * off, the evening round costs at most one call per pet on its sheet, beside the pages of stays
 * read; the sandbox itself counts the requests (not the client's own tally).
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { roundReport } from "../../src/answers/rounds.ts";
import { loadConfig } from "../../src/config.ts";
import { createKennelClient } from "../../src/kennel/client.ts";
import { silentLogger } from "../../src/log.ts";
import { type Sandbox, startSandbox } from "../../src/sandbox/server.ts";

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ seed: 7, customers: 400, today: "2026-11-22", timezone: "Europe/London" });
}, 60_000);
afterAll(() => sandbox.close());

it("the busiest day's evening round: API calls ≤ the pets on its sheet + the pages of stays read", async () => {
  const config = loadConfig({
    KENNEL_API_KEY: sandbox.keys.main,
    KENNEL_API_BASE_URL: sandbox.url,
    KENNEL_TIMEZONE: "Europe/London",
    KENNEL_CACHE_TTL_S: "0",
  });
  const log = silentLogger();
  const kennel = createKennelClient(config.kennel as NonNullable<typeof config.kennel>, { log });
  const day = sandbox.data.fullHouseDay;
  // The evening of the day: the round's own clock (its morning's departures have gone).
  const deps = { kennel, log, config, clock: { now: () => new Date(`${day}T20:00:00Z`) } };
  const before = sandbox.requests.length;
  const r = await roundReport(deps, "evening", day);
  const requests = sandbox.requests.slice(before);
  const pages = requests.filter((q) => /\/bookings(\/checkout)?(\?|$)/.test(q.path)).length;
  const petsOnSheet = r.pets.length;
  expect(petsOnSheet).toBeGreaterThan(20);
  expect(r.totals.inHouse).toBeGreaterThan(petsOnSheet);
  expect(requests.length).toBeLessThanOrEqual(petsOnSheet + pages);
  // Only the sheet's pets' owners were asked for (each with its pets).
  const owners = new Set(r.pets.map((p) => p.booking.customerId));
  const asked = requests
    .filter((q) => /\/customers\/\d+$/.test(q.path))
    .map((q) => Number(/customers\/(\d+)/.exec(q.path)?.[1]));
  expect(new Set(asked)).toEqual(owners);
});
