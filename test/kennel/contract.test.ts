/**
 * The client's endpoint contract, run against two backends with the same assertions:
 * - "spec fixtures": nock answering with hand-written records shaped exactly as the spec shows;
 * - "sandbox": the local stand-in API over real loopback HTTP.
 * So the client, the spec's shapes and the sandbox cannot drift apart.
 */
import nock from "nock";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createKennelClient, type KennelClient } from "../../src/kennel/client.ts";
import { AuthenticationError, NotFoundError } from "../../src/kennel/errors.ts";
import { collectAll } from "../../src/kennel/pagination.ts";
import { CONSENT_FLAGS } from "../../src/kennel/schemas.ts";
import { silentLogger } from "../../src/log.ts";
import { type Sandbox, startSandbox } from "../../src/sandbox/server.ts";
import { localDate } from "../../src/time.ts";

interface Backend {
  client: KennelClient;
  badKey: KennelClient;
  timezone: string;
  date: string;
  bookingId: number;
  reference: string;
  customerId: number;
  customerSearch: string;
  petId: number;
  petName: string;
  otherCustomerId: number;
  close(): Promise<void>;
}

function makeClient(url: string, key: string) {
  return createKennelClient(
    { apiKey: key, baseUrl: new URL(url), timeoutMs: 5_000, debug: false },
    { log: silentLogger(), retryDelay: () => 0 },
  );
}

// --- Backend 1: the spec's shapes, by hand -----------------------------------------------------

const FX_ORIGIN = "https://fixtures.kennel.test";
const FX_KEY = "fixture-key-0001";
const consent = Object.fromEntries(CONSENT_FLAGS.map((f, i) => [f, i % 2 === 0]));
const fxPets = [
  { petId: 21, customerId: 11, name: "Biscuit", petType: "Dog", breed: "Beagle", deleted: false },
  { petId: 22, customerId: 12, name: "Misty", petType: "Cat", breed: "Siamese", deleted: false },
];
const fxCustomers = [
  {
    customerId: 11,
    firstname: "Siobhán",
    secondname: "O'Brien",
    email: "s@example.com",
    mobile: "07700 900001",
    ...consent,
  },
  {
    customerId: 12,
    firstname: "Björn",
    secondname: "Smith-Jones",
    email: "b@example.com",
    mobile: "07700 900002",
    ...consent,
  },
];
const fxBooking = (bookingId: number, customerId: number, inDate: string, outDate: string) => ({
  bookingId,
  bookingType: "boarding",
  reference: `FX-${bookingId}`,
  status: "confirmed",
  customerId,
  customerName: customerId === 11 ? "Siobhán O'Brien" : "Björn Smith-Jones",
  customerPhone: "07700 900001",
  customerEmail: "s@example.com",
  petNames: customerId === 11 ? "Biscuit" : "Misty",
  numberOfPets: 1,
  serviceId: 1,
  roomName: "Kennel 4",
  checkInDate: inDate,
  checkOutDate: outDate,
  bookingPaid: false,
  hasPayment: true,
});
const fxBookings = [
  fxBooking(31, 11, "2026-11-20T09:00:00Z", "2026-11-24T10:00:00Z"),
  fxBooking(32, 11, "2026-11-24T08:30:00Z", "2026-11-27T16:00:00Z"),
  fxBooking(33, 12, "2026-11-22T11:00:00Z", "2026-11-24T15:30:00Z"),
  fxBooking(34, 11, "2026-12-01T09:00:00Z", "2026-12-03T09:00:00Z"),
  fxBooking(35, 11, "2026-12-05T09:00:00Z", "2026-12-06T09:00:00Z"),
];
const page = (items: unknown[], q: URLSearchParams) => {
  const p = Number(q.get("request.page") ?? 1);
  const size = Number(q.get("request.pageSize") ?? 25);
  return {
    page: p,
    pageSize: size,
    totalRecords: items.length,
    totalPages: Math.ceil(items.length / size),
    items: items.slice((p - 1) * size, p * size),
  };
};
const reduce = (b: Record<string, unknown>) => {
  const { customerPhone: _p, customerEmail: _e, roomName: _r, ...rest } = b;
  return rest;
};

