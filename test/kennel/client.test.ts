import nock from "nock";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { KennelSettings } from "../../src/config.ts";
import { createKennelClient, type KennelClient } from "../../src/kennel/client.ts";
import {
  AuthenticationError,
  BadRequestError,
  InvalidResponseError,
  KennelError,
  NotFoundError,
  RateLimitedError,
  ServerError,
  TimeoutError,
  UnreachableError,
  WrongAddressError,
} from "../../src/kennel/errors.ts";
import { collectAll } from "../../src/kennel/pagination.ts";
import { describeStatus } from "../../src/kennel/status.ts";
import { BASE, KEY, kennelSettings, ORIGIN, slowPets } from "../helpers/kennel.ts";
import { captureLogger } from "../helpers/log.ts";

function client(
  overrides: Partial<KennelSettings> = {},
  extra: Parameters<typeof createKennelClient>[1] | object = {},
) {
  const captured = captureLogger();
  const c = createKennelClient(kennelSettings(overrides), {
    log: captured.log,
    retryDelay: () => 0,
    newRequestId: () => "sent-id-1",
    ...extra,
  });
  return { c, ...captured };
}

/** A fetch that records every request and answers from a function; no network at all. */
function recordingFetch(answer: (url: URL) => unknown = () => []) {
  const requests: Request[] = [];
  const fetchFn = async (input: Request | string | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    requests.push(request);
    return new Response(JSON.stringify(answer(new URL(request.url))), {
      status: 200,
      headers: { "content-type": "application/json", "x-request-id": "srv-1" },
    });
  };
  return { requests, fetch: fetchFn as typeof fetch };
}

const envelope = (items: unknown[], page = 1, totalPages = 1) => ({
  page,
  pageSize: 25,
  totalRecords: items.length,
  totalPages,
  items,
});

beforeAll(() => {
  nock.disableNetConnect();
});
beforeEach(() => nock.cleanAll());
afterEach(() => {
  nock.cleanAll();
});

