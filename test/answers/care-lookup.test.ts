/**
 * A care lookup matches each booking's pets once: a day list asks it for every booking to size its
 * pages, then again to list them (in the sustained mix that second matching was a tenth of all the
 * bot allocated).
 */
import { describe, expect, it } from "vitest";
import { lookUpCare } from "../../src/answers/care-lookup.ts";
import { createKennelClient } from "../../src/kennel/client.ts";
import type { Booking } from "../../src/kennel/schemas.ts";
import { silentLogger } from "../../src/log.ts";

function client() {
  const calls: string[] = [];
  const fetchFn = (async (input: Request | string | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : new Request(input, init).url);
    calls.push(url.pathname);
    const id = Number(url.pathname.split("/")[4]);
    const pets = [
      { petId: id * 10, name: "Biscuit", medication: "Metacam 1.5 mg with breakfast" },
      { petId: id * 10 + 1, name: "Pepper", allergies: "Chicken" },
    ];
    return new Response(JSON.stringify({ customerId: id, pets }), {
      headers: { "content-type": "application/json" },
    });
  }) as typeof fetch;
  const kennel = createKennelClient(
    {
      apiKey: "k-care-lookup-1",
      baseUrl: new URL("https://kennel.example.com/api/v1"),
      timeoutMs: 2_000,
      debug: false,
    },
    { log: silentLogger(), fetch: fetchFn, keepRaw: false },
  );
  return { deps: { kennel, log: silentLogger() }, calls };
}

describe("lookUpCare", () => {
  it("matches a booking's pets once, however often its care is asked; each booking its own", async () => {
    const { deps, calls } = client();
    const both: Booking = { bookingId: 1, customerId: 7, petNames: "Biscuit, Pepper" };
    const one: Booking = { bookingId: 2, customerId: 7, petNames: "Pepper" };
    const care = await lookUpCare(deps, [both, one]);
    const first = care.careOf(both);
    expect(care.careOf(both)).toBe(first);
    expect(first.status).toBe("matched");
    expect(first.pets.map((p) => p.pet.name)).toEqual(["Biscuit", "Pepper"]);
    expect(care.careOf(one).pets.map((p) => p.pet.name)).toEqual(["Pepper"]);
    expect(care.careOf(one)).toBe(care.careOf(one));
    expect(calls).toEqual(["/api/v1/customers/7"]);
  });
});
