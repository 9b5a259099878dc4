/**
 * The kennel API stand-in for the benchmark, in its own process (started by bench/bot.ts with an IPC
 * channel). Exact, deterministic data: every day from 10 days back to 20 ahead has 40 arrivals, each
 * of a different customer (so page 1 of /arrivals holds 20 distinct customers), staying 1 to 7
 * nights; 1,400 customers with one or two pets each. Every request waits the set latency, then
 * answers. It counts every request (per second, too), so the harness can give API calls per command
 * and per second without looking inside the bot.
 *
 * IPC messages in: {type:"latency", ms}, {type:"faults", errorRate}, {type:"count"}, {type:"timeline"},
 * {type:"stop"}.
 * Out: {type:"ready", url, key}, {type:"count", total, byKind}, {type:"timeline", perSecond, byKind ("second endpoint", count)}.
 */
import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

const KEY = "bench-kennel-key-0123456789";
const ARRIVALS_PER_DAY = 40;
const DAYS_BACK = 10;
const DAYS_AHEAD = 20;
const CUSTOMERS = (DAYS_BACK + DAYS_AHEAD + 1) * ARRIVALS_PER_DAY + 160;
const DAY_MS = 86_400_000;

type Rec = Record<string, unknown>;
const londonDate = (d: Date) => d.toLocaleDateString("en-CA", { timeZone: "Europe/London" });
const today = londonDate(new Date());
const todayMs = Date.parse(`${today}T00:00:00Z`);
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);

const SURNAMES = [
  "Okafor",
  "Brennan",
  "Lindqvist",
  "Patel",
  "Moreau",
  "Nakamura",
  "Hughes",
  "Silva",
  "Kowalski",
];
const PET_NAMES = [
  "Biscuit",
  "Mabel",
  "Rolo",
  "Pepper",
  "Juniper",
  "Otis",
  "Luna",
  "Shadow",
  "Bramble",
  "Tilly",
];
const customers: Rec[] = [];
const pets: Rec[] = [];
const petsByCustomer = new Map<number, Rec[]>();
for (let i = 0; i < CUSTOMERS; i++) {
  const customerId = 5000 + i;
  const surname = `${SURNAMES[i % SURNAMES.length]}${i}`;
  customers.push({
    customerId,
    firstname: `Sam${i}`,
    secondname: surname,
    email: `owner${i}@example.test`,
    mobile: `07700 9${String(i).padStart(5, "0")}`,
    address: `${i} Kennel Lane, Leeds`,
    emergencyContactName: `Alex ${surname}`,
    emergencyContactPhone: `07700 8${String(i).padStart(5, "0")}`,
    archived: false,
    email_Accepts: true,
    smS_Accepts: i % 2 === 0,
    createdDate: "2024-03-01T10:00:00Z",
  });
  const own: Rec[] = [];
  for (let p = 0; p < 1 + (i % 2); p++) {
    const petId = 90000 + i * 2 + p;
    const pet: Rec = {
      petId,
      kennelId: 1,
      customerId,
      petType: i % 5 === 0 ? "Cat" : "Dog",
      breed: i % 5 === 0 ? "Domestic shorthair" : "Labrador",
      name: `${PET_NAMES[(i + p) % PET_NAMES.length]}`,
      sex: p ? "Female" : "Male",
      weight: `${10 + (i % 30)} kg`,
      microchip: `98514100${String(petId).padStart(7, "0")}`,
      dietaryRequirements: "Own food only",
      dietaryRequirementsAm: "Half a cup of kibble",
      dietaryRequirementsNoon: i % 3 === 0 ? "A biscuit" : null,
      dietaryRequirementsPm: "Half a cup of kibble with warm water",
      medication: i % 4 === 0 ? "Metacam 1.5 mg with breakfast" : null,
      medicationNoon: null,
      medicationPm: i % 4 === 0 ? "Metacam 1.5 mg with dinner" : null,
      allergies: i % 6 === 0 ? "Chicken" : null,
      medicalNotes: i % 7 === 0 ? "Arthritis in the left hip" : null,
      notes: "Friendly; likes a tennis ball",
      archived: false,
      deleted: false,
      createdDate: "2024-03-01T10:00:00Z",
    };
    own.push(pet);
    pets.push(pet);
  }
  petsByCustomer.set(customerId, own);
}