describe("endpoints: exact paths and query strings", () => {
  async function urlOf(call: (c: KennelClient) => Promise<unknown>, answer?: (url: URL) => unknown) {
    const rec = recordingFetch(answer);
    const { c } = client({}, { fetch: rec.fetch });
    await call(c);
    expect(rec.requests).toHaveLength(1);
    const request = rec.requests[0] as Request;
    expect(request.method).toBe("GET");
    expect(request.headers.get("x-api-key")).toBe(KEY);
    expect(request.headers.get("accept")).toBe("application/json");
    expect(request.headers.get("x-request-id")).toBe("sent-id-1");
    expect(request.redirect).toBe("manual");
    return request.url.slice(BASE.length);
  }

  it("GET /bookings with every filter and paging parameter", async () => {
    const path = await urlOf(
      (c) =>
        c.listBookings(
          {
            from: "2026-11-01T00:00:00Z",
            to: "2026-11-30T23:59:59Z",
            bookingType: "boarding",
            status: "confirmed",
            customerId: 12,
            serviceId: 3,
            search: "Biscuit & Co/ü?",
          },
          { page: 2, pageSize: 50 },
        ),
      () => envelope([]),
    );
    expect(path).toBe(
      "/bookings?request.from=2026-11-01T00%3A00%3A00Z&request.to=2026-11-30T23%3A59%3A59Z&request.bookingType=boarding&request.status=confirmed&request.customerId=12&request.serviceId=3&request.search=Biscuit%20%26%20Co%2F%C3%BC%3F&request.page=2&request.pageSize=50",
    );
  });

  it.each<[string, (c: KennelClient) => Promise<unknown>, ((url: URL) => unknown) | undefined, string]>([
    [
      "GET /bookings with no filter sends no parameters",
      (c) => c.listBookings(),
      () => envelope([]),
      "/bookings",
    ],
    ["GET /bookings/{id}", (c) => c.getBooking(12345), () => ({ bookingId: 12345 }), "/bookings/12345"],
    ["GET /customers/{id}", (c) => c.getCustomer(7), () => ({ customerId: 7 }), "/customers/7"],
    ["GET /customers/{id}/pets", (c) => c.listCustomerPets(7), undefined, "/customers/7/pets"],
    ["GET /pets/{id}", (c) => c.getPet(99), () => ({ petId: 99 }), "/pets/99"],
    ["GET /health", (c) => c.health(), () => ({ status: "ok" }), "/health"],
  ])("%s", async (_, call, answer, path) => {
    expect(await urlOf(call, answer)).toBe(path);
  });

  it("GET /bookings/reference/{reference} keeps a hostile reference in one segment", async () => {
    const answer = () => ({ bookingId: 1, reference: "x" });
    expect(await urlOf((c) => c.getBookingByReference("ABC-1"), answer)).toBe("/bookings/reference/ABC-1");
    expect(await urlOf((c) => c.getBookingByReference("../customers"), answer)).toBe(
      "/bookings/reference/..%2Fcustomers",
    );
    expect(await urlOf((c) => c.getBookingByReference("A/B C"), answer)).toBe(
      "/bookings/reference/A%2FB%20C",
    );
    expect(await urlOf((c) => c.getBookingByReference("a?b#c"), answer)).toBe(
      "/bookings/reference/a%3Fb%23c",
    );
  });

  it("refuses '.' and '..' as a reference without calling the API", async () => {
    const rec = recordingFetch();
    const { c } = client({}, { fetch: rec.fetch });
    await expect(c.getBookingByReference("..")).rejects.toBeInstanceOf(BadRequestError);
    await expect(c.getBookingByReference(" . ")).rejects.toBeInstanceOf(BadRequestError);
    expect(rec.requests).toHaveLength(0);
  });

  it("GET /bookings/checkin and /bookings/checkout with the date", async () => {
    expect(await urlOf((c) => c.listArrivals("2026-11-24"))).toBe("/bookings/checkin?date=2026-11-24");
    expect(await urlOf((c) => c.listDepartures("2026-11-24"))).toBe("/bookings/checkout?date=2026-11-24");
  });

  it("refuses a date that is not YYYY-MM-DD without calling the API", async () => {
    const rec = recordingFetch();
    const { c } = client({}, { fetch: rec.fetch });
    await expect(c.listArrivals("24/11/2026")).rejects.toBeInstanceOf(BadRequestError);
    expect(rec.requests).toHaveLength(0);
  });

  it("GET /customers with every filter", async () => {
    const path = await urlOf(
      (c) =>
        c.listCustomers(
          {
            search: "O'Brien-Smith",
            createdSince: "2026-01-01T00:00:00Z",
            updatedSince: "2026-11-01T00:00:00Z",
            archived: false,
          },
          { page: 3, pageSize: 10 },
        ),
      () => envelope([]),
    );
    expect(path).toBe(
      "/customers?request.createdSince=2026-01-01T00%3A00%3A00Z&request.updatedSince=2026-11-01T00%3A00%3A00Z&request.search=O%27Brien-Smith&request.archived=false&request.page=3&request.pageSize=10",
    );
  });

  it("GET /customers/{id}/bookings with its filters", async () => {
    expect(
      await urlOf(
        (c) =>
          c.listCustomerBookings(7, { status: "confirmed", from: "2026-01-01" }, { page: 2, pageSize: 5 }),
        () => envelope([]),
      ),
    ).toBe(
      "/customers/7/bookings?request.from=2026-01-01&request.status=confirmed&request.page=2&request.pageSize=5",
    );
  });

  it("GET /pets with name, owner, species and breed", async () => {
    expect(
      await urlOf(
        (c) =>
          c.listPets({ name: "Biscuit", owner: "Ng", species: "Dog", breed: "Border Collie" }, { page: 1 }),
        () => envelope([]),
      ),
    ).toBe(
      "/pets?request.name=Biscuit&request.owner=Ng&request.species=Dog&request.breed=Border%20Collie&request.page=1",
    );
  });

  it("refuses page 0 and a negative page size without calling the API", async () => {
    const rec = recordingFetch();
    const { c } = client({}, { fetch: rec.fetch });
    await expect(c.listBookings({}, { page: 0 })).rejects.toThrow(/page must be a whole number of 1 or more/);
    await expect(c.listCustomers({}, { pageSize: -5 })).rejects.toThrow(/pageSize/);
    expect(rec.requests).toHaveLength(0);
  });
});

