/**
 * The local preview (`npm start` with no configuration): the sandbox kennel API with synthetic data,
 * the real bot (Bolt in HTTP mode) and a web page that looks and behaves like a Slack channel. What
 * you type is sent to the bot as a signed slash command; its answers come back through response_url
 * and the Web API to a local stand-in for Slack, and the page renders those very Block Kit payloads.
 * It listens on 127.0.0.1 only.
 */
import { createHmac, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { type Bot, createBot } from "../app.ts";
import { type Config, loadConfig } from "../config.ts";
import { systemClock } from "../deps.ts";
import { createKennelClient } from "../kennel/client.ts";
import type { Logger } from "../log.ts";
import { type Sandbox, startSandbox } from "../sandbox/server.ts";
import { LocalSlack, PREVIEW_CHANNEL, PREVIEW_USER } from "./local-slack.ts";
import { previewPage } from "./page.ts";

export const PREVIEW_COMMANDS = ["/arrivals", "/departures", "/booking", "/pet", "/customer", "/kennel"];

export interface Preview {
  url: string;
  sandbox: Sandbox;
  slack: LocalSlack;
  bot: Bot;
  close(): Promise<void>;
}

export interface PreviewOptions {
  port: number;
  timezone: string;
  log: Logger;
  /** Sandbox size and seed (defaults: 400 customers, seed 1). */
  customers?: number;
  seed?: number;
}

function sign(secret: string, timestamp: number, body: string): string {
  return `v0=${createHmac("sha256", secret).update(`v0:${timestamp}:${body}`).digest("hex")}`;
}

async function readBody(req: IncomingMessage, limit = 1_000_000): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > limit) throw new Error("body too large");
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString("utf8");
}

function parseBody(raw: string, type: string | undefined): Record<string, unknown> {
  if ((type ?? "").includes("json")) return raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
  const body: Record<string, unknown> = Object.fromEntries(new URLSearchParams(raw));
  for (const k of ["blocks", "metadata"]) {
    if (typeof body[k] === "string") {
      try {
        body[k] = JSON.parse(body[k] as string);
      } catch {
        // leave as text
      }
    }
  }
  return body;
}

function send(
  res: ServerResponse,
  status: number,
  body: unknown,
  type = "application/json; charset=utf-8",
): void {
  res.writeHead(status, { "content-type": type, "cache-control": "no-store" });
  res.end(typeof body === "string" ? body : JSON.stringify(body));
}

