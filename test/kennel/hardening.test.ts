import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { cleanRequestId, createKennelClient, findRequestId } from "../../src/kennel/client.ts";
import { KennelError, NotFoundError, ResponseTooLargeError } from "../../src/kennel/errors.ts";
import { createLogger } from "../../src/log.ts";
import { KEY, kennelSettings } from "../helpers/kennel.ts";
import { captureLogger } from "../helpers/log.ts";

/** A fetch answering every request with one response built per call. */
function answering(make: () => Response) {
  let calls = 0;
  const fetchFn = (async () => {
    calls++;
    return make();
  }) as unknown as typeof fetch;
  return { fetch: fetchFn, calls: () => calls };
}

async function failure(promise: Promise<unknown>): Promise<KennelError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(KennelError);
    return error as KennelError;
  }
  throw new Error("expected the call to fail");
}

describe("the request id is cleaned where it is read", () => {
  it.each([
    ["the key itself", KEY],
    ["the key inside it", `req-${KEY}-1`],
    ["the key percent-encoded", `req-${encodeURIComponent(KEY)}`],
    ["the key in other case", KEY.toUpperCase()],
    ["Slack mrkdwn", "<!channel>"],
    ["spaces and words", "ask admin for the key"],
    ["punctuation outside the safe alphabet", "abc;def'\"x"],
    ["a very long value", "a".repeat(101)],
  ])("a header with %s is not shown or logged; the id the client sent is used instead", async (_, id) => {
    const captured = captureLogger();
    const api = answering(
      () =>
        new Response(JSON.stringify({ code: "not_found", message: "no" }), {
          status: 404,
          headers: { "x-request-id": id, "content-type": "application/json" },
        }),
    );
    const client = createKennelClient(kennelSettings(), {
      log: captured.log,
      fetch: api.fetch,
      newRequestId: () => "sent-id-1",
    });
    const error = await failure(client.getBooking(12));
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error.requestId).toBe("sent-id-1");
    expect(error.describe()).not.toContain(id);
    const logged = captured.records().filter((r) => r.msg === "kennel API request");
    expect(logged).toHaveLength(1);
    expect(logged[0]?.requestId).toBe("sent-id-1");
    expect(captured.lines.join("\n")).not.toContain(KEY);
  });

  it("a request id in the error body that carries another secret is dropped too", async () => {
    const slackToken = "xoxb-1234-5678-abcdefabcdef";
    const api = answering(
      () =>
        new Response(JSON.stringify({ error: { message: "bad", requestId: `id-${slackToken}` } }), {
          status: 400,
          headers: { "content-type": "application/json" },
        }),
    );
    const client = createKennelClient(kennelSettings(), {
      log: captureLogger().log,
      fetch: api.fetch,
      newRequestId: () => "sent-id-2",
      secrets: [slackToken],
    });
    const error = await failure(client.listBookings());
    expect(error.requestId).toBe("sent-id-2");
  });

  it("keeps an ordinary request id as it is", async () => {
    const id = "req-01HZX8:abc/def.42_x";
    const api = answering(
      () =>
        new Response("[]", {
          status: 200,
          headers: { "content-type": "application/json", "x-request-id": id },
        }),
    );
    const client = createKennelClient(kennelSettings(), { log: captureLogger().log, fetch: api.fetch });
    expect((await client.listArrivals("2026-11-24")).requestId).toBe(id);
  });

  it("cleanRequestId and findRequestId: safe alphabet, at most 100 characters, never a secret", () => {
    expect(cleanRequestId("abc-123")).toBe("abc-123");
    expect(cleanRequestId(" abc ")).toBe("abc");
    expect(cleanRequestId("a".repeat(100))).toHaveLength(100);
    expect(cleanRequestId("a".repeat(101))).toBeUndefined();
    expect(cleanRequestId("a b")).toBeUndefined();
    expect(cleanRequestId("x-secret-value-1", ["secret-value"])).toBeUndefined();
    const headers = new Headers({ "x-request-id": "<bad>", "x-correlation-id": "good-1" });
    expect(findRequestId(headers, undefined)).toBe("good-1");
    expect(findRequestId(undefined, { requestId: KEY }, [KEY])).toBeUndefined();
    // Bidi overrides and zero-width characters (only a body can carry them) are not in the alphabet.
    expect(findRequestId(undefined, { requestId: "abc\u202Edef" })).toBeUndefined();
    expect(findRequestId(undefined, { requestId: "a\u200Bb", traceId: "t-1" })).toBe("t-1");
  });
});

