/**
 * The assistant connector end to end: the SDK's own client starts `kennel-desk mcp` over stdio
 * against the sandbox. The tool list is exactly the eleven, each tool answers, each error kind is a
 * tool error with the request id, and nothing but protocol reaches standard output.
 */
import { spawn } from "node:child_process";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TOOL_NAMES } from "../../src/mcp/server.ts";
import { type Sandbox, startSandbox } from "../../src/sandbox/server.ts";

let sandbox: Sandbox;

function envFor(overrides: Record<string, string> = {}): Record<string, string> {
  return {
    PATH: process.env.PATH ?? "",
    KENNEL_API_KEY: sandbox.keys.main,
    KENNEL_API_BASE_URL: sandbox.url,
    KENNEL_TIMEZONE: "Europe/London",
    KENNEL_API_TIMEOUT_MS: "2000",
    ...overrides,
  };
}

async function connect(env: Record<string, string>): Promise<{ client: Client; stderr: () => string }> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: ["src/cli.ts", "mcp"],
    env,
    stderr: "pipe",
  });
  let err = "";
  transport.stderr?.on("data", (d) => {
    err += String(d);
  });
  const client = new Client({ name: "kennel-desk-test", version: "1.0.0" });
  await client.connect(transport);
  return { client, stderr: () => err };
}

type Result = {
  content: Array<{ type: string; text?: string }>;
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
};
const textOf = (r: Result) => r.content.map((c) => c.text ?? "").join("\n");

let main: Client;
let mainStderr: () => string;

beforeAll(async () => {
  sandbox = await startSandbox({ seed: 13, customers: 80, today: "2026-11-22", timezone: "Europe/London" });
  ({ client: main, stderr: mainStderr } = await connect(envFor()));
});
afterAll(async () => {
  await main.close();
  await sandbox.close();
});

describe("the tool list", () => {
  it("is exactly the spec's eleven, each read-only, described, with an input schema", async () => {
    const { tools } = await main.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual([...TOOL_NAMES].sort());
    for (const t of tools) {
      expect(t.annotations?.readOnlyHint, t.name).toBe(true);
      expect(t.annotations?.destructiveHint, t.name).toBe(false);
      expect((t.description ?? "").length, t.name).toBeGreaterThan(30);
      expect(t.inputSchema.type).toBe("object");
    }
    const getBooking = tools.find((t) => t.name === "get_booking");
    expect(Object.keys(getBooking?.inputSchema.properties ?? {}).sort()).toEqual(["id", "reference"]);
    const listBookings = tools.find((t) => t.name === "list_bookings");
    expect(listBookings?.inputSchema.properties).toHaveProperty("pageSize");
  });
});

