/**
 * The sandbox: a local stand-in for the kennel API on 127.0.0.1, with two businesses, synthetic data
 * and fault injection (off by default). `startSandbox(options)` for tests and benchmarks;
 * `kennel-desk sandbox` for people.
 */
import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { hostTimeZone } from "../config.ts";
import { localDate } from "../time.ts";
import { handleApi } from "./api.ts";
import { addAwkward } from "./awkward.ts";
import { type BusinessData, generateData, type SandboxData } from "./data.ts";
import { Random } from "./random.ts";

export interface Faults {
  /** Added to every answer: a fixed number of ms, or a [min, max] range. */
  latencyMs?: number | [number, number];
  /** Fraction of requests answered 500 or 503 (half each). */
  errorRate?: number;
  /** Fraction of requests answered 429 with Retry-After. */
  rateLimitRate?: number;
  /** Retry-After of those 429s, in seconds. Default 1. */
  retryAfterSeconds?: number;
  /** Fraction of requests never answered (held open until the client gives up or the sandbox closes). */
  hangRate?: number;
  /** Fraction of answers that are malformed JSON (cut short). */
  malformedRate?: number;
  /** Every answer is an HTML page, as a web server at the wrong address would give. */
  wrongAddress?: boolean;
  /** Every request answered with this status: 500, 503, or 401 (authentication_failed). */
  forceStatus?: 401 | 500 | 503;
  /** Fraction of records in a list answered with wrong field types. */
  corruptRate?: number;
  /** totalPages and totalRecords grow by one page on every list request (records changing while paging). */
  growingTotals?: boolean;
  /**
   * Paging that is wrong: "repeat" answers page 1's records for every page asked (with the page
   * number asked, and 10,000 pages); "zero-pages" says totalPages 0 on every page; "wrong-page"
   * answers with the next page's number.
   */
  paging?: "repeat" | "zero-pages" | "wrong-page";
}

export interface SandboxOptions {
  /** Port on 127.0.0.1; 0 (default) picks a free one. */
  port?: number;
  seed?: number;
  /** Customers of the main business. Default 400. */
  customers?: number;
  /** Bookings of the main business (busy days come on top). Default three per customer. */
  bookings?: number;
  /** IANA zone of the sandbox's business: dates of arrivals and departures are in it. */
  timezone?: string;
  /** The local date taken as today; default today in `timezone`. */
  today?: string;
  faults?: Faults;
  /** Generated data to serve (reuse one generation across sandboxes). */
  data?: SandboxData;
  /** Add the awkward data set (src/sandbox/awkward.ts): bookings and pets as real kennels type them. */
  awkward?: boolean;
}

interface SandboxRequestRecord {
  method: string;
  path: string;
  status: number;
  requestId: string;
  business: number | undefined;
  apiKeyHeader: boolean;
}

export interface Sandbox {
  /** Base URL including /api/v1. */
  url: string;
  keys: { main: string; other: string };
  data: SandboxData;
  /** The businesses, main first. */
  main: BusinessData;
  other: BusinessData;
  setFaults(faults: Faults): void;
  /** Every request answered (or hung), newest last; at most the last 10,000. */
  requests: SandboxRequestRecord[];
  close(): Promise<void>;
}

const MAX_RECORDS = 10_000;

function html(status: number): string {
  return `<!DOCTYPE html><html><head><title>Welcome</title></head><body><h1>It works!</h1><p>Status ${status}</p></body></html>`;
}

/** Wrong field types for one record: the kind of drift a real API can show. */
function corrupt(record: unknown): unknown {
  if (typeof record !== "object" || record === null) return record;
  const copy = { ...(record as Record<string, unknown>) };
  if ("checkInDate" in copy) copy.checkInDate = 20261124;
  if ("bookingPaid" in copy) copy.bookingPaid = "perhaps";
  if ("numberOfPets" in copy) copy.numberOfPets = "two";
  if ("name" in copy) copy.name = { first: copy.name };
  if ("petType" in copy) copy.petType = 7;
  if ("firstname" in copy) copy.firstname = ["not", "a", "string"];
  return copy;
}

