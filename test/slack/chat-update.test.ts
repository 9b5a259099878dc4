/**
 * A redraw's chat.update goes as JSON, and anything the Web API client would wait out or retry (a
 * rate limit, a 5xx, a dropped connection) goes to the client itself. Slack is a server on loopback
 * that answers each request as the test says and keeps what it was sent.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { silentLogger } from "../../src/log.ts";
import { UpdateRefused, updateMessage } from "../../src/slack/chat-update.ts";
import { createWebClient } from "../../src/slack/web-client.ts";

interface Seen {
  path: string;
  type: string;
  authorization: string;
  body: Record<string, unknown>;
}

type Answer = (res: ServerResponse, req: IncomingMessage) => void;
const ok: Answer = (res) => res.writeHead(200, { "content-type": "application/json" }).end('{"ok":true}');

let close: (() => void) | undefined;
afterEach(() => close?.());

/** Slack on loopback: the n-th request gets `answers[n]` (the last one after that). */
async function slack(...answers: Answer[]): Promise<{ apiUrl: string; seen: Seen[] }> {
  const seen: Seen[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const raw = Buffer.concat(chunks).toString("utf8");
      const type = req.headers["content-type"] ?? "";
      const body = type.includes("json")
        ? (JSON.parse(raw) as Record<string, unknown>)
        : Object.fromEntries(new URLSearchParams(raw));
      if (typeof body.blocks === "string") body.blocks = JSON.parse(body.blocks);
      seen.push({ path: req.url ?? "", type, authorization: req.headers.authorization ?? "", body });
      (answers[seen.length - 1] ?? (answers.at(-1) as Answer))(res, req);
    });
  });
  await new Promise<void>((listening) => server.listen(0, "127.0.0.1", listening));
  close = () => {
    server.closeAllConnections();
    server.close();
  };
  return { apiUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/`, seen };
}

const client = (apiUrl: string, token = "xoxb-1-2-update") =>
  createWebClient(token, {
    apiUrl,
    log: silentLogger(),
    retryConfig: { retries: 1, minTimeout: 10, maxTimeout: 10 },
  });

const blocks = [
  {
    type: "section",
    block_id: "kd_pet:1:2:0",
    text: { type: "mrkdwn", text: "✅ 08:12 Zoë & Jane: Rimadyl 50 mg" },
  },
];
const update = { channel: "C1", ts: "1.2", text: "Morning round", blocks };

/** Sent as JSON first, then sent again, whole, by the Web API client (as a form). */
function expectHandedToClient(seen: Seen[]): void {
  expect(seen.map((s) => s.type)).toEqual([
    "application/json; charset=utf-8",
    "application/x-www-form-urlencoded",
  ]);
  expect(seen[1]?.body).toMatchObject(update);
}

describe("a redraw's chat.update", () => {
  it("goes as JSON with the bot token in the Authorization header, its blocks whole", async () => {
    const { apiUrl, seen } = await slack(ok);
    await updateMessage(client(apiUrl), update);
    expect(seen).toEqual([
      {
        path: "/api/chat.update",
        type: "application/json; charset=utf-8",
        authorization: "Bearer xoxb-1-2-update",
        body: update,
      },
    ]);
  });

  it("Slack's refusal is thrown in Slack's words, and not sent again", async () => {
    const { apiUrl, seen } = await slack((res) =>
      res
        .writeHead(200, { "content-type": "application/json" })
        .end('{"ok":false,"error":"message_not_found"}'),
    );
    const refused = await updateMessage(client(apiUrl), update).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(UpdateRefused);
    expect((refused as UpdateRefused).slackError).toBe("message_not_found");
    expect(seen).toHaveLength(1);
  });

  it("a rate limit goes to the Web API client, which waits it out and sends the update", async () => {
    const limited: Answer = (res) =>
      res.writeHead(429, { "retry-after": "0", "content-type": "application/json" }).end('{"ok":false}');
    const { apiUrl, seen } = await slack(limited, ok);
    await updateMessage(client(apiUrl), update);
    expectHandedToClient(seen);
  });

  it("a 5xx, or a connection dropped, goes to the Web API client too", async () => {
    const failing: Answer = (res) => res.writeHead(503).end();
    const dropped: Answer = (res) => res.socket?.destroy();
    for (const first of [failing, dropped]) {
      const { apiUrl, seen } = await slack(first, ok);
      await updateMessage(client(apiUrl), update);
      expectHandedToClient(seen);
      close?.();
    }
  });

  it("a client without a token sends the update itself", async () => {
    const { apiUrl, seen } = await slack(ok);
    await updateMessage(client(apiUrl, ""), update);
    expect(seen.map((s) => [s.type, s.authorization])).toEqual([["application/x-www-form-urlencoded", ""]]);
  });
});
