import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { addDays, localDate, offsetMinutesAt } from "../src/time.ts";
import { AWKWARD_ZONES } from "./helpers/zones.ts";
import { answer, type ZoneAnswers, type ZoneCases } from "./time-zone.child.ts";

const ZONES = AWKWARD_ZONES;
const HOUR = 3_600_000;
const FROM = Date.parse("2026-01-01T00:00:00Z");
const TO = Date.parse("2028-01-01T00:00:00Z");

/** The hours of 2026 and 2027 in which the zone's offset changes (this process never adopts a zone: Intl's). */
function changes(zone: string): number[] {
  const found: number[] = [];
  for (let h = FROM; h < TO; h += HOUR)
    if (offsetMinutesAt(h, zone) !== offsetMinutesAt(h + HOUR, zone)) found.push(h);
  return found;
}

const hhmm = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;

/** Every 15 minutes across each change (instants a day and a half either side, wall times three whole days), and a sample of ordinary days. */
function cases(zone: string): ZoneCases {
  const instants = new Set<number>();
  const walls = new Set<string>();
  for (const change of changes(zone)) {
    for (let ms = change - 36 * HOUR; ms <= change + 36 * HOUR; ms += 15 * 60_000) instants.add(ms);
    const day = localDate(change, zone);
    for (const date of [addDays(day, -1), day, addDays(day, 1)]) {
      for (let m = 0; m < 1440; m += 15) walls.add(`${date} ${hhmm(m)}`);
    }
  }
  for (let ms = FROM; ms < TO; ms += 9 * 24 * HOUR + 7 * 60_000) {
    instants.add(ms);
    for (const time of ["00:00", "07:00", "13:45", "23:59"]) walls.add(`${localDate(ms, zone)} ${time}`);
  }
  return {
    zone,
    instants: [...instants],
    walls: [...walls].map((w) => w.split(" ") as [string, string]),
  };
}

function child(
  mode: string,
  c: ZoneCases,
  tz: string,
): { status: number | null; out: unknown; stderr: string } {
  const run = spawnSync(process.execPath, [join(import.meta.dirname, "time-zone.child.ts"), mode, c.zone], {
    input: JSON.stringify(c),
    env: { ...process.env, TZ: tz },
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
  return {
    status: run.status,
    out: run.status === 0 ? JSON.parse(run.stdout) : undefined,
    stderr: run.stderr,
  };
}

describe("the zone the process adopted answers as Intl does", () => {
  for (const zone of ZONES) {
    it(`${zone}: local dates, wall clocks, instants and due times across every 2026–2027 change`, () => {
      const c = cases(zone);
      const adopted = child("adopted", c, "America/Los_Angeles");
      expect(adopted.stderr).toBe("");
      const intl = answer(c);
      const got = adopted.out as ZoneAnswers;
      // Field by field, so that a difference names the function.
      expect(got.localDates).toEqual(intl.localDates);
      expect(got.walls).toEqual(intl.walls);
      expect(got.zoned).toEqual(intl.zoned);
      expect(got.allInstants).toEqual(intl.allInstants);
      expect(got.due).toEqual(intl.due);
    });
  }

  it("zonedInstant keeps date-fns-tz's fromZonedTime answer, skipped and repeated hours included", () => {
    for (const zone of ZONES) {
      const c = cases(zone);
      const reference = child("reference", c, "UTC");
      expect(reference.out, zone).toEqual(answer(c).zoned);
    }
  });
});

describe("the bot's process builds no Intl.DateTimeFormat for its own zone", () => {
  const london = (): ZoneCases => {
    const c = cases("Europe/London");
    return {
      ...c,
      walls: c.walls.filter(([date]) => date.startsWith("2026-03") || date.startsWith("2026-10")),
    };
  };

  it("with the formatter made to throw, its dates, wall clocks, instants, due times, zone check and host zone are right", () => {
    const c = london();
    const run = child("no-intl", c, "UTC");
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
    expect(run.out).toEqual({ ...answer(c), valid: true, host: "Europe/London" });
  });

  it("the trap works: a zone the process did not adopt needs a formatter, and fails there", () => {
    const run = child("no-intl", { ...london(), zone: "America/New_York" }, "UTC");
    expect(run.status).not.toBe(0);
    expect(run.stderr).toContain("an Intl.DateTimeFormat was built");
  });
});
