import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createKennelClient } from "../../src/kennel/client.ts";
import {
  AuthenticationError,
  InvalidResponseError,
  NotFoundError,
  RateLimitedError,
  ServerError,
  TimeoutError,
  WrongAddressError,
} from "../../src/kennel/errors.ts";
import { collectAll } from "../../src/kennel/pagination.ts";
import { silentLogger } from "../../src/log.ts";
import { type Sandbox, startSandbox } from "../../src/sandbox/server.ts";

let sbx: Sandbox;

beforeAll(async () => {
  sbx = await startSandbox({ seed: 5, customers: 120, today: "2026-11-22", timezone: "Europe/London" });
});
afterAll(() => sbx.close());

function clientFor(key: string, timeoutMs = 5_000) {
  return createKennelClient(
    { apiKey: key, baseUrl: new URL(sbx.url), timeoutMs, debug: false },
    { log: silentLogger(), retryDelay: () => 0 },
  );
}

async function get(path: string, key?: string) {
  const res = await fetch(`${sbx.url}${path}`, { headers: key === undefined ? {} : { "x-api-key": key } });
  const text = await res.text();
  return {
    status: res.status,
    requestId: res.headers.get("x-request-id"),
    body: text ? JSON.parse(text) : undefined,
  };
}

describe("the sandbox API", () => {
  it("serves only on loopback, with a request id on every answer", async () => {
    expect(sbx.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/v1$/);
    const ok = await get("/health", sbx.keys.main);
    expect(ok.status).toBe(200);
    expect(ok.requestId).toMatch(/^sbx-/);
  });

  it.each([
    ["missing", undefined],
    ["wrong", "kd_live_wrong"],
    ["the other business's key with a space inside", `x ${"y"}`],
  ])("401 authentication_failed for a %s key, with the request id in the body", async (_name, key) => {
    const r = await get("/bookings", key);
    expect(r.status).toBe(401);
    expect(r.body.code).toBe("authentication_failed");
    expect(r.body.requestId).toBe(r.requestId);
  });

  it("pages with defaults 1 and 25, refuses page 0 and pageSize over 100 with a clear 400", async () => {
    const first = await get("/bookings", sbx.keys.main);
    expect(first.body).toMatchObject({ page: 1, pageSize: 25 });
    expect(first.body.items).toHaveLength(25);
    expect(first.body.totalPages).toBe(Math.ceil(first.body.totalRecords / 25));
    const zero = await get("/bookings?request.page=0", sbx.keys.main);
    expect(zero.status).toBe(400);
    expect(zero.body.message).toMatch(/request.page must be 1 or more/);
    const big = await get("/customers?request.pageSize=500", sbx.keys.main);
    expect(big.status).toBe(400);
    expect(big.body.message).toMatch(/between 1 and 100/);
    expect(big.body.requestId).toBe(big.requestId);
  });

  it("404 not_found for an unknown id and for every record of the other business", async () => {
    expect((await get("/bookings/1", sbx.keys.main)).status).toBe(404);
    const c = sbx.other.customers[0]?.customerId;
    const p = sbx.other.pets[0]?.petId;
    const b = sbx.other.bookings[0];
    for (const path of [
      `/customers/${c}`,
      `/customers/${c}/pets`,
      `/customers/${c}/bookings`,
      `/pets/${p}`,
      `/bookings/${b?.bookingId}`,
      `/bookings/reference/${encodeURIComponent(String(b?.reference))}`,
    ]) {
      const r = await get(path, sbx.keys.main);
      expect(r.status, path).toBe(404);
      expect(r.body.code).toBe("not_found");
      expect(r.body.requestId).toBe(r.requestId);
    }
  });

  it("keeps the two businesses apart in every list", async () => {
    const main = clientFor(sbx.keys.main);
    const other = clientFor(sbx.keys.other);
    const mainIds = new Set((await collectAll(main.iterateCustomers({}, 100))).map((c) => c.customerId));
    const otherIds = (await collectAll(other.iterateCustomers({}, 100))).map((c) => c.customerId);
    expect(otherIds.length).toBe(sbx.other.customers.length);
    expect(otherIds.some((id) => mainIds.has(id))).toBe(false);
    const day = sbx.data.busyDays[0] as string;
    expect((await other.listDepartures(day)).data.length).toBe(
      sbx.other.departuresByDate.get(day)?.length ?? 0,
    );
  });

  it("a hostile reference stays one path segment", async () => {
    const withSlash = sbx.main.bookings.find((b) => String(b.reference).includes("/"));
    expect(withSlash).toBeDefined();
    const c = clientFor(sbx.keys.main);
    expect((await c.getBookingByReference(String(withSlash?.reference))).data.bookingId).toBe(
      withSlash?.bookingId,
    );
    await expect(c.getBookingByReference("../customers")).rejects.toBeInstanceOf(NotFoundError);
  });

  it("filters bookings by date range, type, status, customer and text", async () => {
    const c = clientFor(sbx.keys.main);
    const from = "2026-11-20T00:00:00Z";
    const to = "2026-11-21T23:59:59Z";
    const all = await collectAll(
      c.iterateBookings({ from, to, bookingType: "boarding", status: "checked_in" }, 100),
    );
    expect(all.length).toBeGreaterThan(0);
    for (const b of all) {
      expect(b.bookingType).toBe("boarding");
      expect(b.status).toBe("checked_in");
      expect(Date.parse(String(b.checkOutDate))).toBeGreaterThanOrEqual(Date.parse(from));
      expect(Date.parse(String(b.checkInDate))).toBeLessThanOrEqual(Date.parse(to));
    }
    const expected = sbx.main.bookings.filter(
      (b) =>
        b.bookingType === "boarding" &&
        b.status === "checked_in" &&
        Date.parse(String(b.checkOutDate)) >= Date.parse(from) &&
        Date.parse(String(b.checkInDate)) <= Date.parse(to),
    );
    expect(all.map((b) => b.bookingId).sort()).toEqual(expected.map((b) => b.bookingId).sort());
    const one = sbx.main.bookings[10];
    const found = await c.listBookings({ search: String(one?.reference).toLowerCase() });
    expect(found.data.items.map((b) => b.bookingId)).toContain(one?.bookingId);
  });

  it("finds customers by name, email and mobile, and pets by name, owner, species and breed", async () => {
    const c = clientFor(sbx.keys.main);
    const customer = sbx.main.customers[3] as Record<string, string>;
    for (const search of [customer.secondname, customer.email, customer.mobile]) {
      const page = await c.listCustomers({ search }, { pageSize: 100 });
      expect(
        page.data.items.map((x) => x.customerId),
        String(search),
      ).toContain(customer.customerId);
    }
    const pet = sbx.main.pets.find((p) => !p.deleted) as Record<string, unknown>;
    const owner = sbx.main.customerById.get(pet.customerId as number) as Record<string, string>;
    const pets = await c.listPets(
      {
        name: String(pet.name),
        owner: owner.secondname,
        species: String(pet.petType),
        breed: String(pet.breed),
      },
      { pageSize: 100 },
    );
    expect(pets.data.items.map((p) => p.petId)).toContain(pet.petId);
    expect(pets.data.items.every((p) => p.petType === pet.petType)).toBe(true);
  });
});

