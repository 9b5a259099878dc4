/**
 * How many API calls an answer makes, and which overlap: through the real client (care cache,
 * in-flight sharing, concurrency limit) over an injected fetch that records each call's start and end.
 */
import { describe, expect, it } from "vitest";
import { dayReport } from "../../src/answers/day.ts";
import { houseReport } from "../../src/answers/house.ts";
import { bookingView } from "../../src/answers/records.ts";
import { dayListMessages } from "../../src/blocks/day-list.ts";
import { houseMessages } from "../../src/blocks/house.ts";
import type { Deps } from "../../src/deps.ts";
import { dayText, houseText } from "../../src/text/index.ts";
import { apiPath, fetchDeps, jsonAnswer } from "../helpers/fetch-deps.ts";

const DAY = "2026-11-24";

/** 40 arrivals from 20 customers; each customer has one pet named as on the booking. */
const bookings = Array.from({ length: 40 }, (_, i) => ({
  bookingId: 1000 + i,
  reference: `HP-${1000 + i}`,
  customerId: 1 + (i % 20),
  customerName: `Owner ${1 + (i % 20)}`,
  petNames: `Pet ${1 + (i % 20)}`,
  numberOfPets: 1,
  status: "confirmed",
  checkInDate: `${DAY}T${String(8 + (i % 10)).padStart(2, "0")}:00:00Z`,
  checkOutDate: "2026-11-27T10:00:00Z",
}));

function fakeApi(latencyMs = 20) {
  const calls: Array<{ path: string; start: number; end: number }> = [];
  const fetchFn = (async (input: Request | string | URL, init?: RequestInit) => {
    const path = apiPath(input, init);
    const call = { path, start: performance.now(), end: 0 };
    calls.push(call);
    await new Promise((r) => setTimeout(r, latencyMs));
    call.end = performance.now();
    let body: unknown = {};
    if (path === "/bookings/checkin") body = bookings;
    else if (/^\/customers\/\d+$/.test(path)) {
      // A customer with its pets embedded, as the spec gives it: the care of its bookings.
      const id = Number(path.split("/")[2]);
      const pets = [
        { petId: id * 10, customerId: id, name: `Pet ${id}`, medication: "Rimadyl 50 mg, half a tablet" },
      ];
      body = { customerId: id, firstname: "Owner", secondname: String(id), pets };
    } else if (path.startsWith("/bookings/reference/")) {
      const { bookingId, reference, customerId, petNames, numberOfPets } =
        bookings[3] as (typeof bookings)[number];
      body = { bookingId, reference, customerId, petNames, numberOfPets };
    } else if (/^\/bookings\/\d+$/.test(path))
      body = { ...bookings[3], roomName: "Kennel 4", customerPhone: "07700 900123" };
    return jsonAnswer(body, { "x-request-id": `srv-${calls.length}` });
  }) as typeof fetch;
  return { calls, fetchFn };
}

const depsWith = (fetchFn: typeof fetch, env: Record<string, string> = {}): Deps =>
  fetchDeps(fetchFn, `${DAY}T07:00:00Z`, env);

describe("API calls per answer", () => {
  it("a warm /arrivals (40 bookings, 20 customers) makes exactly one API call", async () => {
    const api = fakeApi();
    const deps = depsWith(api.fetchFn);
    const cold = await dayReport(deps, "arrivals", DAY);
    const coldCalls = api.calls.length;
    // One list call, then one call per customer of the whole day (the summary counts the whole day).
    expect(coldCalls).toBe(1 + 20);
    const warm = await dayReport(deps, "arrivals", DAY);
    expect(api.calls.length - coldCalls).toBe(1);
    expect(api.calls.at(-1)?.path).toBe("/bookings/checkin");
    expect(warm.entries.map((e) => e.care?.status)).toEqual(cold.entries.map((e) => e.care?.status));
  });

  it("with KENNEL_CACHE_TTL_S=0 nothing is cached: the second /arrivals asks for every customer again", async () => {
    const api = fakeApi();
    const deps = depsWith(api.fetchFn, { KENNEL_CACHE_TTL_S: "0" });
    await dayReport(deps, "arrivals", DAY);
    const first = api.calls.length;
    await dayReport(deps, "arrivals", DAY);
    expect(api.calls.length).toBe(2 * first);
  });

  it("/booking REF: the reference, then the full booking and the customer's pets at the same time", async () => {
    const api = fakeApi(40);
    const deps = depsWith(api.fetchFn);
    const view = await bookingView(deps, "HP-1003");
    expect(view.full).toBe(true);
    expect(view.care.status).toBe("matched");
    expect(api.calls.map((c) => c.path)).toEqual([
      "/bookings/reference/HP-1003",
      "/bookings/1003",
      "/customers/4",
    ]);
    const [ref, full, pets] = api.calls as [
      (typeof api.calls)[0],
      (typeof api.calls)[0],
      (typeof api.calls)[0],
    ];
    // The last two start after the reference answered, and overlap each other.
    expect(full.start).toBeGreaterThanOrEqual(ref.end);
    expect(pets.start).toBeGreaterThanOrEqual(ref.end);
    expect(pets.start).toBeLessThan(full.end);
    expect(full.start).toBeLessThan(pets.end);
  });
});

