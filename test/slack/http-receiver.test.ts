/**
 * Slack's requests over HTTP are parsed once (issue 48): the bot's server parses and checks each
 * body, and the receiver gives Bolt that body, after Slack's signature is checked on the same bytes
 * (Bolt's own receiver parsed it twice more). A real Bolt app on the bot's server, signed requests:
 * a tap's payload is parsed once, and is acknowledged; a request not signed by Slack is answered 401
 * and reaches no listener; Slack's url_verification and ssl_check are answered as Bolt answers them.
 * A listener knows when its request arrived (its ack deadline counts from it, src/listeners/ack.ts).
 */
import { App } from "@slack/bolt";
import { afterEach, describe, expect, it, vi } from "vitest";
import { boltLogger } from "../../src/bolt-logger.ts";
import { silentLogger } from "../../src/log.ts";
import { postSigned, postSignedEvent } from "../../src/preview/slack-http.ts";
import { arrivedAt } from "../../src/slack/arrival.ts";
import { SlackHttpReceiver } from "../../src/slack/http-receiver.ts";
import { type BotServer, startBotServer } from "../../src/slack/http-server.ts";

const SECRET = "8f14e45fceea167a5a36dedd4bea2543";
let server: BotServer | undefined;
afterEach(async () => {
  vi.restoreAllMocks();
  await server?.close();
  server = undefined;
});

async function bot() {
  const receiver = new SlackHttpReceiver({ signingSecret: SECRET, logger: boltLogger(silentLogger()) });
  // Who the bot is, given (no auth.test to Slack: nothing leaves this computer).
  const app = new App({
    receiver,
    deferInitialization: true,
    authorize: async () => ({ botToken: "xoxb-test", botId: "B1", botUserId: "UBOT" }),
  });
  await app.init();
  const taps: string[] = [];
  const arrivals: Array<{ arrived: number | undefined; ran: number }> = [];
  app.action("tap_me", async ({ ack, body, context }) => {
    arrivals.push({ arrived: arrivedAt(context), ran: performance.now() });
    await ack();
    taps.push(body.user.id);
  });
  server = await startBotServer({
    port: 0,
    log: silentLogger(),
    health: () => ({ status: 200, body: {} }),
    ready: async () => ({ status: 200, body: {} }),
    slackEvents: (req, res, raw, body, arrived) => receiver.handle(req, res, raw, body, arrived),
  });
  return { url: `http://127.0.0.1:${server.port}/slack/events`, taps, arrivals };
}

const tap = {
  type: "block_actions",
  team: { id: "T1" },
  user: { id: "U0JANE", name: "jane" },
  api_app_id: "A1",
  token: "x",
  trigger_id: "t1",
  actions: [{ action_id: "tap_me", block_id: "b", type: "button", value: "v", action_ts: "1.1" }],
};

describe("Slack's requests through the bot's HTTP server", () => {
  it("a tap's payload is parsed once, and acknowledged after its signature is checked", async () => {
    const { url, taps } = await bot();
    const payload = JSON.stringify(tap);
    const parse = vi.spyOn(JSON, "parse");
    const res = await postSigned(url, SECRET, { payload });
    expect(res.status).toBe(200);
    expect(parse.mock.calls.filter(([text]) => text === payload)).toHaveLength(1);
    expect(taps).toEqual(["U0JANE"]);
  });

  it("a tap's listener knows when its request arrived at the server", async () => {
    const { url, arrivals } = await bot();
    const before = performance.now();
    expect((await postSigned(url, SECRET, { payload: JSON.stringify(tap) })).status).toBe(200);
    const [{ arrived, ran }] = arrivals as [{ arrived: number; ran: number }];
    expect(arrived).toBeGreaterThanOrEqual(before);
    expect(arrived).toBeLessThanOrEqual(ran);
  });

  it("a request not signed by Slack is answered 401 and reaches no listener", async () => {
    const { url, taps } = await bot();
    const res = await postSigned(url, "not-the-secret-00000000000000000", { payload: JSON.stringify(tap) });
    expect(res.status).toBe(401);
    expect(taps).toEqual([]);
  });

  it("answers Slack's url_verification and ssl_check", async () => {
    const { url } = await bot();
    const verification = await postSignedEvent(url, SECRET, {
      type: "url_verification",
      challenge: "c-123",
      token: "x",
    });
    expect(verification.status).toBe(200);
    expect(verification.text).toContain("c-123");
    const ssl = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "ssl_check=1&token=x",
    });
    expect(ssl.status).toBe(200);
  });
});
