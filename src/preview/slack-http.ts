/** Slack's side of HTTP for the stand-in: reading and parsing request bodies, and signing and posting requests to the bot. */
import { createHmac } from "node:crypto";
import { request as httpRequest, type IncomingMessage, type ServerResponse } from "node:http";
import { request as httpsRequest } from "node:https";
import type { HandledRequest, SlackStandIn } from "./slack-standin-types.ts";

/** Where the stand-in takes a file's bytes (its upload_url): `/upload/<file id>`. */
export const UPLOAD_PATH = "/upload/";

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
  return (await readBytes(req, limit)).toString("utf8");
}

/** A request's body as bytes (a file's upload), at most `limit`. */
export async function readBytes(req: IncomingMessage, limit = 5_000_000): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > limit) throw new Error("body too large");
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/**
 * A file's bytes as a client POSTs them to an upload_url: the first file of a multipart form
 * (@slack/web-api's), else the body itself.
 */
export async function uploadedBytes(raw: Buffer, contentType: string | undefined): Promise<Buffer> {
  if (!(contentType ?? "").includes("multipart/form-data")) return raw;
  const form = await new Response(new Uint8Array(raw), {
    headers: { "content-type": contentType ?? "" },
  }).formData();
  for (const v of form.values()) if (typeof v !== "string") return Buffer.from(await v.arrayBuffer());
  return Buffer.alloc(0);
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
  const { status, text } = await postOnNewConnection(url, body, {
    "content-type": contentType,
    "x-slack-request-timestamp": String(timestamp),
    "x-slack-signature": options.signature ?? sign(secret, timestamp, body),
  });
  return { status, text, ms: performance.now() - started };
}

/**
 * One POST on a connection of its own, closed after its answer, as Slack's deliveries come. A
 * connection kept alive between requests can be closed by the bot's server as idle at the moment
 * the next request is written on it (its keep-alive timeout against a busy client's timer): that
 * request is lost with ECONNRESET, and Slack would not have sent it on that connection at all.
 */
function postOnNewConnection(
  url: string,
  body: string,
  headers: Record<string, string>,
): Promise<{ status: number; text: string }> {
  const to = new URL(url);
  const send = to.protocol === "https:" ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = send(
      to,
      { method: "POST", agent: false, headers: { ...headers, "content-length": Buffer.byteLength(body) } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString("utf8") }),
        );
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

/**
 * One request to the stand-in mounted on another server (the preview's): a file's bytes to its
 * upload_url, else a Web API call or a response_url answer, its body parsed.
 */
export async function standInAnswer(
  stand: SlackStandIn,
  req: IncomingMessage,
  path: string,
): Promise<HandledRequest> {
  const raw = await readBytes(req);
  const type = req.headers["content-type"];
  if (path.startsWith(UPLOAD_PATH)) return stand.upload(path, raw, type, req.headers.authorization);
  return stand.handle(path, parseSlackBody(raw.toString("utf8"), type), req.headers.authorization);
}

/** Answers a request: JSON (or the text given as it is), never cached. */
export function send(
  res: ServerResponse,
  status: number,
  body: unknown,
  type = "application/json; charset=utf-8",
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, { "content-type": type, "cache-control": "no-store", ...headers });
  res.end(typeof body === "string" ? body : JSON.stringify(body));
}
