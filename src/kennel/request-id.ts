/**
 * The API's request id, read once where the answer arrives and cleaned there, so every surface
 * (Slack, the CLI, the connector, the logs) gets the same safe value: never a secret, only the
 * characters [A-Za-z0-9._:/-], at most 100 of them. Anything else is dropped, and the caller falls
 * back to the id the client sent itself.
 */

const REQUEST_ID_HEADERS = [
  "x-request-id",
  "request-id",
  "x-correlation-id",
  "correlation-id",
  "x-trace-id",
  "trace-id",
  "x-amzn-requestid",
  "x-amz-request-id",
  "x-ms-request-id",
];
const REQUEST_ID_BODY_FIELDS = ["requestId", "request_id", "traceId", "trace_id", "correlationId"];

const REQUEST_ID_MAX_LENGTH = 100;
const SAFE_REQUEST_ID = /^[A-Za-z0-9._:/-]+$/;

/**
 * A request id fit to show and log, or undefined: one that contains a secret (in any common
 * encoding), an unsafe character or more than 100 characters is dropped, not repaired.
 */
export function cleanRequestId(value: string, secrets: readonly string[] = []): string | undefined {
  const id = value.trim();
  if (id === "" || id.length > REQUEST_ID_MAX_LENGTH || !SAFE_REQUEST_ID.test(id)) return undefined;
  const lower = id.toLowerCase();
  for (const secret of secrets) {
    if (secret.length < 4) continue;
    for (const form of [secret, encodeURIComponent(secret)]) {
      if (lower.includes(form.toLowerCase())) return undefined;
    }
  }
  return id;
}

/**
 * The API's request id: from a response header, or the (error) body, in that order; the first one
 * that is clean (see cleanRequestId) wins.
 */
export function findRequestId(
  headers: Headers | undefined,
  body: unknown,
  secrets: readonly string[] = [],
): string | undefined {
  if (headers) {
    for (const name of REQUEST_ID_HEADERS) {
      const value = headers.get(name);
      const clean = value ? cleanRequestId(value, secrets) : undefined;
      if (clean) return clean;
    }
  }
  const candidates: unknown[] = [body];
  if (typeof body === "object" && body !== null) {
    const inner = (body as Record<string, unknown>).error;
    if (typeof inner === "object" && inner !== null) candidates.push(inner);
  }
  for (const c of candidates) {
    if (typeof c !== "object" || c === null) continue;
    for (const field of REQUEST_ID_BODY_FIELDS) {
      const value = (c as Record<string, unknown>)[field];
      const text = typeof value === "string" ? value : typeof value === "number" ? String(value) : undefined;
      const clean = text ? cleanRequestId(text, secrets) : undefined;
      if (clean) return clean;
    }
  }
  return undefined;
}
