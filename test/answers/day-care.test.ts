/**
 * A day's care (issue 48): the care the 07:00 post reads (today's care, read ahead) serves the 07:30
 * round, on the sandbox over loopback HTTP: the round reads its day lists and asks the API once
 * which customers changed, not each pet's care again; a customer whose pet's words changed in the
 * kennel system since is read again, and the round shows the new words.
 */
import { describe, expect, it } from "vitest";
import { dayReport } from "../../src/answers/day.ts";
import { roundReport } from "../../src/answers/rounds.ts";
import { warmTodaysCare } from "../../src/answers/today.ts";
import { type KennelSettings, loadConfig } from "../../src/config.ts";
import type { Deps } from "../../src/deps.ts";
import { createKennelClient } from "../../src/kennel/client.ts";
import { silentLogger } from "../../src/log.ts";
import { addDays, zonedInstant } from "../../src/time.ts";
import { TZ, useFullHouse } from "./full-house.ts";

const { house } = useFullHouse();

/** Deps on the full house with a client of its own (its own care cache), the cache's and the day's clock at `now()`. */
function depsOnClock(now: () => number): Deps {
  const config = loadConfig({
    KENNEL_API_KEY: house.sandbox.keys.main,
    KENNEL_API_BASE_URL: house.sandbox.url,
    KENNEL_TIMEZONE: TZ,
  });
  const kennel = createKennelClient(config.kennel as KennelSettings, {
    log: silentLogger(),
    retryDelay: () => 0,
    now,
  });
  return { kennel, log: silentLogger(), config, clock: { now: () => new Date(now()) } };
}

describe("the care the 07:00 post reads serves the 07:30 round", () => {
  it("reads no pet's care again, asks once what changed, and reads again the customer who changed", async () => {
    let at = zonedInstant(house.day, "07:00", TZ).getTime();
    const deps = depsOnClock(() => at);
    const warmed = await warmTodaysCare(deps);
    expect(warmed.warmed).toBeGreaterThan(50);

    // 07:30: nobody changed anything in the kennel system.
    at += 30 * 60_000;
    const paths = () => house.sandbox.requests.map((r) => r.path);
    let before = paths().length;
    const quiet = await roundReport(deps, "morning", house.day);
    expect(quiet.pets.length).toBeGreaterThan(50);
    let asked = paths().slice(before);
    expect(asked.filter((p) => /\/customers\/\d+($|\/pets)|\/pets\/\d+/.test(p))).toEqual([]);
    expect(asked.filter((p) => p.includes("request.updatedSince"))).toHaveLength(1);

    // 07:50: a pet's medication changed at 07:40 (its customer marked changed): read again, shown.
    const pet = quiet.pets.find((p) => p.pet?.pet.customerId !== undefined)?.pet?.pet;
    const customerId = pet?.customerId as number;
    const record = house.sandbox.main.petsByCustomer
      .get(customerId)
      ?.find((p) => p.petId === pet?.petId) as Record<string, unknown>;
    record.medication = "Metacam 0.5 ml once daily (changed by the vet)";
    house.sandbox.main.customerUpdatedMs.set(customerId, at + 10 * 60_000);
    at += 20 * 60_000;
    before = paths().length;
    const changed = await roundReport(deps, "morning", house.day);
    asked = paths().slice(before);
    // The customer with its pets, one read.
    expect(asked.filter((p) => /\/customers\/\d+($|\/pets)/.test(p))).toEqual([
      `/api/v1/customers/${customerId}`,
    ]);
    const now = changed.pets.find((p) => p.pet?.pet.petId === pet?.petId)?.pet?.pet;
    expect(now?.medication).toBe("Metacam 0.5 ml once daily (changed by the vet)");
  });
});

describe("the care read at start covers the days either side of today", () => {
  it("yesterday's and tomorrow's arrivals and departures then cost their list call alone", async () => {
    const at = zonedInstant(house.day, "06:00", TZ).getTime();
    const deps = depsOnClock(() => at);
    await warmTodaysCare(deps);
    const paths = () => house.sandbox.requests.map((r) => r.path);
    for (const [kind, n] of [
      ["arrivals", 1],
      ["departures", 1],
      ["arrivals", -1],
      ["departures", -1],
    ] as const) {
      const before = paths().length;
      const report = await dayReport(deps, kind, addDays(house.day, n), { page: 1 });
      expect(report.entries.length).toBeGreaterThan(0);
      expect(report.careProblem).toBeUndefined();
      // The day's list, and no customer's or pet's record: their care was read at start.
      const asked = paths().slice(before);
      expect(asked.filter((p) => /\/customers\/\d+($|\/pets)|\/pets\/\d+/.test(p))).toEqual([]);
      expect(asked).toHaveLength(1);
    }
  });
});
