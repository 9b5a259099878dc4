import { Cron } from "croner";
import { describe, expect, it } from "vitest";
import { dueInstant, nextDigestRun } from "../../src/digest/due.ts";
import { addDays, localDate, offsetMinutesAt } from "../../src/time.ts";
import { AWKWARD_ZONES } from "../helpers/zones.ts";

const ZONES = AWKWARD_ZONES;
const TIMES = ["00:00", "00:30", "01:30", "02:00", "02:15", "02:30", "07:00", "23:59"];

/** croner's own next firing of a daily local time after `from` (the scheduler's rule before). */
function cronerNext(time: string, timezone: string, from: Date): Date | null {
  const [h, m] = time.split(":");
  const job = new Cron(`${Number(m)} ${Number(h)} * * *`, { timezone, paused: true });
  const next = job.nextRun(from);
  job.stop();
  return next;
}

/** croner's firing on a local date: the first after the previous day, if it falls on the date. */
function cronerDue(time: string, timezone: string, date: string): string | null {
  let next = cronerNext(time, timezone, new Date(Date.parse(`${date}T00:00:00Z`) - 36 * 3_600_000));
  while (next && localDate(next, timezone) < date) next = cronerNext(time, timezone, next);
  return next && localDate(next, timezone) === date ? next.toISOString() : null;
}

describe("a daily time's firing, as croner fired it", () => {
  for (const zone of ZONES) {
    it(`${zone}: every day of 2026 and 2027 at each time`, () => {
      const differs: string[] = [];
      for (let date = "2026-01-01"; date < "2028-01-01"; date = addDays(date, 1)) {
        for (const time of TIMES) {
          const ours = dueInstant(time, zone, date)?.toISOString() ?? null;
          const croner = cronerDue(time, zone, date);
          if (ours !== croner) differs.push(`${date} ${time}: ${ours} (croner ${croner})`);
        }
      }
      expect(differs).toEqual([]);
    });
  }

  it("the next firing from every 5 minutes (and 999 ms after) across each change of 2026, as croner's", () => {
    const differs: string[] = [];
    for (const zone of ZONES) {
      for (
        let h = Date.parse("2026-01-01T00:00:00Z");
        h < Date.parse("2027-01-01T00:00:00Z");
        h += 3_600_000
      ) {
        if (offsetMinutesAt(h, zone) === offsetMinutesAt(h + 3_600_000, zone)) continue;
        for (let from = h - 26 * 3_600_000; from < h + 26 * 3_600_000; from += 5 * 60_000) {
          for (const at of [from, from + 999]) {
            for (const time of TIMES) {
              const ours = nextDigestRun(time, zone, new Date(at))?.toISOString();
              const croner = cronerNext(time, zone, new Date(at))?.toISOString();
              if (ours !== croner)
                differs.push(
                  `${zone} ${time} from ${new Date(at).toISOString()}: ${ours} (croner ${croner})`,
                );
            }
          }
        }
      }
    }
    expect(differs).toEqual([]);
  });

  it("the skipped times: London 01:30 on 29 Mar, New York 02:30 on 8 Mar, Lord Howe's half hour, Chatham's", () => {
    expect(dueInstant("01:30", "Europe/London", "2026-03-29")?.toISOString()).toBe(
      "2026-03-29T01:00:00.000Z",
    );
    expect(dueInstant("02:30", "America/New_York", "2026-03-08")?.toISOString()).toBe(
      "2026-03-08T07:00:00.000Z",
    );
    // Lord Howe goes from 02:00 to 02:30 on 4 Oct 2026: 02:15 fires at 02:30 (+11).
    expect(dueInstant("02:15", "Australia/Lord_Howe", "2026-10-04")?.toISOString()).toBe(
      "2026-10-03T15:30:00.000Z",
    );
    // Chatham goes from 02:45 to 03:45 on 27 Sep 2026: 02:45 fires at 03:45 (+13:45).
    expect(dueInstant("02:45", "Pacific/Chatham", "2026-09-27")?.toISOString()).toBe(
      "2026-09-26T14:00:00.000Z",
    );
  });

  it("a time in the hour repeated fires once, at its first instant", () => {
    expect(dueInstant("01:30", "Europe/London", "2026-10-25")?.toISOString()).toBe(
      "2026-10-25T00:30:00.000Z",
    );
    expect(nextDigestRun("01:30", "Europe/London", new Date("2026-10-25T00:30:00Z"))?.toISOString()).toBe(
      "2026-10-26T01:30:00.000Z",
    );
  });
});
