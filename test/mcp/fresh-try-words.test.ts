/**
 * What a fresh try of the connector found beside the terminal: another day's round without the
 * terminal's "🔎 For reference, not kept" line (a past sheet read as what was due), "date: There is
 * no 31 February." and "round: a round: …" where every other refusal names what was typed, an empty
 * list headed "Page 1 of 0" before its title and saying nothing, and list_bookings' mistyped status
 * without the terminal's suggestion. Real loopback HTTP to the sandbox, on the harness's clock.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Sandbox, startSandbox } from "../../src/sandbox/server.ts";
import { cliRunner } from "../cli/helpers.ts";
import { scratchRecord } from "../helpers/record.ts";
import { CLOCK, type Connected, connectInProcess, textOf } from "./harness.ts";

let sandbox: Sandbox;
let mcp: Connected;

beforeAll(async () => {
  sandbox = await startSandbox({ seed: 13, customers: 60, today: "2026-11-22", timezone: "Europe/London" });
  mcp = await connectInProcess(sandbox, {}, undefined, scratchRecord(CLOCK));
});
afterAll(async () => {
  await mcp.close();
  await sandbox.close();
});

const terminal = cliRunner(() => sandbox, CLOCK.now);
const referenceLine = (text: string) => text.split("\n").find((l) => l.startsWith("🔎"));

describe("get_round of another day: the terminal's reference line, word for word", () => {
  it.each([
    ["yesterday", "this round was not posted on Sat 21 Nov", "not what was due then."],
    ["tomorrow", "what this round asks is kept when it is posted on Mon 23 Nov", "recorded from that post."],
  ])("morning %s", async (date, said, end) => {
    const r = await mcp.call("get_round", { round: "morning", date });
    expect(r.isError).toBeFalsy();
    const cli = await terminal(["rounds", "morning", date]);
    expect(cli.code, cli.stderr).toBe(0);
    const line = referenceLine(textOf(r));
    expect(line).toBe(referenceLine(cli.stdout));
    expect(line).toContain(`🔎 For reference, not kept: ${said}`);
    expect(line?.endsWith(end)).toBe(true);
    // Its structured content says it as well (before: nothing there told it from what was due).
    expect(r.structuredContent?.forReference).toBe(line);
  });

  it("today's round never posted is not marked", async () => {
    const r = await mcp.call("get_round", { round: "morning" });
    expect(textOf(r)).not.toContain("🔎");
    expect(r.structuredContent?.forReference).toBeUndefined();
  });
});

describe("a refusal names what was typed", () => {
  it("get_round 31 Feb: as every impossible date", async () => {
    const r = await mcp.call("get_round", { date: "31 Feb" });
    expect(r.isError).toBe(true);
    expect(textOf(r).split("\n")[0]).toBe(
      "⚠️ The input to get_round is not valid: date: 31 Feb is not a real date: there is no 31 February.",
    );
  });

  it("get_round evenig: not a round, the near one, then the rounds", async () => {
    const r = await mcp.call("get_round", { round: "evenig" });
    expect(textOf(r).split("\n")[0]).toBe(
      '⚠️ The input to get_round is not valid: round: "evenig" is not a round. Did you mean evening? The rounds: morning (am, breakfast), midday (noon, lunch), evening (pm, dinner, tea, supper, night).',
    );
  });
});

describe("an empty list: its title first, what it says, no page of nothing", () => {
  it.each([
    ["list_customers", { search: "zzzzqq" }, "Customers matching “zzzzqq” (0)", "No customers match."],
    ["list_pets", { name: "zzzzqq" }, "Pets matching “zzzzqq” (0)", "No pets match."],
    ["list_bookings", { search: "zzzzqq" }, "Bookings: “zzzzqq” (0)", "No bookings match."],
  ])("%s", async (name, args, title, none) => {
    const text = textOf(await mcp.call(name, args));
    expect(text.split("\n")[0]).toBe(title);
    expect(text).toContain(none);
    expect(text).not.toContain("Page 1 of 0");
  });

  it("list_pets asked with no name: every pet, never “matching “””", async () => {
    const text = textOf(await mcp.call("list_pets", {}));
    expect(text.split("\n")[0]).toMatch(/^Pets \(\d+\)$/);
    expect(text).not.toContain("matching “”");
  });

  it("a list with rows: its title first, then the page line", async () => {
    const text = textOf(await mcp.call("list_bookings", { pageSize: 5 }));
    const lines = text.split("\n");
    expect(lines[0]).toMatch(/^Bookings \(\d+\)$/);
    expect(lines.at(-1)).toMatch(
      /^Page 1 of \d+ \(page size 5, \d+ bookings in all\)\. Ask for page 2 for more\.$/,
    );
  });

  it("list_bookings with a mistyped status: the terminal's suggestion", async () => {
    const text = textOf(await mcp.call("list_bookings", { status: "confirmd" }));
    const cli = await terminal(["bookings", "status:confirmd"]);
    const said = "No bookings have the status “confirmd”. Did you mean confirmed?";
    expect(text).toContain(said);
    expect(cli.stdout).toContain(said);
  });
});

describe("a list too slow on the connector: both of what it can ask for less of", () => {
  it("list_bookings over a range: a narrower date range or a smaller page size", async () => {
    const slow = await connectInProcess(sandbox, { KENNEL_API_TIMEOUT_MS: "200" });
    sandbox.setFaults({ latencyMs: 700 });
    try {
      const r = await slow.call("list_bookings", { from: "2026-11-01", to: "2026-11-30" });
      expect(r.isError).toBe(true);
      expect(textOf(r)).toContain("Try again with a narrower date range or a smaller page size;");
    } finally {
      sandbox.setFaults({});
      await slow.close();
    }
  });
});