describe("fault injection, through the client", () => {
  afterAll(() => sbx.setFaults({}));

  it("latency: answers come late", async () => {
    sbx.setFaults({ latencyMs: 120 });
    const started = performance.now();
    await clientFor(sbx.keys.main).health();
    expect(performance.now() - started).toBeGreaterThanOrEqual(110);
  });

  it.each([
    ["500/503", { errorRate: 1 }, ServerError],
    ["429 with Retry-After", { rateLimitRate: 1, retryAfterSeconds: 0 }, RateLimitedError],
    ["a hang past the timeout", { hangRate: 1 }, TimeoutError],
    ["malformed JSON", { malformedRate: 1 }, InvalidResponseError],
    ["a wrong address (HTML)", { wrongAddress: true }, WrongAddressError],
  ])("%s", async (_name, faults, kind) => {
    sbx.setFaults(faults);
    const error = await clientFor(sbx.keys.main, 300)
      .getPet(sbx.main.pets[0]?.petId as number)
      .catch((e) => e);
    expect(error).toBeInstanceOf(kind);
    if (!(error instanceof TimeoutError) && !(error instanceof WrongAddressError))
      expect(error.requestId).toMatch(/^sbx-/);
  });

  it("records with wrong field types are degraded, never sink the list", async () => {
    sbx.setFaults({ corruptRate: 1 });
    const day = sbx.data.busyDays[0] as string;
    const list = await clientFor(sbx.keys.main).listDepartures(day);
    expect(list.data.length).toBe(sbx.main.departuresByDate.get(day)?.length);
    expect(list.data.every((b) => b.checkInDate === undefined && typeof b.bookingId === "number")).toBe(true);
  });

  it("a total that keeps growing while paging is stopped", async () => {
    sbx.setFaults({ growingTotals: true });
    const error = await collectAll(clientFor(sbx.keys.main).iterateBookings({}, 100)).catch((e) => e);
    expect(error).toBeInstanceOf(InvalidResponseError);
  });

  it("errors still need the right key first", async () => {
    sbx.setFaults({});
    expect(
      await clientFor("kd_live_nope")
        .health()
        .catch((e) => e),
    ).toBeInstanceOf(AuthenticationError);
  });
});

describe("scale", () => {
  it("10,000 customers and 100,000 bookings: a day's arrivals and a filtered page", async () => {
    const big = await startSandbox({
      seed: 9,
      customers: 10_000,
      bookings: 100_000,
      today: "2026-11-22",
      timezone: "UTC",
    });
    try {
      expect(big.main.bookings.length).toBeGreaterThanOrEqual(100_000);
      const c = createKennelClient(
        {
          apiKey: big.keys.main,
          baseUrl: new URL(big.url),
          timeoutMs: 10_000,
          debug: false,
        },
        { log: silentLogger() },
      );
      const arrivals = await c.listArrivals("2026-11-22");
      expect(arrivals.data.length).toBe(big.main.arrivalsByDate.get("2026-11-22")?.length);
      expect(arrivals.data.length).toBeGreaterThan(500);
      const page = await c.listBookings(
        { from: "2026-11-22T00:00:00Z", to: "2026-11-22T23:59:59Z", status: "checked_in" },
        { page: 2, pageSize: 50 },
      );
      expect(page.data.items.length).toBeGreaterThan(0);
      expect(page.data.items.every((b) => b.status === "checked_in")).toBe(true);
    } finally {
      await big.close();
    }
  });
});
