/**
 * Home's "💊 Today's doses" on a long evening: every high-alert (💉) dose late or missed is named
 * whole, however many and however long their names, in as many sections as Slack's limits take,
 * never behind "and N more"; the others fill the cap (at least three beside them: a refusal is a
 * vet's first question), the rest counted by state; the high-alert doses given with no witness
 * named, the few past their cap counted.
 */
import { expect, it } from "vitest";
import type { TodayOverview } from "../../src/answers/today.ts";
import { homeBlocks } from "../../src/blocks/home.ts";
import { todayText } from "../../src/text/index.ts";
import { expectSameLines, TEXT, TZ } from "./harness.ts";

const window = {
  opensAt: "2026-11-22T17:30:00Z",
  dueAt: "2026-11-22T18:00:00Z",
  lateAt: "2026-11-22T18:45:00Z",
  closesAt: "2026-11-22T18:30:00Z",
};
const figures = {
  due: 80,
  onTime: 0,
  givenEarly: 0,
  givenLate: 0,
  afterWindow: 0,
  open: 0,
  openLate: 0,
  missed: 73,
  refused: 0,
  notGiven: 0,
  lateEntries: 0,
  notDue: 0,
  fromWords: 0,
  unwitnessed: { unwitnessed: 7, noPaperWitness: 0 },
};
/** A pet's name of 150 characters, its own number at the end: a cut name would lose it. */
const longName = (i: number) =>
  `${"Princess Buttercup of the Long Meadow ".repeat(4).slice(0, 140).trimEnd()} no. ${i}`;

it("forty high-alert doses missed are each named whole in Slack's limits; the others fill the cap; the unwitnessed named", () => {
  const high = Array.from({ length: 40 }, (_, i) => ({
    state: "missed" as const,
    round: "evening" as const,
    petName: longName(i),
    room: `Kennel ${i}`,
    label: "Phenobarbital 30 mg",
    highAlert: true as const,
    window,
  }));
  const plain = Array.from({ length: 33 }, (_, i) => ({
    state: "missed" as const,
    round: "morning" as const,
    petName: `Pet ${i}`,
    room: undefined,
    label: "Metacam",
    window,
  }));
  const unwitnessed = Array.from({ length: 7 }, (_, i) => ({
    round: "evening" as const,
    petName: `Sugar ${i}`,
    room: "Kennel 4",
    label: "Caninsulin",
    highAlert: true as const,
    at: "2026-11-22T18:10:00Z",
    userName: "Jane",
    onPaper: false,
  }));
  const t: TodayOverview = {
    date: "2026-11-22",
    round: "evening",
    arrivals: 0,
    departures: 0,
    unpaidDepartures: 0,
    paymentToCheck: 0,
    inHouse: 80,
    medicationThisRound: 40,
    careMissingTomorrow: 0,
    fasting: [],
    record: {
      round: { recorded: 0, pets: 80 },
      offFood: [],
      problem: undefined,
      doses: { figures, named: [...high, ...plain], unwitnessed },
    },
    problems: [],
  };
  const blocks = homeBlocks(t, TZ);
  expect(blocks.length).toBeLessThanOrEqual(100);
  for (const b of blocks) if ("text" in b && b.text) expect(b.text.text.length).toBeLessThanOrEqual(3000);
  const figuresBlocks = blocks.slice(0, blocks.findIndex((b) => b.type === "divider") - 1);
  const lines = expectSameLines([{ text: "", blocks: figuresBlocks }], todayText(t, TEXT));
  for (const o of high)
    expect(lines).toContain(
      `❌ missed: ${o.petName} (${o.room}) 💉 Phenobarbital 30 mg · evening · window closed 18:30`,
    );
  // Three of the others beside them (past the cap of eight), the rest counted by state.
  expect(lines.filter((l) => /^❌ missed: Pet \d+ \(?/.test(l))).toHaveLength(3);
  expect(lines).toContain("and 30 more (❌ 30 missed): see each round post's thread (/rounds)");
  // Each given with no witness named, up to five; the rest counted, and where they are.
  expect(lines).toContain("💉 unwitnessed: Sugar 0 (Kennel 4) Caninsulin · evening · given 18:10 by Jane");
  expect(lines.filter((l) => l.startsWith("💉 unwitnessed: "))).toHaveLength(5);
  expect(lines).toContain("and 2 more unwitnessed doses: see each round post (/rounds)");
});
