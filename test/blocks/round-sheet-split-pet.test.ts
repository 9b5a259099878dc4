/**
 * A round of 84 pets, one with an instruction of 25,000 characters (shared out over messages between
 * words): the thread's labels count pets (84, the one shared out once, a reply with only its rest
 * saying so); every message within Block Kit's limits.
 */
import { describe, expect, it } from "vitest";
import { sheetForSlack, sheetMessages } from "../../src/blocks/round-sheet.ts";
import type { Message } from "../../src/blocks/types.ts";
import { draftSheet } from "../../src/present/round-sheet.ts";
import { expectWhole, longWords } from "../helpers/care-parts.ts";
import { booking, pet, RIMADYL, roundOf } from "../text/fixtures.ts";

const TZ = "Europe/London";
const LONG = longWords("dr", 25_000);

/** The evening round of 84 pets, the 24th (Pet23) given `words` as its evening dose's, shared out for Slack. */
const round = (words: string) => {
  const rows = Array.from({ length: 84 }, (_, i): [ReturnType<typeof booking>, ReturnType<typeof pet>] => [
    booking({ bookingId: 9000 + i, roomName: `Kennel ${i}` }),
    pet({
      petId: 500 + i,
      name: `Pet${i}`,
      ...RIMADYL,
      ...(i === 23 ? { medicationPm: `Rimadyl ${words}` } : {}),
    }),
  ]);
  return sheetForSlack(draftSheet(roundOf("evening", rows), { timezone: TZ }));
};

const posted = (sheet: Parameters<typeof sheetMessages>[0]): Message[] => {
  const t = sheetMessages(sheet, { entries: [], timezone: TZ });
  return [t.parent, ...t.replies];
};

/** A reply's label: what follows the round's title in its first block. */
const labelOf = (m: Message) => {
  const b = m.blocks[0];
  return b?.type === "context" ? (b.elements[0]?.text.split(" · ").at(-1) ?? "") : "";
};

/** The pets a label says begin in its message: "21–65 of 120", "24 of 84", "24 continued, 25–30 of 84". */
function begun(label: string): number[] {
  const m = /^(?:\d+ continued, )?(\d+)(?:–(\d+))? of \d+$/.exec(label);
  if (!m) return [];
  const from = Number(m[1]);
  return Array.from({ length: Number(m[2] ?? from) - from + 1 }, (_, i) => from + i);
}

describe("a round of 84 pets, one with an instruction of 25,000 characters", () => {
  it("each reply counts pets: of 84, the long one once, a reply with only its rest says so", () => {
    const sheet = round(LONG);
    const messages = posted(sheet);
    expectWhole(messages, LONG);
    const labels = messages.slice(1).map(labelOf);
    expect(labels.length).toBeGreaterThan(2);
    for (const l of labels) expect(l).toMatch(/ of 84(, continued)?$/);
    // Pet23 is the 24th: a reply holding only its rest, and the reply with its end and the pets after.
    expect(labels).toContain("24 of 84, continued");
    expect(labels.some((l) => /^24 continued, 25–\d+ of 84$/.test(l))).toBe(true);
    // Every pet begins once: the parent's, then each reply's, 1 to 84 in order.
    const parent = sheet.messages[0]?.parts.filter((p) => p.kind === "item" && !p.more).length ?? 0;
    const inReplies = labels.flatMap(begun);
    expect([...Array.from({ length: parent }, (_, i) => i + 1), ...inReplies]).toEqual(
      Array.from({ length: 84 }, (_, i) => i + 1),
    );
  });
});
