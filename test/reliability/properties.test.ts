/** Property tests (fast-check): thousands of generated inputs per property. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { UsageError } from "../../src/answers/failure.ts";
import { freeText, TEXT_RULES } from "../../src/answers/input.ts";
import { bookingMessages } from "../../src/blocks/booking.ts";
import { dayListMessages } from "../../src/blocks/day-list.ts";
import { digestMessages } from "../../src/blocks/digest.ts";
import { LIMITS, limitViolations, messageChars } from "../../src/blocks/limits.ts";
import { esc } from "../../src/blocks/mrkdwn.ts";
import { petMessages } from "../../src/blocks/pet.ts";
import type { Message } from "../../src/blocks/types.ts";
import { parseBookingsQuery, parseDay } from "../../src/dates.ts";
import { careOf } from "../../src/domain/care.ts";
import { careOfBooking } from "../../src/domain/day.ts";
import type { Booking, Pet } from "../../src/kennel/schemas.ts";
import { isIsoDate } from "../../src/time.ts";
import { reportOf } from "../helpers/reports.ts";

const RUNS = 2_000;
/** Whole days rendered page by page: fewer runs, each up to 120 bookings of hostile text. */
const DAY_RUNS = 500;
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
    "Kennel\u202E DIAPNU\u202C",
    "\u200B\u200C\u2060\uFEFF\u2066x\u2069",
    "\u0000\u0007\u001B[31m",
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
    .map((b): Booking => ({ ...b, bookingId: i, customerId: i }));

const entries = fc
  .integer({ min: 0, max: 120 })
  .chain((n) => fc.tuple(...Array.from({ length: n }, (_, i) => booking(i))));

const petsOf = (b: Booking): Pet[] => [{ name: b.petNames ?? "x", medication: "m", allergies: b.roomName }];
/** Bidi overrides, zero-width characters and C0/C1 controls: none may reach Slack. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point.
const HIJACK = /[\u202A-\u202E\u2066-\u2069\u200B\u200C\u2060\uFEFF\u0000-\u0008\u000B-\u001F]/;

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
        expect(esc(s)).not.toMatch(HIJACK);
      }),
      { numRuns: RUNS },
    );
    fc.assert(
      fc.property(booking(1), hostile, hostile, (b, a, c) => {
        const pet: Pet = { name: a, notes: c, allergies: a, medication: c, medicalNotes: a, breed: c };
        const full = { ...b, customerPhone: a, customerEmail: c };
        for (const m of [
          ...dayListMessages(reportOf("departures", "2026-11-24", [b], { petsOf: () => [pet] }), "UTC"),
          ...bookingMessages(
            {
              booking: full,
              full: true,
              care: careOfBooking(full, [pet]),
              careProblem: undefined,
              requestId: a,
            },
            "UTC",
            "2026",
          ),
          ...petMessages({ pet, care: careOf(pet), owner: undefined, requestId: c }, "UTC", "2026"),
        ]) {
          expect(parsedTexts(m)).not.toMatch(/<!|<@|<#|<http/);
          expect(parsedTexts(m)).not.toMatch(HIJACK);
          expect(limitViolations(m)).toEqual([]);
        }
      }),
      { numRuns: RUNS },
    );
  });

  it("the splitter: any bookings with any strings, every page within every limit and the text budget, every booking exactly once", () => {
    fc.assert(
      fc.property(entries, (list) => {
        const first = reportOf("departures", "2026-11-24", list, { petsOf });
        const listed = first.totals.bookings;
        // An entry begins with its time ("*08:15*", "*--:--*"); one whose names pass a section goes
        // on in the next section, or the next message, never cut (issue 47).
        const entryStarts = (m: Message) =>
          m.blocks.filter((b) => b.type === "section" && /^\*(\d\d:\d\d|--:--)\*/.test(b.text?.text ?? ""))
            .length;
        let starts = 0;
        for (let page = 1; page <= first.pages; page++) {
          for (const m of dayListMessages(
            reportOf("departures", "2026-11-24", list, { page, petsOf }),
            "Europe/London",
          )) {
            expect(limitViolations(m)).toEqual([]);
            expect(messageChars(m)).toBeLessThanOrEqual(LIMITS.messageText);
            starts += entryStarts(m);
          }
        }
        expect(starts).toBe(listed);
        const digest = digestMessages(
          reportOf("departures", "2026-11-24", list, { wholeDay: true, petsOf }),
          "Europe/London",
        );
        const digestStarts = [digest.parent, ...digest.replies].reduce((n, m) => {
          expect(limitViolations(m)).toEqual([]);
          return n + entryStarts(m);
        }, 0);
        expect(digestStarts).toBe(listed);
      }),
      { numRuns: DAY_RUNS },
    );
  }, 120_000); // 500 generated days, every page of each rebuilt: a deadline, not a speed goal.

  it("the splitter keeps each booking once and in place (identified by id)", () => {
    fc.assert(
      fc.property(entries, (list) => {
        // Every booking counts here, with a reference that is its id, so it can be found in the text.
        const tagged = list.map((b) => ({ ...b, status: "confirmed", reference: `ID${b.bookingId}` }));
        const first = reportOf("arrivals", "2026-11-24", tagged, { petsOf });
        const ids: string[] = [];
        for (let page = 1; page <= first.pages; page++) {
          const m = dayListMessages(reportOf("arrivals", "2026-11-24", tagged, { page, petsOf }), "UTC");
          ids.push(...[...JSON.stringify(m).matchAll(/`ID(\d+)`/g)].map((x) => x[1] as string));
        }
        expect(ids.sort()).toEqual(tagged.map((b) => String(b.bookingId)).sort());
      }),
      { numRuns: DAY_RUNS },
    );
  }, 120_000); // 500 generated days, every page of each rebuilt: a deadline, not a speed goal.

  it("free-text arguments: any text is either within its cap or refused in words, never passed on", () => {
    const long = fc.oneof(
      fc.string({ maxLength: 300 }),
      fc.string({ minLength: 60, maxLength: 300_000 }).map((x) => x.repeat(2)),
    );
    fc.assert(
      fc.property(long, fc.constantFrom(...Object.values(TEXT_RULES)), (text, rule) => {
        try {
          const out = freeText(text, rule);
          expect(Array.from(out).length).toBeLessThanOrEqual(rule.max);
        } catch (error) {
          expect(error).toBeInstanceOf(UsageError);
          expect((error as UsageError).message).toMatch(/too long/);
        }
      }),
      { numRuns: 300 },
    );
  });
});
