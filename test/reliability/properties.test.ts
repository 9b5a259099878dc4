/** Property tests (fast-check): thousands of generated inputs per property. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { bookingCard } from "../../src/blocks/booking.ts";
import { DAY_PAGE_SIZE, type DayEntry, dayListMessage } from "../../src/blocks/day-list.ts";
import { digestMessages } from "../../src/blocks/digest.ts";
import { limitViolations } from "../../src/blocks/limits.ts";
import { esc } from "../../src/blocks/mrkdwn.ts";
import { petCard } from "../../src/blocks/pet.ts";
import type { Message } from "../../src/blocks/types.ts";
import { parseBookingsQuery, parseDay } from "../../src/dates.ts";
import type { Booking, Pet } from "../../src/kennel/schemas.ts";
import { isIsoDate } from "../../src/time.ts";

const RUNS = 2_000;
// A fixed seed keeps the suite deterministic; change it (or set FC_SEED) to explore other inputs.
fc.configureGlobal({ seed: Number(process.env.FC_SEED ?? 20261122) });
const NOW = new Date("2026-11-22T09:00:00Z");
const ZONES = ["Europe/London", "America/New_York", "Pacific/Auckland", "Asia/Kolkata", "UTC"];

/** Strings that look like what people type, and anything at all. */
const typed = fc.oneof(
  fc.string(),
  fc.string({ unit: "binary", maxLength: 30 }),
  fc.constantFrom(
    "today",
    "tomorrow",
    "31 Feb",
    "29 feb",
    "+3",
    "-400",
    "2026-13-01",
    "24 Dec",
    "Dec 24 2027",
    "03/04",
    "friday",
    "next monday",
    "__proto__",
    "constructor",
    "24 constructor",
    "toString 3",
  ),
  fc
    .tuple(fc.integer({ min: -5, max: 40 }), fc.constantFrom("jan", "feb", "Mar", "sept", "december", "xyz"))
    .map(([d, m]) => `${d} ${m}`),
  fc
    .tuple(
      fc.integer({ min: 0, max: 3000 }),
      fc.integer({ min: 0, max: 14 }),
      fc.integer({ min: 0, max: 33 }),
    )
    .map(([y, m, d]) => `${y}-${m}-${d}`),
);

/** What Slack parses for mentions: the top-level text and every mrkdwn text. */
function parsedTexts(m: Message): string {
  const out = [m.text];
  for (const b of m.blocks) {
    if (b.type === "section") out.push(b.text?.text ?? "", ...(b.fields ?? []).map((f) => f.text));
    if (b.type === "context") out.push(...b.elements.filter((e) => e.type === "mrkdwn").map((e) => e.text));
  }
  return out.join("\n");
}

const hostile = fc.oneof(
  fc.string({ maxLength: 400 }),
  fc.string({ unit: "binary", maxLength: 200 }),
  fc.constantFrom(
    "<!channel>",
    "<!here|here>",
    "<@U123>",
    "<#C123|x>",
    "<http://evil|click>",
    "&lt;",
    "*bold*",
    "`x`",
    "```",
    "a".repeat(5000),
  ),
  fc
    .array(fc.constantFrom("<", "!", "@", "#", "http", "&", ">", "|", "*", "_", "~", "`", " ", "\n"), {
      maxLength: 60,
    })
    .map((a) => a.join("")),
);

const booking = (i: number) =>
  fc
    .record({
      customerName: fc.option(hostile, { nil: undefined }),
      petNames: fc.option(hostile, { nil: undefined }),
      roomName: fc.option(hostile, { nil: undefined }),
      status: fc.option(hostile, { nil: undefined }),
      reference: fc.option(hostile, { nil: undefined }),
      bookingPaid: fc.option(fc.boolean(), { nil: undefined }),
      numberOfPets: fc.option(fc.integer({ min: 0, max: 30 }), { nil: undefined }),
      checkOutDate: fc.option(
        fc
          .date({
            min: new Date("2026-11-24T00:00:00Z"),
            max: new Date("2026-11-24T23:59:59Z"),
            noInvalidDate: true,
          })
          .map((d) => d.toISOString()),
        { nil: undefined },
      ),
    })
    .map((b): Booking => ({ ...b, bookingId: i }));

const entries = fc
  .integer({ min: 0, max: 120 })
  .chain((n) => fc.tuple(...Array.from({ length: n }, (_, i) => booking(i))))
  .map((bs): DayEntry[] => bs.map((b) => ({ booking: b, pets: [{ name: "x", medication: "m" }] })));

