/** The care plan's edit form with an item's words longer than a section: whole, never cut (within a form's 100 blocks). */
import { describe, expect, it } from "vitest";
import { blocksViolations, LIMITS, viewViolations } from "../../src/blocks/limits.ts";
import { editModal } from "../../src/blocks/plan-edit.ts";
import type { Block, InputBlock } from "../../src/blocks/types.ts";
import type { PlanItem } from "../../src/domain/plan/types.ts";
import { heavyWords, shownWords, wordsShown } from "../helpers/heavy-words.ts";

const words = (tag: string, n: number) => Array.from({ length: n }, (_, i) => `${tag}w${i}`);

function item(key: PlanItem["key"], text: string): PlanItem {
  return {
    key,
    what: { text, name: `Drug ${key}` },
    when: { rounds: [], days: { every: "day" }, steps: [] },
    kind: { kind: "routine" },
    source: { fields: [{ field: "medication", words: text }], hash: "h" },
    readBy: "nobody",
    doubts: [],
    sameDrugAs: [],
  };
}

type ViewBlock = Block | InputBlock;
const viewOf = (items: PlanItem[], key?: PlanItem["key"]) =>
  editModal(
    "sealed",
    {
      versionId: 1,
      petName: "Biscuit",
      plan: {
        format: 1,
        bookingId: 1,
        petId: 2,
        items,
        sourceHash: "s",
        draftedAt: "2026-11-26T08:00:00Z",
        confirmations: [],
      },
    },
    { beforeMinutes: 60, afterMinutes: 120, highAlertAfterMinutes: 30 },
    key,
  );
const formOf = (items: PlanItem[], key?: PlanItem["key"]) => viewOf(items, key).blocks as ViewBlock[];
const sectionText = (b: ViewBlock) => (b.type === "section" ? (b.text?.text ?? "") : "");
const shown = (blocks: ViewBlock[]) => new Set(blocks.flatMap((b) => sectionText(b).split(/[\s"]+/)));

describe("the plan's edit form shows an item's words whole", () => {
  it("words of 7,000 characters: every word, in sections above its fields, each section's marks closed", () => {
    const text = words("a", 1200).join(" ");
    expect(text.length).toBeGreaterThan(7000);
    const blocks = formOf([item("med:1", text)], "med:1");
    expect(blocksViolations(blocks, LIMITS.viewBlocks)).toEqual([]);
    const sections = blocks.slice(
      0,
      blocks.findIndex((b) => b.block_id === "rounds:med:1"),
    );
    expect(sections.length).toBeGreaterThanOrEqual(3);
    expect(sectionText(sections[0] as ViewBlock)).toMatch(/^\*💊 Drug med:1\*\n/);
    for (const s of sections) expect((sectionText(s).match(/\*/g) ?? []).length % 2).toBe(0);
    const seen = shown(sections);
    expect(words("a", 1200).every((w) => seen.has(w))).toBe(true);
    expect(sections.map(sectionText).join(" ")).not.toContain("…");
  });

  it("every item past a form's 100 blocks: each item's words whole, or its name and where to read them", () => {
    const n = 4000;
    const keys = ["med:1", "med:2", "med:3", "med:4", "med:5", "meal"] as const;
    const items = keys.map((k, i) => item(k, words(`i${i}`, n).join(" ")));
    const blocks = formOf(items);
    expect(blocksViolations(blocks, LIMITS.viewBlocks)).toEqual([]);
    const seen = shown(blocks);
    const whole = keys.map((k, i) => {
      const count = words(`i${i}`, n).filter((w) => seen.has(w)).length;
      expect([0, n]).toContain(count);
      const at = blocks.findIndex((b) => b.block_id === `rounds:${k}`);
      expect(at).toBeGreaterThan(0);
      if (count === 0) {
        const said = sectionText(blocks[at - 1] as ViewBlock);
        expect(said).toContain(k === "meal" ? "🍽 meal" : `💊 Drug ${k}`);
        expect(said).toContain("read them whole in the plan's form");
      }
      return count === n;
    });
    expect(whole).toContain(true);
    expect(whole).toContain(false);
  });

  it("three items past a form's 250 kB before its 100 blocks (`&`, emoji, Japanese): each whole or where it is", () => {
    const keys = ["med:1", "med:2", "meal"] as const;
    const texts = keys.map((_, i) => heavyWords(`h${i}x`, 60_000));
    const view = viewOf(keys.map((k, i) => item(k, (texts[i] as string[]).join(" "))));
    expect(viewViolations(view)).toEqual([]);
    const blocks = view.blocks as ViewBlock[];
    expect(blocks.length).toBeLessThan(LIMITS.viewBlocks - 5);
    const seen = wordsShown(blocks);
    const whole = texts.map((t) => {
      const count = shownWords(t).filter((w) => seen.has(w)).length;
      expect([0, t.length]).toContain(count);
      return count > 0;
    });
    expect(whole).toContain(true);
    expect(whole).toContain(false);
  });
});
