/** "💊 Give if needed…" with long items: each item, its reason and limits whole; the hint within its limit. */
import { describe, expect, it } from "vitest";
import { blocksViolations, LIMITS } from "../../src/blocks/limits.ts";
import { giveModal } from "../../src/blocks/prn-modal.ts";
import type { Block, InputBlock } from "../../src/blocks/types.ts";
import type { AsNeededItem } from "../../src/domain/prn.ts";

const words = (tag: string, n: number) => Array.from({ length: n }, (_, i) => `${tag}w${i}`);
type ViewBlock = Block | InputBlock;
const open = (items: AsNeededItem[]) =>
  giveModal("sealed", { n: "Biscuit", r: "Kennel 4" }, items, [], {
    timezone: "Europe/London",
    now: "2026-11-24T09:00:00.000Z",
  }).blocks as ViewBlock[];
const hintAt = (blocks: ViewBlock[], id: string) => {
  const b = blocks.find((x) => x.block_id === id);
  return b?.type === "input" ? b.hint?.text : undefined;
};

describe("the give form's items", () => {
  it("five items with long names and reasons: every word above the fields, the hint saying where", () => {
    const keys = ["med:1", "med:2", "med:3", "med:4", "med:5"] as const;
    const items: AsNeededItem[] = keys.map((key, i) => ({
      key,
      label: words(`l${i}`, 100).join(" "),
      text: "as needed",
      reason: words(`r${i}`, 80).join(" "),
      maxPer24h: 2,
    }));
    const blocks = open(items);
    expect(blocksViolations(blocks, LIMITS.viewBlocks)).toEqual([]);
    const shown = blocks
      .slice(
        0,
        blocks.findIndex((b) => b.block_id === "item"),
      )
      .flatMap((b) => (b.type === "section" && b.text ? [b.text.text] : []))
      .join("\n");
    expect(shown.length).toBeGreaterThan(LIMITS.sectionText);
    for (const i of keys.keys()) {
      for (const w of [...words(`l${i}`, 100), ...words(`r${i}`, 80)])
        expect(shown).toMatch(new RegExp(`(^|\\W)${w}(\\W|$)`));
    }
    expect(shown).not.toContain("…");
    expect(hintAt(blocks, "reason")).toBe("The plan's reason for each is above, beside it.");
  });

  it("a short reason is the hint, as before", () => {
    const blocks = open([
      { key: "med:1", label: "Piriton 4mg", text: "Piriton 4mg PRN", reason: "only if scratching" },
    ]);
    expect(hintAt(blocks, "reason")).toBe("The plan says: only if scratching");
  });
});
