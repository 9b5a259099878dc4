/**
 * A list in a view within its 100 blocks and its 250 kB (src/blocks/form-room.ts `fitList`): every
 * group when all fit; else those that fit whole, in order, one too long for the room left passed over
 * rather than hiding every group after it, and one block saying how many are not shown. A form's
 * pages (`formPages`) within their room in blocks and bytes, a question placed as it is measured.
 */
import { describe, expect, it } from "vitest";
import { fitList, formPages } from "../../src/blocks/form-room.ts";
import { jsonBytes, LIMITS } from "../../src/blocks/limits.ts";

const group = (tag: string, n: number) => Array.from({ length: n }, (_, i) => `${tag}${i}`);
const more = (n: number) => `and ${n} more`;

describe("fitList", () => {
  it("every group when all fit", () => {
    expect(fitList([group("a", 3), group("b", 2)], [], more)).toEqual([...group("a", 3), ...group("b", 2)]);
  });

  it("one group too long for the room passes over it, not the groups after it", () => {
    const shown = fitList(
      [group("a", 2), group("huge", 150), group("b", 3), group("c", 2)],
      group("o", 2),
      more,
    );
    expect(shown).toEqual([...group("a", 2), ...group("b", 3), ...group("c", 2), "and 1 more"]);
  });

  it("past the room: whole groups in order, then how many are not shown, within 100 blocks", () => {
    const groups = Array.from({ length: 30 }, (_, i) => group(`g${i}-`, 4));
    const shown = fitList(groups, group("o", 3), more);
    expect(shown.length).toBeLessThanOrEqual(97);
    expect(shown.at(-1)).toBe(`and ${30 - (shown.length - 1) / 4} more`);
  });

  it("past the view's 250 kB before its 100 blocks: whole groups within it, then how many are not shown", () => {
    // Thirty groups of one block of 20,000 bytes (Japanese, three bytes a character): 30 blocks, 600 kB.
    const groups = Array.from({ length: 30 }, (_, i) => [`${i}:${"犬".repeat(6666)}`]);
    const shown = fitList(groups, group("o", 3), more);
    const n = shown.length - 1;
    expect(n).toBeGreaterThan(5);
    expect(shown).toEqual([...groups.slice(0, n).flat(), `and ${30 - n} more`]);
    expect(jsonBytes([...shown, ...group("o", 3)])).toBeLessThanOrEqual(LIMITS.viewBytes);
  });
});

describe("formPages", () => {
  // A block of n bytes in a view's JSON (a string's quotes and the comma after it counted).
  const block = (tag: string, n: number) => `${tag}${"x".repeat(n - 3 - tag.length)}`;
  const marks = {
    goesOn: (w: string, p: number) => `↪ ${w} ${p}`,
    continued: (w: string, p: number) => `↩ ${w} ${p}`,
  };
  const words = block("w", 500);
  const asked = block("q", 300);

  it("a page ends by bytes as by blocks: an item's question that fits only as drawn goes to the next page when measured longer", () => {
    const room = { blocks: 20, bytes: 1000 };
    const drawn = formPages(
      [{ words: [words], questions: [{ n: 1, blocks: [asked] }], item: "meal" }],
      room,
      marks,
    );
    expect(drawn.map((p) => p.blocks)).toEqual([[words, asked]]);
    // Measured with its longest answer chosen (550 bytes), it does not fit beside the words: the next
    // page asks it, drawn as it is.
    const measured = formPages(
      [{ words: [words], questions: [{ n: 1, blocks: [asked], measure: [block("m", 550)] }], item: "meal" }],
      room,
      marks,
    );
    expect(measured.map((p) => [p.blocks, p.items, p.questions])).toEqual([
      [[words], ["meal"], []],
      [[asked], [], [1]],
    ]);
  });
});
