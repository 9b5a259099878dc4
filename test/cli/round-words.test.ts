/**
 * Issue 19 on the sandbox as a new user runs it (`kennel-desk sandbox` with its defaults, then
 * `kennel-desk rounds …`): Kennel 5's Juniper has Rimadyl with the breakfast dose written in its
 * instruction and an evening field; Müller's Biscuit has doses written only in words.
 */
import { describe, expect, it } from "vitest";
import { sandboxLandmarks } from "../../src/sandbox/data.ts";
import { petBlock } from "../text/fixtures.ts";
import { useSandboxCli } from "./helpers.ts";

const TODAY = "2026-11-24";
// The sandbox's own defaults (seed 1, 400 customers), as `kennel-desk sandbox` starts it.
const run = useSandboxCli({ timezone: "Europe/London", today: TODAY }, () => new Date(`${TODAY}T09:00:00Z`));

describe("no dose hidden, on the sandbox", () => {
  it("rounds morning: Juniper's Rimadyl with 'half a tablet with breakfast', never 'nothing this round'", async () => {
    const r = await run(["rounds", "morning", TODAY]);
    expect(r.code, r.stderr).toBe(0);
    const juniper = petBlock(r.stdout, "Juniper");
    expect(juniper).toContain(
      "💊 Rimadyl 50 mg · instruction: Rimadyl 50 mg: half a tablet with breakfast, hidden in a small piece of cheese",
    );
    expect(juniper).toContain("· later: evening: Half a tablet with dinner");
    expect(juniper).not.toContain("nothing this round");
    expect(r.stdout).not.toMatch(/💊 0 with medication this round/);
  });

  it("rounds evening: the bedtime and twice-daily drugs, by their words; the once-daily one points to its sheet", async () => {
    const lm = sandboxLandmarks(TODAY).doseWords;
    const r = await run(["rounds", "evening", TODAY]);
    expect(r.code, r.stderr).toBe(0);
    const biscuit = petBlock(r.stdout, "Biscuit (Hannah Müller)");
    expect(biscuit).toContain(
      `💊 Calmex · instruction (its words "bedtime" put it on this round): ${lm.bedtime}`,
    );
    expect(biscuit).toContain(
      `💊 Yumove joint supplement · instruction (its words "twice daily" put it on this round): ${lm.twiceDaily}`,
    );
    expect(biscuit).toContain('💊 Cefalexin 500 mg · instruction (its words "every 8 hours"');
    expect(biscuit).toContain("💊 Soloxine 0.4 mg · given once a day (see the morning sheet)");
    const morning = petBlock((await run(["rounds", "morning", TODAY])).stdout, "Biscuit (Hannah Müller)");
    expect(morning).toContain(
      `💊 Soloxine 0.4 mg · instruction: ${lm.onceDaily} · once a day: check it was not given already`,
    );
  });
});
