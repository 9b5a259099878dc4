/**
 * What a fresh try of the connector found in its inputs (2 Dec 2026): an argument a tool does not
 * take silently dropped (get_round's "day": tomorrow answered as today's round; list_bookings'
 * "date": every booking), "expected number, received string" for a quoted page, a blank date read as
 * today, a quoted reference not found, controlled with drug accepted, `arguments: null` an internal
 * error with a raw dump, the status words answers show ("checked in") matching nothing, a date-time
 * without a zone passed on for the API to guess, and 24/12 offered where the kennel writes 12/24.
 * Each is refused in words before any request, or read as the kennel means it. Real loopback HTTP to
 * the sandbox, on the harness's clock.
 */
import { CallToolResultSchema } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Sandbox, startSandbox } from "../../src/sandbox/server.ts";
import { scratchRecord } from "../helpers/record.ts";
import { CLOCK, type Connected, connectInProcess, textOf } from "./harness.ts";

let sandbox: Sandbox;
let mcp: Connected;
/** Every URL the connector asked the kennel API for. */
const asked: string[] = [];
const counting: typeof fetch = (input, init) => {
  asked.push(String(input instanceof Request ? input.url : input));
  return fetch(input, init);
};

beforeAll(async () => {
  sandbox = await startSandbox({ seed: 13, customers: 60, today: "2026-11-22", timezone: "Europe/London" });
  mcp = await connectInProcess(sandbox, {}, counting, scratchRecord(CLOCK));
});
afterAll(async () => {
  await mcp.close();
  await sandbox.close();
});

/** The tool's answer, and how many requests it made. */
async function called(name: string, args: Record<string, unknown>) {
  const before = asked.length;
  const r = await mcp.call(name, args);
  return { r, text: textOf(r), requests: asked.length - before };
}

describe("an argument a tool does not take is refused, naming the one meant, before any request", () => {
  it.each([
    [
      "get_round",
      { round: "evening", day: "tomorrow" },
      "day is not an argument of get_round; did you mean date?",
    ],
    ["list_arrivals", { day: "tomorrow" }, "day is not an argument of list_arrivals; did you mean date?"],
    [
      "list_bookings",
      { date: "today", pageSize: 2 },
      "date is not an argument of list_bookings; did you mean from?",
    ],
    [
      "list_bookings",
      { page_size: 2 },
      "page_size is not an argument of list_bookings; did you mean pageSize?",
    ],
    ["get_pet", { id: 5001 }, "id is not an argument of get_pet; did you mean petId?"],
  ])("%s %j", async (name, args, said) => {
    const { r, text, requests } = await called(name, args);
    expect(r.isError).toBe(true);
    expect(text.split("\n")[0]).toBe(`⚠️ ${said}`);
    expect(r.structuredContent?.kind).toBe("usage");
    expect(requests).toBe(0);
  });

  it("a name nothing is near: the tool's own arguments", async () => {
    const { text } = await called("check_api_status", { verbose: true });
    expect(text).toContain(
      "verbose is not an argument of check_api_status. check_api_status takes no arguments.",
    );
    const list = await called("list_customers", { zzz: 1 });
    expect(list.text).toContain(
      "zzz is not an argument of list_customers. Its arguments: search, createdSince, updatedSince, archived, page, pageSize.",
    );
  });

  it("every tool's input schema says it takes no other argument", async () => {
    const { tools } = await mcp.client.listTools();
    for (const t of tools) expect(t.inputSchema.additionalProperties, t.name).toBe(false);
  });
});

describe("arguments of the wrong kind, in words", () => {
  it("arguments: null is no arguments, never an internal error", async () => {
    const r = await mcp.client.request(
      { method: "tools/call", params: { name: "check_api_status", arguments: null } } as never,
      CallToolResultSchema,
    );
    expect(r.isError).toBeFalsy();
    expect(textOf(r as never)).toMatch(/OK/);
  });

  it("arguments that are not an object are refused by the tool", async () => {
    const r = await mcp.client.request(
      { method: "tools/call", params: { name: "get_round", arguments: "morning" } } as never,
      CallToolResultSchema,
    );
    expect(r.isError).toBe(true);
    expect(textOf(r as never)).toContain(
      "The arguments of get_round are an object of named arguments, not a string.",
    );
  });

  it.each([
    ["list_bookings", { page: "2" }, "page: page is a number: send 2 without quotes"],
    ["list_bookings", { pageSize: "10" }, "pageSize: pageSize is a number: send 10 without quotes"],
    ["list_arrivals", { date: 3 }, 'date: written as text: send "3" in quotes'],
    ["list_arrivals", { date: "" }, "date: the date is blank: give a day, or leave it out"],
    ["list_bookings", { from: "  " }, "from: the date is blank: give a day, or leave it out"],
    ["list_customers", { archived: "true" }, "archived: archived is true or false: send true without quotes"],
  ])("%s %j", async (name, args, said) => {
    const { r, text, requests } = await called(name, args);
    expect(r.isError).toBe(true);
    expect(text.split("\n")[0]).toBe(`⚠️ The input to ${name} is not valid: ${said}.`);
    expect(text).not.toContain("expected");
    expect(requests).toBe(0);
  });

  it("get_medicine_stock: controlled and drug together are refused, as its description says", async () => {
    const { r, text, requests } = await called("get_medicine_stock", { controlled: true, drug: "Vetoryl" });
    expect(r.isError).toBe(true);
    expect(text.split("\n")[0]).toBe("⚠️ Give controlled, or drug (a register), not both.");
    expect(requests).toBe(0);
  });
});