describe("raw answers in a channel", () => {
  it("KENNEL_RAW_RESPONSES=1: /arrivals and its paging buttons carry the API's JSON without any contact field", async () => {
    const api = fakeApi(0);
    const withContacts = (await import("../../src/listeners/replies.ts")).dayMessages;
    const deps = depsWith(api.fetchFn, { KENNEL_RAW_RESPONSES: "1" });
    bookings[0] = {
      ...bookings[0],
      customerPhone: "07700 900999",
      customerEmail: "ann@example.com",
    } as (typeof bookings)[0];
    const messages = await withContacts(deps, "arrivals", DAY, 2);
    const text = JSON.stringify(messages);
    expect(text).toContain("HP-1000");
    expect(text).not.toContain("07700 900999");
    expect(text).not.toContain("ann@example.com");
    expect(text).not.toMatch(/customerPhone|customerEmail/);
  });
});

describe("raw answers elsewhere", () => {
  it("with KENNEL_RAW_RESPONSES=1 the other surfaces (posts, tomorrow's check) still get every entry and its care", async () => {
    const api = fakeApi(0);
    const deps = depsWith(api.fetchFn, { KENNEL_RAW_RESPONSES: "1" });
    const report = await dayReport(deps, "arrivals", DAY, { wholeDay: true });
    expect(report.raw).toBeUndefined();
    expect(report.entries).toHaveLength(40);
    expect(report.entries.every((e) => e.care?.status === "matched")).toBe(true);
  });
});

describe("a summary counts the whole day, whatever page is shown", () => {
  /** Care details that cannot be matched for three of the day's customers (two pets, neither the one booked). */
  function unmatchedApi() {
    const api = fakeApi(0);
    const strangers = new Set([1, 8, 15]);
    const fetchFn = (async (input: Request | string | URL, init?: RequestInit) => {
      const path = apiPath(input, init);
      const id = Number(path.split("/")[2]);
      if (/^\/customers\/\d+$/.test(path) && strangers.has(id)) {
        await api.fetchFn(input, init);
        const pets = [
          { petId: id * 10, customerId: id, name: "Someone" },
          { petId: id * 10 + 1, customerId: id, name: "Another" },
        ];
        return jsonAnswer({ customerId: id, pets });
      }
      if (path === "/bookings")
        return jsonAnswer({ page: 1, pageSize: 100, totalPages: 1, totalRecords: 40, items: bookings });
      return api.fetchFn(input, init);
    }) as typeof fetch;
    return { ...api, fetchFn };
  }
  // Customers 1, 8 and 15 have two bookings each on the day (40 bookings, 20 customers): 6 not matched.
  const NOT_MATCHED = 6;

  it("/arrivals: page 1 and page 2 both count every booking not matched, and say which page they are", async () => {
    const deps = depsWith(unmatchedApi().fetchFn);
    const first = await dayReport(deps, "arrivals", DAY, { page: 1 });
    const second = await dayReport(deps, "arrivals", DAY, { page: 2 });
    expect(first.pages).toBeGreaterThan(1);
    const onFirst = first.entries.filter((e) => e.care?.status === "not_matched").length;
    expect(onFirst).toBeLessThan(NOT_MATCHED);
    for (const r of [first, second]) {
      expect(r.totals.careNotMatched).toBe(NOT_MATCHED);
      expect(r.totals.medications).toBe(40 - NOT_MATCHED);
      expect(r.totals.careKnownForAll).toBe(true);
      const words = `${NOT_MATCHED} with care details not matched`;
      const place = `page ${r.page} of ${r.pages} (showing ${r.from + 1}–${r.from + r.entries.length} of 40)`;
      const summary = dayText(r, { color: false, timezone: "Europe/London", thisYear: "2026" })
        .split("\n")
        .find((l) => l.includes(words));
      expect(summary).toContain(place);
      expect(summary).not.toContain("on this page");
      expect(JSON.stringify(dayListMessages(r, "Europe/London"))).toContain(`${words} · ${place}`);
    }
  });

  it("/inhouse: page 1 counts the day's stays whose care is not matched, beside 'page 1 of N'", async () => {
    const deps = depsWith(unmatchedApi().fetchFn);
    const first = await houseReport(deps, DAY, { page: 1 });
    const whole = await houseReport(deps, DAY, { wholeDay: true });
    expect(first.pages).toBeGreaterThan(1);
    expect(whole.entries).toHaveLength(40);
    expect(first.totals).toEqual(whole.totals);
    expect(first.totals.careNotMatched).toBe(NOT_MATCHED);
    expect(first.entries.filter((e) => e.care?.status === "not_matched").length).toBeLessThan(NOT_MATCHED);
    const place = `page 1 of ${first.pages} (showing 1–${first.entries.length} of 40 stays)`;
    const text = houseText(first, { color: false, timezone: "Europe/London", thisYear: "2026" });
    expect(text).toContain(`${NOT_MATCHED} with care details not matched · ${place}`);
    expect(JSON.stringify(houseMessages(first, "Europe/London", "2026"))).toContain(
      `${NOT_MATCHED} with care details not matched · ${place}`,
    );
  });
});
