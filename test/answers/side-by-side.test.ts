/**
 * Which of a card's calls wait for an earlier answer, and which are asked side by side: through the
 * real answers and client over an injected fetch where every call takes 200 ms, and a real care
 * record whose reads are watched. Counted in waves (a call's wave: one more than the latest wave of
 * the calls that had answered when it was asked), never in time. `/pet ID` (and get_pet): the
 * record, and beside it the plan's stay's booking (its doses if needed, its medicines) — then the
 * owner the record names: two waves, not three. `/pet NAME` with one match the search leaves the
 * care out of: the search, then the pet's record, its owner and its plan's booking together: two
 * waves, not four. `/booking ID` (and get_booking): the care plans and the stay's care record are
 * read beside the customer's pets, not after them.
 */
import { describe, expect, it } from "vitest";
import { countIn } from "../../src/answers/custody-write.ts";
import { planNow } from "../../src/answers/plans.ts";
import { bookingView, petAnswer, petView } from "../../src/answers/records.ts";
import type { Deps } from "../../src/deps.ts";
import { countInStart } from "../../src/domain/custody-rules.ts";
import type { CareRecordStore } from "../../src/record/types.ts";
import { apiPath, fetchDeps, jsonAnswer } from "../helpers/fetch-deps.ts";
import { scratchRecord } from "../helpers/record.ts";

const NOW = "2026-11-24T10:00:00Z";
const CALL_MS = 200;
const BOOKING = {
  bookingId: 8100,
  reference: "KD-8100",
  status: "checked_in",
  customerId: 610,
  customerName: "Ada Byrne",
  petNames: "Otis",
  numberOfPets: 1,
  roomName: "Kennel 3",
  checkInDate: "2026-11-23T09:00:00Z",
  checkOutDate: "2026-11-28T10:00:00Z",
};
const OTIS = {
  petId: 6101,
  customerId: 610,
  name: "Otis",
  petType: "Dog",
  medication: "Rimadyl 50 mg: one tablet with breakfast",
  archived: false,
  deleted: false,
};

interface Call {
  what: string;
  start: number;
  end: number;
}

/** The kennel API: Otis, his owner and his stay; each call answered after CALL_MS. */
function slowKennel(failing: string[] = []) {
  const calls: Call[] = [];
  const fetchFn = (async (input: Request | string | URL, init?: RequestInit) => {
    const path = apiPath(input, init);
    const call = { what: path, start: performance.now(), end: Number.POSITIVE_INFINITY };
    calls.push(call);
    await new Promise((r) => setTimeout(r, CALL_MS));
    call.end = performance.now();
    if (failing.includes(path)) {
      const requestId = `srv-down-${calls.length}`;
      const body = JSON.stringify({ code: "unavailable", message: "Down.", requestId });
      return new Response(body, { status: 503, headers: { "x-request-id": requestId } });
    }
    if (path === `/bookings/reference/${BOOKING.reference}`) {
      const { roomName: _room, ...reduced } = BOOKING;
      return jsonAnswer(reduced);
    }
    if (path === `/pets/${OTIS.petId}`) return jsonAnswer(OTIS);
    if (path === "/pets") {
      // The search's answer leaves the care out: the pet's own record completes it.
      const items = [{ petId: OTIS.petId, customerId: OTIS.customerId, name: OTIS.name }];
      return jsonAnswer({ page: 1, pageSize: 10, totalRecords: 1, totalPages: 1, items });
    }
    if (path === `/customers/${OTIS.customerId}`)
      return jsonAnswer({ customerId: 610, firstname: "Ada", secondname: "Byrne", pets: [OTIS] });
    if (path === `/bookings/${BOOKING.bookingId}`) return jsonAnswer(BOOKING);
    return new Response(JSON.stringify({ code: "not_found" }), { status: 404 });
  }) as typeof fetch;
  return { calls, fetchFn };
}

/** The store, each read it answers noted as a call (its kind or method) beside the API's. */
function watched(store: CareRecordStore, calls: Call[]): CareRecordStore {
  return new Proxy(store, {
    get(target, name, receiver) {
      const value = Reflect.get(target, name, receiver);
      if (typeof value !== "function" || name === "append") return value;
      return (...args: unknown[]) => {
        const out = value.apply(target, args);
        if (!(out instanceof Promise)) return out;
        const kind = (args[0] as { kind?: string } | undefined)?.kind;
        const call = {
          what: `record ${String(name)}${kind ? ` ${kind}` : ""}`,
          start: performance.now(),
          end: 0,
        };
        calls.push(call);
        return out.finally(() => {
          call.end = performance.now();
        });
      };
    },
  });
}

/** How many waves the API calls took: each call one more than the latest that had answered when it was asked. */
function waves(calls: Call[]): number {
  const api = calls.filter((c) => c.what.startsWith("/")).sort((a, b) => a.start - b.start);
  const wave = new Map<Call, number>();
  for (const c of api) {
    const before = api.filter((d) => d.end <= c.start).map((d) => wave.get(d) ?? 0);
    wave.set(c, 1 + Math.max(0, ...before));
  }
  return Math.max(0, ...wave.values());
}