describe("a quoted reference is the reference", () => {
  it.each([`"REF"`, `“REF”`, `'REF'`])("get_booking %s", async (quoted) => {
    const page = await mcp.call("list_bookings", { pageSize: 1 });
    const reference = (page.structuredContent as { items: Array<{ reference: string }> }).items[0]
      ?.reference as string;
    const r = await mcp.call("get_booking", { reference: quoted.replace("REF", reference) });
    expect(r.isError, textOf(r)).toBeFalsy();
    expect(textOf(r).split("\n")[0]).toBe(`Booking ${reference}`);
  });
});

describe("a status as answers show it finds what its API value finds", () => {
  // As typed first (the sandbox matches a status in any case: CHECKED_IN is found so); when that
  // finds none, the value, and the answer says so (src/answers/lists.ts byStatus).
  it.each([
    ["checked in", "checked_in"],
    ["Checked In", "checked_in"],
    ["checked-in", "checked_in"],
    ["CHECKED_IN", "CHECKED_IN"],
  ])("list_bookings status %j", async (status, shown) => {
    const asWritten = await mcp.call("list_bookings", { status: "checked_in", pageSize: 1 });
    const r = await mcp.call("list_bookings", { status, pageSize: 1 });
    expect(r.isError).toBeFalsy();
    expect(r.structuredContent?.totalRecords).toBeGreaterThan(0);
    expect(r.structuredContent?.totalRecords).toBe(asWritten.structuredContent?.totalRecords);
    expect(textOf(r).split("\n")[0]).toMatch(new RegExp(`^Bookings: status ${shown} \\(\\d+\\)$`));
    expect(textOf(r).includes(`No bookings have the status “${status}”; showing status checked_in.`)).toBe(
      shown === "checked_in",
    );
  });

  it("a status not known says so in true words (never 'matches it as written')", async () => {
    const text = textOf(await mcp.call("list_bookings", { status: "confirmd" }));
    expect(text).toContain("No bookings have the status “confirmd”. Did you mean confirmed?");
    expect(text).not.toContain("as written");
  });
});

describe("a date-time without a zone is the kennel's time, sent in UTC", () => {
  it("list_bookings from 00:00 to 23:59 in New York: sent as that zone's instants", async () => {
    const seen: string[] = [];
    const spy: typeof fetch = (input, init) => {
      seen.push(String(input instanceof Request ? input.url : input));
      return fetch(input, init);
    };
    const ny = await connectInProcess(sandbox, { KENNEL_TIMEZONE: "America/New_York" }, spy);
    try {
      const r = await ny.call("list_bookings", { from: "2026-12-03T00:00", to: "2026-12-03T23:59:30" });
      expect(r.isError, textOf(r)).toBeFalsy();
      const url = new URL(seen.at(-1) as string);
      expect(url.searchParams.get("request.from")).toBe("2026-12-03T05:00:00.000Z");
      expect(url.searchParams.get("request.to")).toBe("2026-12-04T04:59:30.000Z");
      // One with its zone is passed on as given.
      await ny.call("list_bookings", { from: "2026-12-03T00:00Z" });
      expect(new URL(seen.at(-1) as string).searchParams.get("request.from")).toBe("2026-12-03T00:00Z");
    } finally {
      await ny.close();
    }
  });

  it("a time the clocks skip is refused in words", async () => {
    const ny = await connectInProcess(sandbox, { KENNEL_TIMEZONE: "America/New_York" });
    try {
      const r = await ny.call("list_bookings", { from: "2026-03-08T02:30" });
      expect(r.isError).toBe(true);
      expect(textOf(r)).toContain(
        "2026-03-08T02:30 does not exist in the kennel's time zone (America/New_York)",
      );
    } finally {
      await ny.close();
    }
  });

  it("a kennel that writes the month first is offered 12/24, never 24/12", async () => {
    const ny = await connectInProcess(sandbox, { KENNEL_TIMEZONE: "America/New_York" });
    try {
      const { tools } = await ny.client.listTools();
      const schemas = JSON.stringify(tools.map((t) => t.inputSchema));
      expect(schemas).toContain("12/24 (month first)");
      expect(schemas).not.toContain("24/12");
    } finally {
      await ny.close();
    }
  });
});
