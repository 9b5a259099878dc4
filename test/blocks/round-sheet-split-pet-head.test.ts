/**
 * A pet shared out over messages, read one message at a time and read whole, from the sheet as the
 * record keeps it: each part but the last ends saying the pet's care goes on in the next message, each
 * part after the first begins with the pet's room and name "(continued)", and the terminal's round
 * (the parts joined) has neither, with each line split between two parts whole again. A sheet kept
 * before parts said so (no such lines, no mark where a line was split) still reads every word.
 */
import { describe, expect, it } from "vitest";
import type { Sheet, SheetBody } from "../../src/answers/sheets.ts";
import { keptSheets, saveSheet } from "../../src/answers/sheets.ts";
import { recordEach } from "../../src/blocks/buttons.ts";
import { sheetForSlack, sheetMessages } from "../../src/blocks/round-sheet.ts";
import type { Block, Message } from "../../src/blocks/types.ts";
import type { Part } from "../../src/present/doc.ts";
import { sheetDocs, wholeSheet } from "../../src/present/round-sheet.ts";
import { roundSheetText } from "../../src/text/house.ts";
import { expectWhole, longWords, roundOf84 } from "../helpers/care-parts.ts";
import { scratchRecord } from "../helpers/record.ts";
import { PLAIN } from "../text/fixtures.ts";

const TZ = "Europe/London";
const LONG = longWords("dr", 25_000);
const KEY = "9023-523";
const GOES_ON = "↪ Pet23's care goes on in the next message (24 of 84, continued)";

/** The evening round of 84 pets, the 24th (Pet23, Kennel 23) with an evening dose of 25,000 characters. */
const draft = (): SheetBody => roundOf84(LONG, TZ);

/** The sheet shared out for Slack, kept in a real record, and read back from it. */
async function kept(body: SheetBody = sheetForSlack(draft())): Promise<Sheet> {
  const record = scratchRecord({ now: () => new Date("2026-11-24T17:00:00Z") });
  const saved = await saveSheet({ record }, body);
  const [sheet] = await keptSheets({ record }, { date: saved.date });
  await record.close();
  if (!sheet) throw new Error("no sheet kept");
  return sheet;
}

const posted = (sheet: Sheet): Message[] => {
  const t = sheetMessages(sheet, { entries: [], timezone: TZ });
  return [t.parent, ...t.replies];
};

/** A block's words as Slack shows them. */
const blockText = (b: Block): string =>
  b.type === "section"
    ? (b.text?.text ?? "")
    : b.type === "context"
      ? b.elements.map((e) => e.text).join(" ")
      : "";
const textOf = (m: Message): string => m.blocks.map(blockText).join("\n");
const words = (t: string): string[] => t.match(/dr\d+/g) ?? [];
const termLines = (sheet: Sheet) =>
  roundSheetText(sheetDocs(wholeSheet(sheet), { entries: [], timezone: TZ }), PLAIN).split("\n");

describe("a pet shared out over messages says whose care each message holds", () => {
  it("each part but the last ends saying it goes on, each after the first begins with the pet continued", async () => {
    const sheet = await kept();
    const messages = posted(sheet);
    expectWhole(messages, LONG);
    // The messages holding Pet23's words: one after the other, its buttons on the last only.
    const holding = messages.flatMap((m, i) => (words(textOf(m)).length ? [i] : []));
    expect(holding.length).toBeGreaterThan(2);
    expect(holding).toEqual(holding.map((_, k) => (holding[0] as number) + k));
    const each = recordEach.actionId(KEY);
    holding.forEach((at, k) => {
      const m = messages[at] as Message;
      const text = textOf(m);
      const last = k === holding.length - 1;
      // Read alone, it says whose care it is: the pet's room and name before its first word.
      const sections = m.blocks.filter((b) => b.type === "section").map(blockText);
      const headAt = text.indexOf("*Kennel 23* · 🐕 *Pet23*");
      expect(headAt).toBeGreaterThanOrEqual(0);
      expect(headAt).toBeLessThan(text.indexOf(words(text)[0] as string));
      if (k > 0) {
        const first = sections.find((s) => s.includes("Pet23"))?.split("\n")[0];
        expect(first).toMatch(/^\*Kennel 23\* · 🐕 \*Pet23\* \(.*\) \(continued\)$/);
      } else expect(text).not.toContain("(continued)");
      // Each but the last ends its part saying so, after its last word; no other pet after it.
      if (!last) {
        expect(text.split(GOES_ON)).toHaveLength(2);
        expect(text.indexOf(GOES_ON)).toBeGreaterThan(text.lastIndexOf(words(text).at(-1) as string));
        expect(text.slice(text.indexOf(GOES_ON) + GOES_ON.length)).not.toMatch(/Pet\d/);
        expect(JSON.stringify(m)).not.toContain(each);
      } else {
        expect(text).not.toContain("goes on in the next message");
        expect(JSON.stringify(m)).toContain(each);
      }
    });
  });

  it("the terminal's round reads it whole: each line once, none split, no part's own line", async () => {
    const sheet = await kept();
    // A line was split between two parts, and the record kept the mark saying so.
    const parts = sheet.messages.flatMap((m) => m.parts as Part[]);
    expect(parts.some((p) => p.kind === "item" && p.cut)).toBe(true);
    // Joined, the pet's lines are the draft's, span for span.
    const item = (ps: Part[]) => ps.find((p) => p.kind === "item" && p.key === KEY);
    const joined = item(wholeSheet(sheet).messages.flatMap((m) => m.parts as Part[]));
    expect(joined).toEqual(item(draft().messages.flatMap((m) => m.parts as Part[])));
    const lines = termLines(sheet);
    const dose = lines.filter((l) => /dr\d/.test(l));
    expect(dose).toHaveLength(1);
    expect(words(dose[0] ?? "")).toEqual(words(LONG));
    expect(lines.filter((l) => l.includes("Pet23"))).toHaveLength(1);
    expect(lines.join("\n")).not.toMatch(/\(continued\)|goes on in the next message/);
  });

  it("a sheet kept before its parts said so reads every word, as then", async () => {
    const plain = (p: Part): Part => {
      if (p.kind !== "item") return p;
      const { cut: _, ...rest } = p;
      return { ...rest, lines: p.lines.filter((l) => !l.every((s) => s.piece)) };
    };
    const body = sheetForSlack(draft());
    const before = {
      ...body,
      messages: body.messages.map((m) => ({ parts: (m.parts as Part[]).map(plain) })),
    };
    const sheet = await kept(before);
    const dose = termLines(sheet).filter((l) => /dr\d/.test(l));
    expect(dose.length).toBeGreaterThan(1);
    expect(dose.flatMap(words)).toEqual(words(LONG));
    expectWhole(posted(sheet), LONG);
  });
});
