/**
 * `npm start` as a process, when Slack refuses or cannot be reached, when the port is taken, when
 * a request's body is nonsense, and when Slack turns Socket Mode off while running: one clear
 * message naming the setting and what to do, no stack trace, never "listening" before the token
 * is known good; exit 2 for a setting to fix, 1 for the rest; and no request stops the process.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Sandbox, startSandbox } from "../../src/sandbox/server.ts";
import { freePort } from "../helpers/net.ts";
import { commandForm, postSigned, type SlackStandIn, sign, startSlackStandIn } from "../helpers/slack.ts";
import { startSocketStandIn } from "../helpers/socket-mode.ts";
import { httpBotEnv, spawnBot, untilHealthy } from "../helpers/spawn.ts";

const SECRET = "8f14e45fceea167a5a36dedd4bea2543";
const dataDir = mkdtempSync(join(tmpdir(), "kennel-desk-process-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** The bot with these settings; the care record in a folder of the test's own, never ./data. */
const start = (env: Record<string, string>) =>
  spawnBot({ LOG_LEVEL: "info", KENNEL_DATA_DIR: dataDir, ...env });

let sandbox: Sandbox;
let slack: SlackStandIn;

const env = (port: number, extra: Record<string, string> = {}) =>
  httpBotEnv(sandbox, slack, SECRET, port, extra);

const NO_STACK = /\n\s+at /;

beforeAll(async () => {
  sandbox = await startSandbox({ seed: 8, customers: 40, today: "2026-11-22", timezone: "Europe/London" });
  slack = await startSlackStandIn();
  slack.users.set("U0STAFF", { id: "U0STAFF", team_id: "T1" });
});
afterAll(async () => {
  await slack.close();
  await sandbox.close();
});

describe("Slack rejects or cannot be reached at start", () => {
  it("a wrong or revoked bot token: names SLACK_BOT_TOKEN and what to do, exit 2, never 'listening'", async () => {
    slack.authError = "invalid_auth";
    try {
      const port = await freePort();
      const p = start(env(port));
      expect(await p.exit).toBe(2);
      expect(p.out()).toMatch(/Slack refused SLACK_BOT_TOKEN \(invalid_auth\)/);
      expect(p.out()).toMatch(/Copy the Bot User OAuth Token/);
      expect(p.out()).not.toMatch(/listening|is running/i);
      expect(p.out()).not.toMatch(NO_STACK);
      expect(p.out()).not.toMatch(/WebAPIPlatformError/);
    } finally {
      slack.authError = undefined;
    }
  }, 60_000);

  it("the port still held (by the preview): PORT=3001 or stop it, exit 2", async () => {
    const holder = createServer();
    await new Promise<void>((r) => holder.listen(0, r));
    const port = (holder.address() as { port: number }).port;
    try {
      const p = start(env(port));
      expect(await p.exit).toBe(2);
      expect(p.out()).toMatch(new RegExp(`Port ${port} is already in use`));
      expect(p.out()).toMatch(/PORT=3001 npm start/);
      expect(p.out()).not.toMatch(/EADDRINUSE.*\n\s+at /);
      expect(p.out()).not.toMatch(NO_STACK);
    } finally {
      await new Promise<void>((r) => holder.close(() => r()));
    }
  }, 60_000);

  it("Slack unreachable: check the network, exit 1", async () => {
    const nowhere = await freePort();
    const port = await freePort();
    const p = start(env(port, { SLACK_API_URL: `http://127.0.0.1:${nowhere}/api/` }));
    expect(await p.exit).toBe(1);
    expect(p.out()).toMatch(/could not reach Slack at http:\/\/127\.0\.0\.1:\d+\/api\/ \(ECONNREFUSED\)/);
    expect(p.out()).toMatch(/Check this computer's network connection/);
    expect(p.out()).not.toMatch(/listening/);
    expect(p.out()).not.toMatch(NO_STACK);
    // Bolt's own lines (its client's retries) stay quiet at start: the one message is the start-up's.
    expect(p.out()).not.toMatch(/"component":"bolt"|http request failed/);
    expect(p.out().trim().split("\n")[0]).toMatch(/^Kennel Desk could not start\./);
  }, 60_000);

  it("Slack unreachable with LOG_LEVEL=debug: Bolt's own lines are there, at debug", async () => {
    const nowhere = await freePort();
    const port = await freePort();
    const p = start(env(port, { SLACK_API_URL: `http://127.0.0.1:${nowhere}/api/`, LOG_LEVEL: "debug" }));
    expect(await p.exit).toBe(1);
    expect(p.out()).toMatch(/"level":"debug".*"component":"bolt".*http request failed/);
    expect(p.out()).toMatch(/Kennel Desk could not start\./);
  }, 60_000);
});

describe("no request stops the process", () => {
  it("signed or not, payload=null, JSON null, a number, garbage: 400 and a log line; the bot keeps answering", async () => {
    const port = await freePort();
    const p = start(env(port));
    try {
      await untilHealthy(port, p);
      const url = `http://127.0.0.1:${port}/slack/events`;
      const form = (body: string, signed: boolean, type = "application/x-www-form-urlencoded") => {
        const ts = Math.floor(Date.now() / 1000);
        return fetch(url, {
          method: "POST",
          headers: {
            "content-type": type,
            "x-slack-request-timestamp": String(ts),
            "x-slack-signature": signed ? sign(SECRET, ts, body) : "v0=bad",
          },
          body,
        }).then((r) => r.status);
      };
      for (const signed of [true, false]) {
        expect(await form("payload=null", signed)).toBe(400);
        expect(await form("payload=42", signed)).toBe(400);
        expect(await form("payload=%7Bnot-json", signed)).toBe(400);
        expect(await form("null", signed, "application/json")).toBe(400);
        expect(await form('"text"', signed, "application/json")).toBe(400);
        expect(await form("[]", signed, "application/json")).toBe(400);
        expect(await form("\u0000\u0001garbage", signed, "application/octet-stream")).toBe(400);
        expect(await form('{"type":"event_callback"}', signed, "application/json")).toBe(400);
        expect(await form('{"type":"event_callback","event":null}', signed, "application/json")).toBe(400);
      }
      expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
      const { form: command, id } = commandForm(slack, { command: "/kennel", text: "status" });
      expect((await postSigned(url, SECRET, command)).status).toBe(200);
      await slack.waitFor(() => slack.responsesFor(id).length > 0);
      expect(p.out()).toMatch(/refused a request to \/slack\/events: the body is null, not an object/);
      expect(p.child.exitCode).toBe(null);
    } finally {
      p.child.kill("SIGTERM");
      await p.exit;
    }
  }, 60_000);
});

describe("Slack turns Socket Mode off while running", () => {
  it("link_disabled: one message saying to turn Socket Mode back on, exit 1 for the supervisor", async () => {
    const socket = await startSocketStandIn();
    slack.socketUrl = socket.url;
    const port = await freePort();
    const p = start(env(port, { SLACK_APP_TOKEN: "xapp-1-A1-0000-process" }));
    try {
      await socket.waitForConnections(1, 15_000);
      await untilHealthy(port, p);
      socket.sendDisconnect("link_disabled");
      expect(await p.exit).toBe(1);
      expect(p.out()).toMatch(/Socket Mode was turned off in the Slack app's settings \(link_disabled\)/);
      expect(p.out()).toMatch(/Enable Socket Mode/);
      expect(socket.connections).toBe(1);
      expect(p.out()).not.toMatch(NO_STACK);
    } finally {
      p.child.kill("SIGKILL");
      await socket.close();
      slack.socketUrl = undefined;
    }
  }, 60_000);
});