export async function startPreview(options: PreviewOptions): Promise<Preview> {
  const { log } = options;
  const sandbox = await startSandbox({
    seed: options.seed ?? 1,
    customers: options.customers ?? 400,
    timezone: options.timezone,
  });
  const slack = new LocalSlack();
  const secret = randomBytes(16).toString("hex");
  let botUrl = "";
  let seq = 0;

  const forward = async (form: Record<string, string>) => {
    const body = new URLSearchParams(form).toString();
    const timestamp = Math.floor(Date.now() / 1000);
    const res = await fetch(botUrl, {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        "x-slack-request-timestamp": String(timestamp),
        "x-slack-signature": sign(secret, timestamp, body),
      },
      body,
    });
    await res.arrayBuffer();
    return res.status;
  };

  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? "/", "http://localhost");
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      if (req.method === "GET" && url.pathname === "/")
        return send(res, 200, previewPage(options.timezone), "text/html; charset=utf-8");
      if (req.method === "GET" && url.pathname === "/healthz")
        return send(res, 200, { status: "ok", preview: true });
      if (req.method === "GET" && url.pathname === "/preview/state") {
        const since = Number(url.searchParams.get("since") ?? -1);
        await slack.waitForChange(since, Number.isFinite(since) && since >= 0 ? 20_000 : 0);
        return send(res, 200, { version: slack.version, messages: slack.messages });
      }
      if (req.method === "POST" && url.pathname === "/preview/command") {
        const { text } = parseBody(await readBody(req), "json") as { text?: string };
        const typed = String(text ?? "")
          .trim()
          .slice(0, 500);
        const [command = ""] = typed.split(/\s+/);
        slack.add({ author: "you", ephemeral: false, text: typed, blocks: undefined });
        if (!PREVIEW_COMMANDS.includes(command.toLowerCase())) {
          slack.add({
            author: "system",
            ephemeral: true,
            text: `${command ? `${command} is not a Kennel Desk command.` : "Type a command."} Try ${PREVIEW_COMMANDS.join(", ")} (for example /kennel help).`,
            blocks: undefined,
          });
          return send(res, 200, { ok: true });
        }
        const key = `c${++seq}`;
        slack.responseTarget(key, undefined);
        const status = await forward({
          token: "preview",
          team_id: "TPREVIEW",
          team_domain: "preview",
          channel_id: PREVIEW_CHANNEL,
          channel_name: "front-desk",
          user_id: PREVIEW_USER,
          user_name: "you",
          command: command.toLowerCase(),
          text: typed.slice(command.length).trim(),
          api_app_id: "APREVIEW",
          response_url: `${base}/respond/${key}`,
          trigger_id: key,
        });
        return send(res, 200, { ok: status === 200 });
      }
      if (req.method === "POST" && url.pathname === "/preview/action") {
        const { messageId, actionId, value } = parseBody(await readBody(req), "json") as {
          messageId?: number;
          actionId?: string;
          value?: string;
        };
        const message = slack.messages.find((m) => m.id === Number(messageId));
        if (!message || !actionId) return send(res, 404, { ok: false, error: "that message is gone" });
        const key = `a${++seq}`;
        slack.responseTarget(key, message.id);
        const payload = {
          type: "block_actions",
          team: { id: "TPREVIEW", domain: "preview" },
          user: { id: PREVIEW_USER, name: "you", team_id: "TPREVIEW" },
          api_app_id: "APREVIEW",
          token: "preview",
          container: {
            type: "message",
            message_ts: message.ts,
            channel_id: PREVIEW_CHANNEL,
            is_ephemeral: message.ephemeral,
          },
          trigger_id: key,
          channel: { id: PREVIEW_CHANNEL, name: "front-desk" },
          response_url: `${base}/respond/${key}`,
          actions: [
            {
              type: "button",
              action_id: String(actionId),
              block_id: "b",
              value: String(value ?? ""),
              action_ts: String(Date.now() / 1000),
            },
          ],
        };
        const status = await forward({ payload: JSON.stringify(payload) });
        return send(res, 200, { ok: status === 200 });
      }
      if (req.method === "POST" && url.pathname.startsWith("/respond/")) {
        const ok = slack.respond(
          url.pathname.slice("/respond/".length),
          parseBody(await readBody(req), req.headers["content-type"]),
        );
        return send(res, ok ? 200 : 404, { ok });
      }
      if (req.method === "POST" && url.pathname.startsWith("/api/")) {
        const method = url.pathname.slice("/api/".length);
        return send(res, 200, slack.api(method, parseBody(await readBody(req), req.headers["content-type"])));
      }
      send(res, 404, { ok: false, error: "not found" });
    })().catch((error: unknown) => {
      log.warn({ err: String((error as Error)?.message ?? error) }, "preview request failed");
      if (!res.headersSent) send(res, 500, { ok: false });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, "127.0.0.1", () => resolve());
  });
  const port = (server.address() as AddressInfo).port;

  const config = loadConfig({
    KENNEL_API_KEY: sandbox.keys.main,
    KENNEL_API_BASE_URL: sandbox.url,
    KENNEL_TIMEZONE: options.timezone,
    SLACK_BOT_TOKEN: "xoxb-preview-0000-local",
    SLACK_SIGNING_SECRET: secret,
    SLACK_API_URL: `http://127.0.0.1:${port}/api/`,
    PORT: "0",
    DIGEST_CHANNEL: PREVIEW_CHANNEL,
  });
  const kennel = createKennelClient(config.kennel as NonNullable<Config["kennel"]>, { log });
  const bot = createBot(
    { kennel, log, config, clock: systemClock },
    { slack: config.slack as NonNullable<Config["slack"]> },
  );
  const botPort = await bot.start();
  botUrl = `http://127.0.0.1:${botPort}/slack/events`;

  return {
    url: `http://localhost:${port}`,
    sandbox,
    slack,
    bot,
    async close() {
      await bot.stop(2_000);
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
      await sandbox.close();
    },
  };
}
