/**
 * Slash and dotted dates in the kennel's date order (KENNEL_DATE_ORDER, by default from its time
 * zone): 25/12 and 24.12 are days in a UK kennel, 12/25 in a US one; a date that cannot be one in
 * that order is impossible, never "ambiguous", and never read the other way round silently.
 */
import { describe, expect, it } from "vitest";
import { parseDateOrder, zoneDateOrder } from "../src/config/date-order.ts";
import { parseBookingsQuery, parseDay } from "../src/dates.ts";

// Sunday 22 November 2026, 09:00 in London.
const NOW = new Date("2026-11-22T09:00:00Z");

describe("the date order", () => {
  it("follows the kennel's time zone unless set", () => {
    for (const zone of [
      "Europe/London",
      "Europe/Dublin",
      "Africa/Johannesburg",
      "Asia/Kolkata",
      "Australia/Sydney",
      "UTC",
    ]) {
      expect(zoneDateOrder(zone), zone).toBe("dmy");
    }
    for (const zone of ["America/New_York", "America/Los_Angeles", "America/Chicago", "Pacific/Honolulu"]) {
      expect(zoneDateOrder(zone), zone).toBe("mdy");
    }
  });

  it("KENNEL_DATE_ORDER is dmy or mdy, any case; anything else says what to write", () => {
    expect(parseDateOrder("DMY")).toEqual({ ok: true, value: "dmy" });
    expect(parseDateOrder("mdy")).toEqual({ ok: true, value: "mdy" });
    const wrong = parseDateOrder("uk");
    expect(wrong.ok).toBe(false);
    if (!wrong.ok) expect(wrong.fix).toMatch(/dmy .* or mdy/);
  });
});

describe("day first (dmy: a UK kennel)", () => {
  const day = (text: string) => parseDay(text, NOW, "Europe/London");

  it.each([
    ["25/12", "2026-12-25"],
    ["24.12", "2026-12-24"],
    ["24.12.", "2026-12-24"],
    ["3/4", "2027-04-03"],
    ["01/11", "2026-11-01"],
    ["24/12/2026", "2026-12-24"],
    ["24.12.26", "2026-12-24"],
    ["29/02/2028", "2028-02-29"],
    ["24-12", "2026-12-24"],
  ])("%s is %s", (text, date) => {
    expect(day(text)).toEqual({ ok: true, date });
  });

  it.each([
    [
      "31/02",
      /^"31\/02" is impossible: the kennel writes dates day first \(24\/12 is 24 December\), and there is no 31 February\.$/,
    ],
    ["30.02", /there is no 30 February\./],
    ["12/25", /there is no month 25\. Did you mean 25\/12\?$/],
    ["31/04", /there is no 31 April/],
    ["00/05", /there is no 0 May/],
    ["29/02/2027", /there is no 29 February 2027/],
    ["13.13.2026", /there is no month 13\.$/],
  ])("%s is impossible", (text, message) => {
    const r = day(text);
    expect(r.ok).toBe(false);
    expect(r.ok ? "" : r.message).toMatch(message);
    expect(r.ok ? "" : r.message).not.toMatch(/ambiguous/);
  });

  it("set explicitly, it wins over the time zone", () => {
    expect(parseDay("12/25", NOW, "Europe/London", "mdy")).toEqual({ ok: true, date: "2026-12-25" });
    expect(parseDay("25/12", NOW, "America/New_York", "dmy")).toEqual({ ok: true, date: "2026-12-25" });
  });
});

describe("month first (mdy: a US kennel)", () => {
  const day = (text: string) => parseDay(text, NOW, "America/New_York");

  it.each([
    ["12/25", "2026-12-25"],
    ["12.24", "2026-12-24"],
    ["4/3", "2027-04-03"],
    ["12/24/2026", "2026-12-24"],
    ["2/29/28", "2028-02-29"],
  ])("%s is %s", (text, date) => {
    expect(day(text)).toEqual({ ok: true, date });
  });

  it.each([
    [
      "25/12",
      /^"25\/12" is impossible: the kennel writes dates month first \(12\/24 is December 24\), and there is no month 25\. Did you mean 12\/25\?$/,
    ],
    ["02/31", /there is no 31 February\.$/],
    ["02/30/2026", /there is no 30 February 2026/],
  ])("%s is impossible", (text, message) => {
    const r = day(text);
    expect(r.ok).toBe(false);
    expect(r.ok ? "" : r.message).toMatch(message);
  });
});

describe("booking searches read dates the same way", () => {
  it("a range of slash dates in the kennel's order; an impossible one is refused", () => {
    expect(parseBookingsQuery("1/12 24/12", NOW, "Europe/London")).toEqual({
      ok: true,
      query: { from: "2026-12-01", to: "2026-12-24" },
    });
    expect(parseBookingsQuery("12/1 12/24", NOW, "Europe/London", "mdy")).toEqual({
      ok: true,
      query: { from: "2026-12-01", to: "2026-12-24" },
    });
    const bad = parseBookingsQuery("31/02", NOW, "Europe/London");
    expect(bad.ok ? "" : bad.message).toMatch(/impossible/);
  });
});
