import { describe, expect, it } from "vitest";
import type { PetView } from "../../src/answers/records.ts";
import { bookingMessages } from "../../src/blocks/booking.ts";
import { bookingListMessages, customerListMessages, customerMessages } from "../../src/blocks/customer.ts";
import { dayListMessages } from "../../src/blocks/day-list.ts";
import { digestMessages } from "../../src/blocks/digest.ts";
import { helpMessage } from "../../src/blocks/help.ts";
import { duplicateActionIds, LIMITS, limitViolations, messageChars } from "../../src/blocks/limits.ts";
import { esc, truncate } from "../../src/blocks/mrkdwn.ts";
import { failureMessage } from "../../src/blocks/notice.ts";
import { petListMessages, petMessages } from "../../src/blocks/pet.ts";
import { RAW_MAX_MESSAGES, rawMessages } from "../../src/blocks/raw.ts";
import { statusMessage } from "../../src/blocks/status.ts";
import { tomorrowMessages } from "../../src/blocks/tomorrow.ts";
import type { Message } from "../../src/blocks/types.ts";
import { careOf } from "../../src/domain/care.ts";
import { careOfBooking } from "../../src/domain/day.ts";
import { flagsOf } from "../../src/domain/flags.ts";
import type { Booking, Customer, Pet } from "../../src/kennel/schemas.ts";
import { readCustomer } from "../../src/kennel/schemas.ts";
import { silentLogger } from "../../src/log.ts";
import { HOSTILE, HOSTILE_SHOWN } from "../helpers/hostile.ts";
import { biz, booking, bookingsOn, customerPets, data, pet, reportOf, TZ } from "../helpers/reports.ts";

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
function hugeDay(): Booking[] {
  return biz.bookings.slice(0, 300).map((raw, i) => {
    const b = booking(raw);
    return {
      ...b,
      status: "confirmed",
      bookingId: 900000 + i,
      reference: `REF-${i}-${"Z".repeat(i % 3 === 0 ? 400 : 5)}`,
      customerName: i % 2 ? LONG : b.customerName,
      petNames: i % 5 === 0 ? LONG : b.petNames,
      roomName: i % 7 === 0 ? LONG : b.roomName,
      checkOutDate: `2026-11-24T${String(8 + (i % 10)).padStart(2, "0")}:00:00.000Z`,
    };
  });
}
const hostilePets = (b: Booking): Pet[] | null =>
  (b.bookingId ?? 0) % 11 === 0
    ? null
    : [{ name: LONG, medication: LONG, medicationPm: LONG, allergies: LONG, groomingNotes: LONG }];

