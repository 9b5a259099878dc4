/**
 * What each answer reads, and whose turn it is on the API's six slots (issue 48, item 2), on the
 * real answers and client with a fetch that holds each call until the test lets it go (so the order
 * is the limiter's, not the clock's): a cold day list reads its page's care as its own calls and
 * the rest of the day's (for its counts) after every other answer's calls, without cutting a
 * count; `/pet ID` reads two calls and is not delayed by a cold day list in flight; a pet search
 * reads its page and its owners only.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { customerView } from "../../src/answers/customers.ts";
import { dayReport } from "../../src/answers/day.ts";
import { rememberHouse } from "../../src/answers/house-known.ts";
import { bookingView, petAnswer, petView } from "../../src/answers/records.ts";
import { asAnswer } from "../../src/kennel/limiter.ts";
import { apiPath, fetchDeps, jsonAnswer } from "../helpers/fetch-deps.ts";

const DAY = "2026-11-24";
const BOOKINGS = 40;

const booking = (i: number) => ({
  bookingId: 7000 + i,
  reference: `KD-${i}`,
  status: "confirmed",
  customerId: 500 + i,
  customerName: `Owner ${String(i).padStart(2, "0")}`,
  petNames: `Pet ${i}`,
  numberOfPets: 1,
  roomName: `Kennel ${i}`,
  checkInDate: `${DAY}T${String(8 + Math.floor(i / 6)).padStart(2, "0")}:${String((i % 6) * 10).padStart(2, "0")}:00Z`,
  checkOutDate: "2026-11-28T10:00:00Z",
  bookingPaid: true,
});
const pet = (id: number, customerId: number) => ({
  petId: id,
  customerId,
  name: id % 2 ? "Otis" : "Mabel",
  petType: "Dog",
  medication: id % 4 === 0 ? "Metacam 1.5 mg with breakfast" : null,
  allergies: null,
  archived: false,
  deleted: false,
});

/** The day's 40 arrivals (40 customers, a pet each), every call held until released, in the order sent. */
function heldKennel(o: { hold?: boolean; renamed?: number } = {}) {
  const held: Array<{ path: string; release: () => void }> = [];
  const sent: string[] = [];
  const fetchFn = (async (input: Request | string | URL, init?: RequestInit) => {
    const path = apiPath(input, init);
    const url = new URL(input instanceof Request ? input.url : String(input));
    sent.push(path);
    if (o.hold !== false) await new Promise<void>((release) => held.push({ path, release }));
    if (path === "/bookings/checkin")
      return jsonAnswer(Array.from({ length: BOOKINGS }, (_, i) => booking(i)));
    // A customer with its pets embedded, as the spec gives it: the care of the day's bookings.
    let m = /^\/customers\/(\d+)$/.exec(path);
    if (m) {
      const id = Number(m[1]);
      const pets = [{ ...pet(id * 10, id), name: `Pet ${id - 500}` }];
      return jsonAnswer({ customerId: id, firstname: "Sam", secondname: `Owner${m[1]}`, pets });
    }
    m = /^\/bookings\/(\d+)$/.exec(path);
    if (m) {
      const i = Number(m[1]) - 7000;
      return jsonAnswer({ ...booking(i), ...(i === o.renamed ? { reference: `KD-${i}-NEW` } : {}) });
    }
    m = /^\/bookings\/reference\/KD-(\d+)$/.exec(path);
    if (m) {
      const { customerPhone: _p, roomName: _r, ...reduced } = { ...booking(Number(m[1])), customerPhone: "" };
      return jsonAnswer(reduced);
    }
    m = /^\/pets\/(\d+)$/.exec(path);
    if (m) {
      const id = Number(m[1]);
      return jsonAnswer(pet(id, id >= 5000 && id < 5400 ? id / 10 : 900));
    }
    if (path === "/pets") {
      const items = Array.from({ length: 8 }, (_, i) => pet(9001 + i * 2, 600 + i));
      const page = Number(url.searchParams.get("request.page") ?? 1);
      return jsonAnswer({ page, pageSize: 10, totalRecords: 8, totalPages: 1, items });
    }
    return new Response("{}", { status: 404 });
  }) as typeof fetch;
  const deps = fetchDeps(fetchFn, `${DAY}T09:00:00Z`, { KENNEL_API_CONCURRENCY: "6" });
  const settle = async () => {
    for (let i = 0; i < 30; i++) await new Promise((r) => setImmediate(r));
  };
  /** Lets the oldest held call go, then waits for what that sets moving. */
  const releaseOne = async () => {
    held.shift()?.release();
    await settle();
  };
  /** Lets the held call to `path` go (its answer arrives before the older ones'). */
  const release = async (path: string) => {
    const i = held.findIndex((h) => h.path === path);
    held.splice(i, 1)[0]?.release();
    await settle();
  };
  const releaseAll = async () => {
    while (held.length) await releaseOne();
  };
  return { deps, sent, held, settle, releaseOne, release, releaseAll };
}

