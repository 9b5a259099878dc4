/**
 * Socket Mode through dropped networks and Slack's refreshes, over the loopback stand-ins: each
 * fault ends with the bot connected again and the next slash command answered; /readyz says 503
 * while disconnected (with since when and the last error) and 200 after; /healthz stays 200;
 * each state change is logged once; an event Slack re-delivers is handled once; nothing is
 * thrown out of the process (any unhandled rejection or exception fails the file).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { type Bot, createBot } from "../../src/app.ts";
import { type Config, loadConfig } from "../../src/config.ts";
import { createKennelClient } from "../../src/kennel/client.ts";
import { type Sandbox, startSandbox } from "../../src/sandbox/server.ts";
import { fetchSlackConnection } from "../../src/slack/connection.ts";
import type { SlackStartError } from "../../src/slack/start-problem.ts";
import { captureLogger } from "../helpers/log.ts";
import { freePort } from "../helpers/net.ts";
import { scratchRecord } from "../helpers/record.ts";
import { type SlackStandIn, startSlackStandIn } from "../helpers/slack.ts";
import { type SocketStandIn, startSocketStandIn } from "../helpers/socket-mode.ts";

const escaped: unknown[] = [];
const onEscape = (error: unknown) => escaped.push(error);
process.on("unhandledRejection", onEscape);
process.on("uncaughtException", onEscape);

let sandbox: Sandbox;

interface Rig {
  slack: SlackStandIn;
  socket: SocketStandIn;
  bot: Bot;
  port: number;
  lines: string[];
  close(): Promise<void>;
}

async function rig(options: { start?: boolean } = {}): Promise<Rig> {
  const slack = await startSlackStandIn();
  slack.users.set("U0STAFF", { id: "U0STAFF", team_id: "T1" });
  const socket = await startSocketStandIn();
  slack.socketUrl = socket.url;
  const port = await freePort();
  const config = loadConfig({
    KENNEL_API_KEY: sandbox.keys.main,
    KENNEL_API_BASE_URL: sandbox.url,
    KENNEL_TIMEZONE: "Europe/London",
    SLACK_BOT_TOKEN: "xoxb-test-0000-reconnect",
    SLACK_APP_TOKEN: "xapp-1-A1-0000-reconnect",
    SLACK_API_URL: slack.apiUrl,
    PORT: String(port),
  });
  const { log, lines } = captureLogger([sandbox.keys.main]);
  const kennel = createKennelClient(config.kennel as NonNullable<Config["kennel"]>, { log });
  const bot = createBot(
    { kennel, log, config, clock: { now: () => new Date() }, record: scratchRecord() },
    {
      slack: config.slack as NonNullable<Config["slack"]>,
      readyCacheMs: 60_000,
      socket: { backoff: () => 40, clientPingTimeoutMs: 300, closingGraceMs: 300, connectTimeoutMs: 3_000 },
    },
  );
  if (options.start !== false) await bot.start();
  return {
    slack,
    socket,
    bot,
    port,
    lines,
    async close() {
      await bot.stop(1_000);
      await socket.close();
      await slack.close();
    },
  };
}

async function until(predicate: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!predicate()) {
    if (Date.now() > end) throw new Error(`timed out waiting: ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** Sends /kennel status over the socket; resolves when acked and answered through response_url. */
async function answered(r: Rig): Promise<void> {
  const { envelopeId, responseId } = r.socket.command(r.slack, { command: "/kennel", text: "status" });
  await until(() => r.socket.received.some((m) => m.envelope_id === envelopeId), "the ack");
  await until(() => r.slack.responsesFor(responseId).length > 0, "the answer");
  expect(JSON.stringify(r.slack.responsesFor(responseId)[0]?.body)).toMatch(/up and accepted the key/);
}

async function readyz(r: Rig): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(`http://127.0.0.1:${r.port}/readyz`);
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

const count = (lines: string[], pattern: RegExp) => lines.filter((l) => pattern.test(l)).length;

beforeAll(async () => {
  sandbox = await startSandbox({ seed: 4, customers: 40, today: "2026-11-22", timezone: "Europe/London" });
});
afterAll(async () => {
  await sandbox.close();
  process.off("unhandledRejection", onEscape);
  process.off("uncaughtException", onEscape);
});
afterEach(() => {
  expect(escaped).toEqual([]);
});