describe("the day list", () => {
  it("an empty day says so in one line, within the limits", () => {
    const [message] = dayListMessages(reportOf("departures", data.emptyDays[0] as string, []), TZ);
    expectWithinLimits(message as Message);
    expect(message).toMatchSnapshot();
  });

  it("a normal day: header with date and count, summary, one entry per booking", () => {
    const date = "2026-11-22";
    const report = reportOf("departures", date, bookingsOn("departures", date));
    expect(report.totals.bookings).toBeGreaterThan(5);
    const [message] = dayListMessages(report, TZ) as [Message];
    expectWithinLimits(message);
    expect(message.blocks[0]).toEqual({
      type: "header",
      text: { type: "plain_text", text: `Departures — Sun 22 Nov (${report.totals.bookings})`, emoji: true },
    });
    expect(message).toMatchSnapshot();
  });

  it("a 300-booking day of hostile text: every page within every limit and the text budget, every booking once", () => {
    const bookings = hugeDay();
    const first = reportOf("departures", "2026-11-24", bookings, { petsOf: hostilePets });
    const seen: string[] = [];
    for (let page = 1; page <= first.pages; page++) {
      // A page whose names alone pass one message (thousands of characters each) goes on in the next:
      // never cut (issue 47).
      const messages = dayListMessages(
        reportOf("departures", "2026-11-24", bookings, { page, petsOf: hostilePets }),
        TZ,
      );
      for (const message of messages) {
        expectWithinLimits(message);
        expect(messageChars(message)).toBeLessThanOrEqual(LIMITS.messageText);
        for (const s of message.blocks) {
          const m = /`REF-(\d+)-/.exec(s.type === "section" ? (s.text?.text ?? "") : "");
          if (m) seen.push(m[1] as string);
        }
        expect(parsedTexts(message)).not.toMatch(/<!channel>|<http|<b>/);
      }
    }
    expect(seen.length).toBe(300);
    expect(new Set(seen).size).toBe(300);
  }, 60_000); // 197 pages, each rebuilt from the whole day: a deadline, not a speed goal.

  it("long entries make shorter pages; a page past the last shows the last page", () => {
    const r = reportOf("arrivals", "2026-11-24", hugeDay(), { page: 999, petsOf: hostilePets });
    expect(r.pages).toBeGreaterThan(15);
    expect(JSON.stringify(dayListMessages(r, TZ))).toMatch(/showing \d+–300 of 300/);
  });

  it("departures: the going-home check makes money stand out and names the medication to hand back", () => {
    const bookings: Booking[] = [
      {
        bookingId: 1,
        customerId: 1,
        bookingPaid: false,
        petNames: "Rex",
        customerName: "A",
        numberOfPets: 1,
      },
      {
        bookingId: 2,
        customerId: 2,
        bookingPaid: false,
        hasPayment: true,
        petNames: "Tib",
        customerName: "B",
      },
      { bookingId: 3, customerId: 3, bookingPaid: true, petNames: "Max", customerName: "C" },
    ];
    const pets: Record<number, Pet[]> = {
      1: [{ name: "Rex", medication: "Rimadyl 50 mg, half a tablet", groomingNotes: "nails clipped" }],
      2: [{ name: "Tib" }],
      3: [{ name: "Max" }],
    };
    const text = JSON.stringify(
      dayListMessages(
        reportOf("departures", "2026-11-24", bookings, {
          petsOf: (b) => pets[b.customerId as number] ?? null,
        }),
        TZ,
      ),
    );
    expect(text).toContain("*🔴 UNPAID*");
    expect(text).toContain("*🟠 PART-PAID, balance due*");
    expect(text).toContain("*🔴 1 unpaid*");
    expect(text).toContain("💊 hand back: Rimadyl 50 mg (Rex)");
    expect(text).toContain("✂️ Rex: nails clipped");
    expect(text).toContain("💊 1 medication to hand back");
  });

  it("messy petNames: named medication and allergies, or an explicit 'not matched', never nothing", () => {
    const customer: Pet[] = [
      { petId: 1, name: "Biscuit", medication: "Apoquel 16 mg, one tablet", allergies: "chicken" },
      { petId: 2, name: "Pepper" },
    ];
    const bookings: Booking[] = [
      {
        bookingId: 1,
        customerId: 9,
        petNames: "Biscuit (Labrador) & pepper",
        numberOfPets: 2,
        customerName: "Ann",
      },
      { bookingId: 2, customerId: 9, petNames: "Bisky", numberOfPets: 1, customerName: "Ann" },
    ];
    const [message] = dayListMessages(
      reportOf("arrivals", "2026-11-24", bookings, { petsOf: () => customer }),
      TZ,
    ) as [Message];
    const entries = message.blocks
      .filter((b) => b.type === "section")
      .map((b) => (b.type === "section" ? b.text?.text : ""));
    expect(entries[0]).toContain("💊 Apoquel 16 mg");
    expect(entries[0]).toContain("⚠️ allergies: chicken");
    expect(entries[1]).toContain("❔ care details not matched: open the booking (Bisky)");
    expect(message).toMatchSnapshot();
  });

  it("cancelled, no-show and waitlisted bookings are left out and counted; an unknown status is listed", () => {
    const bookings: Booking[] = [
      { bookingId: 1, status: "cancelled" },
      { bookingId: 2, status: "no_show" },
      { bookingId: 3, status: "waitlisted" },
      { bookingId: 4, status: "pending_deposit", reference: "UNK-1" },
      { bookingId: 5, status: "confirmed", reference: "OK-1" },
    ];
    const r = reportOf("arrivals", "2026-11-24", bookings, { petsOf: () => [] });
    expect(r.totals.bookings).toBe(2);
    const text = JSON.stringify(dayListMessages(r, TZ));
    expect(text).toContain("2 cancelled or no-show and 1 waitlisted not listed");
    expect(text).toContain("pending deposit");
    expect(text).toContain("Arrivals — Tue 24 Nov (2)");
  });

  it("never shows contact details", () => {
    const bookings = bookingsOn("arrivals", "2026-11-22");
    const text = JSON.stringify(dayListMessages(reportOf("arrivals", "2026-11-22", bookings), TZ));
    for (const b of bookings) {
      if (b.customerPhone) expect(text).not.toContain(b.customerPhone);
      if (b.customerPhone) expect(text).not.toContain(b.customerPhone.replace(/ /g, "\u00A0"));
      if (b.customerEmail) expect(text).not.toContain(b.customerEmail);
    }
  });

  it("the morning post of a 300-booking day: parent and thread replies, each within the limits", () => {
    const post = digestMessages(
      reportOf("departures", "2026-11-24", hugeDay(), { wholeDay: true, petsOf: hostilePets }),
      TZ,
    );
    for (const m of [post.parent, ...post.replies]) {
      expectWithinLimits(m);
      expect(parsedTexts(m)).not.toMatch(/<!channel>|<http|<b>/);
    }
    const refs = [post.parent, ...post.replies].flatMap((m) =>
      m.blocks.flatMap((b) =>
        b.type === "section" ? [...(b.text?.text ?? "").matchAll(/`REF-(\d+)-/g)].map((x) => x[1]) : [],
      ),
    );
    expect(new Set(refs).size).toBe(300);
  });
});

