/**
 * Every connector tool with a `page` argument, asked for a page past its last (a fresh try, 2 Dec
 * 2026: list_in_house page 99 of 4 said "page 4 of 4" before "There is no page 99", and read as page
 * 4): one sentence first, in the list's own nouns, naming the last page; no other page's rows nor its
 * "page N of M"; and the structured content saying so the same way in every tool (`noSuchPage`).
 * Real loopback HTTP to the sandbox, on the harness's clock (today is 2026-11-22).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Sandbox, startSandbox } from "../../src/sandbox/server.ts";
import { scratchRecord } from "../helpers/record.ts";
import { CLOCK, type Connected, connectInProcess, type Result, textOf } from "./harness.ts";

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

const call = async (name: string, args: Record<string, unknown>) => {
  const r = await mcp.call(name, args);
  expect(r.isError, textOf(r)).toBeFalsy();
  return r;
};

/** What any page past the end must not show: another page's place ("page 4 of 4"), or its line. */
function showsNoOtherPage(r: Result): void {
  const t = textOf(r);
  expect(t).not.toMatch(/page \d+ of \d+/i);
  expect(t).not.toContain("This is the last page");
  expect(t).not.toContain("for more");
}

describe("a day's list past its last page: the sentence first, then the whole day's title and counts", () => {
  it("list_in_house page 99 of today's board", async () => {
    const last = (await call("list_in_house", {})).structuredContent?.textPage as { pages: number };
    expect(last.pages).toBeGreaterThan(1);
    const r = await call("list_in_house", { page: 99 });
    const lines = textOf(r).split("\n");
    expect(lines[0]).toBe(
      `There is no page 99 of today's in-house board; the last is ${last.pages}. Ask for page ${last.pages} or an earlier one.`,
    );
    expect(lines).toContain("In house — Sun 22 Nov (42 pets)");
    showsNoOtherPage(r);
    expect(textOf(r)).not.toMatch(/^ {2}\S/m); // no stay of any page
    expect(r.structuredContent?.noSuchPage).toEqual({ page: 99, lastPage: last.pages });
    expect(r.structuredContent?.textPage).toEqual({ page: 99, pages: last.pages, shown: false });
  });

  it("list_departures page 50 of the full-house day (another day: named, not 'today')", async () => {
    const date = sandbox.data.fullHouseDay;
    const last = (await call("list_departures", { date })).structuredContent?.textPage as { pages: number };
    expect(last.pages).toBeGreaterThan(1);
    const r = await call("list_departures", { date, page: 50 });
    expect(textOf(r).split("\n")[0]).toBe(
      `There is no page 50 of the departures for Tue 24 Nov; the last is ${last.pages}. Ask for page ${last.pages} or an earlier one.`,
    );
    showsNoOtherPage(r);
    expect(textOf(r)).not.toMatch(/^ {2}\S/m);
    expect(r.structuredContent?.noSuchPage).toEqual({ page: 50, lastPage: last.pages });
  });

  it("list_arrivals page 2 of a one-page day", async () => {
    const r = await call("list_arrivals", { page: 2 });
    expect(textOf(r).split("\n")[0]).toBe(
      "There is no page 2 of today's arrivals; it is all on page 1. Ask for page 1.",
    );
    showsNoOtherPage(r);
    expect(textOf(r)).not.toMatch(/^ {2}\S/m);
    expect(r.structuredContent?.noSuchPage).toEqual({ page: 2, lastPage: 1 });
    // The whole day is still the structured content's, as the tool's description says.
    expect(r.structuredContent?.entries).not.toEqual([]);
  });
});

describe("an API list past its last page: the sentence first, then the list's title, no rows", () => {
  async function pastTheEnd(name: string, args: Record<string, unknown>, noun: string) {
    const r = await call(name, { ...args, page: 999 });
    const { totalPages: last, totalRecords: all } = r.structuredContent as Record<string, number>;
    const counted = `(page size 25, ${all} ${noun}${all === 1 ? "" : "s"} in all)`;
    const where =
      last === 1
        ? `it is all on page 1 ${counted}. Ask for page 1.`
        : `the last is ${last} ${counted}. Ask for page ${last} or an earlier one.`;
    expect(textOf(r).split("\n")[0]).toBe(`There is no page 999 of these ${noun}s; ${where}`);
    showsNoOtherPage(r);
    expect(textOf(r)).not.toMatch(/No \w+ match/);
    expect(r.structuredContent?.items).toEqual([]);
    expect(r.structuredContent?.noSuchPage).toEqual({ page: 999, lastPage: last });
    return textOf(r).split("\n");
  }

  it("list_bookings", async () => {
    expect(await pastTheEnd("list_bookings", {}, "booking")).toContain("Bookings (657)");
  });

  it("list_customer_bookings (one page of them)", async () => {
    const lines = await pastTheEnd("list_customer_bookings", { customerId: 1001 }, "booking");
    expect(lines[0]).toContain("it is all on page 1");
    expect(lines).toContain("Bookings of customer 1001 (8)");
  });

  it("list_customers", async () => {
    expect(await pastTheEnd("list_customers", {}, "customer")).toContain("Customers (63)");
  });

  it("list_pets", async () => {
    await pastTheEnd("list_pets", {}, "pet");
  });
});
