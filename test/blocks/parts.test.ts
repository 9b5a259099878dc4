/**
 * How a drawing's further parts are put in place in a thread (`partSteps`): the parts found are
 * used in the thread's order for the lowest numbers, each marked anew with the number its place
 * needs, the rest posted after them, the ones left over saying they are no longer used; so the
 * thread reads 1, 2, 3 even when a part was deleted from the middle or a post failed.
 */
import { describe, expect, it } from "vitest";
import {
  type FoundPart,
  furtherParts,
  type PartPlace,
  partPlace,
  partSteps,
  partsIn,
} from "../../src/blocks/parts.ts";
import type { Message } from "../../src/blocks/types.ts";
import { PART_UNUSED } from "../../src/words/parts.ts";

const FIRST = "1795400000.000100";

/** A drawing in `n` parts, each part's words saying which it is. */
const drawing = (n: number): Message[] =>
  Array.from({ length: n }, (_, k) => ({
    text: `part ${k + 1}`,
    blocks: [{ type: "section", text: { type: "mrkdwn", text: `part ${k + 1}`, verbatim: true } }],
  }));

/** A further part in the thread at `ts`, as `partsIn` finds it: part `i` of a drawing in `n`. */
const found = (ts: string, i: number, n: number): FoundPart =>
  partsIn(
    [{ ts, blocks: [{ type: "section", block_id: `kd_part:${i}:${n}:${FIRST}` }] }],
    FIRST,
  )[0] as FoundPart;

/** A step: the message it updates (or that it posts), its words and the place its markers give it. */
interface Read {
  update?: string;
  post?: true;
  text: string;
  place: PartPlace;
}

const read = (steps: ReturnType<typeof partSteps>): Read[] =>
  steps.map((s) => ({
    ...("update" in s ? { update: s.update } : { post: true as const }),
    text: "update" in s ? s.message.text : s.post.text,
    place: partPlace("update" in s ? s.message.blocks : s.post.blocks),
  }));

describe("a drawing's further parts put in place in its thread", () => {
  it("all there: each updated where it is with its own part", () => {
    const steps = partSteps(drawing(3), FIRST, [
      found("1795400001.000100", 2, 3),
      found("1795400002.000100", 3, 3),
    ]);
    expect(steps).toEqual([
      { update: "1795400001.000100", message: furtherParts(drawing(3), FIRST)[0] },
      { update: "1795400002.000100", message: furtherParts(drawing(3), FIRST)[1] },
    ]);
  });

  it("part 2 gone, part 3 there: part 3's message takes part 2, part 3 posted after it (the thread reads 1, 2, 3)", () => {
    const steps = partSteps(drawing(3), FIRST, [found("1795400002.000100", 3, 3)]);
    expect(read(steps)).toEqual([
      { update: "1795400002.000100", text: "part 2", place: { i: 2, n: 3, firstTs: FIRST } },
      { post: true, text: "part 3", place: { i: 3, n: 3, firstTs: FIRST } },
    ]);
  });

  it("found out of the thread's order: used in ts order", () => {
    const steps = partSteps(drawing(4), FIRST, [
      found("1795400010.000100", 2, 4),
      found("1795400009.000300", 4, 4),
      found("1795400009.000200", 3, 4),
    ]);
    expect(read(steps).map((s) => [s.update, s.text, s.place.i])).toEqual([
      ["1795400009.000200", "part 2", 2],
      ["1795400009.000300", "part 3", 3],
      ["1795400010.000100", "part 4", 4],
    ]);
  });

  it("a gap and a shorter drawing: the first found is part 2, the later one a note numbered after it", () => {
    const steps = partSteps(drawing(2), FIRST, [
      found("1795400001.000100", 2, 4),
      found("1795400003.000100", 4, 4),
    ]);
    expect(read(steps)).toEqual([
      { update: "1795400001.000100", text: "part 2", place: { i: 2, n: 2, firstTs: FIRST } },
      { update: "1795400003.000100", text: PART_UNUSED, place: { i: 3, n: 2, firstTs: FIRST } },
    ]);
  });

  it("a part already a note, left over: left as it is; needed again, used in its place", () => {
    const note = found("1795400002.000100", 3, 2);
    expect(note.inUse).toBe(false);
    expect(partSteps(drawing(2), FIRST, [found("1795400001.000100", 2, 2), note])).toHaveLength(1);
    expect(read(partSteps(drawing(4), FIRST, [found("1795400001.000100", 2, 2), note]))).toEqual([
      { update: "1795400001.000100", text: "part 2", place: { i: 2, n: 4, firstTs: FIRST } },
      { update: "1795400002.000100", text: "part 3", place: { i: 3, n: 4, firstTs: FIRST } },
      { post: true, text: "part 4", place: { i: 4, n: 4, firstTs: FIRST } },
    ]);
  });

  it("another message's parts in the same thread are not found", () => {
    const other = "1795400000.000900";
    const thread = [
      { ts: "1795400001.000100", blocks: [{ block_id: `kd_part:2:2:${other}` }] },
      { ts: "1795400002.000100", blocks: [{ block_id: `kd_part:2:2:${FIRST}` }] },
    ];
    expect(partsIn(thread, FIRST)).toEqual([{ ts: "1795400002.000100", inUse: true }]);
  });
});
