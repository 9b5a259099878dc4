/**
 * The connector's list_bookings and list_customer_bookings take a status as typed and go through
 * the answers' one rule (src/answers/lists.ts byStatus), as Slack and the terminal do: "Checked In"
 * finds the checked-in bookings of a kennel that stores those words (before, the connector's own
 * mapping sent checked_in and missed them: the awkward sandbox's AW-OPEN) and of one that stores
 * checked_in (as typed finds none, then the value, said so). The real server in-process, its kennel
 * answered in-process in each storage style.
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { describe, expect, it } from "vitest";
import { createMcpServer } from "../../src/mcp/server.ts";
import { fetchDeps } from "../helpers/fetch-deps.ts";
import { CUSTOMER, type StatusStyle, statusKennel } from "../helpers/status-kennel.ts";
import { type Result, textOf } from "./harness.ts";

async function call(style: StatusStyle, tool: string, args: Record<string, unknown>) {
  const api = statusKennel(style);
  const server = createMcpServer(fetchDeps(api.fetchFn, "2026-11-22T09:00:00Z"));
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: "kennel-desk-test", version: "1.0.0" });
  await client.connect(clientSide);
  try {
    const r = (await client.callTool({ name: tool, arguments: args })) as Result;
    return { r, text: textOf(r), data: r.structuredContent ?? {}, asked: api.asked };
  } finally {
    await client.close();
    await server.close();
  }
}

const NOTE = "No bookings have the status “Checked In”; showing status checked_in.";

describe.each([
  ["list_bookings", {}, "Bookings"],
  ["list_customer_bookings", { customerId: CUSTOMER }, "Bookings of Nia Lloyd"],
] as const)('%s with status "Checked In"', (tool, extra, head) => {
  it("stored as those words: found as typed, in one request", async () => {
    const { r, text, data, asked } = await call("words", tool, { ...extra, status: "Checked In" });
    expect(r.isError, text).toBeFalsy();
    expect(text.split("\n")[0]).toBe(`${head}: status Checked In (3)`);
    expect(data.items).toHaveLength(3);
    expect(text).not.toContain("showing status");
    expect([data.requestId, data.statusUsed]).toEqual(["req-1", "Checked In"]);
    expect(asked).toEqual(["Checked In"]);
  });

  it("stored as checked_in: as typed finds none, then checked_in, said so, with its request id", async () => {
    const { r, text, data, asked } = await call("values", tool, { ...extra, status: "Checked In" });
    expect(r.isError, text).toBeFalsy();
    expect(text.split("\n")[0]).toBe(`${head}: status checked_in (3)`);
    expect(text).toContain(NOTE);
    expect(data.items).toHaveLength(3);
    expect([data.requestId, data.statusUsed, data.statusNote]).toEqual(["req-2", "checked_in", NOTE]);
    expect(asked).toEqual(["Checked In", "checked_in"]);
  });
});

it("found by neither: the list's own words; a mistyped status still gets its suggestion", async () => {
  const none = await call("words", "list_bookings", { status: "Cancelled" });
  expect(none.text).toContain("No bookings match. Widen the dates or drop a filter.");
  expect(none.asked).toEqual(["Cancelled", "cancelled"]);
  const { text, asked } = await call("values", "list_bookings", { status: "confirmd" });
  expect(text).toContain("No bookings have the status “confirmd”. Did you mean confirmed?");
  expect(asked).toEqual(["confirmd"]);
});