describe("tolerant shapes where the spec shows none", () => {
  it("accepts arrivals as a plain array or as a page envelope (reading every page)", async () => {
    const rec = recordingFetch((url) => {
      if (url.pathname.endsWith("checkout")) return [{ bookingId: 1 }, { bookingId: 2 }];
      const page = Number(url.searchParams.get("request.page") ?? 1);
      return { page, pageSize: 1, totalRecords: 2, totalPages: 2, items: [{ bookingId: page * 10 }] };
    });
    const { c } = client({}, { fetch: rec.fetch });
    expect((await c.listDepartures("2026-11-24")).data.map((b) => b.bookingId)).toEqual([1, 2]);
    expect((await c.listArrivals("2026-11-24")).data.map((b) => b.bookingId)).toEqual([10, 20]);
  });

  it("accepts a customer's pets as an array or an envelope, and a single booking wrapped or bare", async () => {
    const shapes = [[{ petId: 1 }], envelope([{ petId: 1 }])];
    for (const shape of shapes) {
      const { c } = client({}, { fetch: recordingFetch(() => shape).fetch });
      expect((await c.listCustomerPets(3)).data.map((p) => p.petId)).toEqual([1]);
    }
    for (const shape of [
      { bookingId: 5 },
      [{ bookingId: 5 }],
      envelope([{ bookingId: 5 }]),
      { booking: { bookingId: 5 } },
    ]) {
      const { c } = client({}, { fetch: recordingFetch(() => shape).fetch });
      expect((await c.getBooking(5)).data.bookingId).toBe(5);
    }
  });

  it("keeps unknown fields and the raw JSON", async () => {
    const body = [{ bookingId: 1, somethingNew: { a: 1 }, checkInDate: "2026-11-24T09:30:00" }];
    const { c } = client({}, { fetch: recordingFetch(() => body).fetch });
    const result = await c.listDepartures("2026-11-24");
    expect(result.raw).toEqual(body);
    expect(result.data[0]?.somethingNew).toEqual({ a: 1 });
    // ASSUMPTION under test: a date-time without an offset is UTC.
    expect(result.data[0]?.checkInDate).toBe("2026-11-24T09:30:00.000Z");
    expect(result.requestId).toBe("srv-1");
  });

  it("reads a date-time without an offset as UTC whatever the process's zone, with a T or a space", async () => {
    const before = process.env.TZ;
    process.env.TZ = "Australia/Sydney"; // the bot's process takes the kennel's zone as its own
    try {
      const body = [
        { bookingId: 1, checkInDate: "2026-11-24T09:30:00", checkOutDate: "2026-11-24 09:30:00" },
        { bookingId: 2, checkInDate: "2026-11-24 20:15", checkOutDate: "2026-11-24 20:15:00.5+11:00" },
      ];
      const { c } = client({}, { fetch: recordingFetch(() => body).fetch });
      const [a, b] = (await c.listDepartures("2026-11-24")).data;
      expect([a?.checkInDate, a?.checkOutDate]).toEqual([
        "2026-11-24T09:30:00.000Z",
        "2026-11-24T09:30:00.000Z",
      ]);
      expect([b?.checkInDate, b?.checkOutDate]).toEqual([
        "2026-11-24T20:15:00.000Z",
        "2026-11-24T09:15:00.500Z",
      ]);
    } finally {
      if (before === undefined) delete process.env.TZ;
      else process.env.TZ = before;
    }
  });

  it("a record with wrong types does not sink its list", async () => {
    const body = envelope([
      { bookingId: 1, customerName: "Ana", bookingPaid: true },
      {
        bookingId: 2,
        customerName: "Bo",
        checkInDate: "not a date",
        bookingPaid: "perhaps",
        numberOfPets: "two",
      },
      "not a record",
      { bookingId: "3", customerName: null, roomName: "", bookingPaid: 0 },
    ]);
    const { c, records } = client({}, { fetch: recordingFetch(() => body).fetch });
    const page = await c.listBookings();
    expect(page.data.items.map((b) => b.bookingId)).toEqual([1, 2, 3]);
    const degraded = page.data.items[1];
    expect(degraded?.customerName).toBe("Bo");
    expect(degraded?.checkInDate).toBeUndefined();
    expect(degraded?.bookingPaid).toBeUndefined();
    const third = page.data.items[2];
    expect(third?.customerName).toBeUndefined();
    expect(third?.roomName).toBeUndefined();
    expect(third?.bookingPaid).toBe(false);
    const warnings = records().filter((r) => r.level === "warn");
    expect(warnings).toHaveLength(2);
    expect(warnings[0]).toMatchObject({ kind: "booking", id: 2 });
    expect([...((warnings[0]?.fields as string[]) ?? [])].sort()).toEqual([
      "bookingPaid",
      "checkInDate",
      "numberOfPets",
    ]);
    expect(warnings[1]?.msg).toMatch(/not an object/);
    // The log names fields, never their values.
    expect(JSON.stringify(warnings)).not.toContain("perhaps");
  });

  it("a customer's bad embedded pet does not sink the customer", async () => {
    const body = {
      customerId: 4,
      firstname: "Zoë",
      smS_Accepts: true,
      pets: [{ petId: 1, name: "Rex" }, 42],
    };
    const { c } = client({}, { fetch: recordingFetch(() => body).fetch });
    const customer = (await c.getCustomer(4)).data;
    expect(customer.firstname).toBe("Zoë");
    expect(customer.smS_Accepts).toBe(true);
    expect(customer.pets?.map((p) => p.name)).toEqual(["Rex"]);
  });
});

