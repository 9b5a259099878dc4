/**
 * A round of 84 pets, one with an instruction of 25,000 characters (shared out over messages between
 * words): the thread's labels count pets (84, the one shared out once, a reply with only its rest
 * saying so); and the sheet as the record keeps it (an item's words whole to 200,000 characters:
 * src/record/kinds/round-pet.ts; 20,000 once refused this round whole) holds it as one pet with
 * every word, its buttons on its last part in Slack; every message within Block Kit's limits.
 */
import { describe, expect, it } from "vitest";
import { keptSheets, saveSheet } from "../../src/answers/sheets.ts";
import { recordEach } from "../../src/blocks/buttons.ts";
import { sheetForSlack, sheetMessages } from "../../src/blocks/round-sheet.ts";
import type { Message } from "../../src/blocks/types.ts";
import { sheetDocs, wholeSheet } from "../../src/present/round-sheet.ts";
import { roundSheetText } from "../../src/text/house.ts";
import { expectWhole, longWords, roundOf84 } from "../helpers/care-parts.ts";
import { scratchRecord } from "../helpers/record.ts";
import { PLAIN } from "../text/fixtures.ts";

const TZ = "Europe/London";
const LONG = longWords("dr", 25_000);
const KEY = "9023-523";

/** The evening round of 84 pets, the 24th (Pet23) given `words` as its evening dose's, shared out for Slack. */
const round = (words: string) => sheetForSlack(roundOf84(words, TZ));

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

  it("the sheet as kept holds it as one pet, every word, its buttons on its last part in Slack", async () => {
    const record = scratchRecord({ now: () => new Date("2026-11-24T17:00:00Z") });
    const saved = await saveSheet({ record }, round(LONG));
    const [kept] = await keptSheets({ record }, { date: saved.date });
    if (!kept) throw new Error("no sheet kept");
    // Read back from the record: one pet Pet23, whose parts the sheet says go on as one.
    expect(kept.pets.filter((p) => p.name === "Pet23")).toHaveLength(1);
    const whole = wholeSheet(kept).messages.flatMap((m) => m.parts);
    const items = whole.filter((p) => p.kind === "item");
    expect(items).toHaveLength(84);
    const long = items.find((p) => p.key === KEY);
    const words = new Set(JSON.stringify(long).match(/dr\d+/g));
    expect((LONG.match(/dr\d+/g) ?? []).filter((w) => !words.has(w))).toEqual([]);
    expect(JSON.stringify(long?.lines[0])).toContain("Pet23");
    // The terminal's round: Pet23 once, its record's line under all its words.
    const text = roundSheetText(sheetDocs(wholeSheet(kept), { entries: [], timezone: TZ }), PLAIN);
    expect(text.match(/Pet23 /g)).toHaveLength(1);
    // Slack: every message within the limits, every word; "Record each…" once, with its last words.
    const messages = posted(kept);
    expectWhole(messages, LONG);
    const each = recordEach.actionId(KEY);
    expect(messages.filter((m) => JSON.stringify(m).includes(each))).toHaveLength(1);
    const holding = JSON.stringify(messages[kept.pets.find((p) => p.name === "Pet23")?.message ?? -1]);
    expect(holding).toContain(each);
    expect(holding).toContain(LONG.match(/dr\d+/g)?.at(-1) as string);
  });
});
