/**
 * The transport: the one way a request reaches the kennel API. Safety rules kept here:
 * - The key goes only to the configured base URL's origin (checked on every attempt, in the fetch
 *   wrapper), only over HTTPS or loopback HTTP (checked by config), never across a redirect
 *   (`redirect: "manual"`; a 3xx is a wrong address, never followed), never into a log line.
 * - Path values are encoded as one segment; query values are percent-encoded.
 * - GETs are retried on network errors, 408, 429 and 5xx (at most 2 retries, honouring Retry-After),
 *   never on 401 or 404, never on a timeout.
 * - One shared limit on requests in flight (KENNEL_API_CONCURRENCY), and identical GETs in flight
 *   share one request.
 * - A body is read as a stream and abandoned past KENNEL_MAX_RESPONSE_MB.
 * - The request id is cleaned where it is read (request-id.ts).
 */
import { randomUUID } from "node:crypto";
import { type Logger, scrubSecrets } from "../log.ts";
import {
  looksLikeHtml,
  type MappingContext,
  mapError,
  networkReason,
  redirectError,
} from "./error-mapping.ts";
import {
  AuthenticationError,
  BadRequestError,
  InvalidResponseError,
  ResponseTooLargeError,
  TimeoutError,
  WrongAddressError,
} from "./errors.ts";
import { Limiter } from "./limiter.ts";
import { findRequestId } from "./request-id.ts";
import type { KennelClientOptions, RawAnswer, RequestSpec } from "./types.ts";

/**
 * ky, loaded at the first request rather than when the bot's start loads this module (issue 48: its
 * source and its check of what this runtime's fetch supports are no part of a start).
 */
let kyModule: Promise<typeof import("ky")> | undefined;
const loadKy = () => {
  kyModule ??= import("ky");
  return kyModule;
};

const RETRY_STATUS = [408, 429, ...Array.from({ length: 100 }, (_, i) => 500 + i)];
const DEFAULT_CONCURRENCY = 6;
const DEFAULT_MAX_RESPONSE_BYTES = 20 * 1024 * 1024;

function encodeSegment(value: string): string {
  const trimmed = value.trim();
  if (trimmed === "" || trimmed === "." || trimmed === "..") {
    throw new BadRequestError(`"${value}" cannot be used as an identifier or reference.`);
  }
  return encodeURIComponent(trimmed);
}

export interface TransportOptions extends KennelClientOptions {
  /** Called when the API rejects the key (the care cache is emptied). */
  onAuthFailure?: () => void;
}

export class Transport implements MappingContext {
  readonly baseUrl: URL;
  readonly timeoutMs: number;
  readonly maxResponseBytes: number;
  readonly limiter: Limiter;
  readonly secrets: readonly string[];
  readonly #apiKey: string;
  readonly #requestLog: Logger;
  readonly #debug: boolean;
  readonly #fetch: typeof fetch;
  readonly #retryLimit: number;
  readonly #maxRetryAfterMs: number;
  readonly #retryDelay: (attempt: number) => number;
  readonly #newRequestId: () => string;
  readonly #onAuthFailure: (() => void) | undefined;

  constructor(options: TransportOptions) {
    const { settings, log } = options;
    this.baseUrl = new URL(settings.baseUrl.href.replace(/\/+$/, ""));
    this.timeoutMs = settings.timeoutMs;
    this.maxResponseBytes = settings.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
    this.#apiKey = settings.apiKey;
    this.secrets = [settings.apiKey, ...(options.secrets ?? [])].filter((s) => s.length > 0);
    this.#debug = settings.debug;
    // KENNEL_DEBUG=1 shows its request lines (level info) even when LOG_LEVEL is warn or above;
    // only LOG_LEVEL=silent silences them.
    this.#requestLog =
      this.#debug && log.level !== "silent" && log.levelVal > 30 ? log.child({}, { level: "info" }) : log;
    this.#fetch = options.fetch ?? globalThis.fetch;
    this.limiter = new Limiter(options.maxConcurrent ?? settings.concurrency ?? DEFAULT_CONCURRENCY);
    this.#retryLimit = options.retryLimit ?? 2;
    this.#maxRetryAfterMs = options.maxRetryAfterMs ?? 10_000;
    this.#retryDelay = options.retryDelay ?? ((n) => Math.min(5_000, 300 * 2 ** (n - 1)));
    this.#newRequestId = options.newRequestId ?? randomUUID;
    this.#onAuthFailure = options.onAuthFailure;
  }

  /** Text that came from outside (an error's words, a Location) never carries a secret on. */
  scrub(text: string): string {
    return scrubSecrets(text, this.secrets);
  }

  /** One GET below the base address; identical GETs in flight share one request (and one slot). */
  async get(spec: RequestSpec): Promise<RawAnswer> {
    const url = this.#url(spec);
    try {
      return await this.limiter.shared(url.href, () => this.#send(url, spec));
    } catch (error) {
      if (error instanceof AuthenticationError) this.#onAuthFailure?.();
      throw error;
    }
  }

  #url(spec: RequestSpec): URL {
    const path = spec.segments.map(encodeSegment).join("/");
    const parts: string[] = [];
    for (const [key, value] of Object.entries(spec.query ?? {})) {
      if (value === undefined || value === "") continue;
      parts.push(`${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`);
    }
    const url = new URL(`${this.baseUrl.href}/${path}${parts.length ? `?${parts.join("&")}` : ""}`);
    // Defence in depth: the URL can only ever be below the base address.
    if (url.origin !== this.baseUrl.origin || !url.pathname.startsWith(`${this.baseUrl.pathname}/`)) {
      throw new BadRequestError("the request would leave the configured API address.");
    }
    return url;
  }

