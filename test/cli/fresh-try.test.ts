/**
 * What a fresh try of the terminal found: `bookings` with nothing matching exited 0 where help and
 * docs/cli.md say 1 (as pet and customer do), and `bookings +7 today` was quietly turned round while
 * `bookings today -3` is refused. Real loopback HTTP to the sandbox, on a fixed clock.
 */
import { describe, expect, it } from "vitest";
import { useSandboxCli } from "./helpers.ts";

const TODAY = "2026-12-02";
const run = useSandboxCli(
  { timezone: "Europe/London", today: TODAY, customers: 60, seed: 13 },
  () => new Date(`${TODAY}T09:00:00Z`),
);

describe("a list with nothing matching: exit 1, as every lookup not found", () => {
  it("bookings: the list's title and its words on standard output, exit 1", async () => {
    const r = await run(["bookings", "zzzzqqq"]);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain("Bookings: “zzzzqqq” (0)");
    expect(r.stdout).toContain("No bookings match. Widen the dates or drop a filter.");
  });

  it("bookings with a mistyped status: the near one suggested, exit 1; --json too", async () => {
    const r = await run(["bookings", "today", "+7", "status:confirmd"]);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain("Did you mean confirmed?");
    const json = await run(["bookings", "zzzzqqq", "--json"]);
    expect(json.code).toBe(1);
    expect(JSON.parse(json.stdout)).toMatchObject({ totalRecords: 0, items: [] });
  });

  it("pet and customer lists with nothing matching: exit 1; a list found: exit 0", async () => {
    expect((await run(["pet", "zzzzqqq"])).code).toBe(1);
    expect((await run(["customer", "zzzzqqq"])).code).toBe(1);
    expect((await run(["bookings", "today", "+7"])).code).toBe(0);
  });

  it("a day with no one is an answer, not a lookup: arrivals exit 0 whatever the day holds", async () => {
    const r = await run(["arrivals", "+300"]);
    expect(r.code, r.stderr).toBe(0);
  });

  it("help says which: bookings 1 when nothing matched; a day's list or round never 1", async () => {
    expect((await run(["bookings", "--help"])).stdout).toContain("1 nothing matched");
    for (const command of ["arrivals", "departures", "inhouse", "rounds"]) {
      const help = (await run([command, "--help"])).stdout;
      expect(help, command).toContain("0 shown (an empty day too)");
      expect(help, command).not.toContain("1 not found");
    }
  });
});

describe("a range typed the wrong way round is refused, whichever words make it", () => {
  it.each([
    [["+7", "today"], "2026-12-02", "2026-12-09"],
    [["today", "-3"], "2026-11-29", "2026-12-02"],
    [["+3", "-3"], "2026-11-29", "2026-12-05"],
    [["friday", "today"], "2026-12-02", "2026-12-04"],
    [["2026-12-09", "2026-12-02"], "2026-12-02", "2026-12-09"],
  ])("bookings %j", async (args, to, from) => {
    const r = await run(["bookings", ...args]);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe("");
    expect(r.stderr).toContain(`The range ends (${to}) before it starts (${from}).`);
    expect(r.calls).toBe(0);
  });

  it("days typed as -1 and +7 keep their place beside options", async () => {
    const r = await run(["bookings", "-1", "--page", "1", "+7"]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^Bookings: Tue 1 Dec to Wed 9 Dec \(\d+\)/);
    const page = await run(["bookings", "today", "--page", "-3"]);
    expect(page.code).toBe(2);
    expect(page.stderr).toContain('--page must be a whole number of 1 or more, not "-3".');
  });
});