function fixtureAnswer(path: string, q: URLSearchParams, key: string | undefined): [number, unknown] {
  if (key !== FX_KEY) return [401, { code: "authentication_failed", requestId: "fx-401" }];
  const notFound: [number, unknown] = [404, { code: "not_found", requestId: "fx-404" }];
  const p = path.replace(/^\/api\/v1/, "");
  const m = (re: RegExp) => re.exec(p);
  if (p === "/health") return [200, {}];
  if (p === "/bookings/checkout")
    return [200, fxBookings.filter((b) => b.checkOutDate.startsWith(q.get("date") ?? "-"))];
  if (p === "/bookings/checkin")
    return [200, fxBookings.filter((b) => b.checkInDate.startsWith(q.get("date") ?? "-"))];
  const byRef = m(/^\/bookings\/reference\/([^/]+)$/);
  if (byRef) {
    const b = fxBookings.find((x) => x.reference === decodeURIComponent(byRef[1] ?? ""));
    return b ? [200, reduce(b)] : notFound;
  }
  const byId = m(/^\/bookings\/(\d+)$/);
  if (byId) {
    const b = fxBookings.find((x) => x.bookingId === Number(byId[1]));
    return b ? [200, b] : notFound;
  }
  if (p === "/bookings") {
    const cid = q.get("request.customerId");
    return [
      200,
      page(
        fxBookings.filter((b) => !cid || b.customerId === Number(cid)),
        q,
      ),
    ];
  }
  if (p === "/customers") {
    const s = (q.get("request.search") ?? "").toLowerCase();
    const items = fxCustomers.filter((c) => `${c.firstname} ${c.secondname}`.toLowerCase().includes(s));
    return [
      200,
      page(
        items.map((c) => ({ ...c, pets: fxPets.filter((x) => x.customerId === c.customerId) })),
        q,
      ),
    ];
  }
  const cust = m(/^\/customers\/(\d+)(\/pets|\/bookings)?$/);
  if (cust) {
    const c = fxCustomers.find((x) => x.customerId === Number(cust[1]));
    if (!c) return notFound;
    if (cust[2] === "/pets") return [200, fxPets.filter((x) => x.customerId === c.customerId)];
    if (cust[2] === "/bookings")
      return [
        200,
        page(
          fxBookings.filter((b) => b.customerId === c.customerId),
          q,
        ),
      ];
    return [200, { ...c, pets: fxPets.filter((x) => x.customerId === c.customerId) }];
  }
  if (p === "/pets") {
    const name = (q.get("request.name") ?? "").toLowerCase();
    return [
      200,
      page(
        fxPets.filter((x) => x.name.toLowerCase().includes(name)),
        q,
      ),
    ];
  }
  const petM = m(/^\/pets\/(\d+)$/);
  if (petM) {
    const pet = fxPets.find((x) => x.petId === Number(petM[1]));
    return pet ? [200, pet] : notFound;
  }
  return notFound;
}

async function fixturesBackend(): Promise<Backend> {
  nock.disableNetConnect();
  nock.enableNetConnect(/127\.0\.0\.1/);
  // The right key matches the first scope; anything else falls through to the second (401).
  nock(FX_ORIGIN, { reqheaders: { "x-api-key": FX_KEY } })
    .persist()
    .get(/.*/)
    .reply((uri: unknown) => {
      // nock 15 hands over the path as a string, or (with a matcher function or regex) the Request.
      const url = new URL(typeof uri === "string" ? uri : (uri as Request).url, FX_ORIGIN);
      const [status, body] = fixtureAnswer(url.pathname, url.searchParams, FX_KEY);
      return [status, body, { "content-type": "application/json", "x-request-id": `fx-${status}` }];
    });
  nock(FX_ORIGIN)
    .persist()
    .get(/.*/)
    .reply(
      401,
      { code: "authentication_failed", requestId: "fx-401" },
      { "content-type": "application/json" },
    );
  return {
    client: makeClient(`${FX_ORIGIN}/api/v1`, FX_KEY),
    badKey: makeClient(`${FX_ORIGIN}/api/v1`, "fixture-key-wrong"),
    timezone: "UTC",
    date: "2026-11-24",
    bookingId: 31,
    reference: "FX-32",
    customerId: 11,
    customerSearch: "O'Brien",
    petId: 21,
    petName: "Bisc",
    otherCustomerId: 99,
    async close() {
      nock.cleanAll();
    },
  };
}

// --- Backend 2: the sandbox ---------------------------------------------------------------------

async function sandboxBackend(): Promise<Backend> {
  const sbx: Sandbox = await startSandbox({
    seed: 11,
    customers: 80,
    today: "2026-11-22",
    timezone: "Europe/London",
  });
  const booking = sbx.main.bookings.find(
    (b) => (sbx.main.bookingsByCustomer.get(b.customerId as number)?.length ?? 0) > 3,
  );
  const customer = sbx.main.customerById.get(booking?.customerId as number) as Record<string, unknown>;
  const pet = sbx.main.pets.find((p) => !p.deleted) as Record<string, unknown>;
  return {
    client: makeClient(sbx.url, sbx.keys.main),
    badKey: makeClient(sbx.url, "kd_live_not_a_key"),
    timezone: sbx.data.timezone,
    date: sbx.data.busyDays[0] as string,
    bookingId: booking?.bookingId as number,
    reference: String(sbx.main.bookings[7]?.reference),
    customerId: customer.customerId as number,
    customerSearch: String(customer.secondname),
    petId: pet.petId as number,
    petName: String(pet.name).slice(0, 4),
    otherCustomerId: sbx.other.customers[0]?.customerId as number,
    close: () => sbx.close(),
  };
}