  /** The fetch every attempt goes through: origin check, timing, debug log. */
  #attemptFetch = async (input: Request | string | URL, init?: RequestInit): Promise<Response> => {
    const request = input instanceof Request ? input : new Request(input, init);
    const url = new URL(request.url);
    if (url.origin !== this.baseUrl.origin) {
      // Never reached through ky (no redirects are followed), kept as the last line of defence.
      throw new WrongAddressError(`a request to another address (${url.origin}) was refused`);
    }
    const sentId = request.headers.get("x-request-id") ?? undefined;
    const started = performance.now();
    const logLine = (fields: Record<string, unknown>) => {
      const line = {
        method: request.method,
        path: `${url.pathname}${url.search}`,
        durationMs: Math.round(performance.now() - started),
        ...fields,
      };
      if (this.#debug) this.#requestLog.info(line, "kennel API request");
      else this.#requestLog.debug(line, "kennel API request");
    };
    try {
      const response = await this.#fetch(input, init);
      const requestId = findRequestId(response.headers, undefined, this.secrets) ?? sentId;
      logLine({ status: response.status, requestId });
      return response;
    } catch (error) {
      logLine({ error: this.scrub(networkReason(error)), requestId: sentId });
      throw error;
    }
  };

  async #send(url: URL, spec: RequestSpec): Promise<RawAnswer> {
    const sentId = this.#newRequestId();
    const ctx = { requestId: sentId, path: `GET ${url.pathname}` };
    const ky = await loadKy();
    let response: Response;
    try {
      response = await ky.default.get(url, {
        headers: { "X-Api-Key": this.#apiKey, Accept: "application/json", "X-Request-Id": sentId },
        redirect: "manual",
        timeout: this.timeoutMs,
        retry: {
          limit: this.#retryLimit,
          methods: ["get"],
          statusCodes: RETRY_STATUS,
          afterStatusCodes: [429, 503],
          maxRetryAfter: this.#maxRetryAfterMs,
          delay: this.#retryDelay,
          retryOnTimeout: false,
        },
        fetch: this.#attemptFetch,
      });
    } catch (error) {
      throw mapError(this, error, spec, sentId, url, ky);
    }
    const requestId = findRequestId(response.headers, undefined, this.secrets) ?? sentId;
    const at = { ...ctx, requestId, status: response.status };
    // A 3xx never reaches here as an error with redirect: "manual" in every runtime, so check it.
    if (response.status >= 300 && response.status < 400) throw redirectError(this, response, at);
    const text = await this.#readBody(response, at);
    const contentType = response.headers.get("content-type") ?? "";
    if (text.trim() === "") {
      if (spec.allowEmpty) return { body: undefined, requestId, status: response.status };
      throw new InvalidResponseError("the answer was empty", at);
    }
    if (looksLikeHtml(contentType, text)) {
      throw new WrongAddressError("it answered with a web page (HTML) instead of JSON", at);
    }
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      if (/json/i.test(contentType)) throw new InvalidResponseError("the answer is not valid JSON", at);
      throw new WrongAddressError(`it answered with ${contentType || "an unknown type"} instead of JSON`, at);
    }
    return {
      body,
      requestId: findRequestId(response.headers, body, this.secrets) ?? sentId,
      status: response.status,
    };
  }

  /**
   * The body as text, read chunk by chunk: past maxResponseBytes (or a larger Content-Length) it
   * stops and the rest is never read; past the timeout it stops too.
   */
  async #readBody(
    response: Response,
    ctx: { requestId: string; path: string; status: number },
  ): Promise<string> {
    const limit = this.maxResponseBytes;
    const declared = Number(response.headers.get("content-length") ?? Number.NaN);
    if (Number.isFinite(declared) && declared > limit) {
      await response.body?.cancel().catch(() => undefined);
      throw new ResponseTooLargeError(limit, ctx);
    }
    if (!response.body) return "";
    const reader = response.body.getReader();
    const chunks: Uint8Array[] = [];
    let size = 0;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new TimeoutError(this.timeoutMs, false, ctx)), this.timeoutMs);
    });
    const read = async (): Promise<string> => {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        size += value.byteLength;
        if (size > limit) throw new ResponseTooLargeError(limit, ctx);
        chunks.push(value);
      }
      // TextDecoder, like Response.text(): UTF-8, a leading byte-order mark dropped.
      return new TextDecoder().decode(Buffer.concat(chunks));
    };
    const reading = read();
    reading.catch(() => undefined); // settled later than the timeout: already answered
    try {
      return await Promise.race([reading, timeout]);
    } catch (error) {
      await reader.cancel().catch(() => undefined);
      throw error;
    } finally {
      clearTimeout(timer);
    }
  }
}