/** The care of the day's bookings: their customers (500 on), each with its pets. */
const isCare = (p: string) => /^\/customers\/5\d\d$/.test(p);

// The client loads ky at its first request (src/kennel/transport.ts): loaded here first, so the held
// calls below are counted in turns of the event loop, not in the time a module takes to load.
beforeAll(async () => {
  await import("ky");
});

describe("a cold day list's reads", () => {
  it("its page's care is its own; the rest of the day's waits behind a later answer's calls, and every count is kept", async () => {
    const api = heldKennel();
    const day = asAnswer(() => dayReport(api.deps, "arrivals", DAY));
    await api.settle();
    await api.releaseOne(); // the day's list
    expect(api.sent.filter(isCare)).toHaveLength(6);
    // Page 1 shows at most 20 entries: their customers' care first, as the answer's own calls.
    for (let i = 0; i < 14; i++) await api.releaseOne();
    expect(api.sent.filter(isCare)).toHaveLength(20);
    expect(api.sent.filter(isCare)).toEqual(Array.from({ length: 20 }, (_, i) => `/customers/${500 + i}`));
    // A pet search asked now: its page, then its eight owners, each before the day's later pages' care.
    const search = asAnswer(() => petAnswer(api.deps, "Otis"));
    await api.settle();
    await api.releaseOne();
    expect(api.sent.at(-1)).toBe("/pets");
    await api.release("/pets");
    const from = api.sent.length;
    for (let i = 0; i < 8; i++) await api.releaseOne();
    expect(api.sent.slice(from, from + 8)).toEqual(
      Array.from({ length: 8 }, (_, i) => `/customers/${600 + i}`),
    );
    await api.releaseAll();
    const [report, found] = await Promise.all([day, search]);
    // Nothing cut: all 40 bookings counted, their care read (20 with medication).
    expect(report.totals.bookings).toBe(BOOKINGS);
    expect(report.totals.careKnownForAll).toBe(true);
    expect(report.totals.careNotMatched).toBe(0);
    expect(report.totals.withMedication).toBe(20);
    expect(api.sent.filter(isCare)).toHaveLength(BOOKINGS);
    expect(found.type).toBe("pet_list");
  });

  it("/pet ID reads two calls (the pet, its owner) and is not delayed by a cold day list in flight", async () => {
    const api = heldKennel();
    const day = asAnswer(() => dayReport(api.deps, "arrivals", DAY));
    await api.settle();
    await api.releaseOne();
    const card = asAnswer(() => petView(api.deps, 4242));
    await api.settle();
    const from = api.sent.length;
    // The next slot freed goes to the pet; once it is read, its owner goes out within the next
    // slot's width of calls (the day's page, asked together, moves six calls a turn): one round trip.
    await api.releaseOne();
    expect(api.sent.slice(from)).toEqual(["/pets/4242"]);
    await api.release("/pets/4242");
    const asked = api.sent.length;
    for (let i = 0; i < 6; i++) await api.releaseOne();
    expect(api.sent.slice(asked)).toContain("/customers/900");
    await api.releaseAll();
    const [view] = await Promise.all([card, day]);
    expect(view.owner?.customerId).toBe(900);
    expect(api.sent.filter((p) => p === "/pets/4242" || p === "/customers/900")).toHaveLength(2);
  });
});

describe("/pet ID", () => {
  it("of a pet staying today asks its owner with its record, at once; another pet's owner after its record", async () => {
    const api = heldKennel();
    const staysWith = { petId: 4242, customerId: 900, name: "Mabel" };
    rememberHouse(api.deps, DAY, [{ booking: { ...booking(0), customerId: 900 }, pets: [staysWith] }]);
    const staying = asAnswer(() => petView(api.deps, 4242));
    await api.settle();
    expect(api.sent).toEqual(["/pets/4242", "/customers/900"]);
    await api.releaseAll();
    expect((await staying).owner?.customerId).toBe(900);
    // Not in today's house: the owner the record names, once it is read.
    const other = asAnswer(() => petView(api.deps, 4343));
    await api.settle();
    expect(api.sent.slice(2)).toEqual(["/pets/4343"]);
    await api.releaseAll();
    expect((await other).owner?.customerId).toBe(900);
    expect(api.sent).toHaveLength(3);
  });
});