describe("every tool answers", () => {
  it.each(TOOL_NAMES.map((n) => [n]))("%s", async (name) => {
    const booking = sandbox.main.bookings.find((b) => !String(b.reference).includes("/")) as Record<
      string,
      unknown
    >;
    const pet = sandbox.main.pets.find((p) => !p.deleted) as Record<string, unknown>;
    const args: Record<string, Record<string, unknown>> = {
      list_bookings: { from: "2026-11-22", to: "2026-11-23", status: "confirmed", pageSize: 5 },
      get_booking: { reference: String(booking.reference) },
      list_arrivals: { date: "2026-11-22" },
      list_departures: { date: sandbox.data.busyDays[0] as string },
      list_customers: { search: String(sandbox.main.customers[2]?.secondname), pageSize: 5 },
      get_customer: { customerId: booking.customerId as number },
      list_customer_pets: { customerId: booking.customerId as number },
      list_customer_bookings: { customerId: booking.customerId as number, page: 1, pageSize: 2 },
      list_pets: { name: String(pet.name), species: String(pet.petType) },
      get_pet: { petId: pet.petId as number },
      check_api_status: {},
    };
    const r = (await main.callTool({ name, arguments: args[name] ?? {} })) as Result;
    expect(r.isError, textOf(r)).toBeFalsy();
    expect(textOf(r).length).toBeGreaterThan(10);
    expect(r.structuredContent).toBeDefined();
    expect(JSON.stringify(r)).not.toContain(sandbox.keys.main);
  });

  it("paged tools say page, pageSize, totalRecords, totalPages and how to get the next page", async () => {
    const r = (await main.callTool({ name: "list_bookings", arguments: { pageSize: 10 } })) as Result;
    expect(r.structuredContent).toMatchObject({ page: 1, pageSize: 10 });
    expect(r.structuredContent?.totalRecords).toBe(sandbox.main.bookings.length);
    expect(r.structuredContent?.totalPages).toBe(Math.ceil(sandbox.main.bookings.length / 10));
    expect(textOf(r)).toMatch(
      /Page 1 of \d+ \(page size 10, \d+ bookings in all\)\. Ask for page 2 for more\./,
    );
  });

  it("get_booking by id gives the full booking; with neither id nor reference it is a tool error", async () => {
    const b = sandbox.main.bookings[3] as Record<string, unknown>;
    const r = (await main.callTool({
      name: "get_booking",
      arguments: { id: b.bookingId as number },
    })) as Result;
    expect(((r.structuredContent?.booking ?? {}) as Record<string, unknown>).roomName).toBe(
      b.roomName ?? undefined,
    );
    const neither = (await main.callTool({ name: "get_booking", arguments: {} })) as Result;
    expect(neither.isError).toBe(true);
    expect(textOf(neither)).toMatch(/exactly one of id or reference/);
  });

  it("invalid input (page 0, a bad date, pageSize 500) is refused as a tool error, with no API call", async () => {
    const before = sandbox.requests.length;
    for (const [name, args] of [
      ["list_bookings", { page: 0 }],
      ["list_arrivals", { date: "2026-02-30" }],
      ["list_pets", { pageSize: 500 }],
      ["get_pet", { petId: "seven" }],
    ] as const) {
      const r = (await main.callTool({ name, arguments: args as Record<string, unknown> })) as Result;
      expect(r.isError, name).toBe(true);
    }
    expect(sandbox.requests.length).toBe(before);
  });
});

