/**
 * A failure's words in the terminal, as a fresh try against the sandbox found them wrong: `status`
 * tells broken JSON from a wrong address, a loopback address that nothing answers says to start the
 * sandbox, a slow API says to try again (a narrower range only where one was typed), and a refusal's
 * example is the terminal's own command, never Slack's.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Sandbox, startSandbox } from "../../src/sandbox/server.ts";
import { cliRunner } from "./helpers.ts";

const TODAY = "2026-03-10";
let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ seed: 7, customers: 6, today: TODAY, timezone: "Europe/London" });
}, 60_000);
afterAll(() => sandbox?.close());
const run = cliRunner(
  () => sandbox,
  () => new Date(`${TODAY}T09:00:00Z`),
);

describe("`kennel-desk status`", () => {
  it("broken JSON from the API is not a wrong address: try again, quote the request id", async () => {
    sandbox.setFaults({ malformedRate: 1 });
    try {
      const r = await run(["status"]);
      expect(r.code).toBe(1);
      expect(r.stdout).toContain("The kennel API answered, but with data Kennel Desk could not read");
      expect(r.stdout).toContain("quote the request id");
      expect(r.stdout).not.toContain("does not lead to the kennel API");
      expect(r.stdout).not.toContain("Check KENNEL_API_BASE_URL");
    } finally {
      sandbox.setFaults({});
    }
  });

  it("a web page instead of the API is still a wrong address", async () => {
    sandbox.setFaults({ wrongAddress: true });
    try {
      const r = await run(["status"]);
      expect(r.code).toBe(1);
      expect(r.stdout).toContain("The address set for the kennel API does not lead to the kennel API.");
      expect(r.stdout).toContain("Check KENNEL_API_BASE_URL");
    } finally {
      sandbox.setFaults({});
    }
  });
});

describe("nothing answers at a loopback address (the sandbox stopped)", () => {
  it("says so, and to start the sandbox or check KENNEL_API_BASE_URL, for a command and `status`", async () => {
    const stopped = await startSandbox({ seed: 7, customers: 2, today: TODAY, timezone: "Europe/London" });
    const env = { KENNEL_API_BASE_URL: stopped.url, KENNEL_API_KEY: stopped.keys.main };
    await stopped.close();
    const r = await run(["arrivals"], env);
    expect(r.code).toBe(3);
    expect(r.stderr).toContain(
      "Nothing answers at that address on this computer: start the sandbox (npm run sandbox:env) or check KENNEL_API_BASE_URL",
    );
    expect(r.stderr).not.toContain("internet connection");
    const status = await run(["status"], env);
    expect(status.stdout).toContain(
      "NOT OK: Nothing answers at the address set for the kennel API, on this computer (the sandbox not started?).",
    );
    expect(status.stdout).toContain("Nothing answers at that address on this computer");
    expect(status.stdout).not.toContain("internet connection");
  });
});

describe("the kennel API too slow", () => {
  const slow = { KENNEL_API_TIMEOUT_MS: "200" };

  it("arrivals: try again in a minute, tell whoever runs the API; never a page size or a date range", async () => {
    sandbox.setFaults({ latencyMs: 700 });
    try {
      const r = await run(["arrivals"], slow);
      expect(r.code).toBe(3);
      expect(r.stderr).toContain(
        "Try again in a minute; if it keeps happening, the kennel API is slow: tell whoever runs it, with the request id.",
      );
      expect(r.stderr).toContain("can also raise KENNEL_API_TIMEOUT_MS");
      expect(r.stderr).not.toMatch(/page size|date range/);
    } finally {
      sandbox.setFaults({});
    }
  });

  it("bookings over a range typed: a narrower date range may answer in time; never a page size it has no option for", async () => {
    sandbox.setFaults({ latencyMs: 700 });
    try {
      const r = await run(["bookings", "2026-03-01", "2026-03-31"], slow);
      expect(r.code).toBe(3);
      expect(r.stderr).toContain("Try again with a narrower date range; if it keeps happening");
      expect(r.stderr).not.toContain("page size");
    } finally {
      sandbox.setFaults({});
    }
  });
});

describe("a refusal's example is the terminal's command", () => {
  it.each([
    ["booking", "kennel-desk booking HP-DK4Q7M"],
    ["pet", "kennel-desk pet Biscuit Müller"],
    ["customer", "kennel-desk customer O'Brien"],
  ])("%s with text too long", async (command, example) => {
    const r = await run([command, "x".repeat(300)]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`Type a shorter one, for example ${example}.`);
    expect(r.stderr).not.toMatch(/for example \//);
  });

  it("bookings with a date that does not exist", async () => {
    const r = await run(["bookings", "2026-02-31"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("For example: kennel-desk bookings tomorrow status:confirmed");
    expect(r.stderr).not.toContain("/kennel");
  });
});
