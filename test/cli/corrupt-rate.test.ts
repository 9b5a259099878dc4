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

it("inhouse: the bookings not read whole are one note on standard error, named as the foot names them", async () => {
  const r = await run(["inhouse"], { NO_COLOR: "1", LOG_LEVEL: "warn" });
  expect(r.code).toBe(0);
  // One note for the answer, never one per booking: by reference, the first five, the rest counted.
  const lines = r.stderr.split("\n").filter(Boolean);
  expect(lines).toHaveLength(1);
  const note =
    /^note: (\d+) bookings had values Kennel Desk could not read \((.*); and (\d+) more\); the rest of each record was used\. Check them in the kennel system\.$/.exec(
      lines[0] ?? "",
    );
  expect(note).not.toBeNull();
  const [, all, named, more] = note as RegExpExecArray;
  const each = (named as string).split("; ");
  expect(each).toHaveLength(5);
  for (const b of each) expect(b).toMatch(/^HP-\w+: .*check-in date/);
  expect(Number(all)).toBe(5 + Number(more));
}, 60_000);
