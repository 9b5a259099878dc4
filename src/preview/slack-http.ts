/** Slack's side of HTTP for the stand-in: reading and parsing request bodies, and signing and posting requests to the bot. */
import { createHmac } from "node:crypto";
import type { IncomingMessage } from "node:http";

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
