/**
 * The record form whose words fill a form's 250 kB before its 100 blocks (instructions and staff
 * names of thousands of characters, `&`, emoji and Japanese in them): within every limit Slack has,
 * its size in all too; each item's instruction whole or, plainly, where it is whole; every item's
 * inputs there; what was recorded whole, the latest first, how many earlier ones are not shown.
 */
import { describe, expect, it } from "vitest";
import type { SheetPet } from "../../src/answers/sheets.ts";
import { LIMITS, viewBytes, viewViolations } from "../../src/blocks/limits.ts";
import { type ModalMeta, recordModal } from "../../src/blocks/record-modal.ts";
import type { Entry, ItemKey } from "../../src/record/types.ts";
import { heavyText, heavyWords, shownWords, wordsShown } from "../helpers/heavy-words.ts";

const sheet = { date: "2026-11-24", round: "morning" as const };
const meta: ModalMeta = { s: 9, b: 5, p: 50, c: "C1", t: "1.2", cur: [] };
const clock = { time: "09:00", timezone: "Europe/London" };
const doses: ItemKey[] = ["med:1", "med:2", "med:3", "med:4", "med:5"];
type Block = { type: string; block_id?: string; text?: { text: string } };

const pet = (due: SheetPet["due"]): SheetPet => ({
  bookingId: 5,
  petId: 50,
  name: heavyText("Pet", 1900),
  due,
  oneTap: true,
  message: 0,
});
const entry = (id: number, userName: string): Entry => ({
  id,
  seq: id,
  kennel: "k",
  recordedAt: `2026-11-24T08:${String(id).padStart(2, "0")}:00Z`,
  date: sheet.date,
  round: sheet.round,
  bookingId: 5,
  petId: 50,
  petName: "Biscuit",
  item: doses[id % 5] ?? "meal",
  itemText: `Drug${id % 5} 50 mg · one tablet`,
  outcome: "given",
  userId: `U${id}`,
  userName,
  requestKey: `r${id}`,
});

describe("the record form past a form's 250 kB", () => {
  it("six items of 20,000 characters: within 250 kB, each instruction whole or where it is whole, every input there", () => {
    const items = [
      { item: "meal" as const, words: heavyWords("meal", 20_000), label: "meal" },
      ...doses.map((item, i) => ({ item, words: heavyWords(`d${i}x`, 20_000), label: `Drug${i} 50 mg` })),
    ];
    const view = recordModal(
      "sealed",
      meta,
      sheet,
      pet(items.map(({ item, words, label }) => ({ item, text: words.join(" "), label }))),
      [],
      clock,
    );
    expect(viewViolations(view)).toEqual([]);
    expect(viewBytes(view)).toBeLessThanOrEqual(LIMITS.viewBytes);
    const blocks = view.blocks as Block[];
    const seen = wordsShown(blocks);
    const whole = items.map(({ item, words }) => {
      const shown = shownWords(words).filter((w) => seen.has(w)).length;
      // Never a part of one: all its words, or none and the notice just above its inputs.
      expect([0, words.length]).toContain(shown);
      const at = blocks.findIndex((b) => b.block_id === `it:${item}`);
      expect(at).toBeGreaterThan(0);
      if (!shown) expect(blocks[at - 1]?.text?.text).toContain("read it whole on the round post");
      expect(blocks.findIndex((b) => b.block_id === `note:${item}`)).toBeGreaterThan(at);
      return shown > 0;
    });
    expect(whole).toContain(true);
    expect(whole).toContain(false);
    // Fewer than 100 blocks: the size, not the count, left the others out.
    expect(blocks.length).toBeLessThan(LIMITS.viewBlocks - 5);
  });

  it("eighty entries by staff named in 1,900 characters: the latest whole within 250 kB, how many earlier are not shown", () => {
    const due = doses.map((item, i) => ({
      item,
      text: `Drug${i} 50 mg · one tablet`,
      label: `Drug${i} 50 mg`,
    }));
    const names = Array.from({ length: 80 }, (_, i) => heavyWords(`s${i}x`, 1900));
    const entries = names.map((n, i) => entry(i + 1, n.join(" ")));
    const view = recordModal("sealed", meta, sheet, pet(due), entries, clock);
    expect(viewViolations(view)).toEqual([]);
    const seen = wordsShown(view.blocks);
    const shown = names.flatMap((n, i) => {
      const count = shownWords(n).filter((w) => seen.has(w)).length;
      expect([0, n.length]).toContain(count);
      return count ? [i] : [];
    });
    expect(shown.length).toBeGreaterThan(0);
    expect(shown).toEqual(Array.from({ length: shown.length }, (_, k) => 80 - shown.length + k));
    expect(JSON.stringify(view.blocks)).toContain(`And ${80 - shown.length} earlier entries not shown here`);
  });
});
