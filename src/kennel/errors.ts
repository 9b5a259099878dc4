/**
 * The kennel API's errors: one small family, each with the request id and words a person can act on.
 * `message` says what happened; `hint(surface)` says what to do, worded for where it is said (the bot
 * is restarted, a command in a terminal run again: src/words/surface.ts). Neither ever contains the API key.
 * Schema problems (InvalidResponseError) are not HTTP problems and carry no status.
 */
import {
  type AskLess,
  type Hint,
  hintOn,
  isLoopback,
  loopbackHint,
  newKeyHint,
  plainHttpHint,
  type Surface,
  timeoutHint,
} from "../words/surface.ts";

export type KennelErrorKind =
  | "authentication"
  | "not_found"
  | "unreachable"
  | "wrong_address"
  | "timeout"
  | "server_error"
  | "rate_limited"
  | "bad_request"
  | "invalid_response";

export interface ErrorContext {
  /** The API's request id, or the one the client sent when the API gave none. */
  requestId?: string | undefined;
  status?: number | undefined;
  /** Method and path (never the query's values in messages; the key is never in either). */
  path?: string | undefined;
  cause?: unknown;
}

export abstract class KennelError extends Error {
  abstract readonly kind: KennelErrorKind;
  readonly requestId: string | undefined;
  readonly status: number | undefined;
  readonly path: string | undefined;
  readonly #hint: Hint;

  constructor(message: string, hint: Hint, ctx: ErrorContext = {}) {
    super(message, ctx.cause === undefined ? undefined : { cause: ctx.cause });
    this.#hint = hint;
    this.requestId = ctx.requestId;
    this.status = ctx.status;
    this.path = ctx.path;
  }

  /** What to do, as the surface it is said on says it. */
  hint(surface: Surface): string {
    return hintOn(this.#hint, surface);
  }

  /** One paragraph for a person: what happened, what to do, and the request id to quote. */
  describe(surface: Surface = "bot"): string {
    const id = this.requestId ? ` (request id ${this.requestId})` : "";
    return `${this.message} ${this.hint(surface)}${id}`;
  }

  toJSON(): Record<string, unknown> {
    return {
      kind: this.kind,
      message: this.message,
      hint: this.hint("bot"),
      requestId: this.requestId,
      status: this.status,
      path: this.path,
    };
  }
}

export class AuthenticationError extends KennelError {
  readonly kind = "authentication";
  override readonly name = "AuthenticationError";
  constructor(ctx: ErrorContext = {}) {
    super(
      "The kennel API rejected the API key (401 authentication_failed): it is missing, wrong, replaced or malformed.",
      newKeyHint,
      ctx,
    );
  }
}

export class NotFoundError extends KennelError {
  readonly kind = "not_found";
  override readonly name = "NotFoundError";
  /** What was looked for, in words: "booking with reference ABC-1". */
  readonly what: string;
  constructor(what: string, ctx: ErrorContext = {}) {
    super(`No ${what} was found.`, `${notFoundHint(what)}.`, ctx);
    this.what = what;
  }
}

/** What to check, by what was looked for: a pet or a customer has a name, never a reference. */
function notFoundHint(what: string): string {
  if (/reference/.test(what)) return "Check the reference or id";
  if (/named|matching/.test(what)) return "Check the spelling (part of the name is enough), or give the id";
  return "Check the id";
}

/** An https:// address answered by a server speaking plain HTTP: TLS could not begin (networkReason). */
export const PLAIN_HTTP_REASON = "what answers there speaks plain HTTP, not HTTPS";

export class UnreachableError extends KennelError {
  readonly kind = "unreachable";
  override readonly name = "UnreachableError";
  readonly reason: string;
  /** The address is on this computer (localhost, 127.x, ::1): the sandbox or the API is not running here. */
  readonly loopback: boolean;
  /**
   * An https:// address on this computer where a plain-HTTP server answers (the sandbox speaks
   * http://): something does answer, at http://, the address to set instead.
   */
  readonly plainHttpAt: string | undefined;
  constructor(origin: string, reason: string, ctx: ErrorContext = {}) {
    const loopback = isLoopback(origin);
    const plainHttpAt =
      loopback && origin.startsWith("https:") && reason.startsWith(PLAIN_HTTP_REASON)
        ? origin.replace(/^https:/, "http:")
        : undefined;
    super(
      `The kennel API at ${origin} could not be reached (${reason}).`,
      plainHttpAt
        ? plainHttpHint(plainHttpAt)
        : loopback
          ? loopbackHint
          : "Check this computer's internet connection and KENNEL_API_BASE_URL; if the API itself is down, try again in a few minutes.",
      ctx,
    );
    this.reason = reason;
    this.loopback = loopback;
    this.plainHttpAt = plainHttpAt;
  }
}

export class WrongAddressError extends KennelError {
  readonly kind = "wrong_address";
  override readonly name = "WrongAddressError";
  readonly reason: string;
  constructor(reason: string, ctx: ErrorContext = {}) {
    super(
      `KENNEL_API_BASE_URL does not seem to point at the kennel API: ${reason}.`,
      "Set KENNEL_API_BASE_URL to the API's address including /api/v1 (redirects are never followed, so give the final https:// address).",
      ctx,
    );
    this.reason = reason;
  }
}

export class TimeoutError extends KennelError {
  readonly kind = "timeout";
  override readonly name = "TimeoutError";
  readonly timeoutMs: number;
  readonly #ctx: ErrorContext;
  /** less: what the person chose of what was asked for (its dates, its page size), so asking for less may help. */
  constructor(timeoutMs: number, less: AskLess | false, ctx: ErrorContext = {}) {
    const seconds = timeoutMs % 1000 === 0 ? `${timeoutMs / 1000} s` : `${timeoutMs} ms`;
    super(
      `The kennel API did not answer within ${seconds} (KENNEL_API_TIMEOUT_MS=${timeoutMs}).`,
      timeoutHint(less),
      ctx,
    );
    this.timeoutMs = timeoutMs;
    this.#ctx = ctx;
  }

