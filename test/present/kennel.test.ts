/**
 * /kennel status, /kennel help and a failure in Slack, and `kennel-desk status`, the help and a
 * failure in the terminal (and the connector), are one document each serialized twice.
 */
import { describe, expect, it } from "vitest";
import { describeFailure, UsageError } from "../../src/answers/failure.ts";
import { statusAnswer } from "../../src/answers/kennel.ts";
import { helpMessage } from "../../src/blocks/help.ts";
import { limitViolations } from "../../src/blocks/limits.ts";
import { failureMessage } from "../../src/blocks/notice.ts";
import { statusMessage } from "../../src/blocks/status.ts";
import { ConfigError, loadConfig } from "../../src/config.ts";
import {
  AuthenticationError,
  BadRequestError,
  InvalidResponseError,
  NotFoundError,
  RateLimitedError,
  ResponseTooLargeError,
  ServerError,
  TimeoutError,
  UnreachableError,
  WrongAddressError,
} from "../../src/kennel/errors.ts";
import { failureText, helpText, statusText } from "../../src/text/index.ts";
import { COMMANDS } from "../../src/words/help.ts";
import { busyDay, expectSameLines, TEXT, TZ } from "./harness.ts";

const busy = busyDay();

describe("/kennel status: one document, two serializers", () => {
  it("says the same of the live sandbox: OK, the address, the request id, the cache, Slack", async () => {
    const s = await statusAnswer(busy.deps, "bot", "connected", "#front-desk: 2 guests can read the posts");
    expect(s.words.ok).toBe(true);
    const message = statusMessage(s);
    expect(limitViolations(message)).toEqual([]);
    const lines = expectSameLines([message], statusText(s, TEXT)).join("\n");
    expect(lines).toContain("✅ OK: The kennel API is up and accepted the key.");
    expect(lines).toContain(`Address: ${busy.sandbox.url}`);
    expect(lines).toContain(`Request id: ${s.report.requestId}`);
    expect(lines).toContain("Slack: connected");
    expect(lines).toContain("Who can read the posts: #front-desk: 2 guests");
    // One word for the cache's state, not "Cache: Cached: …".
    expect(lines).toMatch(
      // The sandbox says which customers changed: its care is kept for the day, read again for those.
      /Cache: on \(pet records, customer records and each customer's pets, for the day: read again when the API says their customer changed \(asked once a minute at most\)\); always asked fresh: day lists and booking lookups/,
    );
    expect(lines).not.toMatch(/Cache: Cached/);
    expect(lines).toContain("House routine (no diet on record): morning and evening");
    expect(lines).not.toContain("What to do");
  });

  it("says the house routine as KENNEL_HOUSE_MEALS sets it, per species", async () => {
    const config = {
      ...busy.deps.config,
      rounds: {
        ...busy.deps.config.rounds,
        houseMeals: loadConfig({ KENNEL_HOUSE_MEALS: "dog:morning,evening;cat:breakfast,lunch,dinner" })
          .rounds.houseMeals,
      },
    };
    const s = await statusAnswer({ ...busy.deps, config }, "bot");
    expect(statusText(s, TEXT)).toContain(
      "House routine (no diet on record): dog: morning and evening; cat: morning, midday and evening; others: morning and evening",
    );
  });

  it("says the cache is off in one word when it is (KENNEL_CACHE_TTL_S=0)", async () => {
    const off = {
      ...busy.deps,
      kennel: {
        checkStatus: () => busy.deps.kennel.checkStatus(),
        cacheInfo: () => ({ ...busy.deps.kennel.cacheInfo(), enabled: false }),
      } as unknown as typeof busy.deps.kennel,
    };
    const s = await statusAnswer(off, "bot");
    expect(statusText(s, TEXT)).toContain("Cache: off (KENNEL_CACHE_TTL_S=0): everything is asked fresh.");
  });

  it("says the same when the key is rejected, with what happened and what to do", async () => {
    const s = await statusAnswer(busy.deps, "bot");
    const rejected = {
      ...s,
      report: {
        ...s.report,
        state: "key_rejected" as const,
        error: new AuthenticationError({ requestId: "r-1" }),
      },
      words: {
        state: "key_rejected" as const,
        ok: false,
        headline: "The kennel API rejected the API key.",
        detail: "401 <authentication_failed> & more",
        action: "Generate a new key.",
      },
    };
    const lines = expectSameLines([statusMessage(rejected)], statusText(rejected, TEXT)).join("\n");
    expect(lines).toContain("🔑 NOT OK: The kennel API rejected the API key.");
    expect(lines).toContain("What happened: 401 <authentication_failed> & more");
    expect(lines).toContain("What to do: Generate a new key.");
    // Escaped for Slack: the API's words cannot ping or link.
    expect(JSON.stringify(statusMessage(rejected))).toContain("&lt;authentication_failed&gt; &amp; more");
  });
});

describe("/kennel help: one document, two serializers", () => {
  it("lists every command the same, with how dates are read and the time zone", () => {
    const lines = expectSameLines([helpMessage(TZ, undefined, "dmy")], helpText(TEXT, "dmy")).join("\n");
    for (const c of COMMANDS) expect(lines).toContain(c.usage);
    expect(lines).toContain("read day first");
    expect(lines).toContain(`Kennel time zone: ${TZ}`);
  });

  it("a note above the list says the same", () => {
    const note = "There is no command “dance”. Here is what I can do:";
    const message = helpMessage(TZ, note, "mdy");
    expect(JSON.stringify(message)).toContain("dance");
    expect(JSON.stringify(message)).toContain("read month first");
  });
});

describe("a failure: one document, two serializers", () => {
  const ctx = { requestId: "sbx-<7>&", status: 500 };
  const errors: Array<[string, unknown]> = [
    ["authentication", new AuthenticationError(ctx)],
    ["not found", new NotFoundError('booking with reference "NOPE-1"', ctx)],
    ["unreachable", new UnreachableError("https://api.example.com", "ECONNREFUSED", ctx)],
    ["wrong address", new WrongAddressError("it answered with HTML", ctx)],
    ["timeout", new TimeoutError(5000, "dates or page size", ctx)],
    ["server error", new ServerError(503, ctx)],
    ["rate limited", new RateLimitedError(30, ctx)],
    ["bad request", new BadRequestError("page size <b>500</b> is too big", ctx)],
    ["invalid response", new InvalidResponseError("items[3].bookingId is not a number", ctx)],
    ["too large", new ResponseTooLargeError(5 * 1024 * 1024, ctx)],
    ["usage", new UsageError("Too long.", "Type less.")],
    [
      "settings",
      new ConfigError([
        { variable: "KENNEL_API_KEY", problem: "is not set.", fix: "Set it." },
        { variable: "KENNEL_TIMEZONE", problem: '"Mars" is not a time zone.', fix: "Europe/London, say." },
      ] as ConstructorParameters<typeof ConfigError>[0]),
    ],
    ["unexpected", new Error("boom")],
  ];

  it.each(errors)("%s: what happened, what to do and the request id, the same", (_, error) => {
    const f = describeFailure(error);
    const message = failureMessage(f);
    expect(limitViolations(message)).toEqual([]);
    const lines = expectSameLines([message], failureText(f, TEXT));
    const firstWhat = f.what.split("\n")[0]?.trim() as string;
    expect(lines[0]).toBe(`⚠️ ${firstWhat}`);
    expect(lines.join("\n")).toContain(f.whatToDo.trim());
    // Every failure with a request id ends with it to quote, a record not found too (spec, Errors).
    if (f.requestId) expect(lines.at(-1)).toBe(`Request id: ${f.requestId} (quote it to support)`);
    else expect(lines.join("\n")).not.toContain("Request id");
    // Every line of a settings problem is kept, one a line.
    for (const l of f.what.split("\n")) expect(lines.join("\n")).toContain(l.trim().replace(/\s+/g, " "));
  });

  it("a record not found says its request id on every surface (Slack, the terminal, the connector)", () => {
    const f = describeFailure(new NotFoundError("pet with id 99999999", { requestId: "req-404" }));
    expect(f.kind).toBe("not_found");
    const text = failureText(f, TEXT);
    expect(text).toContain("No pet with id 99999999 was found.");
    expect(text).toContain("Request id: req-404 (quote it to support)");
    expect(JSON.stringify(failureMessage(f))).toContain("req-404");
  });

  it("the request id from the API is escaped for Slack", () => {
    const message = failureMessage(describeFailure(new ServerError(500, ctx)));
    expect(JSON.stringify(message)).toContain("sbx-&lt;7&gt;&amp;");
  });
});
