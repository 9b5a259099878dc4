/**
 * How many API calls an answer makes, and which overlap: through the real client (care cache,
 * in-flight sharing, concurrency limit) over an injected fetch that records each call's start and end.
 */
import { describe, expect, it } from "vitest";
import { dayReport } from "../../src/answers/day.ts";
import { bookingView } from "../../src/answers/records.ts";
import type { KennelSettings } from "../../src/config.ts";
import { loadConfig } from "../../src/config.ts";
import type { Deps } from "../../src/deps.ts";
import { createKennelClient } from "../../src/kennel/client.ts";
import { silentLogger } from "../../src/log.ts";

const BASE = "https://kennel.example.com/api/v1";
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
    const request = input instanceof Request ? input : new Request(input, init);
    const url = new URL(request.url);
    const path = url.pathname.replace("/api/v1", "");
    const call = { path, start: performance.now(), end: 0 };
    calls.push(call);
    await new Promise((r) => setTimeout(r, latencyMs));
    call.end = performance.now();
    let body: unknown = {};
    if (path === "/bookings/checkin") body = bookings;
    else if (/^\/customers\/\d+\/pets$/.test(path)) {
      const id = Number(path.split("/")[2]);
      body = [
        { petId: id * 10, customerId: id, name: `Pet ${id}`, medication: "Rimadyl 50 mg, half a tablet" },
      ];
    } else if (path.startsWith("/bookings/reference/")) {
      const { bookingId, reference, customerId, petNames, numberOfPets } =
        bookings[3] as (typeof bookings)[number];
      body = { bookingId, reference, customerId, petNames, numberOfPets };
    } else if (/^\/bookings\/\d+$/.test(path))
      body = { ...bookings[3], roomName: "Kennel 4", customerPhone: "07700 900123" };
    return new Response(JSON.stringify(body), {
      status: 200,
      headers: { "content-type": "application/json", "x-request-id": `srv-${calls.length}` },
    });
  }) as typeof fetch;
  return { calls, fetchFn };
}

function depsWith(fetchFn: typeof fetch, env: Record<string, string> = {}): Deps {
  const config = loadConfig({
    KENNEL_API_KEY: "test-key-rt-5512",
    KENNEL_API_BASE_URL: BASE,
    KENNEL_TIMEZONE: "Europe/London",
    ...env,
  });
  const kennel = createKennelClient(config.kennel as KennelSettings, {
    log: silentLogger(),
    fetch: fetchFn,
    retryDelay: () => 0,
  });
  return { kennel, log: silentLogger(), config, clock: { now: () => new Date(`${DAY}T07:00:00Z`) } };
}

describe("API calls per answer", () => {
  it("a warm /arrivals (40 bookings, 20 customers) makes exactly one API call", async () => {
    const api = fakeApi();
    const deps = depsWith(api.fetchFn);
    const cold = await dayReport(deps, "arrivals", DAY);
    const coldCalls = api.calls.length;
    // The first page's customers: one list call, then one call per customer on the page.
    const customers = new Set(cold.entries.map((e) => e.booking.customerId)).size;
    expect(coldCalls).toBe(1 + customers);
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
      "/customers/4/pets",
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
