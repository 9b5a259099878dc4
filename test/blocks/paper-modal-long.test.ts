/** "📄 Enter from paper…": a dose's words longer than a section, whole and bold in every block. */
import { describe, expect, it } from "vitest";
import { blocksViolations, LIMITS } from "../../src/blocks/limits.ts";
import { paperPetModal } from "../../src/blocks/paper-modal.ts";
import type { Block, InputBlock } from "../../src/blocks/types.ts";
import type { PaperPetDoc } from "../../src/present/paper-form.ts";

const words = Array.from({ length: 1200 }, (_, i) => `aw${i}`);
const fields = (n: number) => ({ mark: `mark:${n}`, time: `time:${n}`, by: `by:${n}`, note: `note:${n}` });
const doc: PaperPetDoc = {
  pet: "Biscuit · booking 7",
  round: "the morning round of Tue 24 Nov",
  intro: "For each dose, what the paper says.",
  marks: [{ text: "given", value: "given" }],
  timeLabel: "Time on the paper",
  witnessLabel: "Second person",
  doses: [
    { text: `Rimadyl & ${words.join(" ")}`, recorded: undefined, fields: fields(1) },
    { text: "Apoquel 16 mg", recorded: undefined, fields: fields(2) },
  ],
};

describe("the paper form's doses", () => {
  it("a dose of 7,000 characters: every word, each block bold on its own, within Slack's limits", () => {
    const blocks = paperPetModal(() => "sealed", doc).blocks as Array<Block | InputBlock>;
    expect(blocksViolations(blocks, LIMITS.viewBlocks)).toEqual([]);
    const texts = blocks.flatMap((b) => (b.type === "section" && b.text ? [b.text.text] : []));
    const dose = texts.slice(1, -1);
    expect(dose.length).toBeGreaterThanOrEqual(3);
    // Each piece of the long line (a new line of a section, or the next section) bold on its own.
    const pieces = dose.flatMap((t) => t.split("\n"));
    for (const t of pieces) expect(t).toMatch(/^(💊 )?\*[^*]+\*\s*$/);
    const shown = pieces.map((t) => t.replace(/^(💊 )?\*|\*\s*$/g, "")).join(" ");
    expect(shown.split(/\s+/)).toEqual(`Rimadyl &amp; ${words.join(" ")}`.split(" "));
    expect(texts.at(-1)).toBe("💊 *Apoquel 16 mg*");
  });
});
