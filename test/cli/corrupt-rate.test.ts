/**
 * The sandbox's `--corrupt-rate` through the command line: a booking whose values came with the wrong
 * types is listed with "not read" where each value would be, never "--:--" or "payment not recorded",
 * and named at the foot.
 */
import { expect, it } from "vitest";
import { useSandboxCli } from "./helpers.ts";

const TODAY = "2026-11-22";
const run = useSandboxCli(
  { seed: 18, customers: 30, today: TODAY, timezone: "Europe/London", faults: { corruptRate: 1 } },
  () => new Date(`${TODAY}T08:00:00Z`),
);

it("arrivals and departures say each value not read where it would be, and name the bookings at the foot", async () => {
  let listed = 0;
  for (const command of ["arrivals", "departures"]) {
    const r = await run([command], { NO_COLOR: "1" });
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    if (/No (arrivals|departures) on this day/.test(r.stdout)) continue;
    listed++;
    expect(r.stdout).toContain("❔ payment could not be read: check in the kennel system");
    expect(r.stdout).not.toContain("payment not recorded");
    expect(r.stdout).toMatch(/could not read \(.*payment/);
    if (command === "arrivals") {
      expect(r.stdout).toContain("❔ time not read");
      expect(r.stdout).not.toContain("--:--");
    }
  }
  expect(listed).toBeGreaterThan(0);
}, 60_000);