describe("Socket Mode reconnects, and the next command is answered", () => {
  let r: Rig;
  /** The connection cut by `cut`: a new one is made, the bot is connected again and answers. */
  async function reconnectsAfter(cut: () => void) {
    const before = r.socket.connections;
    cut();
    await r.socket.waitForConnections(before + 1);
    await until(() => r.bot.connection.connected, "connected");
    await answered(r);
  }
  beforeAll(async () => {
    r = await rig();
  });
  afterAll(async () => {
    await r.close();
  });

  it("starts connected: /readyz 200 with the Slack connection and the kennel API", async () => {
    expect(r.bot.connection.connected).toBe(true);
    const ready = await readyz(r);
    expect(ready.status).toBe(200);
    expect(ready.body).toMatchObject({
      state: "ok",
      kennel: { state: "ok" },
      slack: { mode: "socket", connected: true },
    });
    await answered(r);
  });

  it("an abrupt close (no close frame): reconnects, logs the drop and the return once each", async () => {
    await reconnectsAfter(() => r.socket.drop());
    expect(count(r.lines, /Slack: connection lost/)).toBe(1);
    expect(count(r.lines, /Slack: connected again/)).toBe(1);
  });

  it("Slack's disconnect (refresh_requested): reconnects at once", async () => {
    await reconnectsAfter(() => r.socket.sendDisconnect("refresh_requested"));
    expect(r.lines.some((l) => /refresh_requested/.test(l))).toBe(true);
  });

  it("missed pings (the connection goes silent, the close handshake unanswered): gives up on it and reconnects", async () => {
    await reconnectsAfter(() => r.socket.silence());
  });

  it("a stand-in refusing connections for a while: /readyz 503 (reconnecting since, never the error's text), /healthz 200; then back, one log line each way", async () => {
    const lostBefore = count(r.lines, /Slack: connection lost/);
    const backBefore = count(r.lines, /Slack: connected again/);
    const before = r.socket.connections;
    await r.socket.refuse();
    r.socket.drop();
    await until(() => r.bot.connection.snapshot().attempts >= 3, "three failed attempts");
    const down = await readyz(r);
    expect(down.status).toBe(503);
    expect(down.body).toMatchObject({
      state: "slack_reconnecting",
      slack: { connected: false, state: "reconnecting" },
    });
    const slack = down.body.slack as { since: string; lastError?: string };
    expect(Number.isNaN(Date.parse(slack.since))).toBe(false);
    // Which part and since when, never the error's text (it names hosts and ports): that is in the log.
    expect(slack.lastError).toBeUndefined();
    expect(down.body.notReady).toEqual(["slack"]);
    expect(String(down.body.message)).toMatch(
      /^Not ready: Slack: reconnecting since .* failed attempts\)\.$/,
    );
    expect(JSON.stringify(down.body)).not.toMatch(/127\.0\.0\.1|ECONNREFUSED|last error/);
    // What `kennel-desk status` reads from another process.
    await expect(fetchSlackConnection(`http://127.0.0.1:${r.port}/readyz`)).resolves.toMatchObject({
      state: "reconnecting",
      connected: false,
    });
    expect(r.bot.deps.slack?.describe()).toMatch(/^reconnecting since .* failed attempts; last error: /);
    expect((await fetch(`http://127.0.0.1:${r.port}/healthz`)).status).toBe(200);
    await r.socket.accept();
    await r.socket.waitForConnections(before + 1);
    await until(() => r.bot.connection.connected, "connected");
    await answered(r);
    expect((await readyz(r)).status).toBe(200);
    // Many failed attempts, one line for the outage and one for the return.
    expect(count(r.lines, /Slack: connection lost/) - lostBefore).toBe(1);
    expect(count(r.lines, /Slack: connected again/) - backBefore).toBe(1);
    // The failed attempts themselves are at debug: no warning or error per retry.
    expect(
      r.lines.filter(
        (l) =>
          /"level":"(error|warn)"/.test(l) && /attempt failed|socket-mode-client|Failed to retrieve/.test(l),
      ),
    ).toEqual([]);
  });

  it("apps.connections.open failing for a while (HTTP 500): keeps trying, then connects", async () => {
    const before = r.socket.connections;
    r.slack.broken.add("apps.connections.open");
    r.socket.drop();
    await until(() => r.bot.connection.snapshot().attempts >= 2, "two failed attempts");
    expect(r.bot.connection.connected).toBe(false);
    r.slack.broken.delete("apps.connections.open");
    await r.socket.waitForConnections(before + 1);
    await until(() => r.bot.connection.connected, "connected");
    await answered(r);
  });

  it("a flapping link (closed right after each hello): backs off between attempts instead of looping", async () => {
    const opens = () => r.slack.api.filter((a) => a.path === "/api/apps.connections.open").length;
    const before = r.socket.connections;
    const opened = opens();
    await new Promise((res) => setTimeout(res, 1_100));
    const mark = r.lines.length;
    r.socket.flap(3);
    r.socket.drop();
    await r.socket.waitForConnections(before + 4);
    await until(() => r.bot.connection.connected && r.socket.connections === before + 4, "connected");
    await new Promise((res) => setTimeout(res, 100));
    expect(r.bot.connection.connected).toBe(true);
    // One apps.connections.open per connection: no loop, and each quick drop counted as a failure.
    expect(opens() - opened).toBe(4);
    const failed = r.lines.slice(mark).filter((l) => /"msg":"Slack: attempt failed"/.test(l));
    expect(failed.filter((l) => /dropped right after connecting/.test(l))).toHaveLength(3);
    await answered(r);
  });

  it("an event Slack re-delivers after a missed ack (retry_attempt 1, same event_id) is handled once, and both are acked", async () => {
    const event = (envelope: string, retry: number) => ({
      envelope_id: envelope,
      type: "events_api",
      accepts_response_payload: false,
      retry_attempt: retry,
      retry_reason: retry ? "timeout" : "",
      payload: {
        token: "x",
        team_id: "T1",
        api_app_id: "A1",
        type: "event_callback",
        event_id: "Ev0HOME1",
        event_time: 1_700_000_000,
        event: { type: "app_home_opened", user: "U0STAFF", channel: "D1", tab: "home", event_ts: "1.1" },
      },
    });
    r.socket.send(event("env-home-1", 0));
    r.socket.send(event("env-home-2", 1));
    await until(
      () => ["env-home-1", "env-home-2"].every((id) => r.socket.received.some((m) => m.envelope_id === id)),
      "both acks",
    );
    await until(() => r.slack.api.some((a) => a.path === "/api/views.publish"), "the home tab");
    await new Promise((res) => setTimeout(res, 200));
    expect(r.slack.api.filter((a) => a.path === "/api/views.publish")).toHaveLength(1);
  });

  it("a command whose connection closes before the ack: nothing thrown, still answered, reconnected", async () => {
    const before = r.socket.connections;
    const { responseId } = r.socket.command(r.slack, { command: "/kennel", text: "status" });
    r.socket.current()?.close(1001, "going away");
    await until(() => r.slack.responsesFor(responseId).length > 0, "the answer");
    await r.socket.waitForConnections(before + 1);
    await until(() => r.bot.connection.connected, "connected");
    await answered(r);
  });
});

