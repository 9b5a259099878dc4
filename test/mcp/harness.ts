/**
 * The connector in-process: the real server (createMcpServer) and the SDK's own client over a
 * linked in-memory transport, against the sandbox kennel API on loopback. The same requests and
 * answers as over standard input and output, without a child process.
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import type { ClientCapabilities } from "@modelcontextprotocol/sdk/types.js";
import { type Config, loadConfig } from "../../src/config.ts";
import type { Deps } from "../../src/deps.ts";
import { createKennelClient } from "../../src/kennel/client.ts";
import { createMcpServer } from "../../src/mcp/server.ts";
import type { CareRecordStore } from "../../src/record/types.ts";
import type { Sandbox } from "../../src/sandbox/server.ts";
import { captureLogger } from "../helpers/log.ts";

export type Result = {
  content: Array<{ type: string; text?: string }>;
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
  _meta?: Record<string, unknown>;
};

export const textOf = (r: Result) => r.content.map((c) => c.text ?? "").join("\n");

export interface Connected {
  client: Client;
  deps: Deps;
  lines: string[];
  call(name: string, args?: Record<string, unknown>): Promise<Result>;
  close(): Promise<void>;
}

/** The kennel's clock in these tests: the sandbox's "today", mid-morning. */
export const CLOCK = { now: () => new Date("2026-11-22T09:00:00Z") };

export async function connectInProcess(
  sandbox: Sandbox,
  env: Record<string, string> = {},
  /** The kennel client's fetch (to see or change what goes over the wire). */
  fetch?: typeof globalThis.fetch,
  /** The care record the connector reads (as `kennel-desk mcp` opens it when there is one). */
  record?: CareRecordStore,
  /** What the client says it can do at `initialize` (Slack's assistant: the Block Kit extension). */
  capabilities?: ClientCapabilities,
): Promise<Connected> {
  const config = loadConfig({
    KENNEL_API_KEY: sandbox.keys.main,
    KENNEL_API_BASE_URL: sandbox.url,
    KENNEL_TIMEZONE: "Europe/London",
    KENNEL_API_TIMEOUT_MS: "2000",
    ...env,
  });
  const { log, lines } = captureLogger([sandbox.keys.main]);
  const kennel = createKennelClient(config.kennel as NonNullable<Config["kennel"]>, {
    log,
    retryDelay: () => 10,
    ...(fetch ? { fetch } : {}),
  });
  const deps: Deps = { kennel, log, config, clock: CLOCK, ...(record ? { record } : {}) };
  const server = createMcpServer(deps);
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client(
    { name: "kennel-desk-test", version: "1.0.0" },
    capabilities ? { capabilities } : undefined,
  );
  await client.connect(clientSide);
  return {
    client,
    deps,
    lines,
    call: async (name, args = {}) => (await client.callTool({ name, arguments: args })) as Result,
    close: async () => {
      await client.close();
      await server.close();
    },
  };
}
