/**
 * `kennel-desk mcp` as the assistant starts it: the SDK's own client over standard input and
 * output against the sandbox. Settings, logging on standard error only, and nothing but protocol on
 * standard output. (The tools' behaviour: test/mcp/mcp.test.ts, in-process.)
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

describe("over standard input and output", () => {
  it("lists the thirteen tools and answers a day's departures with the day report's data", async () => {
    const { tools } = await main.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual([...TOOL_NAMES].sort());
    const r = (await main.callTool({
      name: "list_departures",
      arguments: { date: sandbox.data.busyDays[0] as string },
    })) as Result;
    expect(r.isError, textOf(r)).toBeFalsy();
    expect(r.structuredContent).toMatchObject({
      kind: "departures",
      date: sandbox.data.busyDays[0],
      page: 1,
    });
  });

  it("a lone surrogate sent as JSON text is a usage error, not 'URI malformed'", async () => {
    const r = (await main.callTool({ name: "get_booking", arguments: { reference: "HP-\ud800" } })) as Result;
    expect(r.isError).toBe(true);
    expect(r.structuredContent?.kind).toBe("usage");
    expect(textOf(r)).not.toMatch(/URI malformed/);
  });
});

describe("settings", () => {
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

describe("standard error, on a day of bookings the connector cannot read whole", () => {
  let corrupt: Sandbox;
  beforeAll(async () => {
    corrupt = await startSandbox({
      seed: 18,
      customers: 30,
      today: "2026-11-22",
      timezone: "Europe/London",
      faults: { corruptRate: 1 },
    });
  });
  afterAll(() => corrupt.close());

  it("one note with the answer naming the bookings, never a line per booking", async () => {
    const c = await connect(envFor({ KENNEL_API_KEY: corrupt.keys.main, KENNEL_API_BASE_URL: corrupt.url }));
    try {
      const r = (await c.client.callTool({
        name: "list_in_house",
        arguments: { date: "2026-11-22" },
      })) as Result;
      expect(r.isError, textOf(r)).toBeFalsy();
      for (let i = 0; i < 40 && !c.stderr().includes("bookings had values"); i++)
        await new Promise((done) => setTimeout(done, 50));
      const notes = c
        .stderr()
        .split("\n")
        .filter((l) => l.includes("could not read"));
      expect(notes).toHaveLength(1);
      expect(notes[0]).toMatch(/^note: \d+ bookings had values Kennel Desk could not read \(HP-\w+: /);
      expect(c.stderr()).not.toMatch(/note: booking \d+:/);
    } finally {
      await c.client.close();
    }
  });
});
