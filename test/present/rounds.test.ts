/**
 * A round's sheet in Slack (/rounds, the round posts: a parent and thread replies) and in the
 * terminal (`kennel-desk rounds`, the connector's get_round) is one document serialized twice: on
 * the busy day, each round, line by line the same text in the same order.
 */
import { describe, expect, it } from "vitest";
import { roundReport } from "../../src/answers/rounds.ts";
import { roundMessages } from "../../src/blocks/rounds.ts";
import type { Threaded } from "../../src/blocks/thread.ts";
import type { Message } from "../../src/blocks/types.ts";
import { value } from "../../src/present/doc.ts";
import { roundText } from "../../src/text/index.ts";
import { unmark } from "../helpers/visible.ts";
import { busyDay, expectSameLines, TEXT } from "./harness.ts";

const busy = busyDay();

/**
 * The post as one reading: the parent's header, summary and pets, each reply's pets (without the
 * reply's "21–65 of 120" line, which says where it continues), then the parent's foot.
 */
function reading(post: Threaded): Message[] {
  const blocks = post.parent.blocks;
  const foot = blocks.at(-1)?.type === "context" && post.replies.length ? [blocks.at(-1)] : [];
  return [
    { text: "", blocks: foot.length ? blocks.slice(0, -1) : blocks },
    ...post.replies.map((m) => ({ text: "", blocks: m.blocks.slice(1) })),
    { text: "", blocks: foot as Message["blocks"] },
  ];
}

describe("a round: one document, two serializers", () => {
  it.each(["morning", "midday", "evening"] as const)(
    "the busy day's %s round says the same",
    async (round) => {
      const r = await roundReport(busy.deps, round, busy.day);
      expect(r.pets.length).toBeGreaterThan(30);
      const post = roundMessages(r);
      if (round === "morning") expect(post.replies.length).toBeGreaterThan(0);
      const lines = expectSameLines(reading(post), roundText(r, TEXT)).join("\n");
      for (const p of r.pets)
        expect(lines).toContain(
          unmark(p.pet?.flags.name ?? (p.unmatched.join(", ") || p.booking.petNames || "")),
        );
      // Every medication row of the sheet is on both.
      for (const p of r.pets)
        for (const m of p.sheet?.medications ?? [])
          expect(lines).toContain(unmark(value(m.medication.name, 200)));
    },
  );

  it("the busy day's sheets carry the record's off-food flag on both", async () => {
    const r = await roundReport(busy.deps, "morning", busy.day);
    const tyson = r.pets.find((p) => p.booking.reference === "AW-BITE");
    expect(tyson?.offFood?.meals).toBe(2);
    const lines = expectSameLines(reading(roundMessages(r)), roundText(r, TEXT));
    const at = lines.findIndex((l) => l.includes("Tyson (Rhian Vaughan)"));
    expect(lines[at + 1]).toBe("🍽 off food: 2 meals");
  });

  it("a late post says so on both; a day with no one in says so", async () => {
    const r = await roundReport(busy.deps, "evening", busy.day);
    expect(JSON.stringify(roundMessages(r, "19:40").parent)).toContain("⏰ posted late, at 19:40");
    const empty = await roundReport(busy.deps, "midday", "2020-01-01");
    const post = roundMessages(empty);
    expect(expectSameLines([post.parent], roundText(empty, TEXT))).toContain("No pets in house on this day.");
  });
});

/** The lines of one pet's block: from its first line (naming `who`) to the next pet's. */
function block(lines: string[], who: string): string[] {
  const at = lines.findIndex((l) => l.includes(who));
  expect(at, who).toBeGreaterThan(-1);
  const next = lines.findIndex((l, i) => i > at && /^(Kennel|Cattery|Suite|Daycare|no room)\b.* · /.test(l));
  return lines.slice(at, next < 0 ? undefined : next);
}

describe("the awkward day (issue 32): each round the same on both, care exact", () => {
  it.each(["morning", "midday", "evening"] as const)("the %s round", async (round) => {
    const r = await roundReport(busy.deps, round, busy.today);
    const lines = expectSameLines(reading(roundMessages(r)), roundText(r, TEXT));
    // Notes that carry danger, on every round: each a ⚠️ line of its own.
    expect(block(lines, "Dylan (Gareth Pugh)")).toContain(
      "⚠️ notes: Seizure plan: if a fit lasts > 5 min call the vet",
    );
    const tyson = block(lines, "Tyson (Rhian Vaughan)");
    expect(tyson).toContain("⚠️ notes: AGGRESSIVE with other dogs – muzzle on walks");
    expect(tyson).toContain("⚠️ evaluation notes: Escape artist: do NOT walk with other dogs");
    // The record's flag, as Slack's round post has it.
    expect(tyson[1]).toBe("🍽 off food: 2 meals");
    expect(block(lines, "Bess (Huw Jenkins)")).toContain(
      "⚠️ notes: Feed separately from Max, food aggressive",
    );
    // Still checked in a day past its check-out: on the sheet with its phenobarbital, and the question.
    const jess = block(lines, "Jess (Sioned Ellis)");
    expect(jess[0]).toContain("⚠️ past check-out (Sat 21 Nov 10:00): still here?");
    expect(jess.join("\n")).toContain("Phenobarbital 30 mg");
    // The dose with a decimal comma, never cut.
    expect(block(lines, "Pippa (Alun Hopkins)").join("\n")).toContain("💊 Vetmedin 2,5 mg · ");
    // One cat, her Felimazole.
    expect(block(lines, "Salt & Pepper (Megan Rowlands)").join("\n")).toContain("Felimazole 2.5 mg");
    // Another customer's pet: not this booking's, never its Metacam.
    const moss = block(lines, "Moss (Nerys Harries)");
    expect(moss.join("\n")).toContain("care details not matched");
    expect(lines.join("\n")).not.toContain("Metacam 2 ml");
    // Fasting from 20:00: every round of the day is before it, the meal as usual beside it.
    const milo = block(lines, "Milo (Owain Hughes)");
    expect(milo[1]).toBe("🚫 fasting from 20:00: Fasting from 8pm");
    expect(milo.some((l) => l.startsWith("🍽 "))).toBe(true);
    // Checked out at 08:30: on the morning sheet (07:30, before it left), off the rest.
    const bobby = lines.find((l) => l.includes("Bobby (Iwan Powell)"));
    if (round === "morning") expect(bobby).toContain("🏠 checked out 08:30");
    else expect(bobby).toBeUndefined();
  });

  it("a feeding note on the rounds that feed the pet, in full", async () => {
    const r = await roundReport(busy.deps, "evening", busy.today);
    const lines = expectSameLines(reading(roundMessages(r)), roundText(r, TEXT));
    expect(block(lines, "Dylan (Gareth Pugh)")).toContain(
      "📝 evaluation notes: Eats from a slow-feeder bowl",
    );
  });
});
