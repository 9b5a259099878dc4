/**
 * What a fresh try of the connector found in its lists (2 Dec 2026): a page past the last said "No
 * bookings match. Widen the dates…" over bookings that exist, and "This is the last page" over an
 * empty one; a day's list asked for page 50 showed page 7, and page 999 its only page, saying
 * nothing; two page lines ("page 1 of 71", then "Page 1 of 71 (…)"); "1 bookings"; "Customers
 * matching “” (403)"; "Check the spelling" after no search; list_pets and list_customer_pets
 * promising care flags they did not show; and the year left out of a day of another year. Real
 * loopback HTTP to the sandbox, on the harness's clock.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Sandbox, startSandbox } from "../../src/sandbox/server.ts";
import { scratchRecord } from "../helpers/record.ts";
import { CLOCK, type Connected, connectInProcess, textOf } from "./harness.ts";

let sandbox: Sandbox;
let mcp: Connected;

beforeAll(async () => {
  sandbox = await startSandbox({ seed: 13, customers: 60, today: "2026-11-22", timezone: "Europe/London" });
  mcp = await connectInProcess(sandbox, {}, undefined, scratchRecord(CLOCK));
});
afterAll(async () => {
  await mcp.close();
  await sandbox.close();
});

const text = async (name: string, args: Record<string, unknown>) => {
  const r = await mcp.call(name, args);
  expect(r.isError, textOf(r)).toBeFalsy();
  return { r, text: textOf(r), lines: textOf(r).split("\n") };
};

// A page past the last, in every paged tool: test/mcp/past-the-end.test.ts.
describe("one booking: '1 booking'", () => {
  it("its page line, and page 9 of it", async () => {
    const first = await mcp.call("list_bookings", { pageSize: 1 });
    const reference = (first.structuredContent as { items: Array<{ reference: string }> }).items[0]
      ?.reference as string;
    const one = await text("list_bookings", { search: reference });
    expect(one.lines.at(-1)).toBe("Page 1 of 1 (page size 25, 1 booking in all). This is the last page.");
    const past = await text("list_bookings", { search: reference, page: 9 });
    expect(past.lines[0]).toBe(
      "There is no page 9 of these bookings; it is all on page 1 (page size 25, 1 booking in all). Ask for page 1.",
    );
  });
});

describe("one page line, in the list's own numbers", () => {
  it.each([
    ["list_bookings", { pageSize: 5 }, "bookings"],
    ["list_customers", { pageSize: 5 }, "customers"],
    ["list_pets", { pageSize: 5 }, "pets"],
  ])("%s", async (name, args, noun) => {
    const { lines } = await text(name, args);
    expect(lines.filter((l) => /page \d+ of \d+/i.test(l))).toEqual([
      expect.stringMatching(
        new RegExp(`^Page 1 of \\d+ \\(page size 5, \\d+ ${noun} in all\\)\\. Ask for page 2 for more\\.$`),
      ),
    ]);
  });
});

describe("list_customers' words for what was asked", () => {
  it("nothing asked: 'Customers (N)', never matching “”", async () => {
    const { lines } = await text("list_customers", {});
    expect(lines[0]).toMatch(/^Customers \(\d+\)$/);
  });

  it("created since a day with none: no 'Check the spelling' (nothing was spelt)", async () => {
    const { text: t } = await text("list_customers", { createdSince: "2099-01-01" });
    expect(t).toContain("No customers match.");
    expect(t).not.toContain("spelling");
  });
});

describe("pets come with their care flags, as the tools' descriptions say", () => {
  it("list_pets and list_customer_pets: each pet's flags under it, and in the structured content", async () => {
    const { tools } = await mcp.client.listTools();
    expect(tools.find((t) => t.name === "list_pets")?.description).toContain("care flags");
    const found = await text("list_pets", { pageSize: 100 });
    const items = found.r.structuredContent?.items as Array<{
      pet: { petId: number; customerId: number; name: string };
      flags?: { medications: string[] };
    }>;
    const medicated = items.find((i) => (i.flags?.medications.length ?? 0) > 0);
    if (!medicated) throw new Error("the sandbox has no pet with a medication");
    const drug = medicated.flags?.medications[0] as string;
    const at = found.lines.findIndex((l) => l.includes(`pet id ${medicated.pet.petId}`));
    expect(found.lines[at + 1]).toContain(`💊 ${drug}`);
    const own = await text("list_customer_pets", { customerId: medicated.pet.customerId });
    expect(own.text).toContain(`💊 ${drug}`);
  });
});

describe("get_round's description says who its sheet lists, as the sheet does", () => {
  it("pets gone home are counted, not listed; pets arriving later are listed with their time", async () => {
    const { tools } = await mcp.client.listTools();
    const said = tools.find((t) => t.name === "get_round")?.description ?? "";
    expect(said).not.toMatch(/arriving after it are counted/);
    expect(said).toContain("Pets gone home before the round are counted in its summary, not listed");
    expect(said).toContain("a pet arriving later that day is listed");
  });
});

describe("a day of another year says its year", () => {
  it.each([
    ["list_arrivals", { date: "1999-01-01" }, "Arrivals — Fri 1 Jan 1999 (0)"],
    ["list_departures", { date: "2025-01-01" }, "Departures — Wed 1 Jan 2025 (0)"],
  ])("%s %j", async (name, args, title) => {
    const { lines } = await text(name, args);
    expect(lines[0]).toBe(title);
  });

  it("this year's day is said as Slack says it", async () => {
    const { lines } = await text("list_arrivals", { date: "2026-11-22" });
    expect(lines[0]).toMatch(/^Arrivals — Sun 22 Nov \(\d+\)$/);
  });
});