describe("a cold day list in Slack (the rest of the day's care read ahead)", () => {
  it("answers once its page's care is read, its counts the page's; the rest, read ahead as bulk, gives the next one the whole day's", async () => {
    const api = heldKennel();
    const day = asAnswer(() => dayReport(api.deps, "arrivals", DAY, { readAhead: true }));
    await api.settle();
    await api.releaseOne(); // the day's list
    let answered = false;
    void day.then(() => {
      answered = true;
    });
    // The page's twenty customers' care first (the read ahead takes no slot before them).
    for (let i = 0; i < 20; i++) await api.releaseOne();
    expect(api.sent.filter(isCare).slice(0, 20)).toEqual(
      Array.from({ length: 20 }, (_, i) => `/customers/${500 + i}`),
    );
    expect(answered).toBe(true);
    const first = await day;
    expect(first.entries).toHaveLength(20);
    expect(first.entries.every((e) => e.care?.status === "matched")).toBe(true);
    // The page's counts, said to be the page's: ten of its twenty with medication, all 40 bookings counted.
    expect(first.totals.bookings).toBe(BOOKINGS);
    expect(first.totals.careKnownForAll).toBe(false);
    expect(first.totals.withMedication).toBe(10);
    expect(first.totals.careNotLoaded).toBe(0);
    // The rest is read ahead; the next person asking gets the whole day's counts for one call.
    await api.releaseAll();
    expect(api.sent.filter(isCare)).toHaveLength(BOOKINGS);
    const from = api.sent.length;
    const again = asAnswer(() => dayReport(api.deps, "arrivals", DAY, { readAhead: true }));
    await api.settle();
    await api.releaseAll();
    const second = await again;
    expect(api.sent.slice(from)).toEqual(["/bookings/checkin"]);
    expect(second.totals.careKnownForAll).toBe(true);
    expect(second.totals.withMedication).toBe(20);
  });
});

describe("/booking REF", () => {
  it("of a booking seen in a day list reads the full booking by its id at once, then nothing else", async () => {
    const api = heldKennel({ hold: false });
    await dayReport(api.deps, "arrivals", DAY);
    const from = api.sent.length;
    const view = await bookingView(api.deps, "KD-3");
    expect(api.sent.slice(from)).toEqual(["/bookings/7003"]);
    expect(view.full).toBe(true);
    expect(view.booking.roomName).toBe("Kennel 3");
    expect(view.care.pets.map((p) => p.pet.name)).toEqual(["Pet 3"]);
  });

  it("never seen, or seen under another reference since, is read by its reference first", async () => {
    const api = heldKennel({ hold: false });
    let from = api.sent.length;
    await bookingView(api.deps, "KD-7");
    expect(api.sent.slice(from).sort()).toEqual([
      "/bookings/7007",
      "/bookings/reference/KD-7",
      "/customers/507",
    ]);
    // A reference seen in the day's list whose booking now carries another: asked by reference.
    const renamed = heldKennel({ hold: false, renamed: 5 });
    await dayReport(renamed.deps, "arrivals", DAY);
    from = renamed.sent.length;
    await bookingView(renamed.deps, "KD-5");
    expect(renamed.sent.slice(from, from + 2)).toEqual(["/bookings/7005", "/bookings/reference/KD-5"]);
  });
});

describe("one read of a customer, with its pets", () => {
  it("serves a day's care, then /customer and a pet card's owner without a call of their own", async () => {
    const api = heldKennel({ hold: false });
    await dayReport(api.deps, "arrivals", DAY);
    expect(api.sent.filter(isCare)).toHaveLength(BOOKINGS);
    const from = api.sent.length;
    const customer = await customerView(api.deps, 507);
    expect(customer.customer.secondname).toBe("Owner507");
    // A pet of a customer the day read (its record names customer 5xx): only the pet's record is asked.
    const card = await petView(api.deps, 5210);
    expect(card.owner?.customerId).toBe(521);
    expect(api.sent.slice(from)).toEqual(["/pets/5210"]);
  });
});