const bookings: Rec[] = [];
const arrivals = new Map<string, Rec[]>();
const departures = new Map<string, Rec[]>();
for (let d = -DAYS_BACK; d <= DAYS_AHEAD; d++) {
  for (let j = 0; j < ARRIVALS_PER_DAY; j++) {
    const k = (d + DAYS_BACK) * ARRIVALS_PER_DAY + j;
    const c = customers[k] as Rec;
    const own = petsByCustomer.get(c.customerId as number) ?? [];
    const inMs = todayMs + d * DAY_MS + (8 * 60 + ((j * 13) % 600)) * 60_000;
    const outMs = inMs + (1 + (k % 7)) * DAY_MS;
    const booking: Rec = {
      bookingId: 200000 + k,
      bookingType: "boarding",
      reference: `KD-${(100000 + k * 7).toString(36).toUpperCase()}`,
      status: k % 3 === 0 ? "new" : "confirmed",
      customerId: c.customerId,
      customerName: `${c.firstname} ${c.secondname}`,
      customerPhone: c.mobile,
      customerEmail: c.email,
      petNames: own.map((p) => p.name).join(", "),
      numberOfPets: own.length,
      serviceId: 3,
      roomName: `Kennel ${1 + (k % 48)}`,
      checkInDate: new Date(inMs).toISOString(),
      checkOutDate: new Date(outMs).toISOString(),
      bookingPaid: k % 4 !== 0,
      hasPayment: k % 4 !== 0,
    };
    bookings.push(booking);
    const inDay = iso(inMs);
    const outDay = iso(outMs);
    arrivals.set(inDay, [...(arrivals.get(inDay) ?? []), booking]);
    departures.set(outDay, [...(departures.get(outDay) ?? []), booking]);
  }
}
const bookingById = new Map(bookings.map((b) => [b.bookingId as number, b]));
const bookingByRef = new Map(bookings.map((b) => [b.reference as string, b]));
const customerById = new Map(customers.map((c) => [c.customerId as number, c]));
const petById = new Map(pets.map((p) => [p.petId as number, p]));

let latencyMs = 0;
/** Fraction of requests answered 500 or 503 (half each), from a fixed sequence. */
let errorRate = 0;
let faultSeed = 1;
const faultRandom = () => {
  faultSeed = (faultSeed * 48271) % 2147483647;
  return faultSeed / 2147483647;
};
let total = 0;
let requestSeq = 0;
const byKind = new Map<string, number>();
const perSecond = new Map<number, number>();
/** Requests by second and endpoint ("1764466000 customer-pets"): what the API worked on when. */
const perSecondByKind = new Map<string, number>();

function envelope(items: Rec[], q: URLSearchParams): Rec {
  const page = Math.max(1, Number(q.get("request.page") ?? 1) || 1);
  const pageSize = Math.max(1, Number(q.get("request.pageSize") ?? 25) || 25);
  return {
    page,
    pageSize,
    totalRecords: items.length,
    totalPages: Math.max(1, Math.ceil(items.length / pageSize)),
    items: items.slice((page - 1) * pageSize, page * pageSize),
  };
}

const withPets = (c: Rec) => ({ ...c, pets: petsByCustomer.get(c.customerId as number) ?? [] });
const has = (v: unknown, s: string) =>
  String(v ?? "")
    .toLowerCase()
    .includes(s);