describe("errors, each with its request id and words to act on", () => {
  it("401 is a rejected key, with the remedy, and is not retried", async () => {
    const scope = nock(ORIGIN)
      .get("/api/v1/bookings/reference/X1")
      .once()
      .reply(401, { code: "authentication_failed", requestId: "req-401" });
    const { c } = client();
    const error = await c.getBookingByReference("X1").catch((e) => e);
    expect(error).toBeInstanceOf(AuthenticationError);
    expect(error.requestId).toBe("req-401");
    expect(error.describe()).toMatch(/generate a new key there/);
    expect(error.describe()).toMatch(/request id req-401/);
    expect(scope.isDone()).toBe(true);
  });

  it("404 names what was looked for, takes the request id from a header, and is not retried", async () => {
    nock(ORIGIN)
      .get("/api/v1/bookings/reference/NOPE-9")
      .once()
      .reply(404, { code: "not_found" }, { "X-Request-Id": "hdr-404" });
    const { c } = client();
    const error = await c.getBookingByReference("NOPE-9").catch((e) => e);
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error.message).toBe('No booking with reference "NOPE-9" was found.');
    expect(error.requestId).toBe("hdr-404");
  });

  it.each([
    ["request-id", { "request-id": "v1" }, {}, "v1"],
    ["x-correlation-id", { "x-correlation-id": "v2" }, {}, "v2"],
    ["traceId in the body", {}, { traceId: "v3" }, "v3"],
    ["request_id nested in error", {}, { error: { request_id: "v4" } }, "v4"],
  ])("finds the request id in %s", async (_name, headers, body, expected) => {
    nock(ORIGIN)
      .get("/api/v1/pets/1")
      .reply(404, body, headers as Record<string, string>);
    const { c } = client();
    const error = await c.getPet(1).catch((e) => e);
    expect(error.requestId).toBe(expected);
  });

  it("falls back to the request id the client sent", async () => {
    nock(ORIGIN).get("/api/v1/pets/1").reply(404, "");
    const { c } = client();
    expect((await c.getPet(1).catch((e) => e)).requestId).toBe("sent-id-1");
  });

  it("a refused connection is unreachable, retried twice", async () => {
    const scope = nock(ORIGIN)
      .get("/api/v1/health")
      .times(3)
      .replyWithError(Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" }));
    const { c } = client();
    const error = await c.health().catch((e) => e);
    expect(error).toBeInstanceOf(UnreachableError);
    expect(error.message).toMatch(/could not be reached \(the connection was refused\)/);
    expect(scope.isDone()).toBe(true);
  });

  it("an HTML page is a wrong address", async () => {
    nock(ORIGIN)
      .get("/api/v1/bookings/checkout")
      .query(true)
      .reply(200, "<!doctype html><html>Login</html>", {
        "content-type": "text/html",
      });
    const { c } = client();
    const error = await c.listDepartures("2026-11-24").catch((e) => e);
    expect(error).toBeInstanceOf(WrongAddressError);
    expect(error.message).toMatch(/web page \(HTML\)/);
  });

  it("a 404 from /health is a wrong address", async () => {
    nock(ORIGIN).get("/api/v1/health").reply(404, { message: "no route" });
    const { c } = client();
    expect(await c.health().catch((e) => e)).toBeInstanceOf(WrongAddressError);
  });

  it.each([
    ["arrivals", "/api/v1/bookings/checkin", (c: KennelClient) => c.listArrivals("2026-11-29")],
    ["bookings", "/api/v1/bookings", (c: KennelClient) => c.listBookings()],
    ["customers", "/api/v1/customers", (c: KennelClient) => c.listCustomers()],
    ["pets", "/api/v1/pets", (c: KennelClient) => c.listPets()],
  ])(
    "a 404 from a list that names no id (%s) is a wrong address, not 'nothing found'",
    async (_, path, call) => {
      nock(ORIGIN).get(path).query(true).reply(404, { code: "not_found" });
      const { c } = client();
      const error = await call(c).catch((e) => e);
      expect(error).toBeInstanceOf(WrongAddressError);
      expect(error.message).toMatch(/KENNEL_API_BASE_URL does not seem to point at the kennel API/);
    },
  );

  it.each([
    ["pet", "/api/v1/pets/5570", (c: KennelClient) => c.getPet(5570)],
    ["booking", "/api/v1/bookings/100004", (c: KennelClient) => c.getBooking(100004)],
    [
      "booking by reference",
      "/api/v1/bookings/reference/HP-DK4Q7M",
      (c: KennelClient) => c.getBookingByReference("HP-DK4Q7M"),
    ],
    ["customer", "/api/v1/customers/1384", (c: KennelClient) => c.getCustomer(1384)],
    ["customer's pets", "/api/v1/customers/1384/pets", (c: KennelClient) => c.listCustomerPets(1384)],
    [
      "customer's bookings",
      "/api/v1/customers/1384/bookings",
      (c: KennelClient) => c.listCustomerBookings(1384, {}, {}),
    ],
  ])(
    "a 404 for one %s without the API's code not_found is a wrong address, never 'not found' (spec, Errors)",
    async (_, path, call) => {
      // Another server at the address (a wrong path, a proxy): JSON 404 with no code, or none at all.
      for (const body of [{ message: "Not Found" }, {}, ""]) {
        nock(ORIGIN).get(path).query(true).reply(404, body, { "X-Request-Id": "other-404" });
        const { c } = client();
        const error = await call(c).catch((e) => e);
        expect(error).toBeInstanceOf(WrongAddressError);
        expect(error.kind).toBe("wrong_address");
        expect(error.message).toBe(
          `KENNEL_API_BASE_URL does not seem to point at the kennel API: ${path} answered 404 Not Found without the kennel API's error code not_found.`,
        );
        expect(error.describe()).toMatch(/Set KENNEL_API_BASE_URL to the API's address including \/api\/v1/);
        expect(error.describe()).toMatch(/request id other-404/);
        expect(error.describe()).not.toMatch(/was found|Check the id/);
      }
      // The API's own 404 (its code, in any of the usual places) is a record not found.
      for (const body of [{ code: "not_found" }, { error: { code: "NOT_FOUND" } }, { error: "not_found" }]) {
        nock(ORIGIN).get(path).query(true).reply(404, body);
        const { c } = client();
        expect(await call(c).catch((e) => e)).toBeInstanceOf(NotFoundError);
      }
    },
  );

  it("malformed JSON is an invalid response (not an HTTP problem)", async () => {
    nock(ORIGIN).get("/api/v1/pets/2").reply(200, '{"petId": 2,', { "content-type": "application/json" });
    const { c } = client();
    const error = await c.getPet(2).catch((e) => e);
    expect(error).toBeInstanceOf(InvalidResponseError);
    expect(error.status).toBe(200);
  });

  it("a list that is not a page is an invalid response", async () => {
    nock(ORIGIN).get("/api/v1/bookings").reply(200, { unexpected: true });
    const { c } = client();
    expect(await c.listBookings().catch((e) => e)).toBeInstanceOf(InvalidResponseError);
  });

  it("a slow answer is a timeout naming the limit: try again, then tell whoever runs the API (less is asked for only where the person chose how much)", async () => {
    nock(ORIGIN).get("/api/v1/bookings").query(true).delay(1_000).reply(200, envelope([]));
    const { c } = client({ timeoutMs: 150 });
    const error = await c.listBookings({}, { pageSize: 100 }).catch((e) => e);
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error.message).toMatch(/within 150 ms \(KENNEL_API_TIMEOUT_MS=150\)/);
    expect(error.hint("bot")).toBe(
      "Try again in a minute; if it keeps happening, the kennel API is slow: tell whoever runs it, with the request id.",
    );
    expect(error.narrowable().hint("bot")).toMatch(
      /^Try again with a narrower date range or a smaller page size;/,
    );
    expect(error.requestId).toBe("sent-id-1");
  });

  it("5xx is a server error after two retries", async () => {
    const scope = nock(ORIGIN).get("/api/v1/pets/3").times(3).reply(500, { requestId: "r500" });
    const { c } = client();
    const error = await c.getPet(3).catch((e) => e);
    expect(error).toBeInstanceOf(ServerError);
    expect(error.status).toBe(500);
    expect(error.requestId).toBe("r500");
    expect(scope.isDone()).toBe(true);
  });

  it("429 is rate limited after retries, with the wait the API asked for", async () => {
    nock(ORIGIN).get("/api/v1/pets/4").times(3).reply(429, {}, { "Retry-After": "0" });
    const { c } = client();
    const error = await c.getPet(4).catch((e) => e);
    expect(error).toBeInstanceOf(RateLimitedError);
    expect(error.retryAfterSeconds).toBe(0);
  });

  it("another 4xx is a bad request with the API's own words", async () => {
    nock(ORIGIN).get("/api/v1/bookings").query(true).reply(400, { message: "pageSize must be at most 100" });
    const { c } = client();
    const error = await c.listBookings({}, { pageSize: 500 }).catch((e) => e);
    expect(error).toBeInstanceOf(BadRequestError);
    expect(error.message).toMatch(/pageSize must be at most 100/);
  });
});