  /** The same timeout on an answer whose dates (and page size) the person chose: it says to ask for less of them. */
  narrowable(less: AskLess = "dates or page size"): TimeoutError {
    return new TimeoutError(this.timeoutMs, less, this.#ctx);
  }
}

export class ServerError extends KennelError {
  readonly kind = "server_error";
  override readonly name = "ServerError";
  constructor(status: number, ctx: ErrorContext = {}) {
    super(
      `The kennel API had a problem on its side (HTTP ${status}).`,
      "Try again in a few minutes; if it persists, quote the request id to the API's support.",
      { ...ctx, status },
    );
  }
}

/** How long the API asked to wait (Retry-After, seconds), in words: "30 seconds"; unsaid, "a minute". */
export const waitWords = (seconds: number | undefined): string =>
  seconds === undefined || seconds < 1 ? "a minute" : seconds === 1 ? "a second" : `${seconds} seconds`;

export class RateLimitedError extends KennelError {
  readonly kind = "rate_limited";
  override readonly name = "RateLimitedError";
  /** Seconds the API asked us to wait, when it said. */
  readonly retryAfterSeconds: number | undefined;
  constructor(retryAfterSeconds: number | undefined, ctx: ErrorContext = {}) {
    super(
      "The kennel API is receiving too many requests and asked Kennel Desk to slow down (HTTP 429).",
      `Try again in ${waitWords(retryAfterSeconds)}.`,
      { ...ctx, status: 429 },
    );
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

export class BadRequestError extends KennelError {
  readonly kind = "bad_request";
  override readonly name = "BadRequestError";
  constructor(detail: string, ctx: ErrorContext = {}) {
    super(
      `The kennel API refused the request${ctx.status ? ` (HTTP ${ctx.status})` : ""}: ${detail}`,
      "Check the values given (dates, page, page size, filters) and try again.",
      ctx,
    );
  }
}

export class InvalidResponseError extends KennelError {
  readonly kind = "invalid_response";
  override readonly name: string = "InvalidResponseError";
  constructor(detail: string, ctx: ErrorContext = {}, words?: { message: string; hint: string }) {
    super(
      words?.message ?? `The kennel API answered with data Kennel Desk could not read: ${detail}.`,
      words?.hint ??
        "Try again; if it persists, quote the request id to the API's support (the API may have changed).",
      ctx,
    );
  }
}

/** An answer bigger than KENNEL_MAX_RESPONSE_MB: reading stopped there (an invalid response). */
export class ResponseTooLargeError extends InvalidResponseError {
  override readonly name = "ResponseTooLargeError";
  readonly limitBytes: number;
  constructor(limitBytes: number, ctx: ErrorContext = {}) {
    const mb = Math.round((limitBytes / 1024 / 1024) * 100) / 100;
    super("too much data", ctx, {
      message: `The kennel API answered with more data than expected (over ${mb} MB, the limit set by KENNEL_MAX_RESPONSE_MB); Kennel Desk stopped reading it.`,
      hint: "Try a narrower date range or a smaller page; if it persists, quote the request id to the API's support (or raise KENNEL_MAX_RESPONSE_MB).",
    });
    this.limitBytes = limitBytes;
  }
}

/** A timeout as said where the person chose the dates (and page size) asked for (else the error as it is). */
export const askLess = (error: unknown, less: AskLess = "dates or page size"): unknown =>
  error instanceof TimeoutError ? error.narrowable(less) : error;

export function isKennelError(error: unknown): error is KennelError {
  return error instanceof KennelError;
}
