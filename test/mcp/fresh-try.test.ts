/**
 * What a fresh try of the connector found: an impossible date answered as if it were one, a range
 * ending before it starts sent to the API (a bad request back), get_round refusing "tomorrow" that
 * the terminal takes, a customer's pets titled as a search nobody typed, "Did you mean evening?."
 * and get_booking's advice when neither or both of id and reference are given. Each is now refused
 * (or answered) before any request, in the terminal's words. Real loopback HTTP to the sandbox.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { customerName } from "../../src/domain/customers.ts";
import type { Customer } from "../../src/kennel/schemas.ts";
import { inputProblem } from "../../src/mcp/tool.ts";
import type { CareRecordStore } from "../../src/record/types.ts";
import { type Sandbox, startSandbox } from "../../src/sandbox/server.ts";
import { scratchRecord } from "../helpers/record.ts";
import { CLOCK, type Connected, connectInProcess, type Result, textOf } from "./harness.ts";

let sandbox: Sandbox;
let store: CareRecordStore;
let mcp: Connected;

beforeAll(async () => {
  sandbox = await startSandbox({ seed: 13, customers: 60, today: "2026-11-22", timezone: "Europe/London" });
  store = scratchRecord(CLOCK);
  mcp = await connectInProcess(sandbox, {}, undefined, store);
});
afterAll(async () => {
  await mcp.close();
  await sandbox.close();
});

const failureOf = (r: Result) => (r.structuredContent ?? {}) as Record<string, unknown>;

/** What `kennel-desk bookings 2026-02-31` says (the harness's kennel is in London: day first). */
const NOT_REAL =
  "2026-02-31 is not a real date. Use today, tomorrow, yesterday, a weekday (friday), +3 or -1, 2026-12-24, 24 Dec, or 24/12 (day first).";

/** Calls a tool and expects a usage failure with no request to the kennel API. */
async function refused(name: string, args: Record<string, unknown>): Promise<string> {
  const before = sandbox.requests.length;
  const r = await mcp.call(name, args);
  expect(r.isError, `${name} ${JSON.stringify(args)}`).toBe(true);
  expect(failureOf(r).kind, name).toBe("usage");
  expect(sandbox.requests.length, `${name} sent a request`).toBe(before);
  return textOf(r);
}

describe("dates: an impossible one is refused in the terminal's words, on every tool", () => {
  it("list_bookings from 2026-02-31 (a date, or a date-time on that day)", async () => {
    const text = await refused("list_bookings", { from: "2026-02-31" });
    expect(text).toBe(
      `⚠️ The input to list_bookings is not valid: from: ${NOT_REAL}\nCorrect the input (the tool's input schema says what each field takes) and call the tool again.`,
    );
    expect(await refused("list_bookings", { to: "2026-02-31T00:00:00Z" })).toContain(`to: ${NOT_REAL}`);
  });

  it("every date argument of every tool", async () => {
    const { tools } = await mcp.client.listTools();
    const checked: string[] = [];
    for (const tool of tools) {
      const props = Object.keys(tool.inputSchema.properties ?? {});
      const base = tool.inputSchema.required?.includes("customerId") ? { customerId: 1 } : {};
      for (const field of props.filter((p) => /^(date|from|to|createdSince|updatedSince)$/.test(p))) {
        const text = await refused(tool.name, { ...base, [field]: "2026-02-31" });
        expect(text, `${tool.name}.${field}`).toContain(`${field}: ${NOT_REAL}`);
        checked.push(`${tool.name}.${field}`);
      }
    }
    expect(checked).toEqual(
      expect.arrayContaining([
        "list_bookings.from",
        "list_customer_bookings.to",
        "list_customers.createdSince",
        "list_arrivals.date",
        "get_round.date",
        "get_medicine_stock.from",
      ]),
    );
  });

  it("a range that ends before it starts is refused before any request, as the terminal says it", async () => {
    const range = { from: "2026-12-10", to: "2026-12-01" };
    for (const [name, args] of [
      ["list_bookings", range],
      ["list_customer_bookings", { customerId: 1, ...range }],
      ["get_medicine_stock", { drug: "Metacam", ...range }],
    ] as const) {
      const text = await refused(name, args);
      expect(text).toBe(
        `⚠️ The range ends (2026-12-01) before it starts (2026-12-10).\nGive a from on or before to, and call ${name} again.`,
      );
    }
    // One day, or a date-time later the same day, is a range.
    expect((await mcp.call("list_bookings", { from: "2026-11-22", to: "2026-11-22" })).isError).toBeFalsy();
  });
});