describe("retries", () => {
  it("retries 503, 502 and network errors, then succeeds", async () => {
    const scope = nock(ORIGIN)
      .get("/api/v1/pets/5")
      .reply(503)
      .get("/api/v1/pets/5")
      .replyWithError(Object.assign(new Error("reset"), { code: "ECONNRESET" }))
      .get("/api/v1/pets/5")
      .reply(200, { petId: 5 });
    const { c } = client();
    expect((await c.getPet(5)).data.petId).toBe(5);
    expect(scope.isDone()).toBe(true);
  });

  it.each([401, 404, 400])("does not retry %i", async (status) => {
    let calls = 0;
    nock(ORIGIN)
      .get("/api/v1/pets/6")
      .times(3)
      .reply(() => {
        calls++;
        return [status, {}];
      });
    const { c } = client();
    await c.getPet(6).catch(() => undefined);
    expect(calls).toBe(1);
  });

  it("retries 408 and 429 and honours Retry-After", async () => {
    const times: number[] = [];
    nock(ORIGIN)
      .get("/api/v1/pets/7")
      .reply(() => {
        times.push(Date.now());
        return [429, {}, { "Retry-After": "1" }];
      })
      .get("/api/v1/pets/7")
      .reply(() => {
        times.push(Date.now());
        return [408, {}];
      })
      .get("/api/v1/pets/7")
      .reply(() => {
        times.push(Date.now());
        return [200, { petId: 7 }];
      });
    const { c } = client();
    expect((await c.getPet(7)).data.petId).toBe(7);
    expect(times).toHaveLength(3);
    expect((times[1] as number) - (times[0] as number)).toBeGreaterThanOrEqual(950);
  });

  it("does not retry a timeout", async () => {
    let calls = 0;
    nock(ORIGIN)
      .get("/api/v1/pets/8")
      .times(3)
      .delay(500)
      .reply(() => {
        calls++;
        return [200, { petId: 8 }];
      });
    const { c } = client({ timeoutMs: 100 });
    expect(await c.getPet(8).catch((e) => e)).toBeInstanceOf(TimeoutError);
    expect(calls).toBeLessThanOrEqual(1);
  });
});

