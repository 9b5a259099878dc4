import { describe, expect, it } from "vitest";
import type { SheetPet } from "../../src/answers/sheets.ts";
import { blocksViolations, LIMITS } from "../../src/blocks/limits.ts";
import { confirmModal, type ModalMeta, recordModal } from "../../src/blocks/record-modal.ts";
import type { Block, InputBlock } from "../../src/blocks/types.ts";

const sheet = { date: "2026-11-24", round: "morning" as const };
const meta: ModalMeta = { s: 9, b: 5, p: 50, c: "C1", t: "1.2", cur: [] };
const clock = { time: "09:00", timezone: "Europe/London" };

/** An instruction of `n` distinct words ("a1w0 a1w1 …"), about 7 characters each, with an & to escape. */
const words = (tag: string, n: number) => Array.from({ length: n }, (_, i) => `${tag}w${i}`);
const instruction = (tag: string, n: number) => `Give & watch: ${words(tag, n).join(" ")}`;

const petWith = (due: SheetPet["due"], ifNeeded?: SheetPet["ifNeeded"]): SheetPet => ({
  bookingId: 5,
  petId: 50,
  name: "Biscuit",
  due,
  ...(ifNeeded ? { ifNeeded } : {}),
  oneTap: true,
  message: 0,
});

type ViewBlock = Block | InputBlock;
const view = (pet: SheetPet) => recordModal("sealed", meta, sheet, pet, [], clock).blocks as ViewBlock[];
const sectionText = (b: ViewBlock) => (b.type === "section" ? (b.text?.text ?? "") : "");
/** Words shown, in order (a long line's pieces go on in new lines of a section, or in the next). */
const wordsOf = (texts: string[]) => texts.join(" ").split(/\s+/).filter(Boolean);
const inputAt = (blocks: ViewBlock[], id: string) => blocks.findIndex((b) => b.block_id === id);
const hintOf = (blocks: ViewBlock[], id: string) => {
  const b = blocks[inputAt(blocks, id)];
  return b?.type === "input" ? b.hint?.text : undefined;
};

describe("the record form shows every instruction whole", () => {
  it("a 7,000-character instruction: whole, in sections just above its item, the hint short; within Slack's limits", () => {
    const long = instruction("a", 1200);
    expect(long.length).toBeGreaterThan(7000);
    const blocks = view(
      petWith([
        { item: "med:1", text: long, label: "Rimadyl 50 mg" },
        { item: "meal", text: "200 g kibble", label: "meal" },
      ]),
    );
    expect(blocksViolations(blocks, LIMITS.viewBlocks)).toEqual([]);
    const at = inputAt(blocks, "it:med:1");
    const above = blocks.slice(1, at);
    expect(above.length).toBeGreaterThanOrEqual(3);
    for (const b of above) expect(b.type).toBe("section");
    // Every word, in order, escaped, and nothing cut ("…").
    expect(wordsOf(above.map(sectionText))).toEqual(wordsOf([long.replace("&", "&amp;")]));
    expect(hintOf(blocks, "it:med:1")).toBe("Its whole instruction is just above.");
    // The short one stays the hint, as before.
    expect(hintOf(blocks, "it:meal")).toBe("200 g kibble");
    expect(blocks[inputAt(blocks, "note:med:1") + 1]).toMatchObject({ block_id: "it:meal" });
  });

  it("a short instruction is the item's hint, as before: no section for it", () => {
    const blocks = view(
      petWith([{ item: "med:1", text: "Rimadyl 50 mg · half a tablet", label: "Rimadyl 50 mg" }]),
    );
    // The item's inputs, then the form's one "Given by (if not you)" last.
    expect(blocks.map((b) => b.type)).toEqual(["section", "input", "input", "input", "input", "input"]);
    expect(hintOf(blocks, "it:med:1")).toBe("Rimadyl 50 mg · half a tablet");
    // One just at the hint's limit is still the hint, whole.
    const edge = "x ".repeat(1000).trim().padEnd(2000, "y");
    expect(hintOf(view(petWith([{ item: "med:1", text: edge, label: "Rimadyl" }])), "it:med:1")).toBe(edge);
  });

  it("a name too long for a label: whole above its item with its instruction, the hint short", () => {
    const name = words("r", 350).join(" ");
    expect(name.length).toBeGreaterThan(1980);
    expect(name.length).toBeLessThanOrEqual(2000);
    const blocks = view(petWith([{ item: "med:1", text: "half a tablet with food", label: name }]));
    expect(blocksViolations(blocks, LIMITS.viewBlocks)).toEqual([]);
    const shown = wordsOf(blocks.slice(1, inputAt(blocks, "it:med:1")).map(sectionText));
    expect(shown).toEqual(wordsOf([`💊 ${name} · half a tablet with food`]));
    expect(hintOf(blocks, "it:med:1")).toBe("Its whole instruction is just above.");
  });

  it("a long instruction to give if needed, with its plan's reason and limits: whole above its item", () => {
    const long = instruction("p", 1000);
    const blocks = view(
      petWith([], [{ item: "med:2", text: long, label: "Metacam", reason: "if limping", maxPer24h: 1 }]),
    );
    expect(blocksViolations(blocks, LIMITS.viewBlocks)).toEqual([]);
    const shown = wordsOf(blocks.slice(1, inputAt(blocks, "it:med:2")).map(sectionText));
    expect(shown).toEqual(
      wordsOf([`${long.replace("&", "&amp;")} · The plan says: if limping · at most 1 in 24 h.`]),
    );
  });

  it("instructions past a form's 100 blocks: each shown whole or, plainly, where it is whole; every item still recorded", () => {
    // Six items of about 55,000 characters each: about 115 sections beside 27 inputs.
    const n = 7000;
    const meal = { item: "meal" as const, text: instruction("m", n), label: "meal" };
    const ifNeeded = (["med:1", "med:2", "med:3", "med:4", "med:5"] as const).map((item, i) => ({
      item,
      text: instruction(`n${i}`, n),
      label: `As needed ${i}`,
    }));
    const blocks = view(petWith([meal], ifNeeded));
    expect(blocksViolations(blocks, LIMITS.viewBlocks)).toEqual([]);
    const shownWords = new Set(blocks.flatMap((b) => sectionText(b).split(/\s+/)));
    const seen = [meal, ...ifNeeded].map(({ item }, i) => {
      const tag = i === 0 ? "m" : `n${i - 1}`;
      const shown = words(tag, n).filter((w) => shownWords.has(w)).length;
      // Never a part of one: all its words, or none and the notice just above its inputs.
      expect([0, n]).toContain(shown);
      const at = inputAt(blocks, `it:${item}`);
      if (!shown)
        expect(sectionText(blocks[at - 1] as ViewBlock)).toContain("read it whole on the round post");
      expect(inputAt(blocks, `note:${item}`)).toBeGreaterThan(at);
      return shown > 0;
    });
    expect(seen).toContain(true);
    expect(seen).toContain(false);
  });
});