describe("get_round and the day tools take a day as the terminal does", () => {
  it("tomorrow is the kennel's tomorrow (the spec shows no such tool: the terminal's reader)", async () => {
    const words = await mcp.call("get_round", { round: "lunch", date: "tomorrow" });
    expect(words.isError).toBeFalsy();
    const iso = await mcp.call("get_round", { round: "midday", date: "2026-11-23" });
    expect(textOf(words)).toBe(textOf(iso));
    expect(words.structuredContent?.date).toBe("2026-11-23");
    const house = await mcp.call("list_in_house", { date: "Tomorrow" });
    expect(house.structuredContent?.date).toBe("2026-11-23");
    const tools = (await mcp.client.listTools()).tools;
    const date = tools.find((t) => t.name === "get_round")?.inputSchema.properties?.date as {
      description: string;
    };
    expect(date.description).toMatch(/today, tomorrow, yesterday/);
  });

  it("a mistyped day is suggested, with its punctuation whole", async () => {
    const text = await refused("get_round", { round: "pm", date: "tomorow" });
    expect(text).toContain('date: "tomorow" is not a date I know. Did you mean tomorrow? Use today,');
    expect(text).not.toMatch(/\.\.|\?\.|\.;/);
  });
});

describe("a mistyped round: Did you mean evening? (never ?.)", () => {
  it("get_round and get_care_record", async () => {
    for (const name of ["get_round", "get_care_record"]) {
      const text = await refused(name, { round: "evenig" });
      expect(text.split("\n")[0]).toMatch(
        /round: "evenig" is not a round\. Did you mean evening\? The rounds: morning .*\)\.$/,
      );
      expect(text).not.toContain("?.");
    }
  });

  it("two problems: each message's own ending, joined once", () => {
    const schema = z.object({
      a: z.string().refine(() => false, "bad."),
      b: z.string().refine(() => false, "odd?"),
    });
    expect(inputProblem(schema, { a: "x", b: "y" })).toBe("a: bad; b: odd?");
  });
});

describe("list_customer_pets is the customer's pets, not a search", () => {
  it("is titled as the customer's card counts them, with no search line", async () => {
    const [id, pets] = [...sandbox.main.petsByCustomer].find(([, p]) => p.length > 1) as [number, unknown[]];
    const name = customerName(sandbox.main.customers.find((c) => c.customerId === id) as Customer);
    const r = await mcp.call("list_customer_pets", { customerId: id });
    const text = textOf(r);
    expect(text.split("\n")[0]).toBe(`Pets of ${name} (${pets.length})`);
    expect(text).not.toMatch(/Pets matching|Searched for/);
    expect(r.structuredContent?.petsOf).toBe(name);
  });
});

describe("get_booking's advice with neither or both", () => {
  it("says what to give, with the example reference as an example", async () => {
    const neither = await refused("get_booking", {});
    expect(neither).toBe(
      "⚠️ Give exactly one of id or reference.\nCall get_booking with a booking's reference (for example HP-7K2M9Q) or its id.",
    );
    const both = await refused("get_booking", { id: 1, reference: "HP-1" });
    expect(both).toContain("Call get_booking with the reference or the id, not both.");
  });
});
