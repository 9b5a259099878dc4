/**
 * The bot's own HTTP server, in both modes: GET /healthz, GET /readyz and, in HTTP mode, Slack's
 * requests at POST /slack/events. Every request body is read and checked here before Bolt sees it:
 * a body Bolt could not take (`payload=null`, JSON `null`, a number, garbage, a form's submission
 * without its view) is answered 400 and logged, signed or not, so no request can stop the process.
 * The body parsed here is the one Bolt gets (src/slack/http-receiver.ts): each request is parsed once.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { parse as parseQuery } from "node:querystring";
import type { Logger } from "../log.ts";
import { portInUse } from "./start-problem.ts";

/** Slack's requests are a few kilobytes; anything far larger is not Slack. */
const MAX_BODY_BYTES = 1024 * 1024;
/**
 * After a 413, the rest of an upload still coming is read and dropped, this much at most and for
 * this long at most, so that its sender can read the answer (closing a connection that is still
 * being sent to resets it, and the answer is lost with it); then the connection is closed.
 */
const LINGER_BYTES = 16 * 1024 * 1024;
const LINGER_MS = 5_000;

export interface Answer {
  status: number;
  body: unknown;
}

export interface BotServerOptions {
  port: number;
  /** The address to listen on; undefined: every interface. */
  host?: string | undefined;
  log: Logger;
  health: () => Answer;
  ready: () => Promise<Answer>;
  /**
   * HTTP mode: Slack's requests, each with its raw body and that body parsed, once (and checked),
   * and when it arrived (`performance.now()` as the request came, before its body was read).
   */
  slackEvents?:
    | ((
        req: IncomingMessage,
        res: ServerResponse,
        raw: Buffer,
        body: Record<string, unknown>,
        arrivedAt: number,
      ) => void)
    | undefined;
}

export interface BotServer {
  port: number;
  close(): Promise<void>;
}

function json(res: ServerResponse, status: number, body: unknown): void {
  if (res.headersSent) return;
  res.writeHead(status, { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" });
  res.end(JSON.stringify(body));
}

/**
 * The JSON of a form body that is `payload=…` alone (every tap and form Slack sends), decoded by the
 * engine's own decoder: querystring's parser, JavaScript that a new process runs uncompiled, took
 * 1.9–8.9 ms for a 35 KB tap (a round message's blocks come with each), and this 0.35–0.62 ms
 * (docs/benchmarks.md, issue 48). A form's `+` is a space and `%2B` a plus, as querystring reads
 * them. Undefined for any other form, and for one the decoder refuses (a stray "%"), which
 * querystring reads as it always did.
 */
function payloadAlone(raw: string): string | undefined {
  if (!raw.startsWith("payload=") || raw.includes("&")) return undefined;
  try {
    return decodeURIComponent(raw.slice("payload=".length).replaceAll("+", " "));
  } catch {
    return undefined;
  }
}

/**
 * The body as Bolt takes it, or why it cannot: a form body with `payload` is that payload's JSON;
 * any other form is the fields; anything else is JSON. It must be an object (not null, not an array).
 */
function slackBody(
  raw: string,
  contentType: string | undefined,
): { body: Record<string, unknown> } | { bad: string } {
  let parsed: unknown;
  try {
    const payload = contentType === "application/x-www-form-urlencoded" ? payloadAlone(raw) : undefined;
    if (payload !== undefined) {
      parsed = JSON.parse(payload);
    } else if (contentType === "application/x-www-form-urlencoded") {
      const form = parseQuery(raw);
      if (form.ssl_check === "1") return { body: { ssl_check: "1" } };
      if (Array.isArray(form.payload)) return { bad: "more than one payload field" };
      parsed = typeof form.payload === "string" ? JSON.parse(form.payload) : form;
    } else {
      parsed = JSON.parse(raw);
    }
  } catch {
    return { bad: "the body is not valid JSON or form data" };
  }
  if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed)) {
    return {
      bad: `the body is ${parsed === null ? "null" : Array.isArray(parsed) ? "an array" : `a ${typeof parsed}`}, not an object`,
    };
  }
  // An event callback must carry its event: Bolt would otherwise wait 3 s for an ack that never comes;
  // a form's submission its view: Bolt would throw reading it (a 500).
  const body = parsed as { type?: unknown; event?: unknown; view?: unknown };
  const isObject = (v: unknown) => v !== null && typeof v === "object" && !Array.isArray(v);
  if (body.type === "event_callback" && !isObject(body.event))
    return { bad: "an event_callback without an event object" };
  if ((body.type === "view_submission" || body.type === "view_closed") && !isObject(body.view))
    return { bad: `a ${body.type} without a view object` };
  return { body: parsed as Record<string, unknown> };
}

