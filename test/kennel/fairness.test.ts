/**
 * Fair use of the API's slots (issue 48, item 2), on the real client with a fetch that holds each
 * answer until the test lets it go (so the order is the limiter's, not the clock's): a broad answer
 * in flight, with forty calls queued behind its six, does not delay another answer's first call past
 * the next slot freed (one API round trip); interactive answers are served before bulk work (a
 * scheduled post's reading ahead), and an answer's calls past its budget wait behind every other
 * answer's, never ahead of them.
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { KennelSettings } from "../../src/config.ts";
import { createKennelClient } from "../../src/kennel/client.ts";
import { allowCalls, asAnswer, asBulk } from "../../src/kennel/limiter.ts";
import { silentLogger } from "../../src/log.ts";

/** A client whose every request waits in `held` until released, in the order they were sent. */
function heldApi() {
  const held: Array<{ path: string; release: () => void }> = [];
  const sent: string[] = [];
  const fetchFn = (async (input: Request | string | URL, _init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const path = url.pathname.replace("/api/v1", "");
    sent.push(path);
    await new Promise<void>((release) => held.push({ path, release }));
    const id = Number(path.split("/").at(-1));
    const body = path.startsWith("/pets/")
      ? { petId: id, name: `Pet ${id}` }
      : { bookingId: 9, reference: "HP-1" };
    return new Response(JSON.stringify(body), {
      status: 200,
      headers: { "content-type": "application/json" },
    });
  }) as typeof fetch;
  const settings: KennelSettings = {
    apiKey: "test-key-fair-0001",
    baseUrl: new URL("https://kennel.example.com/api/v1"),
    timeoutMs: 60_000,
    debug: false,
    concurrency: 6,
    cacheTtlSeconds: 0,
  };
  const client = createKennelClient(settings, { log: silentLogger(), fetch: fetchFn, retryDelay: () => 0 });
  /** Lets the oldest held answer go, then waits for what that sets moving. */
  const releaseOne = async () => {
    held.shift()?.release();
    for (let i = 0; i < 20; i++) await new Promise((r) => setImmediate(r));
  };
  const settle = async () => {
    for (let i = 0; i < 20; i++) await new Promise((r) => setImmediate(r));
  };
  return { client, held, sent, releaseOne, settle };
}

// The client loads ky at its first request (src/kennel/transport.ts): loaded here first, so the held
// calls below are counted in turns of the event loop, not in the time a module takes to load.
beforeAll(async () => {
  await import("ky");
});

