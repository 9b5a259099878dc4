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

  it("a late post says so on both; a day with no one in says so", async () => {
    const r = await roundReport(busy.deps, "evening", busy.day);
    expect(JSON.stringify(roundMessages(r, "19:40").parent)).toContain("⏰ posted late, at 19:40");
    const empty = await roundReport(busy.deps, "midday", "2020-01-01");
    const post = roundMessages(empty);
    expect(expectSameLines([post.parent], roundText(empty, TEXT))).toContain("No pets in house on this day.");
  });
});
