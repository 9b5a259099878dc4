/**
 * Fair use of the API's slots (issue 48, item 2), on the real client with a fetch that holds each
 * answer until the test lets it go (so the order is the limiter's, not the clock's): a broad answer
 * in flight, with forty calls queued behind its six, does not delay another answer's first call past
 * the next slot freed (one API round trip); interactive answers are served before bulk work (a
 * scheduled post's reading ahead), and an answer's calls past its budget wait behind every other
 * answer's, never ahead of them.
 */
import { describe, expect, it } from "vitest";
import type { KennelSettings } from "../../src/config.ts";
import { createKennelClient } from "../../src/kennel/client.ts";
import { asAnswer, asBulk } from "../../src/kennel/limiter.ts";
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
    // Then its calls past the budget and the prefetch share what is left, the least served first.
    await api.releaseOne();
    expect(api.sent[9]).toBe("/pets/202");
    while (api.held.length) await api.releaseOne();
    await Promise.all([prefetch, greedy, booking]);
  });
});
