import { describe, expect, it } from "vitest";
import { bookingCard } from "../../src/blocks/booking.ts";
import { petsOnBooking } from "../../src/blocks/care.ts";
import { bookingList, customerCard, customerList } from "../../src/blocks/customer.ts";
import { DAY_PAGE_SIZE, type DayEntry, dayListMessage } from "../../src/blocks/day-list.ts";
import { duplicateActionIds, LIMITS, limitViolations } from "../../src/blocks/limits.ts";
import { errorMessage, helpMessage, rawMessages, statusMessage } from "../../src/blocks/misc.ts";
import { esc, truncate } from "../../src/blocks/mrkdwn.ts";
import { petCard, petList } from "../../src/blocks/pet.ts";
import type { Message } from "../../src/blocks/types.ts";
import {
  type Booking,
  type Customer,
  type Pet,
  readBooking,
  readCustomer,
  readPet,
} from "../../src/kennel/schemas.ts";
import { silentLogger } from "../../src/log.ts";
import { generateData } from "../../src/sandbox/data.ts";

const log = silentLogger();
const data = generateData({ seed: 7, customers: 300, today: "2026-11-22", timezone: "Europe/London" });
function must<T>(v: T | undefined): T {
  if (v === undefined) throw new Error("missing test data");
  return v;
}
const biz = must(data.businesses[0]);
const TZ = "Europe/London";

const pet = (raw: unknown) => readPet(raw, log) as Pet;
const booking = (raw: unknown) => readBooking(raw, log) as Booking;
const petsOf = (b: Booking) =>
  petsOnBooking(b, (biz.petsByCustomer.get(b.customerId as number) ?? []).map(pet));

function entriesOn(date: string): DayEntry[] {
  return (biz.departuresByDate.get(date) ?? []).map((raw) => {
    const b = booking(raw);
    return { booking: b, pets: petsOf(b) };
  });
}

/** What Slack parses for mentions and links: the top-level text and every mrkdwn text (not plain_text). */
function parsedTexts(message: Message): string {
  const out = [message.text];
  for (const b of message.blocks) {
    if (b.type === "section") out.push(b.text?.text ?? "", ...(b.fields ?? []).map((f) => f.text));
    if (b.type === "context") out.push(...b.elements.filter((e) => e.type === "mrkdwn").map((e) => e.text));
  }
  return out.join("\n");
}

function expectWithinLimits(message: Message) {
  expect(limitViolations(message)).toEqual([]);
  expect(duplicateActionIds(message)).toEqual([]);
}

const LONG = `<!channel> ${"Ünïcödé & <b>markup</b> *bold* _x_ <http://x|y> ".repeat(80)}`;

/** A 300-booking day with oversized, hostile text everywhere. */
function hugeDay(): DayEntry[] {
  const base = biz.bookings.slice(0, 300).map(booking);
  return base.map((b, i) => ({
    booking: {
      ...b,
      bookingId: 900000 + i,
      reference: `REF-${i}-${"Z".repeat(i % 3 === 0 ? 400 : 5)}`,
      customerName: i % 2 ? LONG : b.customerName,
      petNames: i % 5 === 0 ? LONG : b.petNames,
      roomName: i % 7 === 0 ? LONG : b.roomName,
      checkOutDate: `2026-11-24T${String(8 + (i % 10)).padStart(2, "0")}:00:00.000Z`,
    },
    pets: i % 11 === 0 ? null : [{ name: "x", medication: "m", allergies: LONG }],
  }));
}