function route(parts: string[], q: URLSearchParams): [string, number, unknown] {
  const [a, b, c] = parts;
  const n = parts.length;
  if (a === "health" && n === 1) return ["health", 200, { status: "ok" }];
  if (a === "bookings") {
    if (n === 1) {
      const from = q.get("request.from");
      const to = q.get("request.to");
      const search = q.get("request.search")?.toLowerCase();
      const list = bookings.filter(
        (x) =>
          (!from || (x.checkOutDate as string) >= from) &&
          (!to || (x.checkInDate as string) <= to) &&
          (!search || has(x.reference, search) || has(x.customerName, search) || has(x.petNames, search)),
      );
      return ["bookings", 200, envelope(list, q)];
    }
    if (n === 2 && (b === "checkin" || b === "checkout")) {
      const date = q.get("date") ?? "";
      return [b, 200, (b === "checkin" ? arrivals : departures).get(date) ?? []];
    }
    if (n === 3 && b === "reference") {
      const x = bookingByRef.get(c ?? "");
      if (!x) return ["reference", 404, { code: "not_found", message: "No such booking." }];
      const { customerPhone: _p, customerEmail: _e, roomName: _r, ...reduced } = x;
      return ["reference", 200, reduced];
    }
    if (n === 2) {
      const x = bookingById.get(Number(b));
      return x ? ["booking", 200, x] : ["booking", 404, { code: "not_found", message: "No such booking." }];
    }
  }
  if (a === "customers") {
    if (n === 1) {
      const s = q.get("request.search")?.toLowerCase() ?? "";
      // The stand-in's records never change once it runs: none was updated since any time asked.
      const list = q.has("request.updatedSince")
        ? []
        : customers.filter((x) => has(`${x.firstname} ${x.secondname}`, s) || has(x.email, s));
      return ["customers", 200, envelope(list.map(withPets), q)];
    }
    const cust = customerById.get(Number(b));
    if (!cust) return ["customer", 404, { code: "not_found", message: "No such customer." }];
    if (n === 2) return ["customer", 200, withPets(cust)];
    if (n === 3 && c === "pets") return ["customer-pets", 200, petsByCustomer.get(cust.customerId as number)];
    if (n === 3 && c === "bookings") {
      return [
        "customer-bookings",
        200,
        envelope(
          bookings.filter((x) => x.customerId === cust.customerId),
          q,
        ),
      ];
    }
  }
  if (a === "pets") {
    if (n === 1) {
      const name = q.get("request.name")?.toLowerCase() ?? "";
      return [
        "pets",
        200,
        envelope(
          pets.filter((p) => has(p.name, name)),
          q,
        ),
      ];
    }
    const pet = petById.get(Number(b));
    return pet ? ["pet", 200, pet] : ["pet", 404, { code: "not_found", message: "No such pet." }];
  }
  return ["unknown", 404, { code: "not_found", message: "There is no such endpoint." }];
}

const server = createServer((req, res: ServerResponse) => {
  const url = new URL(req.url ?? "/", "http://127.0.0.1");
  const parts = url.pathname
    .replace(/^\/api\/v1\/?/, "")
    .split("/")
    .filter(Boolean)
    .map(decodeURIComponent);
  total++;
  const second = Math.floor(Date.now() / 1000);
  perSecond.set(second, (perSecond.get(second) ?? 0) + 1);
  const requestId = `bench-${++requestSeq}`;
  const failing = errorRate > 0 && faultRandom() < errorRate;
  const [kind, status, body]: [string, number, unknown] =
    req.headers["x-api-key"] !== KEY
      ? ["unauthorised", 401, { code: "authentication_failed", message: "The API key was not accepted." }]
      : failing
        ? [
            "fault",
            requestSeq % 2 ? 500 : 503,
            { code: "server_error", message: "Injected fault.", requestId },
          ]
        : route(parts, url.searchParams);
  byKind.set(kind, (byKind.get(kind) ?? 0) + 1);
  perSecondByKind.set(`${second} ${kind}`, (perSecondByKind.get(`${second} ${kind}`) ?? 0) + 1);
  const payload = JSON.stringify(body);
  const answer = () => {
    if (res.destroyed) return;
    res.writeHead(status, { "content-type": "application/json; charset=utf-8", "x-request-id": requestId });
    res.end(payload);
  };
  req.resume();
  if (latencyMs > 0) setTimeout(answer, latencyMs);
  else answer();
});
server.keepAliveTimeout = 60_000;

server.listen(0, "127.0.0.1", () => {
  const { port } = server.address() as AddressInfo;
  const days = [...arrivals.keys()].sort();
  process.send?.({
    type: "ready",
    url: `http://127.0.0.1:${port}/api/v1`,
    key: KEY,
    today,
    days,
    // What the harness needs to build distinct commands: references, pets and customers by day.
    byDay: Object.fromEntries(
      days.map((d) => [
        d,
        (arrivals.get(d) ?? []).map((b) => ({
          ref: b.reference,
          customerId: b.customerId,
          petIds: (petsByCustomer.get(b.customerId as number) ?? []).map((p) => p.petId),
        })),
      ]),
    ),
  });
});

process.on("message", (m: { type: string; ms?: number; errorRate?: number }) => {
  if (m.type === "latency") {
    latencyMs = m.ms ?? 0;
    process.send?.({ type: "latency", ms: latencyMs });
  } else if (m.type === "faults") {
    errorRate = m.errorRate ?? 0;
    process.send?.({ type: "faults", errorRate });
  } else if (m.type === "count") {
    process.send?.({ type: "count", total, byKind: Object.fromEntries(byKind) });
  } else if (m.type === "timeline") {
    process.send?.({
      type: "timeline",
      perSecond: [...perSecond.entries()],
      byKind: [...perSecondByKind.entries()],
    });
  } else if (m.type === "stop") {
    server.closeAllConnections();
    server.close(() => process.exit(0));
  }
});
process.on("disconnect", () => process.exit(0));
