import { describe, expect, it } from "vitest";
import { parseBookingsQuery, parseDay, words } from "../src/dates.ts";

// Sunday 22 November 2026, 09:00 in London.
const NOW = new Date("2026-11-22T09:00:00Z");
const TZ = "Europe/London";
const day = (text: string, now = NOW, tz = TZ) => parseDay(text, now, tz);

describe("parseDay", () => {
  it.each([
    ["", "2026-11-22"],
    ["today", "2026-11-22"],
    ["Tomorrow", "2026-11-23"],
    ["yesterday", "2026-11-21"],
    ["+3", "2026-11-25"],
    ["-1", "2026-11-21"],
    ["+ 2 days", "2026-11-24"],
    ["monday", "2026-11-23"],
    ["fri", "2026-11-27"],
    ["sunday", "2026-11-22"],
    ["next sunday", "2026-11-29"],
    ["2026-12-24", "2026-12-24"],
    ["2026-1-5", "2026-01-05"],
    ["24 Dec", "2026-12-24"],
    ["Dec 24", "2026-12-24"],
    ["24th December", "2026-12-24"],
    ["3 jan", "2027-01-03"],
    ["1 nov", "2026-11-01"],
    ["24 dec 2027", "2027-12-24"],
  ])("%j is %s", (text, expected) => {
    expect(day(text)).toEqual({ ok: true, date: expected });
  });

  it("'today' is the kennel's today, not the server's", () => {
    // 23:30 UTC on the 22nd is already the 23rd in Auckland.
    expect(day("today", new Date("2026-11-22T23:30:00Z"), "Pacific/Auckland")).toEqual({
      ok: true,
      date: "2026-11-23",
    });
    expect(day("today", new Date("2026-11-22T03:00:00Z"), "America/Los_Angeles")).toEqual({
      ok: true,
      date: "2026-11-21",
    });
  });

  it.each([
    ["31 Feb", /^31 Feb is not a real date: there is no 31 February\.$/],
    ["2026-02-30", /not a real date/],
    ["29 feb 2026", /^29 feb 2026 is not a real date: there is no 29 February 2026\.$/],
    ["31/02", /impossible/],
    ["13.13.2026", /impossible/],
    ["soon", /not a date I know/],
    ["+999", /more than a year/],
    ["31 Smarch", /not a date I know/],
    ["__proto__", /not a date I know/],
    ["constructor", /not a date I know/],
    ["24 constructor", /not a date I know/],
  ])("refuses %j with a clear message", (text, message) => {
    const r = day(text);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.message).toMatch(message);
  });
});

describe("parseBookingsQuery", () => {
  it("reads dates, filters and free text", () => {
    expect(
      parseBookingsQuery('today +7 status:confirmed type:boarding customer:1234 "Biscuit Smith"', NOW, TZ),
    ).toEqual({
      ok: true,
      query: {
        from: "2026-11-22",
        to: "2026-11-29",
        status: "confirmed",
        type: "boarding",
        customerId: 1234,
        text: "Biscuit Smith",
      },
    });
    expect(parseBookingsQuery("24 dec 2 jan", NOW, TZ)).toEqual({
      ok: true,
      query: { from: "2026-12-24", to: "2027-01-02" },
    });
    expect(parseBookingsQuery("biscuit", NOW, TZ)).toEqual({ ok: true, query: { text: "biscuit" } });
    expect(parseBookingsQuery("", NOW, TZ)).toEqual({ ok: true, query: {} });
  });

  it("refuses what it cannot use, saying why", () => {
    expect(parseBookingsQuery("customer:smith", NOW, TZ)).toMatchObject({
      ok: false,
      message: expect.stringMatching(/customer id/),
    });
    expect(parseBookingsQuery("tomorrow yesterday", NOW, TZ)).toMatchObject({
      ok: false,
      message: expect.stringMatching(/ends/),
    });
    expect(parseBookingsQuery("status:", NOW, TZ)).toMatchObject({ ok: false });
    expect(parseBookingsQuery("31 feb", NOW, TZ)).toMatchObject({
      ok: false,
      message: expect.stringMatching(/31 February/),
    });
  });

  it("words keeps quoted phrases together", () => {
    expect(words('a "b c" “d e” f')).toEqual(["a", "b c", "d e", "f"]);
  });
});