describe("redirects and the key", () => {
  it("never follows a redirect, and the key never reaches the redirect target", async () => {
    const elsewhere = nock("https://collector.example.net").get(/.*/).reply(200, []);
    const sameOrigin = nock(ORIGIN).get("/api/v2/bookings").reply(200, envelope([]));
    nock(ORIGIN).get("/api/v1/bookings").reply(302, "", { Location: "https://collector.example.net/steal" });
    nock(ORIGIN).get("/api/v1/health").reply(301, "", { Location: "/api/v2/health" });
    const { c } = client();
    const error = await c.listBookings().catch((e) => e);
    expect(error).toBeInstanceOf(WrongAddressError);
    expect(error.message).toMatch(/redirected \(HTTP 302\) to https:\/\/collector.example.net\/steal/);
    expect(await c.health().catch((e) => e)).toBeInstanceOf(WrongAddressError);
    expect(elsewhere.isDone()).toBe(false);
    expect(sameOrigin.isDone()).toBe(false);
  });

  it("the key is in no log line and no error text, whatever goes wrong", async () => {
    const rawKey = KEY;
    nock(ORIGIN)
      .get("/api/v1/pets/1")
      .reply(401, { echo: rawKey })
      .get("/api/v1/pets/2")
      .times(3)
      .reply(500, `server saw key ${rawKey}`)
      .get("/api/v1/pets/3")
      .reply(302, "", { Location: `https://evil.example/?k=${rawKey}` })
      .get("/api/v1/pets/4")
      .reply(200, "<html>", { "content-type": "text/html" })
      .get("/api/v1/pets/5")
      .times(3)
      .replyWithError(new Error(`socket hang up ${rawKey}`));
    const captured = captureLogger([rawKey]);
    const c = createKennelClient(kennelSettings({ debug: true }), { log: captured.log, retryDelay: () => 0 });
    const errors: KennelError[] = [];
    for (const id of [1, 2, 3, 4, 5]) {
      const e = await c.getPet(id).catch((x) => x);
      expect(e).toBeInstanceOf(KennelError);
      errors.push(e);
      captured.log.error({ err: e }, e.describe());
    }
    expect(captured.lines.length).toBeGreaterThan(5);
    for (const line of captured.lines) expect(line).not.toContain(rawKey);
    for (const e of errors) {
      expect(e.message).not.toContain(rawKey);
      expect(e.describe()).not.toContain(rawKey);
      expect(JSON.stringify(e)).not.toContain(rawKey);
    }
  });

  it("debug logs every request with method, path, status, duration and request id", async () => {
    nock(ORIGIN).get("/api/v1/health").reply(200, {}, { "x-request-id": "dbg-1" });
    const { c, records } = client({ debug: true });
    await c.health();
    const line = records().find((r) => r.msg === "kennel API request");
    expect(line).toMatchObject({
      level: "info",
      method: "GET",
      path: "/api/v1/health",
      status: 200,
      requestId: "dbg-1",
    });
    expect(typeof line?.durationMs).toBe("number");
  });
});