describe("the day list", () => {
  it("an empty day says so in one line, within the limits", () => {
    const message = dayListMessage({
      kind: "departures",
      date: data.emptyDays[0] as string,
      entries: [],
      timezone: TZ,
      page: 1,
    });
    expectWithinLimits(message);
    expect(message).toMatchSnapshot();
  });

  it("a normal day: header with date and count, summary, one entry per booking", () => {
    const date = "2026-11-22";
    const entries = entriesOn(date);
    expect(entries.length).toBeGreaterThan(5);
    const message = dayListMessage({
      kind: "departures",
      date,
      entries,
      timezone: TZ,
      page: 1,
      requestId: "req-1",
    });
    expectWithinLimits(message);
    expect(message.blocks[0]).toEqual({
      type: "header",
      text: { type: "plain_text", text: `Departures — Sun 22 Nov (${entries.length})`, emoji: true },
    });
    expect(message).toMatchSnapshot();
  });

  it("a 300-booking day of hostile text: every page within every limit, every booking exactly once", () => {
    const entries = hugeDay();
    const pages = Math.ceil(entries.length / DAY_PAGE_SIZE);
    const seen: string[] = [];
    for (let page = 1; page <= pages; page++) {
      const message = dayListMessage({ kind: "departures", date: "2026-11-24", entries, timezone: TZ, page });
      expectWithinLimits(message);
      const sections = message.blocks.filter((b) => b.type === "section");
      for (const s of sections) {
        const m = /`REF-(\d+)-/.exec(s.type === "section" ? (s.text?.text ?? "") : "");
        if (m) seen.push(m[1] as string);
      }
      expect(parsedTexts(message)).not.toMatch(/<!channel>|<http|<b>/);
    }
    expect(seen.length).toBe(300);
    expect(new Set(seen).size).toBe(300);
  });

  it("a page past the last shows the last page", () => {
    const message = dayListMessage({
      kind: "arrivals",
      date: "2026-11-24",
      entries: hugeDay(),
      timezone: TZ,
      page: 999,
    });
    expect(JSON.stringify(message)).toMatch(/showing 281–300 of 300/);
  });

  it("departures make unpaid bookings stand out and count medication to hand back", () => {
    const entries: DayEntry[] = [
      {
        booking: { bookingId: 1, bookingPaid: false, petNames: "Rex", customerName: "A" },
        pets: [{ name: "Rex", medication: "pill" }],
      },
      { booking: { bookingId: 2, bookingPaid: true, petNames: "Tib", customerName: "B" }, pets: [] },
    ];
    const text = JSON.stringify(
      dayListMessage({ kind: "departures", date: "2026-11-24", entries, timezone: TZ, page: 1 }),
    );
    expect(text).toContain("⚠️ *UNPAID*");
    expect(text).toContain("⚠️ *1 unpaid*");
    expect(text).toContain("💊 1 with medication to hand back");
  });

  it("never shows contact details", () => {
    const entries = entriesOn("2026-11-22");
    const text = JSON.stringify(
      dayListMessage({ kind: "arrivals", date: "2026-11-22", entries, timezone: TZ, page: 1 }),
    );
    for (const e of entries) {
      if (e.booking.customerPhone) expect(text).not.toContain(e.booking.customerPhone);
      if (e.booking.customerEmail) expect(text).not.toContain(e.booking.customerEmail);
    }
  });
});

describe("cards and lists", () => {
  const b = booking(biz.bookings.find((x) => (x.numberOfPets as number) > 1));
  const customerRaw = biz.customerById.get(b.customerId as number) as Record<string, unknown>;
  const customer = readCustomer(
    { ...customerRaw, pets: biz.petsByCustomer.get(b.customerId as number) },
    log,
  ) as Customer;
  const medicated = pet(biz.pets.find((p) => p.medication3 && p.allergies));

  it("booking card", () => {
    const message = bookingCard({
      booking: b,
      pets: petsOf(b),
      timezone: TZ,
      thisYear: "2026",
      requestId: "r-1",
    });
    expectWithinLimits(message);
    expect(JSON.stringify(message)).toContain(String(b.customerPhone));
    expect(message).toMatchSnapshot();
  });

  it("pet card with a medication schedule", () => {
    const message = petCard({ pet: medicated, owner: customer, timezone: TZ, thisYear: "2026" });
    expectWithinLimits(message);
    expect(message).toMatchSnapshot();
  });

  it("pet card of a pet with every field hostile and huge stays within the limits", () => {
    const hostile: Pet = Object.fromEntries(
      Object.entries(medicated).map(([k, v]) => [k, typeof v === "string" ? LONG : v]),
    );
    const message = petCard({ pet: hostile, timezone: TZ, thisYear: "2026" });
    expectWithinLimits(message);
    expect(parsedTexts(message)).not.toMatch(/<!channel>|<http/);
  });

  it("a customer with every field hostile and huge, and 40 pets, stays within the limits", () => {
    const hostile = Object.fromEntries(
      Object.entries(customer).map(([k, v]) => [k, typeof v === "string" ? LONG : v]),
    ) as Customer;
    hostile.pets = Array.from({ length: 40 }, (_, i) => ({ petId: i, name: LONG, breed: LONG }));
    const message = customerCard({ customer: hostile });
    expectWithinLimits(message);
    expect(parsedTexts(message)).not.toMatch(/<!channel>|<http/);
    expect(parsedTexts(message)).toContain("&lt;!channel&gt;");
  });

  it("customer card: contacts, consent, pets, history button", () => {
    const message = customerCard({ customer, requestId: "r-2" });
    expectWithinLimits(message);
    expect(JSON.stringify(message)).toContain("Booking history");
    expect(message).toMatchSnapshot();
  });

  it("lists with paging", () => {
    const pets = biz.pets.slice(0, 10).map(pet);
    const customers = biz.customers.slice(0, 10).map((c) => readCustomer(c, log) as Customer);
    const bookings = biz.bookings.slice(0, 10).map(booking);
    const messages = [
      petList({ query: "a", pets, page: 2, totalPages: 5, totalRecords: 45, pageAction: "pets_page" }),
      customerList({
        query: "o",
        customers,
        page: 1,
        totalPages: 3,
        totalRecords: 25,
        pageAction: "customers_page",
      }),
      bookingList({
        title: "Bookings",
        bookings,
        page: 1,
        totalPages: 1,
        totalRecords: 10,
        timezone: TZ,
        thisYear: "2026",
        pageAction: "bookings_page",
        state: { q: "x", t: "2026-11-22" },
        emptyText: "none",
      }),
    ];
    for (const m of messages) expectWithinLimits(m);
    expect(messages).toMatchSnapshot();
  });

  it("help, status, errors and raw JSON", () => {
    const messages = [
      helpMessage(TZ),
      statusMessage(
        {
          state: "key_rejected",
          ok: false,
          headline: "The kennel API rejected the API key.",
          detail: "401",
          action: "Generate a new key.",
        },
        "https://api.example.com/api/v1",
        "req-9",
        42,
      ),
      errorMessage('No booking with reference "<X>" was found.', "Check it.", "req-3"),
    ];
    for (const m of messages) expectWithinLimits(m);
    expect(messages).toMatchSnapshot();
  });

  it("raw JSON of a big day splits into messages that each fit, escaped, losing nothing", () => {
    const raw = biz.bookings.slice(0, 400);
    const messages = rawMessages("Departures", raw);
    expect(messages.length).toBeGreaterThan(1);
    for (const m of messages) expectWithinLimits(m);
    const joined = messages
      .flatMap((m) => m.blocks)
      .filter((b) => b.type === "section")
      .map((b) => (b.type === "section" ? (b.text?.text ?? "").slice(3, -3) : ""))
      .join("");
    const unescaped = joined.replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&amp;/g, "&");
    expect(JSON.parse(unescaped)).toEqual(raw);
  });
});

describe("text helpers", () => {
  it("esc escapes &, < and > so nothing can ping or link", () => {
    expect(esc("<!channel> & <@U1> <http://x|y>")).toBe(
      "&lt;!channel&gt; &amp; &lt;@U1&gt; &lt;http://x|y&gt;",
    );
    expect(esc(undefined)).toBe("");
  });

  it("truncate never exceeds the limit nor splits an entity", () => {
    const t = truncate(esc("&".repeat(5000)), LIMITS.sectionText);
    expect(t.length).toBeLessThanOrEqual(LIMITS.sectionText);
    expect(t).toMatch(/(&amp;)+…$/);
  });
});