/** Deps on the slow kennel with a care record holding Otis's plan for his stay and a medicine counted in. */
async function otisKept(failing: string[] = []) {
  const api = slowKennel(failing);
  const clock = { now: () => new Date(NOW) };
  const store = scratchRecord(clock);
  const plain = { ...fetchDeps(api.fetchFn, NOW), record: store };
  const { plan } = await planNow(plain, BOOKING, OTIS);
  const item = plan.items.find((i) => i.key !== "meal" && countInStart(i).unit === "tablet");
  if (!item || item.key === "meal") throw new Error("Otis's plan has no tablet to count in");
  const counted = await countIn(plain, {
    bookingId: BOOKING.bookingId,
    petId: OTIS.petId,
    item: item.key,
    label: "Rimadyl 50mg",
    unit: "tablet",
    quantity: 28,
    ownerNameChecked: true,
    storage: "room",
    controlled: false,
    by: { userId: "U0JANE", userName: "Jane" },
    requestKey: "side-by-side-1",
  });
  expect(counted.status).toBe("recorded");
  const deps: Deps = { ...plain, record: watched(store, api.calls) };
  return { api, deps };
}

describe("a pet's card: what needs only its id is asked beside its record", () => {
  it("/pet ID with a plan and a medicine kept: the record and the plan's booking together, then the owner (2 waves, not 3)", async () => {
    const { api, deps } = await otisKept();
    const view = await petView(deps, OTIS.petId);
    expect(view.owner?.secondname).toBe("Byrne");
    expect(view.plan?.plan.bookingId).toBe(BOOKING.bookingId);
    expect(view.medicines?.held.map((h) => h.medicine.balance)).toEqual([28]);
    expect(api.calls.filter((c) => c.what === `/customers/${OTIS.customerId}`)).toHaveLength(1);
    expect(waves(api.calls)).toBe(2);
  });

  it("/pet NAME, one match with its care left out: the search, then its record, owner and plan's booking together (2 waves, not 4)", async () => {
    const { api, deps } = await otisKept();
    const a = await petAnswer(deps, "Otis");
    if (a.type !== "pet") throw new Error("one match should be its card");
    expect(a.view.care.medications.length).toBeGreaterThan(0);
    expect(a.view.owner?.secondname).toBe("Byrne");
    expect(a.view.medicines?.held).toHaveLength(1);
    expect(waves(api.calls)).toBe(2);
  });
});

describe("a booking's card: its care plans and care record are read beside its pets", () => {
  it("/booking ID: the booking, then the customer's pets with the stay's record and plans read meanwhile (2 waves)", async () => {
    const { api, deps } = await otisKept();
    const view = await bookingView(deps, String(BOOKING.bookingId));
    expect(view.care.status).toBe("matched");
    expect(view.plans?.map((v) => v.plan.petId)).toEqual([OTIS.petId]);
    expect(view.stay?.pets.map((p) => p.petName)).toEqual(["Otis"]);
    expect(waves(api.calls)).toBe(2);
    const pets = api.calls.find((c) => c.what === `/customers/${OTIS.customerId}`) as Call;
    const reads = api.calls.filter((c) => c.what.startsWith("record "));
    const plans = reads.find((c) => c.what === "record log plan") as Call;
    const stay = reads.find((c) => c.what === "record entries") as Call;
    // Asked while the customer's pets were still coming, not after them.
    expect(plans.start).toBeLessThan(pets.end);
    expect(stay.start).toBeLessThan(pets.end);
  });
});

describe("a call that fails still leaves what the others found", () => {
  it("/booking REF with the full booking and the pets not read: the reduced booking, why in words with the request id, its plans and stay", async () => {
    const { deps } = await otisKept([`/bookings/${BOOKING.bookingId}`, `/customers/${OTIS.customerId}`]);
    const view = await bookingView(deps, BOOKING.reference);
    expect(view.full).toBe(false);
    expect(view.booking.reference).toBe(BOOKING.reference);
    expect(view.careProblem).toMatch(/srv-down-\d+/);
    expect(view.plans?.map((v) => v.plan.petId)).toEqual([OTIS.petId]);
    // The pets not read, the stay names its pet as its kept plan does: by its id.
    expect(view.stay?.pets.map((p) => p.petName)).toEqual([`pet ${OTIS.petId}`]);
  });

  it("/pet ID whose record cannot be read: the record's error with its request id, whatever was read beside it", async () => {
    const { deps } = await otisKept([`/pets/${OTIS.petId}`]);
    const error = await petView(deps, OTIS.petId).catch((e: unknown) => e);
    expect(error).toMatchObject({ requestId: expect.stringMatching(/^srv-down-\d+$/) });
  });
});