describe("properties", () => {
  it("the date parser never throws, and only real dates come out", () => {
    fc.assert(
      fc.property(typed, fc.constantFrom(...ZONES), (text, zone) => {
        const r = parseDay(text, NOW, zone);
        if (r.ok) expect(isIsoDate(r.date)).toBe(true);
        else expect(r.message.length).toBeGreaterThan(5);
      }),
      { numRuns: RUNS },
    );
  });

  it("the command-text parser never throws; dates come out real and in order, ids whole", () => {
    const words = fc.array(
      fc.oneof(
        typed,
        fc.constantFrom(
          "status:confirmed",
          "type:boarding",
          "customer:12",
          "customer:x",
          "status:",
          '"quoted text"',
        ),
      ),
      { maxLength: 6 },
    );
    fc.assert(
      fc.property(words, (ws) => {
        const r = parseBookingsQuery(ws.join(" "), NOW, "Europe/London");
        if (!r.ok) return;
        if (r.query.from) expect(isIsoDate(r.query.from)).toBe(true);
        if (r.query.to) expect(isIsoDate(r.query.to)).toBe(true);
        if (r.query.from && r.query.to) expect(r.query.from <= r.query.to).toBe(true);
        if (r.query.customerId !== undefined) expect(Number.isSafeInteger(r.query.customerId)).toBe(true);
      }),
      { numRuns: RUNS },
    );
  });

  it("escaping: no output of any input contains an unescaped <!, <@, <# or <http", () => {
    fc.assert(
      fc.property(hostile, (s) => {
        expect(esc(s)).not.toMatch(/<!|<@|<#|<http/);
        expect(esc(s)).not.toContain("<");
      }),
      { numRuns: RUNS },
    );
    fc.assert(
      fc.property(booking(1), hostile, hostile, (b, a, c) => {
        const pet: Pet = { name: a, notes: c, allergies: a, medication: c, medicalNotes: a, breed: c };
        for (const m of [
          dayListMessage({
            kind: "departures",
            date: "2026-11-24",
            entries: [{ booking: b, pets: [pet] }],
            timezone: "UTC",
            page: 1,
          }),
          bookingCard({
            booking: { ...b, customerPhone: a, customerEmail: c },
            pets: [pet],
            timezone: "UTC",
            thisYear: "2026",
          }),
          petCard({ pet, timezone: "UTC", thisYear: "2026" }),
        ]) {
          expect(parsedTexts(m)).not.toMatch(/<!|<@|<#|<http/);
        }
      }),
      { numRuns: RUNS },
    );
  });

  it("the splitter: any bookings with any strings, every page within every limit, every booking exactly once", () => {
    fc.assert(
      fc.property(entries, (list) => {
        const pages = Math.max(1, Math.ceil(list.length / DAY_PAGE_SIZE));
        const seen: number[] = [];
        for (let page = 1; page <= pages; page++) {
          const m = dayListMessage({
            kind: "departures",
            date: "2026-11-24",
            entries: list,
            timezone: "Europe/London",
            page,
          });
          expect(limitViolations(m)).toEqual([]);
          // Each entry is one section; the entries' order is the list's sorted order.
          seen.push(...m.blocks.filter((b) => b.type === "section").map(() => 0));
        }
        expect(seen.length).toBe(list.length === 0 ? 1 : list.length);
        const digest = digestMessages({
          kind: "departures",
          date: "2026-11-24",
          entries: list,
          timezone: "Europe/London",
          calledOff: 0,
        });
        const sections = [digest.parent, ...digest.replies].flatMap((m) => {
          expect(limitViolations(m)).toEqual([]);
          return m.blocks.filter((b) => b.type === "section");
        });
        expect(sections.length).toBe(list.length === 0 ? 1 : list.length);
      }),
      { numRuns: RUNS },
    );
  });

  it("the splitter keeps each booking once and in place (identified by id)", () => {
    fc.assert(
      fc.property(entries, (list) => {
        // Give every entry a reference that is its id, so it can be found in the rendered text.
        const tagged = list.map((e) => ({
          ...e,
          booking: { ...e.booking, reference: `ID${e.booking.bookingId}` },
        }));
        const pages = Math.max(1, Math.ceil(tagged.length / DAY_PAGE_SIZE));
        const ids: string[] = [];
        for (let page = 1; page <= pages; page++) {
          const m = dayListMessage({
            kind: "arrivals",
            date: "2026-11-24",
            entries: tagged,
            timezone: "UTC",
            page,
          });
          ids.push(...[...JSON.stringify(m).matchAll(/`ID(\d+)`/g)].map((x) => x[1] as string));
        }
        expect(ids.sort()).toEqual(tagged.map((e) => String(e.booking.bookingId)).sort());
      }),
      { numRuns: RUNS },
    );
  });
});