describe("the request id scrub holds for any input (property)", () => {
  // A fixed seed keeps the suite deterministic; set FC_SEED to explore other inputs.
  const seed = Number(process.env.FC_SEED ?? 20261123);

  it("whatever the API sends, the id kept is safe, short and carries no secret", () => {
    const part = fc.oneof(
      fc.string(),
      fc.constant(KEY),
      fc.constant(encodeURIComponent(KEY)),
      fc.constant("a-1"),
    );
    fc.assert(
      fc.property(fc.array(part, { maxLength: 4 }), (parts) => {
        const id = cleanRequestId(parts.join(""), [KEY]);
        if (id === undefined) return;
        expect(id).toMatch(/^[A-Za-z0-9._:/-]{1,100}$/);
        expect(id.toLowerCase()).not.toContain(KEY.toLowerCase());
      }),
      { seed, numRuns: 500 },
    );
  });
});

describe("the body is capped while it is read (KENNEL_MAX_RESPONSE_MB)", () => {
  /** A body streamed in 64 KB chunks, counting how many were pulled. */
  function endlessBody(chunks: number) {
    let pulled = 0;
    const chunk = new TextEncoder().encode(`[${" ".repeat(64 * 1024 - 2)},`);
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled++;
        if (pulled > chunks) controller.close();
        else controller.enqueue(chunk);
      },
    });
    return { stream, pulled: () => pulled };
  }

  it("stops reading past the limit, with an invalid-response error saying so and the request id", async () => {
    const body = endlessBody(10_000); // 640 MB if it were all read
    const api = answering(
      () =>
        new Response(body.stream, {
          status: 200,
          headers: { "content-type": "application/json", "x-request-id": "big-1" },
        }),
    );
    const client = createKennelClient(kennelSettings({ maxResponseBytes: 1024 * 1024 }), {
      log: captureLogger().log,
      fetch: api.fetch,
    });
    const error = await failure(client.listDepartures("2026-11-24"));
    expect(error).toBeInstanceOf(ResponseTooLargeError);
    expect(error.kind).toBe("invalid_response");
    expect(error.message).toMatch(/the kennel API answered with more data than expected/i);
    expect(error.message).toMatch(/1 MB/);
    expect(error.requestId).toBe("big-1");
    expect(error.describe()).toMatch(/request id big-1/);
    // Streamed: a little past the limit was read, not the whole answer.
    expect(body.pulled()).toBeLessThan(40);
    expect(api.calls()).toBe(1);
  });

  it("refuses at once an answer whose Content-Length is over the limit", async () => {
    const body = endlessBody(10);
    const api = answering(
      () =>
        new Response(body.stream, {
          status: 200,
          headers: { "content-type": "application/json", "content-length": String(50 * 1024 * 1024) },
        }),
    );
    const client = createKennelClient(kennelSettings({ maxResponseBytes: 20 * 1024 * 1024 }), {
      log: captureLogger().log,
      fetch: api.fetch,
    });
    const error = await failure(client.getPet(3));
    expect(error).toBeInstanceOf(ResponseTooLargeError);
    expect(error.message).toMatch(/over 20 MB/);
  });

  it("reads an answer under the limit as before (20 MB by default)", async () => {
    const pets = Array.from({ length: 2000 }, (_, i) => ({
      petId: i + 1,
      name: `Pet ${i + 1}`,
      notes: "x".repeat(500),
    }));
    const api = answering(
      () =>
        new Response(JSON.stringify(pets), { status: 200, headers: { "content-type": "application/json" } }),
    );
    const client = createKennelClient(kennelSettings(), { log: captureLogger().log, fetch: api.fetch });
    expect((await client.listCustomerPets(1)).data).toHaveLength(2000);
  });
});

describe("KENNEL_DEBUG=1 with LOG_LEVEL warn or above", () => {
  function run(level: "warn" | "error" | "silent", debug: boolean) {
    const lines: string[] = [];
    const log = createLogger({ level, pretty: false, destination: { write: (s: string) => lines.push(s) } });
    const api = answering(
      () =>
        new Response("[]", {
          status: 200,
          headers: { "content-type": "application/json", "x-request-id": "r-1" },
        }),
    );
    const client = createKennelClient(kennelSettings({ debug }), { log, fetch: api.fetch });
    return { lines, client };
  }

  it("still writes the request lines with their request id", async () => {
    for (const level of ["warn", "error"] as const) {
      const { lines, client } = run(level, true);
      await client.listArrivals("2026-11-24");
      expect(lines).toHaveLength(1);
      expect(JSON.parse(lines[0] as string)).toMatchObject({ msg: "kennel API request", requestId: "r-1" });
    }
  });

  it("writes nothing without KENNEL_DEBUG, or with LOG_LEVEL=silent", async () => {
    for (const [level, debug] of [
      ["warn", false],
      ["silent", true],
    ] as const) {
      const { lines, client } = run(level, debug);
      await client.listArrivals("2026-11-24");
      expect(lines).toEqual([]);
    }
  });
});
