/**
 * describeFailure's words in Slack (the bot's surface) for what a fresh try found wrong: a loopback
 * address nothing answers at, a slow API, a refusal's example, and the status check's broken JSON.
 * The terminal's words, against the sandbox: test/cli/failure-words.test.ts.
 */
import { describe, expect, it } from "vitest";
import { describeFailure } from "../../src/answers/failure.ts";
import { freeText, TEXT_RULES } from "../../src/answers/input.ts";
import { bookingsSearch } from "../../src/answers/kennel.ts";
import type { Deps } from "../../src/deps.ts";
import { InvalidResponseError, TimeoutError, UnreachableError } from "../../src/kennel/errors.ts";
import { describeStatus } from "../../src/kennel/status.ts";

const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error("not refused");
};

describe("in Slack", () => {
  it("nothing answers at a loopback address: whoever runs Kennel Desk starts the sandbox or checks the address", () => {
    for (const origin of ["http://127.0.0.1:4010", "http://localhost:4010", "http://[::1]:4010"]) {
      const f = describeFailure(new UnreachableError(origin, "the connection was refused"), "bot");
      expect(f.whatToDo).toBe(
        "Nothing answers at that address on the computer Kennel Desk runs on: whoever runs Kennel Desk should start the sandbox (npm run sandbox:env) or check KENNEL_API_BASE_URL.",
      );
    }
    // An address elsewhere: the internet connection, as before.
    const far = describeFailure(new UnreachableError("https://api.example", "the connection was refused"));
    expect(far.whatToDo).toContain("internet connection");
  });

  it("a slow API: try again, then tell whoever runs it; never a setting to staff, nor less to ask for unless chosen", () => {
    const f = describeFailure(new TimeoutError(1000, false, { requestId: "r-1" }), "bot");
    expect(f.whatToDo).toBe(
      "Try again in a minute; if it keeps happening, the kennel API is slow: tell whoever runs it, with the request id.",
    );
    expect(f.requestId).toBe("r-1");
    const chosen = describeFailure(new TimeoutError(1000, false).narrowable(), "bot");
    expect(chosen.whatToDo).toMatch(/^Try again with a narrower date range or a smaller page size;/);
    expect(chosen.whatToDo).not.toContain("KENNEL_API_TIMEOUT_MS");
    // The terminal is the installer's: raising the limit is said there.
    expect(describeFailure(new TimeoutError(1000, false), "command").whatToDo).toContain(
      "raise KENNEL_API_TIMEOUT_MS",
    );
  });

  it("a refusal's example is Slack's command", async () => {
    const long = refusal(() => freeText("x".repeat(300), TEXT_RULES.reference));
    expect(describeFailure(long, "bot").whatToDo).toBe("Type a shorter one, for example /booking HP-DK4Q7M.");
    expect(describeFailure(long, "command").whatToDo).toBe(
      "Type a shorter one, for example kennel-desk booking HP-DK4Q7M.",
    );
    const deps = {
      clock: { now: () => new Date("2026-03-10T09:00:00Z") },
      config: { timezone: "Europe/London", dateOrder: "dmy" },
    } as unknown as Deps;
    const bad = await bookingsSearch(deps, "2026-02-31").catch((e: unknown) => e);
    expect(describeFailure(bad, "bot").whatToDo).toBe(
      "For example: /kennel bookings tomorrow status:confirmed",
    );
  });

  it("/kennel status: broken JSON is the API failing, not a wrong address", () => {
    const error = new InvalidResponseError("the answer is not valid JSON", { requestId: "r-2" });
    const words = describeStatus(
      { state: "unreachable", baseUrl: "https://api.example/api/v1", requestId: "r-2", error, durationMs: 1 },
      "bot",
    );
    expect(words.headline).toBe(
      "The kennel API answered, but with data Kennel Desk could not read: it is failing.",
    );
    expect(words.action).toContain("quote the request id");
    expect(words.action).not.toContain("KENNEL_API_BASE_URL");
  });
});
