/**
 * `/pet NAME` with many matches lists the pets in house today first, then by name: in the preview's
 * data (seed 1, 400 customers), the fifteen Biscuits, three of them staying, none of those on the
 * API's own page 1 (it pages by id). Who is in house is read here the /inhouse way, independently
 * (the board keeps today's house for the search); each page of the search reads its page and nothing
 * more (issue 48: the house is not read again, every match is not read).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { houseReport } from "../../src/answers/house.ts";
import { type PetSearch, petAnswer } from "../../src/answers/records.ts";
import { type Config, loadConfig } from "../../src/config.ts";
import type { Deps } from "../../src/deps.ts";
import { createKennelClient } from "../../src/kennel/client.ts";
import { silentLogger } from "../../src/log.ts";
import { type Sandbox, startSandbox } from "../../src/sandbox/server.ts";
import { petListText } from "../../src/text/index.ts";

const TZ = "Europe/London";
let sandbox: Sandbox;
let deps: Deps;

beforeAll(async () => {
  sandbox = await startSandbox({ seed: 1, customers: 400, today: "2026-11-22", timezone: TZ, awkward: true });
  const config = loadConfig({
    KENNEL_API_KEY: sandbox.keys.main,
    KENNEL_API_BASE_URL: sandbox.url,
    KENNEL_TIMEZONE: TZ,
  });
  const log = silentLogger();
  const kennel = createKennelClient(config.kennel as NonNullable<Config["kennel"]>, { log });
  deps = { kennel, log, config, clock: { now: () => new Date("2026-11-22T09:00:00Z") } };
}, 60_000);
afterAll(async () => {
  await sandbox?.close();
});

async function list(name: string, page: number): Promise<PetSearch> {
  const a = await petAnswer(deps, name, page);
  if (a.type !== "pet_list") throw new Error("a list");
  return a.list;
}

describe("a pet search with many matches", () => {
  it("lists the pets in house today first, then by name, across its pages", async () => {
    const house = await houseReport(deps, "2026-11-22", { wholeDay: true });
    const staying = new Set(house.entries.flatMap((e) => e.care?.pets ?? []).map((p) => p.pet.petId));
    const apiFirstPage = (await deps.kennel.listPets({ name: "Biscuit" }, { page: 1, pageSize: 10 })).data
      .items;
    const asked = () => sandbox.requests.filter((r) => r.path.startsWith("/api/v1/pets")).length;
    const before = { pets: asked(), all: sandbox.requests.length };
    const first = await list("Biscuit", 1);
    expect(first.totalRecords).toBe(15);
    expect(first.totalPages).toBe(2);
    const second = await list("Biscuit", 2);
    // One page of the search each, and the owners' names (cached): the house is not read again.
    expect(asked() - before.pets).toBe(2);
    expect(sandbox.requests.slice(before.all).every((r) => /\/pets\?|\/customers\/\d+$/.test(r.path))).toBe(
      true,
    );
    const all = [...first.items, ...second.items];
    expect(new Set(all.map((i) => i.pet.petId)).size).toBe(15);
    const inHouse = all.filter((i) => staying.has(i.pet.petId));
    // The case the front desk met: the pets staying are not on the API's own first page.
    expect(inHouse.length).toBeGreaterThan(0);
    expect(apiFirstPage.some((p) => staying.has(p.petId))).toBe(false);
    // Here they lead page 1, marked; the rest by name, then id.
    expect(first.items.slice(0, inHouse.length).map((i) => i.pet.petId)).toEqual(
      inHouse.map((i) => i.pet.petId),
    );
    expect(all.map((i) => i.inHouse === true)).toEqual(all.map((i) => staying.has(i.pet.petId)));
    // The rest of each page by name, then id.
    for (const rest of [first.items.slice(inHouse.length), second.items]) {
      const sorted = [...rest].sort(
        (a, b) =>
          (a.pet.name ?? "").localeCompare(b.pet.name ?? "", undefined, { sensitivity: "base" }) ||
          (a.pet.petId ?? 0) - (b.pet.petId ?? 0),
      );
      expect(rest.map((i) => i.pet.petId)).toEqual(sorted.map((i) => i.pet.petId));
    }
    const text = petListText(first, { color: false, timezone: TZ, thisYear: "2026" });
    expect(text.split("\n").filter((l) => l.includes("🏠 in house today"))).toHaveLength(inHouse.length);
  });

  it("names the owners of the pets in house as their stays do, asking the API only for the others' owners", async () => {
    const house = await houseReport(deps, "2026-11-22", { wholeDay: true });
    const stayOwner = new Map(house.entries.map((e) => [e.booking.customerId, e.booking.customerName]));
    deps.kennel.clearCache(); // no owner read before
    const before = sandbox.requests.length;
    const first = await list("Biscuit", 1);
    const asked = sandbox.requests
      .slice(before)
      .map((r) => r.path)
      .filter((p) => /\/customers\/\d+$/.test(p));
    const inHouse = first.items.filter((i) => i.inHouse);
    expect(inHouse.length).toBeGreaterThan(0);
    for (const i of inHouse) expect(i.owner).toBe(stayOwner.get(i.pet.customerId));
    const others = new Set(
      first.items.map((i) => i.pet.customerId).filter((id) => id !== undefined && !stayOwner.has(id)),
    );
    expect(others.size).toBeGreaterThan(0);
    expect(asked.sort()).toEqual([...others].map((id) => `/api/v1/customers/${id}`).sort());
  });
});
