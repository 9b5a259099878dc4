/** The cards in the terminal: `kennel-desk arrivals|departures|booking|pet|customer|bookings`. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DayReport } from "../src/answers/day.ts";
import { type Sandbox, startSandbox } from "../src/sandbox/server.ts";
import { runCommand } from "./cli/helpers.ts";

let sandbox: Sandbox;

beforeAll(async () => {
  sandbox = await startSandbox({ seed: 23, customers: 120, timezone: "Europe/London" });
});
afterAll(() => sandbox.close());

/** `kennel-desk ARGS` in-process against the sandbox (its key and address), on the real clock. */
const run = (args: string[], env: Record<string, string> = {}) =>
  runCommand(args, {
    KENNEL_API_KEY: sandbox.keys.main,
    KENNEL_API_BASE_URL: sandbox.url,
    KENNEL_TIMEZONE: "Europe/London",
    ...env,
  });

describe("cards in the terminal", () => {
  it("departures of a busy day as readable text, with the next page's hint; --json gives the answer's data", async () => {
    const day = sandbox.data.busyDays[0] as string;
    const r = await run(["departures", day]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^Departures — \w{3} \d+ \w{3} \(\d+\)\n═+/);
    expect(r.stdout).toContain("(more: add --page 2)");
    expect(r.stdout).not.toMatch(/&lt;|&amp;|\*\w/);
    const json = await run(["departures", day, "--json"]);
    const report = JSON.parse(json.stdout) as DayReport;
    expect(report).toMatchObject({ kind: "departures", date: day, page: 1, pages: 1 });
    expect(report.entries).toHaveLength(report.totals.bookings);
    // The text is page 1 of the whole day, its counts the day's.
    expect(r.stdout).toMatch(new RegExp(`page 1 of \\d+ \\(showing 1–\\d+ of ${report.totals.bookings}\\)`));
  });

  it("booking, pet, customer and bookings", async () => {
    const b = sandbox.main.bookings.find((x) => !String(x.reference).includes("/")) as Record<
      string,
      unknown
    >;
    const booking = await run(["booking", String(b.reference)]);
    expect(booking.code).toBe(0);
    expect(booking.stdout).toContain(`Booking ${b.reference}`);
    // A phone is printed with no-break spaces inside it, so it never wraps mid-number.
    expect(booking.stdout.replaceAll("\u00a0", " ")).toContain(String(b.customerPhone));
    const pet = sandbox.main.pets.find((p) => String(p.notes).includes("<!channel>") && !p.deleted) as Record<
      string,
      unknown
    >;
    const card = await run(["pet", String(pet.petId)]);
    expect(card.stdout).toContain("Medication");
    expect(card.stdout).toContain("<!channel> please call before 9");
    expect(card.stdout).toContain(`pet id ${pet.petId}`);
    const customer = await run(["customer", String(b.customerId)]);
    expect(customer.stdout).toMatch(/Consent/);
    expect(customer.stdout).toContain(`customer id ${b.customerId}`);
    const search = await run(["bookings", "today", "+7", "status:confirmed"]);
    expect(search.code).toBe(0);
    expect(search.stdout).toMatch(/Bookings: \w{3} \d{1,2} \w{3} to \w{3} \d{1,2} \w{3}, status confirmed/);
    expect(search.stdout).toMatch(/HP-\w+ \(booking id \d+\) · /);
  });

  it("customer --history reads every page", async () => {
    const id = sandbox.main.bookings[0]?.customerId as number;
    const r = await run(["customer", String(id), "--history"]);
    expect(r.code).toBe(0);
    const expected = sandbox.main.bookingsByCustomer.get(id)?.length ?? 0;
    // One list of bookings: the title counts them; one row (of two lines) per booking.
    expect(r.stdout).toMatch(
      new RegExp(`^Booking history of .+ \\(customer id ${id}\\) \\(${expected}\\)\\n`),
    );
    expect(r.stdout.match(/\(booking id \d+\) · /g)).toHaveLength(expected);
  });

  it("a record not found is its line, its hint and the request id to quote (no other businesses)", async () => {
    const r = await run(["booking", "NOPE-1"]);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe("");
    expect(r.stderr).toMatch(
      /^⚠️ No booking with reference "NOPE-1" was found\.\nCheck the reference or id\.\nRequest id: sbx-\S+ \(quote it to support\)\n$/,
    );
    const pet = await run(["pet", "Zzzzqx"]);
    const lines = pet.stderr.trim().split("\n");
    expect(lines.slice(0, 2)).toEqual([
      "⚠️ No pet named “Zzzzqx” was found.",
      "Check the spelling (part of the name is enough), or give the id.",
    ]);
    expect(lines[2]).toMatch(/^Request id: sbx-\S+ \(quote it to support\)$/);
    expect(lines).toHaveLength(3);
  });

  it("exit codes: 1 not found, 2 invalid input or settings, 3 API failure", async () => {
    expect((await run(["booking", "NOPE-1"])).code).toBe(1);
    expect((await run(["pet", "999999999"])).code).toBe(1);
    const badDate = await run(["arrivals", "31 Feb"]);
    expect(badDate.code).toBe(2);
    expect(badDate.stderr).toMatch(/31 Feb is not a real date: there is no 31 February/);
    expect((await run(["booking"])).code).toBe(2);
    expect((await run(["arrivals"], { KENNEL_API_KEY: "", KENNEL_API_BASE_URL: "" })).code).toBe(2);
    sandbox.setFaults({ errorRate: 1 });
    try {
      const down = await run(["arrivals"]);
      expect(down.code).toBe(3);
      expect(down.stderr).toMatch(/Request id: sbx-/);
    } finally {
      sandbox.setFaults({});
    }
  });
});

describe("npm start's preview", () => {
  it("runs only with no settings at all, and never with --production", async () => {
    const { wantsPreview } = await import("../src/preview-main.ts");
    expect(wantsPreview({}, [])).toBe(true);
    expect(wantsPreview({ LOG_LEVEL: "debug", PORT: "3001" }, [])).toBe(true);
    expect(wantsPreview({ KENNEL_API_KEY: "k" }, [])).toBe(false);
    expect(wantsPreview({ SLACK_BOT_TOKEN: "xoxb-1" }, [])).toBe(false);
    expect(wantsPreview({}, ["--production"])).toBe(false);
  });
});
