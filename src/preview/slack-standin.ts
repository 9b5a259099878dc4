/**
 * A loopback stand-in for Slack, shared by the preview and the tests: the Web API methods the bot
 * uses (POST /api/<method>) and response_url endpoints (POST /respond/<id>), recording every call,
 * and keeping what Slack would show as one timeline: chat.postMessage (threads and metadata),
 * chat.postEphemeral, chat.delete, response_url answers (new, replace_original, delete_original),
 * views.publish (each user's Home tab), conversations.history and conversations.replies (read back
 * from the timeline), users.info (guest, outsider and other-team users) and auth.test.
 * Plus signing: requests to the bot are signed as Slack signs them.
 */
import { createHmac } from "node:crypto";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export interface Recorded {
  path: string;
  body: Record<string, unknown>;
  at: number;
  authorization: string | undefined;
}

interface SlackUser {
  id: string;
  is_restricted?: boolean;
  is_ultra_restricted?: boolean;
  /** A Slack Connect outsider. */
  is_stranger?: boolean;
  /** The user's team; the stand-in's own team when not given. */
  team_id?: string;
  is_bot?: boolean;
  deleted?: boolean;
}

type Metadata = { event_type: string; event_payload: Record<string, unknown> };

/** A message posted with chat.postMessage (the fields the tests read). */
export interface StoredMessage {
  channel: string;
  ts: string;
  thread_ts?: string | undefined;
  text: string;
  blocks?: unknown;
  metadata?: Metadata | undefined;
}

/** Anything Slack would show: a posted message, an ephemeral one, a response_url answer, or what a person typed. */
export interface TimelineEntry extends StoredMessage {
  id: number;
  /** How it got there. */
  via: "postMessage" | "postEphemeral" | "response" | "typed" | "system";
  /** Who wrote it: the person typing, the bot, or Slack itself. */
  author: "you" | "bot" | "system";
  /** Seen only by `user`. */
  ephemeral: boolean;
  /** For ephemeral entries and typed ones: whose. */
  user?: string | undefined;
}

interface PublishedView {
  type: string;
  blocks: unknown[];
  /** How many times it was published (a fresh one on every open). */
  version: number;
}

export interface SlackStandInOptions {
  /** The workspace's team id (auth.test, and users.info for users without their own). Default T1. */
  teamId?: string;
  /** The bot's own user id (auth.test). Default UBOT. */
  botUserId?: string;
}

export interface SlackStandIn {
  /** Messages posted with chat.postMessage and not deleted, oldest first. */
  readonly messages: StoredMessage[];
  /** Everything shown, oldest first: posts, ephemerals, response_url answers, typed commands. */
  readonly timeline: TimelineEntry[];
  /** Each user's published Home tab (views.publish), by user id. */
  readonly views: Map<string, PublishedView>;
  readonly teamId: string;
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
  /** Bumped on every change to the timeline or the views. */
  readonly version: number;
  responseUrl(id: string): string;
  responsesFor(id: string): Recorded[];
  /**
   * Says where a response_url answers: in `channel`, to `user`, with a new message (no `entryId`,
   * a command) or changing the message clicked.
   */
  responseTarget(id: string, target: ResponseTarget): void;
  /** Adds an entry Slack itself shows (a typed command, Slackbot's "not a command"). */
  add(entry: Omit<TimelineEntry, "id" | "ts">): TimelineEntry;
  /** Answers one request to the stand-in (used by a server that mounts it, such as the preview's). */
  handle(path: string, body: Record<string, unknown>, authorization?: string): HandledRequest;
  /** Resolves at the next change after `since`, or after `ms`. */
  waitForChange(since: number, ms: number): Promise<void>;
  waitFor(predicate: () => boolean, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

interface ResponseTarget {
  channel: string;
  user: string;
  entryId?: number | undefined;
}

interface HandledRequest {
  status: number;
  payload: unknown;
  headers?: Record<string, string>;
}

/** A request body as Slack's clients send it: JSON, or a form whose blocks, view and metadata are JSON. */
export function parseSlackBody(raw: string, contentType: string | undefined): Record<string, unknown> {
  if ((contentType ?? "").includes("json")) {
    const parsed: unknown = raw ? JSON.parse(raw) : {};
    return parsed && typeof parsed === "object" ? (parsed as Record<string, unknown>) : {};
  }
  const body: Record<string, unknown> = Object.fromEntries(new URLSearchParams(raw));
  for (const k of ["blocks", "view", "metadata"]) {
    if (typeof body[k] === "string") {
      try {
        body[k] = JSON.parse(body[k] as string);
      } catch {
        // leave it as text
      }
    }
  }
  return body;
}

export async function readBody(req: IncomingMessage, limit = 5_000_000): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > limit) throw new Error("body too large");
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString("utf8");
}

