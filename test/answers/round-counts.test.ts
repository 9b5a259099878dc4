/**
 * The figures staff glance at agree with the sheets they read, on the sandbox's busy day (150+ pets):
 * each round's summary, the Home tab's "medication this round", and tomorrow's check ("no diet")
 * are counted from the same sheets that list the doses, over real loopback HTTP.
 */
import { describe, expect, it } from "vitest";
import { dayReport } from "../../src/answers/day.ts";
import { roundReport } from "../../src/answers/rounds.ts";
import { todayOverview, tomorrowCheck } from "../../src/answers/today.ts";
import { homeBlocks } from "../../src/blocks/home.ts";
import { ROUNDS, type Round } from "../../src/domain/care.ts";
import { roundText } from "../../src/text/index.ts";
import { PLAIN } from "../text/fixtures.ts";
import { TZ, useFullHouse } from "./full-house.ts";

const { house, depsAt } = useFullHouse();

/** Each pet's block on the printed sheet: its first line and its detail lines. */
function petBlocks(text: string): string[][] {
  const blocks: string[][] = [];
  for (const line of text.split("\n")) {
    if (/^ {2}\S/.test(line)) blocks.push([line]);
    else if (/^ {5}\S/.test(line)) blocks.at(-1)?.push(line);
  }
  return blocks;
}

/**
 * A medication line to act on this round, read from the words alone: due, or on this round with its
 * plan not confirmed ("check: …": counted too, never hidden from the figure).
 */
const dueLine = (l: string) =>
  l.trimStart().startsWith("💊") &&
  // The care plan's word beside a line: "due…" or "check: …" ("not today"… do not count).
  !/· 📋 plan: (?!due|check: )/.test(l) &&
  !l.includes("· nothing this round (given at") &&
  !l.includes(", not this one") &&
  !/· given once a day \(see the \w+ sheet\)( · 📋 (plan: )?check: [^·]+)?$/.test(l);

/** A line of those whose plan item is to check. */
const checkLine = (l: string) => dueLine(l) && /· 📋 (plan: )?check: [^·]+$/.test(l);

const AT: Record<Round, string> = { morning: "08:00", midday: "12:30", evening: "18:30" };

describe("the counts agree with the sheets on the busy day", () => {
  it.each(ROUNDS)("%s: the summary and the Home tab count what the sheet lists", async (round) => {
    const deps = depsAt(AT[round]);
    const report = await roundReport(deps, round, house.day);
    expect(report.pets.length).toBeGreaterThan(30);
    const blocks = petBlocks(roundText(report, PLAIN));
    expect(blocks.length).toBe(report.pets.length);
    const withDue = blocks.filter((b) => b.some(dueLine)).length;
    const toCheck = blocks.filter((b) => b.some(checkLine)).length;
    // No plan is confirmed here (no care record): doses to check on every round, and counted.
    expect(toCheck).toBeGreaterThan(0);
    const noDiet = blocks.filter((b) =>
      b.some((l) => l.includes("(no diet on record: check the booking)")),
    ).length;
    const nothing = blocks.filter((b) => (b[0] ?? "").endsWith("· nothing this round")).length;
    expect(withDue).toBeGreaterThan(0);
    expect(report.totals.withMedication).toBe(withDue);
    expect(report.totals.noDiet).toBe(noDiet);
    expect(report.totals.nothing).toBe(nothing);
    expect(report.totals.toCheck).toBe(toCheck);
    expect(roundText(report, PLAIN)).toContain(
      `💊 ${withDue} with medication this round${toCheck ? ` (${toCheck} to check)` : ""} ·`,
    );
    // The Home tab at that time of the busy day: the same figure, for the same round.
    const today = await todayOverview(deps);
    expect(today.round).toBe(round);
    expect(today.medicationThisRound).toBe(withDue);
    const home = JSON.stringify(homeBlocks(today, TZ));
    expect(home).toContain(`Medication this round (${round}):* ${withDue}`);
  });

  it("tomorrow's check names as 'no diet' exactly the arrivals whose sheet reads 'no diet on record'", async () => {
    const deps = depsAt("18:30");
    const [check, evening, arrivalsDay] = await Promise.all([
      tomorrowCheck(deps, house.day),
      roundReport(deps, "evening", house.day),
      dayReport(deps, "arrivals", house.day, { wholeDay: true }),
    ]);
    const noDietInCheck = new Set(
      check.entries.flatMap((e) =>
        e.pets.filter((p) => p.missing.includes("no diet")).map((p) => p.flags.petId),
      ),
    );
    const arriving = new Set(arrivalsDay.entries.map((e) => e.booking.bookingId));
    const arrivals = evening.pets.filter(
      (p) => p.pet && p.sheet && (arriving.has(p.booking.bookingId) || noDietInCheck.has(p.pet.pet.petId)),
    );
    expect(arrivals.length).toBeGreaterThan(0);
    for (const p of arrivals) {
      expect(p.sheet?.noDiet, String(p.pet?.flags.name)).toBe(noDietInCheck.has(p.pet?.pet.petId));
    }
    expect(arrivals.some((p) => p.sheet?.noDiet)).toBe(true);
    expect(arrivals.some((p) => !p.sheet?.noDiet)).toBe(true);
  });
});