export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const timezone = options.timezone ?? hostTimeZone();
  const data =
    options.data ??
    generateData({
      seed: options.seed ?? 1,
      customers: options.customers ?? 400,
      bookings: options.bookings,
      today: options.today ?? localDate(new Date(), timezone),
      timezone,
    });
  if (options.awkward && !options.data) addAwkward(data);
  const [main, other] = data.businesses as [BusinessData, BusinessData];
  const byKey = new Map(data.businesses.map((b) => [b.apiKey, b]));
  let faults: Faults = { ...(options.faults ?? {}) };
  const random = new Random((data.seed ^ 0x5eed) >>> 0);
  const requests: SandboxRequestRecord[] = [];
  const sockets = new Set<Socket>();
  const hung = new Set<ServerResponse>();
  let counter = 0;
  let growth = 0;

  const record = (entry: SandboxRequestRecord) => {
    requests.push(entry);
    if (requests.length > MAX_RECORDS) requests.splice(0, requests.length - MAX_RECORDS);
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    counter++;
    const requestId = `sbx-${counter.toString(36)}-${randomBytes(4).toString("hex")}`;
    const rawUrl = req.url ?? "/";
    const qIndex = rawUrl.indexOf("?");
    const rawPath = qIndex === -1 ? rawUrl : rawUrl.slice(0, qIndex);
    const query = new URLSearchParams(qIndex === -1 ? "" : rawUrl.slice(qIndex + 1));
    const keyHeader = req.headers["x-api-key"];
    const key = Array.isArray(keyHeader) ? keyHeader[0] : keyHeader;
    const business = key !== undefined ? byKey.get(key) : undefined;
    const entry: SandboxRequestRecord = {
      method: req.method ?? "GET",
      path: rawUrl,
      status: 0,
      requestId,
      business: business?.id,
      apiKeyHeader: key !== undefined,
    };
    const send = (
      status: number,
      body: string,
      type = "application/json; charset=utf-8",
      extra: Record<string, string> = {},
    ) => {
      entry.status = status;
      record(entry);
      if (res.destroyed) return;
      res.writeHead(status, {
        "content-type": type,
        "x-request-id": requestId,
        "cache-control": "no-store",
        ...extra,
      });
      res.end(body);
    };
    const sendError = (status: number, code: string, message: string, extra: Record<string, string> = {}) =>
      send(status, JSON.stringify({ code, message, requestId }), undefined, extra);

    const f = faults;
    if (f.latencyMs !== undefined) {
      const ms = Array.isArray(f.latencyMs) ? random.int(f.latencyMs[0], f.latencyMs[1]) : f.latencyMs;
      if (ms > 0) await new Promise((r) => setTimeout(r, ms));
    }
    if (f.wrongAddress) return send(200, html(200), "text/html; charset=utf-8");
    if (f.hangRate && random.chance(f.hangRate)) {
      entry.status = -1;
      record(entry);
      hung.add(res);
      res.on("close", () => hung.delete(res));
      return;
    }
    if (f.rateLimitRate && random.chance(f.rateLimitRate)) {
      return sendError(429, "rate_limited", "Too many requests; slow down.", {
        "retry-after": String(f.retryAfterSeconds ?? 1),
      });
    }
    if (f.forceStatus === 401) {
      return sendError(401, "authentication_failed", "The API key is missing, wrong, replaced or malformed.");
    }
    if (f.forceStatus) {
      return sendError(
        f.forceStatus,
        f.forceStatus === 500 ? "internal_error" : "unavailable",
        "The service had a problem.",
      );
    }
    if (f.errorRate && random.chance(f.errorRate)) {
      const status = random.chance(0.5) ? 500 : 503;
      return sendError(
        status,
        status === 500 ? "internal_error" : "unavailable",
        "The service had a problem.",
      );
    }

    if (req.method !== "GET")
      return sendError(405, "method_not_allowed", "The API is read-only: only GET is allowed.", {
        allow: "GET",
      });
    if (!rawPath.startsWith("/api/v1/") && rawPath !== "/api/v1") {
      return send(404, html(404), "text/html; charset=utf-8");
    }
    // Keys are compared exactly; a key with any whitespace (HTTP strips the padding) is refused too.
    if (!business || /\s/.test(key ?? "")) {
      return sendError(401, "authentication_failed", "The API key is missing, wrong, replaced or malformed.");
    }
    let segments: string[];
    try {
      segments = rawPath
        .slice("/api/v1/".length)
        .split("/")
        .filter((s, i, all) => s !== "" || i < all.length - 1)
        .map((s) => decodeURIComponent(s));
    } catch {
      return sendError(400, "invalid_request", "The path is not valid percent-encoding.");
    }
    const asked = Number(query.get("request.page") ?? 1);
    const paged = new URLSearchParams(query);
    if (f.paging === "repeat") paged.set("request.page", "1");
    const answer = handleApi(business, { segments, query: paged });
    if (answer.status !== 200) {
      const body = answer.body as Record<string, unknown>;
      return sendError(answer.status, String(body.code), String(body.message));
    }
    let body = answer.body;
    if (
      f.paging &&
      typeof body === "object" &&
      body !== null &&
      Array.isArray((body as { items?: unknown }).items)
    ) {
      const env = { ...(body as Record<string, unknown>) };
      if (f.paging === "repeat") {
        env.page = asked;
        env.totalPages = 10_000;
        env.totalRecords = 10_000 * Number(env.pageSize);
      } else if (f.paging === "zero-pages") env.totalPages = 0;
      else env.page = asked + 1;
      body = env;
    }
    if (f.corruptRate || f.growingTotals) {
      const c = f.corruptRate ?? 0;
      const mangle = (items: unknown[]) =>
        items.map((item) => (c && random.chance(c) ? corrupt(item) : item));
      if (Array.isArray(body)) body = mangle(body);
      else if (
        typeof body === "object" &&
        body !== null &&
        Array.isArray((body as { items?: unknown }).items)
      ) {
        const env = { ...(body as Record<string, unknown>) };
        env.items = mangle(env.items as unknown[]);
        if (f.growingTotals) {
          growth++;
          env.totalPages = Number(env.totalPages) + growth;
          env.totalRecords = Number(env.totalRecords) + growth * Number(env.pageSize);
        }
        body = env;
      }
    }
    const text = JSON.stringify(body);
    if (f.malformedRate && random.chance(f.malformedRate)) {
      return send(200, text.slice(0, Math.max(1, Math.floor(text.length / 2))));
    }
    return send(200, text);
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) {
        res.writeHead(500, { "content-type": "application/json" });
        res.end(JSON.stringify({ code: "internal_error", message: String(error) }));
      }
    });
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", () => resolve());
  });
  const port = (server.address() as AddressInfo).port;

  return {
    url: `http://127.0.0.1:${port}/api/v1`,
    keys: { main: main.apiKey, other: other.apiKey },
    data,
    main,
    other,
    requests,
    setFaults(next: Faults) {
      faults = { ...next };
      growth = 0;
    },
    close() {
      for (const res of hung) res.destroy();
      for (const socket of sockets) socket.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
