/**
 * The date words, made from the zone's wall clock and names of their own, say exactly what
 * Intl.DateTimeFormat("en-GB") said for them: every 37 minutes of 2026 and 2027 in five zones, each
 * minute around their clocks' changes, against the day they are read on (the same, the day after,
 * the day before, further off, another year). And the words never make a date formatter of their own.
 */
import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { dateTimeOf, dayHeading, dayOf, timeOf, timeOnDay } from "../../src/words/dates.ts";

const ZONES = ["Europe/London", "America/New_York", "Australia/Lord_Howe", "Asia/Kolkata", "UTC"];

// The oracle: the words as they were made with Intl.DateTimeFormat("en-GB") (the same options), the
// local date as en-CA writes it; one formatter per zone and kind.
const HHMM = { hour: "2-digit", minute: "2-digit", hourCycle: "h23" } as const;
const DAY = { weekday: "short", day: "numeric", month: "short" } as const;
const KINDS = {
  time: ["en-GB", HHMM],
  date: ["en-CA", { year: "numeric", month: "2-digit", day: "2-digit" }],
  day: ["en-GB", DAY],
  dayYear: ["en-GB", { ...DAY, year: "numeric" }],
  dayYearTime: ["en-GB", { ...DAY, year: "numeric", ...HHMM }],
  wall: ["en-GB", { year: "numeric", month: "numeric", day: "numeric", ...HHMM }],
} as const satisfies Record<string, readonly [string, Intl.DateTimeFormatOptions]>;
const formatters = new Map<string, Intl.DateTimeFormat>();
function intl(kind: keyof typeof KINDS, timeZone: string) {
  const key = `${kind}|${timeZone}`;
  let f = formatters.get(key);
  if (!f) {
    const [locale, options] = KINDS[kind];
    f = new Intl.DateTimeFormat(locale, { timeZone, ...options });
    formatters.set(key, f);
  }
  return f;
}
function parts(f: Intl.DateTimeFormat, ms: number) {
  const all = f.formatToParts(ms);
  return (t: string) => all.find((p) => p.type === t)?.value ?? "";
}
const plusDays = (date: string, n: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

function intlHeading(date: string) {
  const get = parts(intl("day", "UTC"), Date.parse(`${date}T12:00:00Z`));
  return `${get("weekday")} ${get("day")} ${get("month")}`;
}

/** What each word was, made with Intl, for one instant in one zone. */
function intlSays(ms: number, zone: string) {
  const time = intl("time", zone).format(ms);
  const local = intl("date", zone).format(ms);
  const heading = intlHeading(local);
  const words = (get: (t: string) => string, thisYear: string | undefined) =>
    `${get("weekday")} ${get("day")} ${get("month")}${get("year") === thisYear ? "" : ` ${get("year")}`}`;
  const day = parts(intl("dayYear", zone), ms);
  const dayTime = parts(intl("dayYearTime", zone), ms);
  return {
    local,
    timeOf(today?: string) {
      if (today === undefined || local === today) return time;
      if (local === plusDays(today, -1)) return `yesterday ${time}`;
      if (local === plusDays(today, 1)) return `tomorrow ${time}`;
      return `${heading} ${time}`;
    },
    timeOnDay: (on: string) => (local === on ? time : `${heading} ${time}`),
    dayOf: (thisYear?: string) => words(day, thisYear),
    dateTimeOf: (thisYear?: string) => `${words(dayTime, thisYear)}, ${dayTime("hour")}:${dayTime("minute")}`,
  };
}

/**
 * Every word the module says for one instant in one zone, with Intl's beside it; the mismatches. The
 * day it is read on: the same, and the day after, the day before, further off, another year (with
 * `turn`, one of those in turn, and likewise for the other words' days and years; without, all).
 */
function mismatches(iso: string, zone: string, turn?: number): string[] {
  const pick = <T>(all: T[]) => (turn === undefined ? all : [all[turn % all.length] as T]);
  const intlWords = intlSays(Date.parse(iso), zone);
  const { local } = intlWords;
  const year = local.slice(0, 4);
  const wrong: string[] = [];
  const check = (call: string, ours: string, theirs: string) => {
    if (ours !== theirs) wrong.push(`${zone} ${call}: "${ours}", Intl "${theirs}"`);
  };
  check(`timeOf(${iso})`, timeOf(iso, zone), intlWords.timeOf());
  const others = [plusDays(local, 1), plusDays(local, -1), plusDays(local, 3), plusDays(local, -365)];
  for (const today of [local, ...pick(others)]) {
    check(`timeOf(${iso}, ${today})`, timeOf(iso, zone, today), intlWords.timeOf(today));
  }
  // A record's time against its own day, and against the day before (recorded after midnight).
  for (const day of pick([local, plusDays(local, -1)])) {
    check(`timeOnDay(${iso}, ${day})`, timeOnDay(iso, zone, day), intlWords.timeOnDay(day));
  }
  for (const thisYear of pick([year, String(Number(year) + 1), undefined])) {
    check(`dayOf(${iso}, ${thisYear})`, dayOf(iso, zone, thisYear), intlWords.dayOf(thisYear));
    check(`dateTimeOf(${iso}, ${thisYear})`, dateTimeOf(iso, zone, thisYear), intlWords.dateTimeOf(thisYear));
  }
  return wrong;
}

const offset = (ms: number, zone: string) => {
  const get = parts(intl("wall", zone), ms);
  const wall = Date.UTC(
    Number(get("year")),
    Number(get("month")) - 1,
    Number(get("day")),
    Number(get("hour")),
    Number(get("minute")),
  );
  return wall - Math.floor(ms / 60_000) * 60_000;
};

// Each zone's changes of the clocks in 2026 and 2027 (UTC): London's and New York's hour, Lord Howe's
// half hour (back on the first Sunday of April, forward on the first Sunday of October).
const CHANGES: Record<string, string[]> = {
  "Europe/London": ["2026-03-29T01:00Z", "2026-10-25T01:00Z", "2027-03-28T01:00Z", "2027-10-31T01:00Z"],
  "America/New_York": ["2026-03-08T07:00Z", "2026-11-01T06:00Z", "2027-03-14T07:00Z", "2027-11-07T06:00Z"],
  "Australia/Lord_Howe": ["2026-04-04T15:00Z", "2026-10-03T15:30Z", "2027-04-03T15:00Z", "2027-10-02T15:30Z"],
};

describe("the date words against Intl.DateTimeFormat('en-GB')", () => {
  it("every calendar day's heading from Christmas 2025 to 2028, a date past its month's end rolled on as before", () => {
    const wrong: string[] = [];
    for (let date = "2025-12-25"; date <= "2028-01-05"; date = plusDays(date, 1)) {
      if (dayHeading(date) !== intlHeading(date))
        wrong.push(`${date}: "${dayHeading(date)}", Intl "${intlHeading(date)}"`);
    }
    expect(wrong).toEqual([]);
    expect(dayHeading("2026-09-14")).toBe("Mon 14 Sept");
    expect(dayHeading("2026-02-30")).toBe(intlHeading("2026-02-30"));
    expect(() => intlHeading("2026-13-01")).toThrow(RangeError);
    expect(() => dayHeading("2026-13-01")).toThrow(RangeError);
  });

  it.each(ZONES)(
    "every 37 minutes of 2026 and 2027 in %s, each against its own day and another in turn",
    (zone) => {
      const wrong: string[] = [];
      const end = Date.parse("2028-01-01T00:00:00Z");
      let turn = 0;
      for (let ms = Date.parse("2026-01-01T00:00:00Z"); ms < end; ms += 37 * 60_000) {
        wrong.push(...mismatches(new Date(ms).toISOString(), zone, turn++));
      }
      expect(wrong.slice(0, 10), `${wrong.length} mismatches`).toEqual([]);
    },
  );

  it("every minute of the three hours either side of each change of the clocks", () => {
    for (const [zone, changes] of Object.entries(CHANGES)) {
      for (const change of changes) {
        const at = Date.parse(change);
        // The change is where the list says (the test would otherwise miss it).
        expect(offset(at - 60_000, zone), `${zone} ${change}`).not.toBe(offset(at, zone));
        const wrong: string[] = [];
        for (let ms = at - 3 * 3_600_000; ms <= at + 3 * 3_600_000; ms += 60_000)
          wrong.push(...mismatches(new Date(ms).toISOString(), zone));
        expect(wrong.slice(0, 10), `${wrong.length} mismatches around ${zone} ${change}`).toEqual([]);
      }
    }
  });

  it("instants written otherwise: with an offset, the last millisecond of a minute, before 1970, other centuries", () => {
    const instants = [
      "2026-11-30T09:30:00+05:30",
      "2026-11-30T09:30:59.999Z",
      "2026-03-29T00:59:59.999Z",
      "1969-12-31T23:59:59.999Z",
      "1900-02-28T23:30:00Z",
      "2100-03-01T00:15:00Z",
    ];
    for (const zone of ZONES) {
      expect(instants.flatMap((iso) => mismatches(iso, zone))).toEqual([]);
    }
  });

  it("nothing readable: no time, no day", () => {
    for (const iso of [undefined, "", "not a date"]) {
      expect(timeOf(iso, "Europe/London", "2026-11-30")).toBe("");
      expect(timeOnDay(iso, "Europe/London", "2026-11-30")).toBe("");
      expect(dayOf(iso, "Europe/London")).toBe("not recorded");
      expect(dateTimeOf(iso, "Europe/London", "2026")).toBe("not recorded");
    }
  });
});

describe("the date words make no date formatter", () => {
  it("in a process whose Intl.DateTimeFormat throws once the zone's wall clock is warm, they still say every word", () => {
    const time = new URL("../../src/time.ts", import.meta.url).href;
    const dates = new URL("../../src/words/dates.ts", import.meta.url).href;
    // time.ts's own formatters for the zone made first (they are time.ts's concern), then every
    // construction refused, the words' module loaded after, and each of its words asked for.
    const script = `
      const { wallOf, localDate } = await import(${JSON.stringify(time)});
      const zone = "Europe/London";
      wallOf(0, zone);
      localDate(0, zone);
      const made = [];
      Intl.DateTimeFormat = function () {
        made.push(new Error().stack.split("\\n")[2]?.trim());
        throw new Error("a date formatter was made");
      };
      for (const name of ["toLocaleString", "toLocaleDateString", "toLocaleTimeString"]) {
        Date.prototype[name] = () => { throw new Error("Date." + name); };
      }
      const w = await import(${JSON.stringify(dates)});
      const words = [
        w.dayHeading("2026-11-30"),
        w.timeOf("2026-11-30T09:30:00Z", zone),
        w.timeOf("2026-11-28T23:20:00Z", zone, "2026-11-29"),
        w.timeOf("2026-11-30T07:30:00Z", zone, "2026-11-29"),
        w.timeOf("2026-11-26T23:20:00Z", zone, "2026-11-29"),
        w.timeOnDay("2026-11-29T00:30:00Z", zone, "2026-11-28"),
        w.dayOf("2026-09-14T10:00:00Z", zone, "2026"),
        w.dateTimeOf("2025-09-14T10:00:00Z", zone, "2026"),
        w.skippedTimeWords("2026-03-29", "01:30"),
      ];
      console.log(JSON.stringify({ words, made }));
    `;
    const run = spawnSync(process.execPath, ["--input-type=module", "-e", script], { encoding: "utf8" });
    expect(run.status, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual({
      words: [
        "Mon 30 Nov",
        "09:30",
        "yesterday 23:20",
        "tomorrow 07:30",
        "Thu 26 Nov 23:20",
        "Sun 29 Nov 00:30",
        "Mon 14 Sept",
        "Sun 14 Sept 2025, 11:00",
        "01:30 did not happen on Sun 29 Mar: the clocks went forward.",
      ],
      made: [],
    });
  });
});