describe("concurrency", () => {
  it("shares identical GETs in flight", async () => {
    let calls = 0;
    nock(ORIGIN)
      .get("/api/v1/pets/9")
      .times(5)
      .delay(50)
      .reply(() => {
        calls++;
        return [200, { petId: 9 }];
      });
    const { c } = client();
    const results = await Promise.all([c.getPet(9), c.getPet(9), c.getPet(9)]);
    expect(results.map((r) => r.data.petId)).toEqual([9, 9, 9]);
    expect(calls).toBe(1);
  });

  it("keeps at most 6 requests in flight", async () => {
    const { fetch: slowFetch, peak } = slowPets(20);
    const { c } = client({}, { fetch: slowFetch });
    const ids = Array.from({ length: 30 }, (_, i) => i + 1);
    const pets = await Promise.all(ids.map((id) => c.getPet(id)));
    expect(pets.map((p) => p.data.petId)).toEqual(ids);
    expect(peak()).toBe(6);
  });
});

describe("pagination through the client", () => {
  it("reads totalPages fresh from each page, even when it changes", async () => {
    const totals = [2, 3, 3];
    const rec = recordingFetch((url) => {
      const page = Number(url.searchParams.get("request.page"));
      // Page 2 holds fewer items than pageSize, yet it is not the end: never infer from the count.
      return {
        page,
        pageSize: 2,
        totalRecords: 5,
        totalPages: totals[page - 1],
        items: page === 2 ? [{ bookingId: 3 }] : [{ bookingId: page * 100 }, { bookingId: page * 100 + 1 }],
      };
    });
    const { c } = client({}, { fetch: rec.fetch });
    const all = await collectAll(c.iterateBookings({ status: "confirmed" }, 2));
    expect(all.map((b) => b.bookingId)).toEqual([100, 101, 3, 300, 301]);
    expect(rec.requests.map((r) => new URL(r.url).searchParams.get("request.page"))).toEqual(["1", "2", "3"]);
  });

  it("stops a list that keeps growing", async () => {
    const rec = recordingFetch((url) => {
      const page = Number(url.searchParams.get("request.page"));
      return {
        page,
        pageSize: 1,
        totalRecords: page + 1,
        totalPages: page + 1,
        items: [{ bookingId: page }],
      };
    });
    const { c } = client({}, { fetch: rec.fetch });
    const error = await collectAll(c.iterateBookings({}, 1)).catch((e) => e);
    expect(error).toBeInstanceOf(InvalidResponseError);
    expect(error.message).toMatch(/kept growing/);
    expect(rec.requests.length).toBeLessThan(20);
  });
});