describe("errors are tool errors with the request id", () => {
  it("not found", async () => {
    const r = (await main.callTool({ name: "get_booking", arguments: { reference: "NOPE-1" } })) as Result;
    expect(r.isError).toBe(true);
    expect(textOf(r)).toMatch(/No booking with reference "NOPE-1" was found\..*\(request id sbx-/);
    expect(((r.structuredContent?.error ?? {}) as Record<string, unknown>).kind).toBe("not_found");
  });

  it.each([
    ["server error", { errorRate: 1 }, "server_error", /had a problem on its side/],
    ["rate limited", { rateLimitRate: 1, retryAfterSeconds: 0 }, "rate_limited", /too many requests/],
    ["invalid response", { malformedRate: 1 }, "invalid_response", /could not read/],
    ["wrong address", { wrongAddress: true }, "wrong_address", /does not seem to point at the kennel API/],
    ["timeout", { hangRate: 1 }, "timeout", /did not answer within 2 s/],
  ] as const)("%s", async (_name, faults, kind, words) => {
    sandbox.setFaults(faults);
    try {
      const r = (await main.callTool({
        name: "list_departures",
        arguments: { date: "2026-11-24" },
      })) as Result;
      expect(r.isError).toBe(true);
      expect(textOf(r)).toMatch(words);
      const error = (r.structuredContent?.error ?? {}) as Record<string, unknown>;
      expect(error.kind).toBe(kind);
      expect(error.requestId).toBeTruthy();
    } finally {
      sandbox.setFaults({});
    }
  });

  it("key rejected, and check_api_status tells the states apart", async () => {
    const bad = await connect(envFor({ KENNEL_API_KEY: "kd_live_not_the_key" }));
    try {
      const r = (await bad.client.callTool({ name: "list_pets", arguments: {} })) as Result;
      expect(r.isError).toBe(true);
      expect(textOf(r)).toMatch(/rejected the API key.*generate a new key/);
      const status = (await bad.client.callTool({ name: "check_api_status", arguments: {} })) as Result;
      expect(status.structuredContent?.state).toBe("key_rejected");
    } finally {
      await bad.client.close();
    }
    sandbox.setFaults({ wrongAddress: true });
    try {
      const status = (await main.callTool({ name: "check_api_status", arguments: {} })) as Result;
      expect(status.structuredContent?.state).toBe("wrong_address");
    } finally {
      sandbox.setFaults({});
    }
    const down = await connect(envFor({ KENNEL_API_BASE_URL: "http://127.0.0.1:9/api/v1" }));
    try {
      const status = (await down.client.callTool({ name: "check_api_status", arguments: {} })) as Result;
      expect(status.structuredContent?.state).toBe("unreachable");
      const r = (await down.client.callTool({ name: "get_pet", arguments: { petId: 1 } })) as Result;
      expect(r.isError).toBe(true);
      expect(((r.structuredContent?.error ?? {}) as Record<string, unknown>).kind).toBe("unreachable");
    } finally {
      await down.client.close();
    }
  });
});

describe("settings", () => {
  it("KENNEL_RAW_RESPONSES=1 carries the API's JSON unchanged", async () => {
    const raw = await connect(envFor({ KENNEL_RAW_RESPONSES: "1" }));
    try {
      const pet = sandbox.main.pets[0] as Record<string, unknown>;
      const r = (await raw.client.callTool({
        name: "get_pet",
        arguments: { petId: pet.petId as number },
      })) as Result;
      expect(r.structuredContent?.raw).toEqual(pet);
    } finally {
      await raw.client.close();
    }
  });

  it("KENNEL_DEBUG=1 logs each request with its request id on standard error, never the key", async () => {
    const dbg = await connect(envFor({ KENNEL_DEBUG: "1" }));
    try {
      await dbg.client.callTool({ name: "check_api_status", arguments: {} });
      await new Promise((r) => setTimeout(r, 100));
      expect(dbg.stderr()).toMatch(/"path":"\/api\/v1\/health".*"requestId":"sbx-/);
      expect(dbg.stderr()).not.toContain(sandbox.keys.main);
    } finally {
      await dbg.client.close();
    }
    expect(mainStderr()).not.toContain(sandbox.keys.main);
  });

  it("missing settings: exit 2 with the variables to set, nothing on standard output", async () => {
    const child = spawn(process.execPath, ["src/cli.ts", "mcp"], { env: { PATH: process.env.PATH ?? "" } });
    let out = "";
    let err = "";
    child.stdout.on("data", (d) => {
      out += String(d);
    });
    child.stderr.on("data", (d) => {
      err += String(d);
    });
    const code = await new Promise<number | null>((r) => child.on("exit", r));
    expect(code).toBe(2);
    expect(out).toBe("");
    expect(err).toMatch(/KENNEL_API_KEY: is not set/);
  });
});

describe("standard output", () => {
  it("carries the protocol and nothing else, even with debug logging and errors", async () => {
    const child = spawn(process.execPath, ["src/cli.ts", "mcp"], {
      env: envFor({ KENNEL_DEBUG: "1", LOG_LEVEL: "trace" }),
    });
    let out = "";
    child.stdout.on("data", (d) => {
      out += String(d);
    });
    const lines = [
      {
        jsonrpc: "2.0",
        id: 1,
        method: "initialize",
        params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "t", version: "1" } },
      },
      { jsonrpc: "2.0", method: "notifications/initialized" },
      { jsonrpc: "2.0", id: 2, method: "tools/call", params: { name: "check_api_status", arguments: {} } },
      {
        jsonrpc: "2.0",
        id: 3,
        method: "tools/call",
        params: { name: "get_booking", arguments: { reference: "NOPE" } },
      },
      {
        jsonrpc: "2.0",
        id: 4,
        method: "tools/call",
        params: { name: "list_departures", arguments: { date: "2026-11-24" } },
      },
    ];
    child.stdin.end(`${lines.map((l) => JSON.stringify(l)).join("\n")}\n`);
    await new Promise((r) => child.on("exit", r));
    const outLines = out.split("\n").filter(Boolean);
    expect(outLines).toHaveLength(4);
    for (const line of outLines) {
      const message = JSON.parse(line) as Record<string, unknown>;
      expect(message.jsonrpc).toBe("2.0");
    }
  });
});
