/** How an HTTP or network outcome becomes one of the kennel error family (src/kennel/errors.ts). */
import type { HTTPError } from "ky";
import {
  AuthenticationError,
  BadRequestError,
  KennelError,
  NotFoundError,
  PLAIN_HTTP_REASON,
  RateLimitedError,
  ServerError,
  TimeoutError,
  UnreachableError,
  WrongAddressError,
} from "./errors.ts";
import { findRequestId } from "./request-id.ts";
import type { RequestSpec } from "./types.ts";

/** What the mapping needs to know about the transport. */
export interface MappingContext {
  baseUrl: URL;
  timeoutMs: number;
  /** Secrets that must never reach a message or a request id. */
  secrets: readonly string[];
  /** Removes every secret from text that came from outside. */
  scrub(text: string): string;
}

/** Retry-After as seconds: delta-seconds or an HTTP date. */
function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.ceil(Number(trimmed));
  const at = Date.parse(trimmed);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, Math.ceil((at - now) / 1000));
}

/** The error body's own words, if it has any (field names are not shown by the spec (docs/kennel-api.md)). */
function errorDetail(body: unknown): string | undefined {
  if (typeof body === "string") {
    const text = body.trim();
    return text && !text.startsWith("<") ? text.slice(0, 300) : undefined;
  }
  if (typeof body !== "object" || body === null) return undefined;
  const b = body as Record<string, unknown>;
  const inner = typeof b.error === "object" && b.error !== null ? (b.error as Record<string, unknown>) : {};
  for (const v of [b.message, b.detail, b.title, inner.message, b.error, b.code, inner.code]) {
    if (typeof v === "string" && v.trim()) return v.trim().slice(0, 300);
  }
  if (typeof b.errors === "object" && b.errors !== null) return JSON.stringify(b.errors).slice(0, 300);
  return undefined;
}

/**
 * The error body carries the API's code not_found (spec, Errors: 404 not_found). The body's field
 * names are not shown, so the usual places are read: code, errorCode, error_code, error (a string, or
 * an object with its code), type.
 */
function saysNotFound(body: unknown): boolean {
  if (typeof body !== "object" || body === null) return false;
  const b = body as Record<string, unknown>;
  const inner = typeof b.error === "object" && b.error !== null ? (b.error as Record<string, unknown>) : {};
  return [b.code, b.errorCode, b.error_code, b.error, b.type, inner.code, inner.type].some(
    (v) => typeof v === "string" && v.trim().toLowerCase() === "not_found",
  );
}

export function looksLikeHtml(contentType: string, text: string): boolean {
  return /html|xml/i.test(contentType) || /^\s*</.test(text);
}

/** The code of a network failure, walking the cause chain (undici puts it on the cause). */
export function networkReason(error: unknown): string {
  let e: unknown = error;
  let deepest = "";
  for (let depth = 0; e && depth < 6; depth++) {
    const message = (e as { message?: unknown }).message;
    if (typeof message === "string" && message && !/fetch failed|network error/i.test(message))
      deepest = message;
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string") {
      switch (code) {
        case "ENOTFOUND":
        case "EAI_AGAIN":
          return "its host name could not be found (DNS)";
        case "ECONNREFUSED":
          return "the connection was refused";
        case "ECONNRESET":
        case "UND_ERR_SOCKET":
          return "the connection was reset";
        case "ETIMEDOUT":
        case "UND_ERR_CONNECT_TIMEOUT":
          return "the connection timed out";
        case "EHOSTUNREACH":
        case "ENETUNREACH":
          return "the network is unreachable";
        default:
          // https:// to a server speaking plain HTTP (the sandbox): TLS cannot even begin.
          if (/WRONG_VERSION_NUMBER|HTTP_REQUEST|PACKET_LENGTH_TOO_LONG|^EPROTO$/i.test(code))
            return `${PLAIN_HTTP_REASON} (${code})`;
          if (/CERT|SSL|TLS|SELF_SIGNED|VERIFY/i.test(code))
            return `its HTTPS certificate was not accepted (${code})`;
          return code;
      }
    }
    e = (e as { cause?: unknown }).cause;
  }
  return deepest ? `the network request failed: ${deepest.slice(0, 120)}` : "the network request failed";
}