describe("tomorrow's check", () => {
  it("120 arrivals missing care details: every message within the limits, each entry with its contacts button", () => {
    const entries = hugeDay()
      .slice(0, 120)
      .map((booking) => ({
        booking,
        pets: [{ flags: flagsOf({ name: LONG }), missing: ["no diet", "not evaluated"] }],
        careStatus: "not_matched" as const,
        unmatched: [LONG],
      }));
    const post = tomorrowMessages(
      {
        date: "2026-11-25",
        entries,
        arrivals: 130,
        leftOut: { calledOff: 0, waitlisted: 0 },
        requestId: "r",
        careProblem: undefined,
      },
      TZ,
    );
    const all = [post.parent, ...post.replies];
    for (const m of all) expectWithinLimits(m);
    const buttons = all.flatMap((m) =>
      m.blocks.filter((b) => b.type === "section" && b.accessory?.type === "button"),
    );
    expect(buttons).toHaveLength(120);
  });
});

describe("cards and lists", () => {
  const b = booking(biz.bookings.find((x) => (x.numberOfPets as number) > 1));
  const customerRaw = biz.customerById.get(b.customerId as number) as Record<string, unknown>;
  const customer = readCustomer(
    { ...customerRaw, pets: biz.petsByCustomer.get(b.customerId as number) },
    silentLogger(),
  ) as Customer;
  const medicated = pet(biz.pets.find((p) => p.medication3 && p.allergies));
  const view = (p: Pet, owner?: Customer): PetView => ({ pet: p, care: careOf(p), owner, requestId: "r-1" });

  it("booking card: owner's contacts (only the asker sees it), each pet's medication as instruction, midday, evening", () => {
    const [message] = bookingMessages(
      {
        booking: b,
        full: true,
        care: careOfBooking(b, customerPets(b)),
        careProblem: undefined,
        requestId: "r-1",
      },
      TZ,
      "2026",
    ) as [Message];
    expectWithinLimits(message);
    // Never wrapped mid-number: its spaces are no-break spaces.
    if (b.customerPhone)
      expect(JSON.stringify(message)).toContain(esc(b.customerPhone).replace(/ /g, "\u00A0"));
    expect(message).toMatchSnapshot();
  });

  it("pet card: medication per drug (instruction · midday · evening), never a 'Morning' label on the instruction", () => {
    const p: Pet = {
      ...medicated,
      medication: "Rimadyl 50 mg, half a tablet",
      medicationNoon: undefined,
      medicationPm: "half a tablet with dinner",
    };
    const [message] = petMessages(view(p, customer), TZ, "2026") as [Message];
    expectWithinLimits(message);
    const text = JSON.stringify(message);
    expect(text).toContain(
      "1. Rimadyl 50 mg, half a tablet · midday: none · evening: half a tablet with dinner",
    );
    expect(text).not.toContain("☀️ Morning");
    if (customer.mobile) expect(text).toContain(esc(customer.mobile).replace(/ /g, "\u00A0"));
    expect(message).toMatchSnapshot();
  });

  it("pet card: a photo URL is an image beside the text; any other value is text, never fetched", () => {
    const withUrl = petMessages(
      view({ ...medicated, photo: "https://example.com/p.jpg" }),
      TZ,
      "2026",
    )[0] as Message;
    expect(JSON.stringify(withUrl)).toContain('"type":"image","image_url":"https://example.com/p.jpg"');
    const withName = petMessages(view({ ...medicated, photo: "biscuit.jpg" }), TZ, "2026")[0] as Message;
    expect(JSON.stringify(withName)).toContain("📷 Photo: biscuit.jpg");
    expect(JSON.stringify(withName)).not.toContain('"image"');
  });

  it("pet card of a pet with every field hostile and huge stays within the limits", () => {
    const hostile: Pet = Object.fromEntries(
      Object.entries(medicated).map(([k, v]) => [k, typeof v === "string" ? LONG : v]),
    );
    const [message] = petMessages(view(hostile), TZ, "2026") as [Message];
    expectWithinLimits(message);
    expect(parsedTexts(message)).not.toMatch(/<!channel>|<http/);
  });

  it("raw JSON: a pet's name or a typed search in the notification text is escaped once, the header plain", () => {
    const name = `Rex ${HOSTILE}`;
    const shown = `Rex ${HOSTILE_SHOWN}`;
    const messages = [
      ...petMessages({ ...view({ ...medicated, name }), raw: { name } }, TZ, "2026"),
      ...petListMessages({
        query: name,
        name,
        owner: undefined,
        items: [],
        page: 1,
        totalPages: 1,
        totalRecords: 0,
        requestId: "r",
        raw: [],
      }),
    ];
    expect(messages).toHaveLength(2);
    for (const m of messages) {
      expectWithinLimits(m);
      expect(parsedTexts(m)).not.toMatch(/<!channel>|<@U123>|<https/);
      expect(m.text).toContain(shown);
      const head = m.blocks[0];
      expect(head?.type === "header" && head.text.text).toContain(name);
    }
  });

  it("a customer with every field hostile and huge, and 40 pets, stays within the limits", () => {
    const hostile = Object.fromEntries(
      Object.entries(customer).map(([k, v]) => [k, typeof v === "string" ? LONG : v]),
    ) as Customer;
    hostile.pets = Array.from({ length: 40 }, (_, i) => ({ petId: i, name: LONG, breed: LONG }));
    const [message] = customerMessages({ customer: hostile, requestId: "r" }) as [Message];
    expectWithinLimits(message);
    expect(parsedTexts(message)).not.toMatch(/<!channel>|<http/);
    expect(parsedTexts(message)).toContain("&lt;!channel&gt;");
  });

  it("customer card: contacts, consent, pets, history button", () => {
    const [message] = customerMessages({ customer, requestId: "r-2" }) as [Message];
    expectWithinLimits(message);
    expect(JSON.stringify(message)).toContain("Booking history");
    expect(message).toMatchSnapshot();
  });

  it("lists with paging: a pet list names each pet's owner, and its buttons do too", () => {
    const pets = biz.pets.slice(0, 10).map(pet);
    const customers = biz.customers.slice(0, 10).map((c) => readCustomer(c, silentLogger()) as Customer);
    const bookings = biz.bookings.slice(0, 10).map(booking);
    const messages = [
      ...petListMessages({
        query: "a",
        name: "a",
        owner: undefined,
        items: pets.map((p, i) => ({ pet: p, owner: `Owner ${i}`, age: i % 2 ? "3 years" : undefined })),
        page: 2,
        totalPages: 5,
        totalRecords: 45,
        requestId: "r",
      }),
      ...customerListMessages({
        query: "o",
        items: customers,
        page: 1,
        totalPages: 3,
        totalRecords: 25,
        requestId: "r",
      }),
      ...bookingListMessages(
        {
          title: "Bookings",
          emptyText: "none",
          items: bookings,
          page: 1,
          totalPages: 1,
          totalRecords: 10,
          requestId: "r",
        },
        TZ,
        "2026",
        { search: { q: "x", t: "2026-11-22" } },
      ),
    ];
    for (const m of messages) expectWithinLimits(m);
    expect(JSON.stringify(messages[0])).toContain("Open");
    expect(JSON.stringify(messages[0])).toContain("(Owner 0)");
    expect(messages).toMatchSnapshot();
  });

  it("help, status, errors", () => {
    const messages = [
      helpMessage(TZ),
      statusMessage({
        report: {
          state: "key_rejected",
          baseUrl: "https://api.example.com/api/v1",
          requestId: "req-9",
          error: undefined,
          durationMs: 42,
        },
        words: {
          state: "key_rejected",
          ok: false,
          headline: "The kennel API rejected the API key.",
          detail: "401",
          action: "Generate a new key.",
        },
        cache: "Pets and customers are cached for 300 s.",
        slack: "reconnecting since 2026-11-22T09:00:00.000Z (3 failed attempts; last error: ENOTFOUND)",
      }),
      failureMessage({
        kind: "not_found",
        what: 'No booking with reference "<X>" was found.',
        whatToDo: "Check it.",
        requestId: "req-3",
        exitCode: 1,
      }),
    ];
    for (const m of messages) expectWithinLimits(m);
    expect(messages).toMatchSnapshot();
  });

  it("raw JSON: split into messages that each fit, escaped; a small answer loses nothing", () => {
    const raw = biz.bookings.slice(0, 20);
    const messages = rawMessages("Departures", raw, "kennel-desk departures --json");
    for (const m of messages) expectWithinLimits(m);
    const joined = messages
      .flatMap((m) => m.blocks)
      .filter((b) => b.type === "section")
      .map((b) => (b.type === "section" ? (b.text?.text ?? "").slice(3, -3) : ""))
      .join("");
    const unescaped = joined.replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&amp;/g, "&");
    expect(JSON.parse(unescaped)).toEqual(raw);
  });

  it("raw JSON of a 10 MB answer: at most a few messages, and where to get all of it", () => {
    const huge = Array.from({ length: 20_000 }, (_, i) => ({ i, note: "x".repeat(500) }));
    const messages = rawMessages("Departures", huge, "kennel-desk departures 2026-11-24 --json");
    expect(messages.length).toBeLessThanOrEqual(RAW_MAX_MESSAGES);
    for (const m of messages) expectWithinLimits(m);
    expect(JSON.stringify(messages.at(-1))).toContain("Cut here");
    expect(JSON.stringify(messages.at(-1))).toContain("kennel-desk departures 2026-11-24 --json");
  });
});

describe("text helpers", () => {
  it("esc escapes &, < and > so nothing can ping or link", () => {
    expect(esc("<!channel> & <@U1> <http://x|y>")).toBe(
      "&lt;!channel&gt; &amp; &lt;@U1&gt; &lt;http://x|y&gt;",
    );
    expect(esc(undefined)).toBe("");
  });

  it("esc strips bidi overrides and zero-width characters, keeping emoji and accents", () => {
    expect(esc("Kennel\u202E DIAPNU\u202C 2\u200B")).toBe("Kennel DIAPNU 2");
    expect(esc("Chloé 🐕‍🦺 👨‍👩‍👧")).toBe("Chloé 🐕‍🦺 👨‍👩‍👧");
  });

  it("truncate never exceeds the limit nor splits an entity", () => {
    const t = truncate(esc("&".repeat(5000)), LIMITS.sectionText);
    expect(t.length).toBeLessThanOrEqual(LIMITS.sectionText);
    expect(t).toMatch(/(&amp;)+…$/);
  });
});
