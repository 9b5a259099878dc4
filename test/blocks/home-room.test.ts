/**
 * The Home tab past Slack's 100 blocks (fasting words of thousands of characters): nothing cut
 * silently. The commands' list gives way first (said: /kennel help); then whole parts of the day,
 * the fasts first, the rest counted and where they are.
 */
import { describe, expect, it } from "vitest";
import type { TodayOverview } from "../../src/answers/today.ts";
import { homeBlocks } from "../../src/blocks/home.ts";
import { blocksViolations, LIMITS, viewViolations } from "../../src/blocks/limits.ts";
import type { Block } from "../../src/blocks/types.ts";
import { heavyText, heavyWords, shownWords, wordsShown } from "../helpers/heavy-words.ts";

const TZ = "Europe/London";
const words = (tag: string, n: number) => Array.from({ length: n }, (_, i) => `${tag}w${i}`).join(" ");
const today = (fasting: string[]): TodayOverview => ({
  date: "2026-11-22",
  round: "morning",
  arrivals: 1,
  departures: 1,
  unpaidDepartures: 0,
  inHouse: 300,
  medicationThisRound: 3,
  careMissingTomorrow: 0,
  fasting,
  problems: ["the kennel API's bookings"],
});
const text = (blocks: Block[]) =>
  blocks
    .flatMap((b) =>
      b.type === "section" || b.type === "header"
        ? [b.text?.text ?? ""]
        : b.type === "context"
          ? b.elements.map((e) => e.text)
          : [],
    )
    .join("\n");

describe("Home past a tab's 100 blocks", () => {
  it("a usual day: the day, then the commands' list", () => {
    const blocks = homeBlocks(today(["Luna (Kennel 6): NIL BY MOUTH – op at 10:00"]), TZ);
    expect(blocksViolations(blocks, LIMITS.viewBlocks)).toEqual([]);
    expect(text(blocks)).toContain("Kennel Desk: what you can ask");
  });

  it("fasts of thousands of characters: the first whole, the rest counted with where they are; the tab within its limits", () => {
    const fasting = Array.from({ length: 12 }, (_, i) => `Pet${i}: NIL BY MOUTH ${words(`f${i}x`, 2300)}`);
    const blocks = homeBlocks(today(fasting), TZ);
    expect(blocksViolations(blocks, LIMITS.viewBlocks)).toEqual([]);
    const all = text(blocks).replace(/\s+/g, " ");
    expect(all).toContain(words("f0x", 2300));
    expect(all).not.toContain("f1xw0 ");
    expect(all).toContain("and 11 more fasting pets: see the round (Show the round, or /rounds)");
    expect(all).toContain("Some figures could not be loaded");
    expect(all).toContain("Kennel Desk: what you can ask");
  });

  it("a day past the tab's room: the commands' list gives way, then whole parts, the rest counted and where, the fasts first", () => {
    const fasting = ["Luna (Kennel 6): NIL BY MOUTH – op at 10:00"];
    // Hundreds of figures that could not be loaded, each said (the only list Home does not cap).
    const problems = Array.from({ length: 800 }, (_, i) => `figure ${i}: ${words(`p${i}x`, 60)}`);
    const blocks = homeBlocks({ ...today(fasting), problems }, TZ);
    expect(blocksViolations(blocks, LIMITS.viewBlocks)).toEqual([]);
    const all = text(blocks);
    expect(all).toContain("NIL BY MOUTH – op at 10:00");
    expect(all).toContain("*🛬 Arrivals:* 1 booking");
    expect(all).toContain("And 1 more of today's parts not shown here");
    expect(all).not.toContain("Kennel Desk: what you can ask");
    expect(all).toContain("What you can ask: /kennel help");
  });

  it("a day past the tab's 250 kB before its 100 blocks: whole parts within it, the fasts first, the rest counted", () => {
    // Fasts and figures not loaded in words heavy in bytes (`&`, emoji, Japanese): the day's parts
    // in fewer than 100 blocks would pass 250 kB.
    const fasts = Array.from({ length: 3 }, (_, i) => heavyWords(`f${i}x`, 2800));
    const problems = Array.from({ length: 20 }, (_, i) => `figure ${i}: ${heavyText(`p${i}x`, 6000)}`);
    const blocks = homeBlocks(
      { ...today(fasts.map((f) => `Pet: NIL BY MOUTH ${f.join(" ")}`)), problems },
      TZ,
    );
    expect(viewViolations({ type: "home", blocks })).toEqual([]);
    expect(blocks.length).toBeLessThan(LIMITS.viewBlocks);
    const seen = wordsShown(blocks);
    // The fasts Home names (as many as its words for them hold) whole, the rest counted.
    for (const f of fasts.slice(0, 2)) expect(shownWords(f).filter((w) => !seen.has(w))).toEqual([]);
    const all = text(blocks);
    expect(all).toContain("and 1 more fasting pet");
    expect(all).toMatch(/And \d+ more of today's parts not shown here/);
    expect(all).toContain("What you can ask: /kennel help");
  });
});