const blocksOf = (body: Record<string, unknown>) =>
  Array.isArray(body.blocks) ? (body.blocks as unknown[]) : undefined;

/** The stand-in's state and behaviour, without a server (mount it with `handle`). */
export function createSlackStandIn(options: SlackStandInOptions = {}): SlackStandIn {
  const teamId = options.teamId ?? "T1";
  const timeline: TimelineEntry[] = [];
  const views = new Map<string, PublishedView>();
  const targets = new Map<string, ResponseTarget>();
  let waiters: Array<() => void> = [];
  let nextId = 1;
  let ts = 1_700_000_000;
  let version = 0;

  const changed = () => {
    version++;
    const ready = waiters;
    waiters = [];
    for (const w of ready) w();
  };
  const nextTs = () => {
    ts = Math.max(ts + 1, Math.floor(stand.now() / 1000));
    return `${ts}.000100`;
  };
  const add = (entry: Omit<TimelineEntry, "id" | "ts">): TimelineEntry => {
    const e: TimelineEntry = { ...entry, id: nextId++, ts: nextTs() };
    timeline.push(e);
    changed();
    return e;
  };
  const posted = (m: TimelineEntry) => m.via === "postMessage";

  /** What Slack does with a POST to a response_url. */
  const respond = (id: string, body: Record<string, unknown>) => {
    const target = targets.get(id);
    const index = target?.entryId === undefined ? -1 : timeline.findIndex((m) => m.id === target.entryId);
    const old = index >= 0 ? (timeline[index] as TimelineEntry) : undefined;
    if (body.delete_original === true) {
      if (old) timeline.splice(index, 1);
      if (target) targets.set(id, { ...target, entryId: undefined });
      changed();
      return;
    }
    const content = {
      text: String(body.text ?? ""),
      blocks: blocksOf(body),
      ephemeral: body.response_type !== "in_channel",
    };
    if (body.replace_original === true && old) {
      // Slack keeps a replaced message's visibility unless the answer says otherwise.
      timeline[index] = {
        ...old,
        ...content,
        author: "bot",
        ephemeral: body.response_type ? content.ephemeral : old.ephemeral,
      };
      changed();
      return;
    }
    const added = add({
      via: "response",
      author: "bot",
      channel: target?.channel ?? "",
      user: target?.user,
      ...content,
    });
    // Later answers through a command's response_url (replace_original) change its latest one.
    if (target && target.entryId === undefined) targets.set(id, { ...target, entryId: added.id });
  };

  const api = (method: string, body: Record<string, unknown>): HandledRequest => {
    const ok = (payload: Record<string, unknown>) => ({ status: 200, payload: { ok: true, ...payload } });
    const fail = (error: string) => ({ status: 200, payload: { ok: false, error } });
    switch (method) {
      case "apps.connections.open":
        if (stand.connectionsError) return fail(stand.connectionsError);
        return stand.socketUrl ? ok({ url: stand.socketUrl }) : fail("no_socket_url");
      case "auth.test":
        if (stand.authError) return fail(stand.authError);
        return ok({
          user_id: options.botUserId ?? "UBOT",
          bot_id: "BBOT",
          team_id: teamId,
          user: "kennel-desk",
        });
      case "users.info": {
        const user = stand.users.get(String(body.user));
        return user ? ok({ user: { team_id: teamId, ...user } }) : fail("user_not_found");
      }
      case "chat.postMessage": {
        const m = add({
          via: "postMessage",
          author: "bot",
          ephemeral: false,
          channel: String(body.channel),
          thread_ts: body.thread_ts ? String(body.thread_ts) : undefined,
          text: String(body.text ?? ""),
          blocks: body.blocks,
          metadata: body.metadata as Metadata | undefined,
        });
        return ok({ channel: body.channel, ts: m.ts, message: { ts: m.ts } });
      }
      case "chat.postEphemeral": {
        const m = add({
          via: "postEphemeral",
          author: "bot",
          ephemeral: true,
          channel: String(body.channel),
          user: String(body.user),
          thread_ts: body.thread_ts ? String(body.thread_ts) : undefined,
          text: String(body.text ?? ""),
          blocks: blocksOf(body),
        });
        return ok({ message_ts: m.ts });
      }
      case "chat.delete": {
        const i = timeline.findIndex((m) => posted(m) && m.channel === body.channel && m.ts === body.ts);
        if (i === -1) return fail("message_not_found");
        timeline.splice(i, 1);
        changed();
        return ok({ channel: body.channel, ts: body.ts });
      }
      case "conversations.history": {
        const oldest = Number(body.oldest ?? 0);
        const withMetadata = String(body.include_all_metadata) === "true";
        const top = timeline
          .filter((m) => posted(m) && m.channel === body.channel && !m.thread_ts && Number(m.ts) >= oldest)
          .reverse()
          .map((m) => ({
            type: "message",
            ts: m.ts,
            text: m.text,
            ...(withMetadata && m.metadata ? { metadata: m.metadata } : {}),
          }));
        return ok({ messages: top, has_more: false });
      }
      case "conversations.replies": {
        const withMetadata = String(body.include_all_metadata) === "true";
        const thread = timeline
          .filter(
            (m) => posted(m) && m.channel === body.channel && (m.ts === body.ts || m.thread_ts === body.ts),
          )
          .map((m) => ({
            type: "message",
            ts: m.ts,
            ...(m.thread_ts ? { thread_ts: m.thread_ts } : {}),
            text: m.text,
            ...(withMetadata && m.metadata ? { metadata: m.metadata } : {}),
          }));
        if (!thread.some((m) => m.ts === body.ts)) return fail("thread_not_found");
        return ok({ messages: thread, has_more: false });
      }
      case "views.publish": {
        const view = body.view as { type?: unknown; blocks?: unknown } | undefined;
        const user = String(body.user_id ?? "");
        if (!user) return fail("invalid_arguments");
        if (!view || !Array.isArray(view.blocks)) return fail("invalid_arguments");
        if (view.blocks.length > 100) return fail("invalid_blocks");
        const published: PublishedView = {
          type: String(view.type ?? "home"),
          blocks: view.blocks,
          version: (views.get(user)?.version ?? 0) + 1,
        };
        views.set(user, published);
        changed();
        return ok({ view: { id: `V${user}`, type: published.type, blocks: published.blocks } });
      }
      default:
        return ok({});
    }
  };

  const stand: SlackStandIn = {
    get messages() {
      return timeline.filter(posted);
    },
    timeline,
    views,
    teamId,
    base: "",
    apiUrl: "",
    api: [],
    responses: [],
    users: new Map(),
    failing: new Set(),
    rateLimited: new Map(),
    broken: new Set(),
    socketUrl: undefined,
    authError: undefined,
    connectionsError: undefined,
    now: () => Date.now(),
    get version() {
      return version;
    },
    responseUrl: (id) => `${stand.base}/respond/${id}`,
    responsesFor: (id) => stand.responses.filter((r) => r.path === `/respond/${id}`),
    responseTarget(id, target) {
      targets.set(id, target);
    },
    add,
    handle(path, body, authorization) {
      const record: Recorded = { path, body, at: Date.now(), authorization };
      if (path.startsWith("/respond/")) {
        stand.responses.push(record);
        const id = path.slice("/respond/".length);
        if (stand.failing.has(id)) return { status: 500, payload: { ok: false } };
        respond(id, body);
        return { status: 200, payload: { ok: true } };
      }
      if (path.startsWith("/api/")) {
        const method = path.slice("/api/".length).split("?")[0] ?? "";
        stand.api.push(record);
        if (stand.broken.has(method)) return { status: 500, payload: { ok: false, error: "internal_error" } };
        const limited = stand.rateLimited.get(method) ?? 0;
        if (limited > 0) {
          stand.rateLimited.set(method, limited - 1);
          return {
            status: 429,
            payload: { ok: false, error: "ratelimited" },
            headers: { "retry-after": "1" },
          };
        }
        return api(method, body);
      }
      return { status: 404, payload: { ok: false, error: "unknown_path" } };
    },
    waitForChange(since, ms) {
      if (version !== since) return Promise.resolve();
      return new Promise((resolve) => {
        const timer = setTimeout(resolve, ms);
        waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    },
    async waitFor(predicate, timeoutMs = 8_000) {
      const until = Date.now() + timeoutMs;
      while (!predicate()) {
        if (Date.now() > until) throw new Error("timed out waiting for Slack traffic");
        await new Promise((r) => setTimeout(r, 10));
      }
    },
    close: async () => undefined,
  };
  return stand;
}

/** The stand-in on its own loopback server (the tests' Slack). */
export async function startSlackStandIn(options: SlackStandInOptions = {}): Promise<SlackStandIn> {
  const stand = createSlackStandIn(options);
  const server: Server = createServer((req, res) => {
    void (async () => {
      let body: Record<string, unknown>;
      try {
        body = parseSlackBody(await readBody(req), req.headers["content-type"]);
      } catch {
        res.writeHead(400, { "content-type": "application/json" });
        return res.end(JSON.stringify({ ok: false, error: "invalid_json" }));
      }
      const answer = stand.handle(req.url ?? "/", body, req.headers.authorization);
      res.writeHead(answer.status, { "content-type": "application/json", ...answer.headers });
      res.end(JSON.stringify(answer.payload));
    })();
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  stand.base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  stand.apiUrl = `${stand.base}/api/`;
  stand.close = () =>
    new Promise<void>((r) => {
      server.closeAllConnections();
      server.close(() => r());
    });
  return stand;
}

export function sign(secret: string, timestamp: number, body: string): string {
  return `v0=${createHmac("sha256", secret).update(`v0:${timestamp}:${body}`).digest("hex")}`;
}

export interface SendOptions {
  timestamp?: number;
  signature?: string;
}

/** POSTs a form to the bot as Slack would, signed (slash commands; `payload=` for buttons). */
export function postSigned(
  url: string,
  secret: string,
  form: Record<string, string>,
  options: SendOptions = {},
): Promise<{ status: number; text: string; ms: number }> {
  const body = new URLSearchParams(form).toString();
  return postSignedBody(url, secret, body, "application/x-www-form-urlencoded", options);
}

/** POSTs an Events API envelope to the bot as Slack would, signed JSON. */
export function postSignedEvent(
  url: string,
  secret: string,
  envelope: Record<string, unknown>,
  options: SendOptions = {},
): Promise<{ status: number; text: string; ms: number }> {
  return postSignedBody(url, secret, JSON.stringify(envelope), "application/json", options);
}

async function postSignedBody(
  url: string,
  secret: string,
  body: string,
  contentType: string,
  options: SendOptions,
): Promise<{ status: number; text: string; ms: number }> {
  const timestamp = options.timestamp ?? Math.floor(Date.now() / 1000);
  const started = performance.now();
  const res = await fetch(url, {
    method: "POST",
    headers: {
      "content-type": contentType,
      "x-slack-request-timestamp": String(timestamp),
      "x-slack-signature": options.signature ?? sign(secret, timestamp, body),
    },
    body,
  });
  const text = await res.text();
  return { status: res.status, text, ms: performance.now() - started };
}