describe("the one tap's confirmation and the time question name every dose whole", () => {
  const long = (tag: string) => words(tag, 260).join(" ");
  const due = (["med:1", "med:2", "med:3", "med:4", "med:5"] as const).map((item, i) => ({
    item,
    text: "one tablet",
    label: `${long(`c${i}`)} & co`,
  }));
  const when = {
    labels: due.map((d) => d.label),
    closedAt: "2026-11-24T10:00:00.000Z",
    date: "2026-11-24",
    time: "11:00",
    timezone: "Europe/London",
  };
  const names = due.map((d) => d.label.replace("&", "&amp;"));

  it("the confirmation lists each dose whole, escaped once, within Slack's limits", () => {
    const blocks = confirmModal("sealed", sheet, petWith(due), undefined, when).blocks as ViewBlock[];
    expect(blocksViolations(blocks, LIMITS.viewBlocks)).toEqual([]);
    const all = wordsOf(blocks.map(sectionText)).join(" ");
    for (const n of names) expect(all).toContain(n);
    expect(all).not.toContain("&amp;amp;");
    expect(all).not.toContain("…");
  });

  it("the record form's time question names each dose whose window closed whole", () => {
    const blocks = recordModal("sealed", { ...meta, q: 1 }, sheet, petWith(due), [], clock, undefined, when)
      .blocks as ViewBlock[];
    expect(blocksViolations(blocks, LIMITS.viewBlocks)).toEqual([]);
    const question = blocks.slice(inputAt(blocks, "note:med:5") + 1, inputAt(blocks, "given_on"));
    const said = wordsOf(question.map(sectionText)).join(" ");
    expect(said).toMatch(/^⏰ The window for /);
    for (const n of names) expect(said).toContain(n);
    expect(said).not.toContain("&amp;amp;");
  });
});

describe("a form's limits", () => {
  it("a view holds 100 blocks; an input's label and hint 2,000 characters each", () => {
    const input = (label: string, hint?: string): InputBlock => ({
      type: "input",
      label: { type: "plain_text", text: label },
      ...(hint === undefined ? {} : { hint: { type: "plain_text", text: hint } }),
      element: {},
    });
    const many = Array.from({ length: 100 }, () => input("Note"));
    expect(blocksViolations(many, LIMITS.viewBlocks)).toEqual([]);
    expect(blocksViolations([...many, input("Note")], LIMITS.viewBlocks)).toEqual(["101 blocks (max 100)"]);
    expect(blocksViolations(many)).toContain("100 blocks (max 50)");
    expect(blocksViolations([input("x".repeat(2001), "y".repeat(2001))], LIMITS.viewBlocks)).toEqual([
      "block 0 (input): label 2001 chars",
      "block 0 (input): hint 2001 chars",
    ]);
  });

  it("a form's choices in an actions block (radio buttons): their options' words and count, not a button's", () => {
    const option = (text: string) => ({ text: { type: "plain_text", text }, value: text.slice(0, 10) });
    const choice = (options: ReturnType<typeof option>[]) =>
      ({
        type: "actions",
        elements: [{ type: "radio_buttons", action_id: "answer", options }],
      }) as never as Block;
    expect(blocksViolations([choice([option("Yes"), option("No")])], LIMITS.viewBlocks)).toEqual([]);
    expect(
      blocksViolations(
        [choice([...Array.from({ length: 10 }, (_, i) => option(`Answer ${i}`)), option("x".repeat(76))])],
        LIMITS.viewBlocks,
      ),
    ).toEqual(["block 0 (actions): 11 radio options", "block 0 (actions): option text 76 chars"]);
  });
});