describe("the API's slots, shared fairly", () => {
  it("a broad answer's queue does not delay another answer's first call past the next freed slot", async () => {
    const api = heldApi();
    const broad = asAnswer(() => Promise.all(Array.from({ length: 46 }, (_, i) => api.client.getPet(i + 1))));
    await api.settle();
    expect(api.sent).toHaveLength(6);
    expect(api.client.limiter.waiting).toBe(40);
    const booking = asAnswer(() => api.client.getBookingByReference("HP-1"));
    await api.settle();
    // One of the broad answer's calls comes back: the slot goes to the booking, not to the next pet.
    await api.releaseOne();
    expect(api.sent[6]).toBe("/bookings/reference/HP-1");
    while (api.held.length) await api.releaseOne();
    await Promise.all([broad, booking]);
  });

  it("interactive answers before bulk work; an answer's calls past its budget after every other answer's", async () => {
    const api = heldApi();
    const prefetch = asBulk(() =>
      Promise.all(Array.from({ length: 20 }, (_, i) => api.client.getPet(100 + i))),
    );
    await api.settle();
    // An answer that has spent its budget of 2: its third and later calls wait like bulk work.
    const greedy = asAnswer(
      () => Promise.all(Array.from({ length: 5 }, (_, i) => api.client.getPet(200 + i))),
      {
        budget: 2,
      },
    );
    await api.settle();
    const booking = asAnswer(() => api.client.getBookingByReference("HP-1"));
    await api.settle();
    for (let i = 0; i < 3; i++) await api.releaseOne();
    // The slots freed go to the greedy answer's two budgeted calls and the booking, before any bulk call.
    expect(api.sent.slice(6, 9).sort()).toEqual(["/bookings/reference/HP-1", "/pets/200", "/pets/201"]);
    // Then its calls past the budget and the prefetch take what is left in turn, calls asked
    // together a slot's width a turn: its three (served less) before the prefetch's next ones.
    for (let i = 0; i < 7; i++) await api.releaseOne();
    expect(api.sent.slice(9, 16)).toEqual([
      "/pets/202",
      "/pets/203",
      "/pets/204",
      "/pets/106",
      "/pets/107",
      "/pets/108",
      "/pets/109",
    ]);
    while (api.held.length) await api.releaseOne();
    await Promise.all([prefetch, greedy, booking]);
  });

  it("an answer's next step waits its turn, not behind the first call of every answer that came after it", async () => {
    const api = heldApi();
    // Six answers hold the six slots; a booking asks its reference, then its full record.
    const holding = Array.from({ length: 6 }, (_, i) => asAnswer(() => api.client.getPet(1 + i)));
    await api.settle();
    const booking = asAnswer(async () => {
      await api.client.getBookingByReference("HP-1");
      return api.client.getBooking(9);
    });
    await api.settle();
    // A new answer with each slot freed (the API saturated): the full record goes within a few slots,
    // not once new answers stop coming (when the flow served least always went first).
    const newer: Promise<unknown>[] = [];
    for (let i = 0; i < 16 && !api.sent.includes("/bookings/9"); i++) {
      newer.push(asAnswer(() => api.client.getPet(100 + i)));
      await api.settle();
      await api.releaseOne();
    }
    expect(api.sent).toContain("/bookings/9");
    expect(api.sent.indexOf("/bookings/9")).toBeLessThanOrEqual(
      api.sent.indexOf("/bookings/reference/HP-1") + 10,
    );
    while (api.held.length) await api.releaseOne();
    await Promise.all([...holding, booking, ...newer]);
  });

  it("an answer that asks for what bulk work is waiting to read takes it over, as its own", async () => {
    const api = heldApi();
    // One answer holds the six slots and has four more calls waiting; the day's care is read ahead.
    const busy = asAnswer(() => Promise.all(Array.from({ length: 10 }, (_, i) => api.client.getPet(1 + i))), {
      budget: 10,
    });
    await api.settle();
    const ahead = asBulk(() => Promise.all([api.client.getPet(50), api.client.getPet(51)]));
    await api.settle();
    // A booking's card needs pet 50: the read ahead's waiting call becomes the card's own.
    const card = asAnswer(() => api.client.getPet(50));
    await api.settle();
    await api.releaseOne();
    expect(api.sent[6]).toBe("/pets/50");
    while (api.held.length) await api.releaseOne();
    await Promise.all([busy, ahead, card]);
    // One request for pet 50, shared.
    expect(api.sent.filter((p) => p === "/pets/50")).toHaveLength(1);
  });

  it("a wide answer's calls asked together move a slot's width a turn, not one call behind each newcomer", async () => {
    const api = heldApi();
    const wide = asAnswer(
      () => Promise.all(Array.from({ length: 12 }, (_, i) => api.client.getPet(500 + i))),
      {
        budget: 12,
      },
    );
    await api.settle();
    const narrow = (n: number) => asAnswer(() => api.client.getPet(n));
    const first = [narrow(601), narrow(602), narrow(603)];
    await api.settle();
    // Each call that comes back lets the next go; a new answer keeps arriving meanwhile.
    const later: Array<Promise<unknown>> = [];
    for (let i = 0; i < 9; i++) {
      await api.releaseOne();
      later.push(narrow(700 + i));
      await api.settle();
    }
    // The newcomers asked first go first (one round trip at most), then the wide answer's other six
    // together, before the answers that came after it: all twelve within the first fifteen sent.
    const sent = api.sent.slice(0, 15);
    expect(sent.slice(6, 9)).toEqual(["/pets/601", "/pets/602", "/pets/603"]);
    expect(sent.filter((p) => p.startsWith("/pets/5"))).toHaveLength(12);
    while (api.held.length) await api.releaseOne();
    await Promise.all([wide, ...first, ...later]);
  });

  it("an answer's calls past what it shows wait behind another answer's, however late it asked", async () => {
    const api = heldApi();
    // A wide answer: 6 calls of its own (what it shows), then 14 more past its budget.
    const wide = asAnswer(
      async () => {
        allowCalls(6);
        return Promise.all(Array.from({ length: 20 }, (_, i) => api.client.getPet(300 + i)));
      },
      { budget: 0 },
    );
    await api.settle();
    const search = asAnswer(
      async () => {
        allowCalls(8);
        return Promise.all(Array.from({ length: 8 }, (_, i) => api.client.getPet(400 + i)));
      },
      { budget: 0 },
    );
    await api.settle();
    for (let i = 0; i < 8; i++) await api.releaseOne();
    // The eight slots freed go to the later answer's eight calls, before the wide answer's rest.
    expect(api.sent.slice(6, 14).every((p) => p.startsWith("/pets/4"))).toBe(true);
    while (api.held.length) await api.releaseOne();
    await Promise.all([wide, search]);
  });
});