describe("the status check's words for an API that answers but refuses (429) or fails (500)", () => {
  it("429: asked to slow down, wait and try again, with the request id; never 'cannot be reached'", async () => {
    nock(ORIGIN)
      .get("/api/v1/health")
      .times(3)
      .reply(429, { code: "too_many_requests" }, { "Retry-After": "7", "X-Request-Id": "rl-1" });
    const { c } = client({}, { maxRetryAfterMs: 0 });
    const report = await c.checkStatus();
    expect(report.requestId).toBe("rl-1");
    for (const surface of ["bot", "command"] as const) {
      const words = describeStatus(report, surface);
      expect(words.ok).toBe(false);
      expect(words.headline).toMatch(/is up, but asked Kennel Desk to slow down \(HTTP 429/);
      expect(words.action).toMatch(/^Wait 7 seconds and try again/);
      expect(`${words.headline} ${words.action}`).not.toMatch(/cannot be reached|internet connection/);
    }
  });

  it("500: the API failing on its side, with the request id; never 'check the internet connection'", async () => {
    nock(ORIGIN).get("/api/v1/health").times(3).reply(500, {}, { "X-Request-Id": "srv-500" });
    const { c } = client();
    const report = await c.checkStatus();
    expect(report.requestId).toBe("srv-500");
    for (const surface of ["bot", "command"] as const) {
      const words = describeStatus(report, surface);
      expect(words.headline).toBe(
        "The kennel API answered at this address, but is failing on its side (HTTP 500).",
      );
      expect(words.action).toMatch(/try again in a few minutes; if it lasts, quote the request id/);
      expect(`${words.headline} ${words.action}`).not.toMatch(/cannot be reached|internet connection/);
    }
  });
});

describe("the status check's four states", () => {
  it.each([
    ["ok", () => nock(ORIGIN).get("/api/v1/health").reply(200, { status: "Healthy" })],
    ["ok", () => nock(ORIGIN).get("/api/v1/health").reply(200, "")],
    ["key_rejected", () => nock(ORIGIN).get("/api/v1/health").reply(401, { code: "authentication_failed" })],
    ["wrong_address", () => nock(ORIGIN).get("/api/v1/health").reply(404, "<html>Not found</html>")],
    ["wrong_address", () => nock(ORIGIN).get("/api/v1/health").reply(200, "<html>Welcome</html>")],
    [
      "wrong_address",
      () => nock(ORIGIN).get("/api/v1/health").reply(302, "", { Location: "https://login.example" }),
    ],
    [
      "unreachable",
      () =>
        nock(ORIGIN)
          .get("/api/v1/health")
          .times(3)
          .replyWithError(Object.assign(new Error("getaddrinfo ENOTFOUND"), { code: "ENOTFOUND" })),
    ],
    ["unreachable", () => nock(ORIGIN).get("/api/v1/health").times(3).reply(503)],
    // JSON cut short: the API answered at this address, and is failing (not a wrong address).
    [
      "unreachable",
      () =>
        nock(ORIGIN)
          .get("/api/v1/health")
          .reply(200, '{"status":"Heal', { "Content-Type": "application/json" }),
    ],
  ])("%s", async (state, setup) => {
    setup();
    const { c } = client();
    const report = await c.checkStatus();
    expect(report.state).toBe(state);
    expect(report.baseUrl).toBe(BASE);
    expect(JSON.stringify({ ...report, error: report.error?.toJSON() })).not.toContain(KEY);
  });
});
