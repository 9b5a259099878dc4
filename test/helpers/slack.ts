/**
 * A loopback stand-in for Slack: the Web API (POST /api/<method>) and response_url endpoints
 * (POST /respond/<id>), recording everything; plus signed requests to the bot, as Slack sends them.
 */
import { createHmac } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export interface Recorded {
  path: string;
  body: Record<string, unknown>;
  at: number;
  authorization: string | undefined;
}

export interface SlackUser {
  id: string;
  team_id?: string;
  is_stranger?: boolean;
  is_bot?: boolean;
  deleted?: boolean;
  is_restricted?: boolean;
  is_ultra_restricted?: boolean;
}

export interface StoredMessage {
  channel: string;
  ts: string;
  thread_ts?: string | undefined;
  text: string;
  blocks?: unknown;
  metadata?: { event_type: string; event_payload: Record<string, unknown> } | undefined;
}

export interface SlackStandIn {
  /** Messages posted with chat.postMessage and not deleted, oldest first. */
  messages: StoredMessage[];
  base: string;
  apiUrl: string;
  api: Recorded[];
  responses: Recorded[];
  users: Map<string, SlackUser>;
  /** response_url ids that answer 500. */
  failing: Set<string>;
  /** Web API methods that answer 429 with Retry-After this many times, then succeed. */
  rateLimited: Map<string, number>;
  /** Web API methods that answer HTTP 500, every time. */
  broken: Set<string>;
  /** What apps.connections.open answers (Socket Mode): the WebSocket URL to connect to. */
  socketUrl: string | undefined;
  /** When set, auth.test answers `{ ok: false, error: authError }` (a wrong or revoked bot token). */
  authError: string | undefined;
  /** When set, apps.connections.open answers `{ ok: false, error }` (a revoked app token, say). */
  connectionsError: string | undefined;
  /** Slack's clock, for message timestamps (tests on a fake clock share theirs). */
  now: () => number;
  responseUrl(id: string): string;
  responsesFor(id: string): Recorded[];
  waitFor(predicate: () => boolean, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

export async function startSlackStandIn(): Promise<SlackStandIn> {
  const api: Recorded[] = [];
  const responses: Recorded[] = [];
  const users = new Map<string, SlackUser>();
  const failing = new Set<string>();
  const rateLimited = new Map<string, number>();
  const messages: StoredMessage[] = [];
  let ts = 1_700_000_000;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const raw = Buffer.concat(chunks).toString("utf8");
      const type = req.headers["content-type"] ?? "";
      let body: Record<string, unknown> = {};
      if (type.includes("json")) body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
      else body = Object.fromEntries(new URLSearchParams(raw));
      for (const k of ["blocks", "view", "metadata"]) {
        if (typeof body[k] === "string") {
          try {
            body[k] = JSON.parse(body[k] as string);
          } catch {
            // leave it as text
          }
        }
      }
      const path = req.url ?? "/";
      const record: Recorded = { path, body, at: Date.now(), authorization: req.headers.authorization };
      const send = (status: number, payload: unknown, headers: Record<string, string> = {}) => {
        res.writeHead(status, { "content-type": "application/json", ...headers });
        res.end(JSON.stringify(payload));
      };
      if (path.startsWith("/respond/")) {
        responses.push(record);
        const id = path.slice("/respond/".length);
        if (failing.has(id)) return send(500, { ok: false });
        return send(200, { ok: true });
      }
      if (path.startsWith("/api/")) {
        const method = path.slice("/api/".length).split("?")[0] ?? "";
        api.push(record);
        if (stand.broken.has(method)) return send(500, { ok: false, error: "internal_error" });
        const limited = rateLimited.get(method) ?? 0;
        if (limited > 0) {
          rateLimited.set(method, limited - 1);
          return send(429, { ok: false, error: "ratelimited" }, { "retry-after": "1" });
        }
        switch (method) {
          case "apps.connections.open":
            if (stand.connectionsError) return send(200, { ok: false, error: stand.connectionsError });
            return stand.socketUrl
              ? send(200, { ok: true, url: stand.socketUrl })
              : send(200, { ok: false, error: "no_socket_url" });
          case "auth.test":
            if (stand.authError) return send(200, { ok: false, error: stand.authError });
            return send(200, {
              ok: true,
              user_id: "UBOT",
              bot_id: "BBOT",
              team_id: "T1",
              user: "kennel-desk",
            });
          case "users.info": {
            const user = users.get(String(body.user));
            return user ? send(200, { ok: true, user }) : send(200, { ok: false, error: "user_not_found" });
          }
          case "chat.postMessage": {
            ts = Math.max(ts + 1, Math.floor(stand.now() / 1000));
            const stored: StoredMessage = {
              channel: String(body.channel),
              ts: `${ts}.000100`,
              thread_ts: body.thread_ts ? String(body.thread_ts) : undefined,
              text: String(body.text ?? ""),
              blocks: body.blocks,
              metadata: body.metadata as StoredMessage["metadata"],
            };
            messages.push(stored);
            return send(200, { ok: true, channel: body.channel, ts: stored.ts, message: { ts: stored.ts } });
          }
          case "conversations.history": {
            const oldest = Number(body.oldest ?? 0);
            const withMetadata = String(body.include_all_metadata) === "true";
            const top = messages
              .filter((m) => m.channel === body.channel && !m.thread_ts && Number(m.ts) >= oldest)
              .reverse()
              .map((m) => ({
                type: "message",
                ts: m.ts,
                text: m.text,
                ...(withMetadata && m.metadata ? { metadata: m.metadata } : {}),
              }));
            return send(200, { ok: true, messages: top, has_more: false });
          }
          case "conversations.replies": {
            const withMetadata = String(body.include_all_metadata) === "true";
            const thread = messages
              .filter((m) => m.channel === body.channel && (m.ts === body.ts || m.thread_ts === body.ts))
              .map((m) => ({
                type: "message",
                ts: m.ts,
                ...(m.thread_ts ? { thread_ts: m.thread_ts } : {}),
                text: m.text,
                ...(withMetadata && m.metadata ? { metadata: m.metadata } : {}),
              }));
            if (!thread.some((m) => m.ts === body.ts))
              return send(200, { ok: false, error: "thread_not_found" });
            return send(200, { ok: true, messages: thread, has_more: false });
          }
          case "chat.delete": {
            const i = messages.findIndex((m) => m.channel === body.channel && m.ts === body.ts);
            if (i === -1) return send(200, { ok: false, error: "message_not_found" });
            messages.splice(i, 1);
            return send(200, { ok: true, channel: body.channel, ts: body.ts });
          }
          case "chat.postEphemeral":
            return send(200, { ok: true, message_ts: `${ts}.000200` });
          default:
            return send(200, { ok: true });
        }
      }
      send(404, { ok: false, error: "unknown_path" });
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const stand: SlackStandIn = {
    socketUrl: undefined,
    authError: undefined,
    connectionsError: undefined,
    broken: new Set<string>(),
    now: () => Date.now(),
    messages,
    base,
    apiUrl: `${base}/api/`,
    api,
    responses,
    users,
    failing,
    rateLimited,
    responseUrl: (id) => `${base}/respond/${id}`,
    responsesFor: (id) => responses.filter((r) => r.path === `/respond/${id}`),
    async waitFor(predicate, timeoutMs = 8_000) {
      const until = Date.now() + timeoutMs;
      while (!predicate()) {
        if (Date.now() > until) throw new Error("timed out waiting for Slack traffic");
        await new Promise((r) => setTimeout(r, 10));
      }
    },
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
  return stand;
}

export function sign(secret: string, timestamp: number, body: string): string {
  return `v0=${createHmac("sha256", secret).update(`v0:${timestamp}:${body}`).digest("hex")}`;
}

export interface SendOptions {
  timestamp?: number;
  signature?: string;
}

/** POSTs a form body to the bot as Slack would, signed. Returns status, body text and time to answer. */
export async function postSigned(
  url: string,
  secret: string,
  form: Record<string, string>,
  options: SendOptions = {},
): Promise<{ status: number; text: string; ms: number }> {
  const body = new URLSearchParams(form).toString();
  const timestamp = options.timestamp ?? Math.floor(Date.now() / 1000);
  const started = performance.now();
  const res = await fetch(url, {
    method: "POST",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      "x-slack-request-timestamp": String(timestamp),
      "x-slack-signature": options.signature ?? sign(secret, timestamp, body),
    },
    body,
  });
  const text = await res.text();
  return { status: res.status, text, ms: performance.now() - started };
}

let seq = 0;

export interface CommandInput {
  command: string;
  text?: string;
  user?: string;
  channel?: string;
}

/** The form fields of a slash command, with a fresh response_url id. */
export function commandForm(
  slack: SlackStandIn,
  input: CommandInput,
): { form: Record<string, string>; id: string } {
  const id = `c${++seq}`;
  return {
    id,
    form: {
      token: "legacy-verification-token",
      team_id: "T1",
      team_domain: "kennel",
      channel_id: input.channel ?? "C0FRONTDESK",
      channel_name: "front-desk",
      user_id: input.user ?? "U0STAFF",
      user_name: "staff",
      command: input.command,
      text: input.text ?? "",
      api_app_id: "A1",
      response_url: slack.responseUrl(id),
      trigger_id: `t${seq}`,
    },
  };
}

/** The form of a button click on a message, with a fresh response_url id. */
export function actionForm(
  slack: SlackStandIn,
  button: { action_id: string; value: string },
  options: { user?: string; channel?: string } = {},
): { form: Record<string, string>; id: string } {
  const id = `a${++seq}`;
  const payload = {
    type: "block_actions",
    team: { id: "T1", domain: "kennel" },
    user: { id: options.user ?? "U0STAFF", name: "staff", team_id: "T1" },
    api_app_id: "A1",
    token: "legacy-verification-token",
    container: {
      type: "message",
      message_ts: "1.1",
      channel_id: options.channel ?? "C0FRONTDESK",
      is_ephemeral: false,
    },
    trigger_id: `t${seq}`,
    channel: { id: options.channel ?? "C0FRONTDESK", name: "front-desk" },
    response_url: slack.responseUrl(id),
    actions: [
      {
        type: "button",
        action_id: button.action_id,
        block_id: "b1",
        value: button.value,
        action_ts: "1.2",
        text: { type: "plain_text", text: "x" },
      },
    ],
  };
  return { id, form: { payload: JSON.stringify(payload) } };
}
