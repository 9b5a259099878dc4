/**
 * ky is loaded at the kennel client's first request, not when the bot's start loads the client
 * (issue 48, a leaner start: src/kennel/transport.ts); a failure it reports still reads as the
 * kennel error family's.
 */
import { beforeEach, describe, expect, it, vi } from "vitest";

/** Times the ky module was loaded since the count began. */
let loaded = 0;

vi.mock("ky", async (importOriginal) => {
  loaded++;
  return importOriginal();
});

beforeEach(() => {
  loaded = 0;
  vi.resetModules();
});

const silent = {
  level: "silent",
  levelVal: Number.POSITIVE_INFINITY,
  debug: () => undefined,
  info: () => undefined,
  warn: () => undefined,
  child: () => silent,
} as unknown as import("../../src/log.ts").Logger;

const settings = {
  apiKey: "k-first-use",
  baseUrl: new URL("https://kennel.example/api/v1"),
  timeoutMs: 2_000,
  debug: false,
  cacheTtlSeconds: 0,
};

describe("the kennel client's HTTP library", () => {
  it("is not loaded with the client; its first request loads it, once", async () => {
    const { createKennelClient } = await import("../../src/kennel/client.ts");
    const { NotFoundError } = await import("../../src/kennel/errors.ts");
    const answers = [
      Response.json({ bookingId: 12, reference: "B-12" }),
      new Response('{"code":"not_found"}', { status: 404, headers: { "content-type": "application/json" } }),
    ];
    const client = createKennelClient(settings, {
      log: silent,
      retryDelay: () => 0,
      fetch: async () => answers.shift() ?? new Response("", { status: 500 }),
    });
    const atLoad = loaded;
    const found = await client.getBooking(12);
    const missing = await client.getBooking(13).catch((error: unknown) => error);
    expect({ atLoad, after: loaded, reference: found.data.reference }).toEqual({
      atLoad: 0,
      after: 1,
      reference: "B-12",
    });
    expect(missing).toBeInstanceOf(NotFoundError);
  });
});