export function redirectError(
  mc: MappingContext,
  response: Response,
  ctx: { requestId: string; path: string; status: number },
): WrongAddressError {
  const location = response.headers.get("location");
  let where = "elsewhere";
  if (location) {
    try {
      const target = new URL(location, mc.baseUrl);
      where = mc.scrub(`to ${target.origin}${target.pathname}`);
    } catch {
      where = "to an unreadable address";
    }
  }
  return new WrongAddressError(
    `it redirected (HTTP ${ctx.status}) ${where}, and redirects are never followed`,
    ctx,
  );
}

/** How ky tells its failures apart: the module's own guards, passed in by the transport that loaded it. */
export type KyGuards = Pick<typeof import("ky"), "isHTTPError" | "isNetworkError" | "isTimeoutError">;

/** Any failure of one request (after its retries) as a KennelError (an abort stays an abort). */
export function mapError(
  mc: MappingContext,
  error: unknown,
  spec: RequestSpec,
  sentId: string,
  url: URL,
  { isHTTPError, isNetworkError, isTimeoutError }: KyGuards,
): Error {
  const path = `GET ${url.pathname}`;
  if (error instanceof KennelError) return error;
  if (isTimeoutError(error)) {
    return new TimeoutError(mc.timeoutMs, false, { requestId: sentId, path, cause: error });
  }
  if (isHTTPError(error)) return mapHttpError(mc, error, spec, sentId, path);
  // The request never reached the API: there is no request id to quote.
  if (isNetworkError(error)) {
    return new UnreachableError(mc.baseUrl.origin, mc.scrub(networkReason(error.cause ?? error)), {
      path,
      cause: error,
    });
  }
  if (error instanceof Error && error.name === "AbortError") return error;
  return new UnreachableError(mc.baseUrl.origin, mc.scrub(networkReason(error)), { path, cause: error });
}

function mapHttpError(
  mc: MappingContext,
  error: HTTPError,
  spec: RequestSpec,
  sentId: string,
  path: string,
): KennelError {
  const { response } = error;
  const status = response.status;
  const body = error.data;
  const requestId = findRequestId(response.headers, body, mc.secrets) ?? sentId;
  const ctx = { requestId, status, path };
  const contentType = response.headers.get("content-type") ?? "";
  const html = typeof body === "string" && looksLikeHtml(contentType, body);
  if (status >= 300 && status < 400) return redirectError(mc, response, ctx);
  if (status === 401) return new AuthenticationError(ctx);
  if (status === 404) {
    // A record not found is the API's 404 with its code not_found (spec, Errors); any other 404 (a
    // web page, no code, a list's path) comes from something else at that address: a wrong path, a
    // proxy, another server. Never "no pet with id 5570" for a pet that was never asked of the API.
    const coded = !html && saysNotFound(body);
    if (spec.notFoundIsWrongAddress || !coded) {
      const how = html ? " with a web page" : coded ? "" : " without the kennel API's error code not_found";
      return new WrongAddressError(`${path.replace(/^GET /, "")} answered 404 Not Found${how}`, ctx);
    }
    return new NotFoundError(spec.what, ctx);
  }
  if (status === 429) return new RateLimitedError(parseRetryAfter(response.headers.get("retry-after")), ctx);
  if (status >= 500) return new ServerError(status, ctx);
  if (status === 408) return new TimeoutError(mc.timeoutMs, false, ctx);
  if (html) return new WrongAddressError(`it answered HTTP ${status} with a web page`, ctx);
  return new BadRequestError(mc.scrub(errorDetail(body) ?? `HTTP ${status}`), ctx);
}