// --- The contract ---------------------------------------------------------------------------------

describe.each([
  ["spec fixtures", fixturesBackend],
  ["sandbox", sandboxBackend],
])("client contract against %s", (_name, start) => {
  let be: Backend;
  beforeAll(async () => {
    be = await start();
  });
  afterAll(() => be.close());

  it("status is OK with the key, key rejected without", async () => {
    expect((await be.client.checkStatus()).state).toBe("ok");
    const bad = await be.badKey.checkStatus();
    expect(bad.state).toBe("key_rejected");
    expect(bad.requestId).toBeTruthy();
    const error = await be.badKey.listBookings().catch((e) => e);
    expect(error).toBeInstanceOf(AuthenticationError);
    expect(error.requestId).toBeTruthy();
  });

  it("a booking by id is a full item; by reference a reduced one", async () => {
    const full = (await be.client.getBooking(be.bookingId)).data;
    expect(full.bookingId).toBe(be.bookingId);
    expect(typeof full.customerName).toBe("string");
    expect(typeof full.checkInDate).toBe("string");
    const reduced = (await be.client.getBookingByReference(be.reference)).data;
    expect(reduced.reference).toBe(be.reference);
    expect(reduced).not.toHaveProperty("customerPhone");
    expect(reduced).not.toHaveProperty("customerEmail");
    expect(reduced).not.toHaveProperty("roomName");
  });

  it("unknown or hostile references, unknown ids and other businesses' records are not found", async () => {
    for (const call of [
      () => be.client.getBookingByReference("../customers"),
      () => be.client.getBookingByReference("NO-SUCH-REF"),
      () => be.client.getPet(987654321),
      () => be.client.getCustomer(be.otherCustomerId),
    ]) {
      const error = await call().catch((e) => e);
      expect(error).toBeInstanceOf(NotFoundError);
      expect(error.requestId).toBeTruthy();
    }
  });

  it("departures and arrivals of a date fall on that date in the business's zone", async () => {
    const departures = (await be.client.listDepartures(be.date)).data;
    expect(departures.length).toBeGreaterThan(0);
    for (const b of departures) expect(localDate(String(b.checkOutDate), be.timezone)).toBe(be.date);
    const arrivals = (await be.client.listArrivals(be.date)).data;
    expect(arrivals.length).toBeGreaterThan(0);
    for (const b of arrivals) expect(localDate(String(b.checkInDate), be.timezone)).toBe(be.date);
  });

  it("every page of a customer's bookings, each once, as many as totalRecords", async () => {
    const first = (await be.client.listBookings({ customerId: be.customerId }, { pageSize: 2 })).data;
    expect(first.totalPages).toBe(Math.ceil(first.totalRecords / 2));
    const all = await collectAll(be.client.iterateBookings({ customerId: be.customerId }, 2));
    expect(all.length).toBe(first.totalRecords);
    expect(new Set(all.map((b) => b.bookingId)).size).toBe(all.length);
    expect(all.every((b) => b.customerId === be.customerId)).toBe(true);
    const history = await collectAll(be.client.iterateCustomerBookings(be.customerId, {}, 2));
    expect(history.map((b) => b.bookingId).sort()).toEqual(all.map((b) => b.bookingId).sort());
  });

  it("customers: search, one customer with consent flags and pets, the customer's pets", async () => {
    const found = (await be.client.listCustomers({ search: be.customerSearch }, { pageSize: 50 })).data;
    expect(found.items.map((c) => c.customerId)).toContain(be.customerId);
    const customer = (await be.client.getCustomer(be.customerId)).data;
    for (const flag of CONSENT_FLAGS) expect(typeof customer[flag]).toBe("boolean");
    expect(Array.isArray(customer.pets)).toBe(true);
    const pets = (await be.client.listCustomerPets(be.customerId)).data;
    expect(pets.every((p) => p.customerId === be.customerId)).toBe(true);
  });

  it("pets: by name, and one pet", async () => {
    const pets = (await be.client.listPets({ name: be.petName }, { pageSize: 50 })).data;
    expect(pets.items.length).toBeGreaterThan(0);
    for (const p of pets.items) expect(String(p.name).toLowerCase()).toContain(be.petName.toLowerCase());
    expect((await be.client.getPet(be.petId)).data.petId).toBe(be.petId);
  });
});
