/**
 * The rounds by the names staff use in the terminal: `kennel-desk rounds WORD` and `digest --round
 * WORD` for every name of every round, any case; with ROUNDS_NAMES the kennel's own names are
 * understood too and shown in the title ("Midday round (Lunch)"). Against the sandbox, fixed clock.
 */
import { describe, expect, it } from "vitest";
import type { RoundReport } from "../../src/answers/rounds.ts";
import { useSandboxCli } from "./helpers.ts";

const TODAY = "2026-03-10";
const run = useSandboxCli(
  { seed: 7, customers: 40, timezone: "Europe/London", today: TODAY },
  () => new Date(`${TODAY}T12:00:00Z`),
);

const NAMES: Array<[string, RoundReport["round"]]> = [
  ["morning", "morning"],
  ["AM", "morning"],
  ["am", "morning"],
  ["Breakfast", "morning"],
  ["midday", "midday"],
  ["noon", "midday"],
  ["LUNCH", "midday"],
  ["lunch", "midday"],
  ["evening", "evening"],
  ["pm", "evening"],
  ["PM", "evening"],
  ["dinner", "evening"],
  ["Tea", "evening"],
  ["supper", "evening"],
  ["night", "evening"],
];

describe("kennel-desk rounds WORD", () => {
  for (const [word, round] of NAMES) {
    it(`${word} is the ${round} round`, async () => {
      const r = await run(["rounds", word, "tomorrow", "--json"]);
      expect(r.code, r.stderr).toBe(0);
      const report = JSON.parse(r.stdout) as RoundReport;
      expect(report.round).toBe(round);
      expect(report.date).toBe("2026-03-11");
      expect(report.kennelName).toBeUndefined();
    });
  }

  it("the round may come after the date", async () => {
    const r = await run(["rounds", "11/03", "lunch", "--json"]);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ round: "midday", date: "2026-03-11" });
  });

  it("the title is the round's own word unless the kennel names its rounds", async () => {
    const plain = await run(["rounds", "lunch"], { NO_COLOR: "1" });
    expect(plain.stdout.split("\n")[0]).toMatch(/^Midday round — Tue 10 Mar/);
    const named = await run(["rounds", "lunch"], { ROUNDS_NAMES: "Breakfast,Lunch,Dinner" });
    expect(named.code, named.stderr).toBe(0);
    expect(named.stdout.split("\n")[0]).toMatch(/^Midday round \(Lunch\) — Tue 10 Mar/);
  });

  it("with ROUNDS_NAMES, the kennel's own names are rounds too", async () => {
    const env = { ROUNDS_NAMES: "First feed,Second feed,Last feed" };
    const r = await run(["rounds", "second", "feed", "--json"], env);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ round: "midday", kennelName: "Second feed" });
    const typo = await run(["rounds", "lst", "feed"], env);
    expect(typo.code).toBe(2);
    expect(typo.calls).toBe(0);
  });
});

describe("kennel-desk digest --round WORD", () => {
  for (const [word, round] of NAMES) {
    it(`--round ${word} is the ${round} round's post`, async () => {
      const r = await run([
        "digest",
        "--content",
        "rounds",
        "--round",
        word,
        "--date",
        TODAY,
        "--dry-run",
        "--json",
      ]);
      expect(r.code, r.stderr).toBe(0);
      const [post] = JSON.parse(r.stdout) as Array<{ kind: string }>;
      expect(post?.kind).toBe(`rounds:${round}`);
    });
  }
});
