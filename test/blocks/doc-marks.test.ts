/**
 * A marked span longer than a section (a dose struck through as recorded, bold words, of thousands of
 * characters) is cut between words before it is drawn: each block carries its own marks, opened and
 * closed in it, so Slack draws the strike-through (or the bold) in every block and no stray mark.
 */
import { describe, expect, it } from "vitest";
import { docMessages } from "../../src/blocks/doc.ts";
import { limitViolations } from "../../src/blocks/limits.ts";
import { petBlocks } from "../../src/blocks/round-pet.ts";
import type { Block, Message } from "../../src/blocks/types.ts";
import type { Doc, Line, Span } from "../../src/present/doc.ts";
import { marksClosed, wordsIn } from "../helpers/marks.ts";

/** Distinct words past `n` characters, so a word lost anywhere is seen. */
const words = (head: string, n: number): string => {
  const out: string[] = [];
  for (let i = 0; out.join(" ").length < n; i++) out.push(`${head}${i}`);
  return out.join(" ");
};

const texts = (blocks: Block[]): string[] =>
  blocks.flatMap((b) =>
    b.type === "section"
      ? [...(b.text ? [b.text.text] : []), ...(b.fields ?? []).map((f) => f.text)]
      : b.type === "context"
        ? b.elements.map((e) => e.text)
        : [],
  );

const blocksOf = (messages: Message[]) => messages.flatMap((m, i) => (i ? m.blocks.slice(1) : m.blocks));

/** A dose's line as a late reply draws it: the pet, its dose marked, who recorded it, the next dose. */
const doseLine = (marked: Span): Line => [
  { text: "• Biscuit (Kennel 4): " },
  marked,
  { text: " (given 08:50 Jane); " },
  { ...marked, text: "Drug1 one tablet" },
];

describe("a marked span longer than a section", () => {
  for (const [mark, span] of [
    ["~", { struck: true }],
    ["*", { strong: true }],
    ["_", { em: true }],
  ] as const) {
    const long = words(`Drug0 ${mark === "~" ? "struck" : "marked"}`, 7000);
    const line = doseLine({ text: long, ...span });
    const all = wordsIn([line.map((s) => s.text).join("")]);

    it(`${mark}: every block's text opens and closes its marks, every word present, in a document`, () => {
      for (const kind of ["text", "item"] as const) {
        const doc: Doc = { fallback: "Late", parts: [{ kind, lines: [line] }] };
        const messages = docMessages(doc);
        for (const m of messages) expect(limitViolations(m)).toEqual([]);
        const shown = texts(blocksOf(messages));
        expect(shown.length).toBeGreaterThan(2);
        for (const t of shown) expect(marksClosed(t, mark), t.slice(0, 60)).toBe(true);
        expect(wordsIn(shown)).toEqual(all);
      }
    });

    it(`${mark}: the same in small print, a field and a pet on a round's sheet`, () => {
      const doc: Doc = {
        fallback: "Late",
        parts: [
          { kind: "note", lines: [line] },
          { kind: "fields", fields: [{ label: "Doses", value: line }] },
        ],
      };
      const shown = texts(blocksOf(docMessages(doc)));
      const pet = texts(petBlocks("9-1", [line], [line], [], 1));
      for (const t of [...shown, ...pet]) expect(marksClosed(t, mark), t.slice(0, 60)).toBe(true);
      expect(wordsIn(pet)).toEqual([...all, ...all]);
      expect(wordsIn(shown)).toEqual([...all, "Doses:", ...all]);
    });
  }

  it("marks in the API's own words are left as they are, not mistaken for the drawing's", () => {
    const line: Line = [{ text: `${words("a~b*c_d", 4000)} `, struck: true }, { text: "~*_ x" }];
    const doc: Doc = { fallback: "Late", parts: [{ kind: "text", lines: [line] }] };
    const bare = (t: string) => t.replace(/\s+/g, "");
    const shown = texts(blocksOf(docMessages(doc)));
    expect(shown.at(-1)).toMatch(/~\*_ x$/);
    expect(bare(shown.join(""))).toBe(bare(line.map((s) => s.text).join("")));
  });
});