describe("Slack refusing for good is not retried forever", () => {
  it("link_disabled (Socket Mode turned off): says what to do, exit 1, no more attempts", async () => {
    const r = await rig();
    try {
      const before = r.socket.connections;
      r.socket.sendDisconnect("link_disabled");
      const fatal: SlackStartError = await r.bot.fatal;
      expect(fatal.exitCode).toBe(1);
      expect(fatal.message).toMatch(/Socket Mode was turned off/);
      expect(fatal.fix).toMatch(/Enable Socket Mode/);
      expect(r.bot.connection.state).toBe("failed");
      await new Promise((res) => setTimeout(res, 300));
      expect(r.socket.connections).toBe(before);
      expect((await readyz(r)).status).toBe(503);
    } finally {
      await r.close();
    }
  });

  it("the app token revoked while running: says what to do with SLACK_APP_TOKEN, exit 1", async () => {
    const r = await rig();
    try {
      r.slack.connectionsError = "token_revoked";
      r.socket.drop();
      const fatal = await r.bot.fatal;
      expect(fatal.exitCode).toBe(1);
      expect(fatal.message).toMatch(/SLACK_APP_TOKEN \(token_revoked\)/);
      expect(fatal.fix).toMatch(/App-Level Tokens/);
    } finally {
      await r.close();
    }
  });

  it("stopped while still connecting (SIGTERM during start-up): start() ends, so the process can exit", async () => {
    const r = await rig({ start: false });
    try {
      await r.socket.refuse();
      const started = r.bot.start();
      await until(() => r.bot.connection.snapshot().attempts >= 1, "a failed attempt");
      await r.bot.stop(500);
      await expect(started).resolves.toBe(r.port);
      expect(r.bot.connection.state).toBe("stopped");
    } finally {
      await r.close();
    }
  });

  it("an app token refused at start: a setting to fix, exit 2, nothing listening", async () => {
    const r = await rig({ start: false });
    try {
      r.slack.connectionsError = "invalid_auth";
      await expect(r.bot.start()).rejects.toMatchObject({ exitCode: 2, message: /SLACK_APP_TOKEN/ });
      await expect(fetch(`http://127.0.0.1:${r.port}/healthz`)).rejects.toThrow();
    } finally {
      await r.close();
    }
  });
});
