/**
 * The record form's "Recorded:" list (what the pet's round has recorded already): every entry whole
 * (its item, who recorded it), in as many context blocks as it takes; when the form truly has no
 * room, the earliest left out with how many and where they are whole, never a part of one.
 */
import { describe, expect, it } from "vitest";
import type { SheetPet } from "../../src/answers/sheets.ts";
import { LIMITS, viewViolations } from "../../src/blocks/limits.ts";
import { type ModalMeta, recordModal, refusalView } from "../../src/blocks/record-modal.ts";
import type { Entry, ItemKey } from "../../src/record/types.ts";

const sheet = { date: "2026-11-24", round: "morning" as const };
const meta: ModalMeta = { s: 9, b: 5, p: 50, c: "C1", t: "1.2", cur: [] };
const clock = { time: "09:00", timezone: "Europe/London" };

const petWith = (due: SheetPet["due"]): SheetPet => ({
  bookingId: 5,
  petId: 50,
  name: "Biscuit",
  due,
  oneTap: true,
  message: 0,
});

/** A staff member's name of about `n` characters, distinct by `tag` ("Sam-3 Lee Lee Lee…"). */
const staff = (tag: string, n: number) => `Sam-${tag} ${"Lee ".repeat(n)}`.slice(0, n).trim();

/** A pet's five doses: each entry below is of one of them, later ones correcting earlier ones. */
const doses: ItemKey[] = ["med:1", "med:2", "med:3", "med:4", "med:5"];

const entry = (id: number, userName: string, note?: string): Entry => ({
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
  ...(note ? { note } : {}),
});

type Block = { type: string; elements?: Array<{ text: string }>; text?: { text: string } };
const recordedTexts = (blocks: Block[]) =>
  blocks.filter((b) => b.type === "context").flatMap((b) => (b.elements ?? []).map((e) => e.text));

describe("the record form's Recorded: list", () => {
  it("entries whose words pass 2,900 characters: each whole, in context blocks within Slack's limits", () => {
    const entries = Array.from({ length: 12 }, (_, i) =>
      entry(i + 1, staff(String(i + 1), 250), `note ${i + 1}: ${"ate well ".repeat(15).trim()}`),
    );
    const pet = petWith(
      doses.map((item, i) => ({ item, text: `Drug${i} 50 mg · one tablet`, label: `Drug${i} 50 mg` })),
    );
    const view = recordModal("sealed", meta, sheet, pet, entries, clock);
    expect(viewViolations(view)).toEqual([]);
    const texts = recordedTexts(view.blocks as Block[]);
    const all = texts.join(" ");
    expect(entries.reduce((n, e) => n + e.userName.length, 0)).toBeGreaterThan(2900);
    expect(texts[0]).toMatch(/^Recorded: /);
    // Every entry, in order, its staff member's name whole; nothing cut but the note's own cap.
    let from = 0;
    for (const e of entries) {
      const at = all.indexOf(e.userName, from);
      expect(at, e.userName).toBeGreaterThan(-1);
      from = at;
    }
    expect(all).not.toMatch(/…(?! \(all of it: the stay record\))/);
  });

  it("a form with no room for them all: the latest shown whole, and how many are not shown and where", () => {
    // Five doses, each with an instruction long enough to take many sections, fill the form.
    const long = (i: number) => `Give ${i}: ${"watch closely ".repeat(3000).trim()}`;
    const due = doses.map((item, i) => ({ item, text: long(i), label: `Drug${i} 50 mg` }));
    const entries = Array.from({ length: 40 }, (_, i) =>
      entry(i + 1, staff(String(i + 1), 2000), "given with food"),
    );
    const view = recordModal("sealed", meta, sheet, petWith(due), entries, clock);
    expect(viewViolations(view)).toEqual([]);
    expect(view.blocks.length).toBeLessThanOrEqual(LIMITS.viewBlocks);
    const all = recordedTexts(view.blocks as Block[]).join(" ");
    const shown = entries.filter((e) => all.includes(e.userName));
    expect(shown.length).toBeGreaterThan(0);
    expect(shown.length).toBeLessThan(entries.length);
    // The latest are shown, the earliest said by their number, with where all of them are whole.
    expect(shown).toEqual(entries.slice(entries.length - shown.length));
    const n = entries.length - shown.length;
    expect(all).toContain(`And ${n} earlier entries not shown here`);
    expect(all).toContain("the stay record");
  });
});

describe("a form replaced by its refusal", () => {
  it("a refusal naming a pet and care words past a section: every word, in sections within Slack's limits", () => {
    // As a give form's refusal names them (escaped): the pet's long name and the kennel system's new words.
    const name = Array.from({ length: 300 }, (_, i) => `Pn${i}`).join(" ");
    const care = Array.from({ length: 900 }, (_, i) => (i % 50 === 0 ? `&amp;c${i}` : `c${i}`)).join(" ");
    const text = `⚠️ ${name}'s care changed in the kennel system: medication 1 now "${care}". Nothing was recorded.`;
    expect(text.length).toBeGreaterThan(6000);
    const view = refusalView(text);
    expect(viewViolations(view)).toEqual([]);
    const texts = (view.blocks as Block[]).map((b) => b.text?.text ?? "");
    expect(texts.length).toBeGreaterThan(2);
    expect(texts.join(" ").split(/\s+/)).toEqual(text.split(/\s+/));
  });

  it("a run with no space past a section: cut where it must, never inside an escaped & or an emoji", () => {
    // Each run's pieces would end inside "&amp;" and inside "💊" were they cut at the limit itself.
    for (const run of ["abc&amp;".repeat(900), "a💊".repeat(2500)]) {
      const view = refusalView(run);
      expect(viewViolations(view)).toEqual([]);
      const texts = (view.blocks as Block[]).map((b) => b.text?.text ?? "");
      expect(texts.length).toBeGreaterThan(1);
      expect(texts.join("")).toBe(run);
      for (const t of texts) {
        expect(t).not.toMatch(/&[a-z]{0,3}$/);
        expect(t).not.toMatch(/[\uD800-\uDBFF]$/);
      }
    }
  });
});
