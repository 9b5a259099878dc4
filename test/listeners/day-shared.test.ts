/**
 * A day list asked again while the same page's list is still being read joins that answer: one
 * list call, one care lookup, one drawing, the same messages for both askers (issue 48: twenty
 * `/arrivals` a minute on a slow API). Asked once the list has been read, it is read afresh; another
 * page or the other kind is never joined. Calls are held until the test lets them go, so the order
 * is the code's, not the clock's.
 */
import { describe, expect, it } from "vitest";
import { dayMessages } from "../../src/listeners/replies.ts";
import { apiPath, fetchDeps, jsonAnswer } from "../helpers/fetch-deps.ts";

const DAY = "2026-11-24";

const booking = (i: number) => ({
  bookingId: 7000 + i,
  reference: `KD-${i}`,
  status: "confirmed",
  customerId: 500 + i,
  customerName: `Owner ${i}`,
  petNames: `Pet ${i}`,
  numberOfPets: 1,
  roomName: `Kennel ${i}`,
  checkInDate: `${DAY}T0${i}:00:00Z`,
  checkOutDate: `${DAY}T1${i}:00:00Z`,
  bookingPaid: true,
});

function heldKennel() {
  const held: Array<() => void> = [];
  const sent: string[] = [];
  const fetchFn = (async (input: Request | string | URL, init?: RequestInit) => {
    const path = apiPath(input, init);
    sent.push(path);
    await new Promise<void>((release) => held.push(release));
    if (path === "/bookings/checkin" || path === "/bookings/checkout")
      return jsonAnswer([0, 1, 2, 3].map(booking));
    // A customer with its pets embedded, as the spec gives it: the care of its bookings.
    const m = /^\/customers\/(\d+)$/.exec(path);
    if (m) {
      const customerId = Number(m[1]);
      const petName = `Pet ${customerId - 500}`;
      const pets = [{ petId: customerId * 10, customerId, name: petName, medication: "Metacam 1.5 mg" }];
      return jsonAnswer({ customerId, pets });
    }
    return new Response("{}", { status: 404 });
  }) as typeof fetch;
  const deps = fetchDeps(fetchFn, `${DAY}T09:00:00Z`);
  const settle = async () => {
    for (let i = 0; i < 30; i++) await new Promise((r) => setImmediate(r));
  };
  const releaseAll = async () => {
    await settle();
    while (held.length) {
      held.shift()?.();
      await settle();
    }
  };
  return { deps, sent, held, settle, releaseAll };
}

const lists = (sent: string[]) => sent.filter((p) => p.startsWith("/bookings/"));

describe("a day list asked while the same page is being read", () => {
  it("joins that answer: one list call, one care read, the same messages", async () => {
    const api = heldKennel();
    const first = dayMessages(api.deps, "arrivals", DAY);
    await api.settle();
    const second = dayMessages(api.deps, "arrivals", DAY);
    await api.releaseAll();
    const [a, b] = await Promise.all([first, second]);
    expect(b).toBe(a);
    expect(lists(api.sent)).toEqual(["/bookings/checkin"]);
    expect(api.sent.filter((p) => /^\/customers\/\d+$/.test(p))).toHaveLength(4);
    // Nothing of the day cut: every arrival and its medication is on the page.
    const text = JSON.stringify(a);
    for (const i of [0, 1, 2, 3]) expect(text).toContain(`Pet ${i}`);
    expect(text).toContain("Metacam 1.5 mg");
  });

  it("is read afresh once the list has been read, and never joins another page or the other kind", async () => {
    const api = heldKennel();
    const first = dayMessages(api.deps, "arrivals", DAY);
    await api.settle();
    const departures = dayMessages(api.deps, "departures", DAY);
    const page2 = dayMessages(api.deps, "arrivals", DAY, 2);
    await api.settle();
    // The two list calls in flight let go (page 2's shares the API's call for the same list):
    // the lists are read, their care still held.
    expect(lists(api.sent)).toEqual(["/bookings/checkin", "/bookings/checkout"]);
    for (let i = 0; i < 2; i++) api.held.shift()?.();
    await api.settle();
    const later = dayMessages(api.deps, "arrivals", DAY);
    await api.releaseAll();
    const [a, d, p, c] = await Promise.all([first, departures, page2, later]);
    expect(c).not.toBe(a);
    expect(p).not.toBe(a);
    expect(d).not.toBe(a);
    expect(lists(api.sent)).toEqual(["/bookings/checkin", "/bookings/checkout", "/bookings/checkin"]);
  });
});
