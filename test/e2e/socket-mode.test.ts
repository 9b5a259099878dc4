/**
 * Socket Mode end to end: the real Bolt app connects to a loopback WebSocket stand-in (given by
 * apps.connections.open on the Slack stand-in, so SLACK_API_URL is honoured in Socket Mode too),
 * receives a slash command envelope, acks it over the socket, and answers through response_url.
 * Health checks are served on PORT in this mode too.
 */
import { networkInterfaces } from "node:os";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Bot, createBot } from "../../src/app.ts";
import { type Config, loadConfig } from "../../src/config.ts";
import { createKennelClient } from "../../src/kennel/client.ts";
import { silentLogger } from "../../src/log.ts";
import { type Sandbox, startSandbox } from "../../src/sandbox/server.ts";
import { freePort } from "../helpers/net.ts";
import { scratchRecord } from "../helpers/record.ts";
import { commandForm, type SlackStandIn, startSlackStandIn } from "../helpers/slack.ts";
import { type SocketStandIn, startSocketStandIn } from "../helpers/socket-mode.ts";

let sandbox: Sandbox;
let slack: SlackStandIn;
let socket: SocketStandIn;
let bot: Bot;
let port: number;

beforeAll(async () => {
  sandbox = await startSandbox({ seed: 4, customers: 60, today: "2026-11-22", timezone: "Europe/London" });
  slack = await startSlackStandIn();
  slack.users.set("U0STAFF", { id: "U0STAFF" });
  socket = await startSocketStandIn();
  slack.socketUrl = socket.url;
  port = await freePort();
  const config = loadConfig({
    KENNEL_API_KEY: sandbox.keys.main,
    KENNEL_API_BASE_URL: sandbox.url,
    KENNEL_TIMEZONE: "Europe/London",
    SLACK_BOT_TOKEN: "xoxb-test-0000-socket",
    SLACK_APP_TOKEN: "xapp-1-A1-0000-socket",
    SLACK_API_URL: slack.apiUrl,
    PORT: String(port),
  });
  const log = silentLogger();
  const kennel = createKennelClient(config.kennel as NonNullable<Config["kennel"]>, { log });
  bot = createBot(
    { kennel, log, config, clock: { now: () => new Date("2026-11-22T09:00:00Z") }, record: scratchRecord() },
    {
      slack: config.slack as NonNullable<Config["slack"]>,
    },
  );
  await bot.start();
});

afterAll(async () => {
  await bot.stop(1_000);
  await socket.close();
  await slack.close();
  await sandbox.close();
});

describe("Socket Mode", () => {
  it("connects through apps.connections.open at SLACK_API_URL with the app token", () => {
    expect(bot.mode).toBe("socket");
    const open = slack.api.find((a) => a.path === "/api/apps.connections.open");
    expect(open?.authorization).toBe("Bearer xapp-1-A1-0000-socket");
  });

  it("acks a slash command over the socket at once, then answers through response_url", async () => {
    const { form, id } = commandForm(slack, { command: "/kennel", text: "status" });
    socket.send({
      envelope_id: "env-1",
      type: "slash_commands",
      accepts_response_payload: true,
      payload: form,
    });
    await slack.waitFor(() => socket.received.some((m) => m.envelope_id === "env-1"));
    await slack.waitFor(() => slack.responsesFor(id).length > 0);
    expect(JSON.stringify(slack.responsesFor(id)[0]?.body)).toMatch(/up and accepted the key/);
  });

  it("serves /healthz and /readyz on PORT: which part is ready, never a path, a host or an error", async () => {
    expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
    const ready = await fetch(`http://127.0.0.1:${port}/readyz`);
    expect(ready.status).toBe(200);
    const body = (await ready.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ state: "ok", notReady: [], store: { ok: true, engine: "sqlite" } });
    expect(Object.keys(body.store as object).sort()).toEqual(["engine", "ok"]);
    expect(JSON.stringify(body)).not.toContain(new URL(sandbox.url).host);
  });

  // A machine's address other than loopback, if it has one (a container's or a LAN's).
  const outside = Object.values(networkInterfaces())
    .flat()
    .find((a) => a && a.family === "IPv4" && !a.internal)?.address;

  it.skipIf(!outside)(
    "its health server is this computer's alone: 127.0.0.1, not the machine's other addresses",
    async () => {
      expect(bot.host).toBe("127.0.0.1");
      expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
      const elsewhere = await fetch(`http://${outside}:${port}/healthz`).then(
        (r) => r.status,
        (e: Error) => String((e.cause as { code?: string })?.code ?? e.message),
      );
      expect(elsewhere).toBe("ECONNREFUSED");
    },
  );
});
