/**
 * A list in a view within its 100 blocks (src/blocks/form-room.ts `fitList`): every group when all
 * fit; else those that fit whole, in order, one too long for the room left passed over rather than
 * hiding every group after it, and one block saying how many are not shown.
 */
import { describe, expect, it } from "vitest";
import { fitList } from "../../src/blocks/form-room.ts";

const group = (tag: string, n: number) => Array.from({ length: n }, (_, i) => `${tag}${i}`);
const more = (n: number) => `and ${n} more`;

describe("fitList", () => {
  it("every group when all fit", () => {
    expect(fitList([group("a", 3), group("b", 2)], 0, more)).toEqual([...group("a", 3), ...group("b", 2)]);
  });

  it("one group too long for the room passes over it, not the groups after it", () => {
    const shown = fitList([group("a", 2), group("huge", 150), group("b", 3), group("c", 2)], 2, more);
    expect(shown).toEqual([...group("a", 2), ...group("b", 3), ...group("c", 2), "and 1 more"]);
  });

  it("past the room: whole groups in order, then how many are not shown, within 100 blocks", () => {
    const groups = Array.from({ length: 30 }, (_, i) => group(`g${i}-`, 4));
    const shown = fitList(groups, 3, more);
    expect(shown.length).toBeLessThanOrEqual(97);
    expect(shown.at(-1)).toBe(`and ${30 - (shown.length - 1) / 4} more`);
  });
});