/**
 * The body, or "too-large" as soon as it passes MAX_BODY_BYTES (or its Content-Length says it
 * will): reading stops there, so an endless upload is not read to its end.
 */
function readBody(req: IncomingMessage): Promise<Buffer | "too-large"> {
  return new Promise((resolve, reject) => {
    if (Number(req.headers["content-length"] ?? 0) > MAX_BODY_BYTES) return resolve("too-large");
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY_BYTES) return void chunks.push(chunk);
      req.off("data", onData);
      req.off("end", onEnd);
      req.pause();
      resolve("too-large");
    };
    const onEnd = () => resolve(Buffer.concat(chunks));
    req.on("data", onData);
    req.on("end", onEnd);
    req.on("error", reject);
  });
}

/** Reads and drops what is still coming of a refused upload, then closes the connection (see LINGER_BYTES). */
function linger(req: IncomingMessage): void {
  let dropped = 0;
  const stop = () => {
    clearTimeout(timer);
    req.destroy();
  };
  const timer = setTimeout(stop, LINGER_MS);
  req.on("data", (chunk: Buffer) => {
    dropped += chunk.length;
    if (dropped > LINGER_BYTES) stop();
  });
  // The upload ended within them: the connection is closed once the answer has gone.
  req.on("end", () => {
    clearTimeout(timer);
    req.socket.end();
  });
  req.on("close", () => clearTimeout(timer));
  req.resume();
}

async function slackRequest(
  req: IncomingMessage,
  res: ServerResponse,
  listener: NonNullable<BotServerOptions["slackEvents"]>,
  log: Logger,
  arrivedAt: number,
): Promise<void> {
  const body = await readBody(req);
  if (body === "too-large") {
    log.warn({ path: req.url, limit: MAX_BODY_BYTES }, "refused a request to /slack/events: body too large");
    // Answer at once; the rest of the upload is dropped as it comes, within the linger's bounds.
    linger(req);
    return json(res, 413, { ok: false, error: "body_too_large" });
  }
  const read = slackBody(body.toString("utf8"), req.headers["content-type"]);
  if ("bad" in read) {
    log.warn(
      { path: req.url, bytes: body.length, signed: req.headers["x-slack-signature"] !== undefined },
      `refused a request to /slack/events: ${read.bad}`,
    );
    return json(res, 400, { ok: false, error: "bad_request" });
  }
  listener(req, res, body, read.body, arrivedAt);
}

export async function startBotServer(options: BotServerOptions): Promise<BotServer> {
  const { log } = options;
  const server = createServer((req, res) => {
    const arrivedAt = performance.now();
    const path = new URL(req.url ?? "/", "http://localhost").pathname;
    const method = req.method ?? "GET";
    const handle = async () => {
      if (path === "/healthz" && method === "GET") {
        const a = options.health();
        return json(res, a.status, a.body);
      }
      if (path === "/readyz" && method === "GET") {
        const a = await options.ready();
        return json(res, a.status, a.body);
      }
      if (path === "/slack/events" && method === "POST" && options.slackEvents) {
        return slackRequest(req, res, options.slackEvents, log, arrivedAt);
      }
      json(res, 404, { ok: false, error: "not_found" });
    };
    handle().catch((error: unknown) => {
      log.error({ path, err: String((error as Error)?.message ?? error) }, "an HTTP request failed");
      json(res, 500, { ok: false, error: "internal_error" });
    });
  });
  server.on("clientError", (error, socket) => {
    log.debug({ err: error.message }, "a malformed HTTP request was dropped");
    socket.destroy();
  });
  await new Promise<void>((resolve, reject) => {
    const onError = (error: NodeJS.ErrnoException) => {
      server.close();
      reject(error.code === "EADDRINUSE" ? portInUse(options.port) : error);
    };
    server.once("error", onError);
    server.listen(options.port, options.host, () => {
      server.off("error", onError);
      server.on("error", (error) => log.error({ err: error.message }, "the HTTP server reported an error"));
      resolve();
    });
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
      }),
  };
}
