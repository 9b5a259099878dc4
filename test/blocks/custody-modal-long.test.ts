/**
 * Medicine custody's forms past Slack's limits: the stock of a day whose medicines fit one form shows
 * them all on it (past it, in pages: test/blocks/custody-pages.test.ts); a drug's name
 * of 500 characters from the kennel system is offered whole in the count-in form and kept whole;
 * one past what a field holds is not offered in part, and said.
 */
import { describe, expect, it } from "vitest";
import type { Stock } from "../../src/answers/custody-stock.ts";
import { stockView } from "../../src/blocks/custody.ts";
import { countInModal, countModal } from "../../src/blocks/custody-modal.ts";
import { blocksViolations, LIMITS } from "../../src/blocks/limits.ts";
import type { Block, InputBlock } from "../../src/blocks/types.ts";
import type { CountInStart } from "../../src/domain/custody-rules.ts";
import { MEDICINE_WORDS_MAX } from "../../src/domain/custody-units.ts";
import { readCountIn } from "../../src/present/custody-form.ts";
import { medicineIn } from "../../src/record/kinds/custody.ts";
import { held } from "../helpers/custody-fixtures.ts";

type ViewBlock = Block | InputBlock;

const stock = (n: number, alertFrom: number): Stock => ({
  today: "2026-12-01",
  held: Array.from({ length: n }, (_, i) => held(i, i >= alertFrom)),
  unread: [],
});
const sectionTexts = (blocks: ViewBlock[]) =>
  blocks.flatMap((b) => (b.type === "section" && b.text ? [b.text.text] : []));

describe("the stock view within a form's 100 blocks", () => {
  it("every medicine while they fit", () => {
    const view = stockView(() => "sealed", stock(40, 40), "Europe/London");
    const blocks = view.blocks as ViewBlock[];
    expect(blocksViolations(blocks, LIMITS.viewBlocks)).toEqual([]);
    const text = sectionTexts(blocks).join("\n");
    for (let i = 0; i < 40; i++) expect(text).toContain(`Drug${i} 50 mg`);
    // One form: no page's words, no page's buttons (past it: test/blocks/custody-pages.test.ts).
    expect(text).not.toContain("Page 1");
    expect(blocks.some((b) => b.block_id === "custody_pages")).toBe(false);
  });
});

const LONG = Array.from({ length: 100 }, (_, i) => `Nm${i}`)
  .join(" ")
  .padEnd(500, "x");
const start = (label: string): CountInStart => ({
  label,
  controlled: false,
  secondPerson: false,
  words: `${label} 1 tablet twice daily`,
});
const input = (blocks: ViewBlock[], id: string) =>
  blocks.find((b): b is InputBlock => b.type === "input" && b.block_id === id) as InputBlock & {
    element: { initial_value?: string; max_length?: number };
  };

describe("the count-in form's drug name", () => {
  it("a name of 500 characters: offered whole, the plan's words whole above, and kept whole when submitted", () => {
    expect(LONG.length).toBe(500);
    const blocks = countInModal("sealed", "Bobby & <Co>", start(LONG)).blocks as ViewBlock[];
    expect(blocksViolations(blocks, LIMITS.viewBlocks)).toEqual([]);
    expect(input(blocks, "label").element.initial_value).toBe(LONG);
    // The pet's name escaped once, in bold, before the plan's words.
    expect(sectionTexts(blocks)[0]).toMatch(/^\*Bobby &amp; &lt;Co&gt;\* · Nm0 /);
    expect(sectionTexts(blocks).join(" ")).toContain(`${LONG} 1 tablet twice daily`);
    const read = readCountIn(
      {
        label: { label: { value: LONG } },
        unit: { unit: { selected_option: { value: "tablet" } } },
        quantity: { quantity: { value: "28" } },
        owner: { owner: { selected_option: { value: "yes" } } },
      },
      "2026-12-01",
    );
    expect(read.ok && read.value.label).toBe(LONG);
    // The care record keeps it as read, whole (its kind's body checked as the store checks it).
    if (!read.ok) throw new Error("not read");
    const body = {
      ...Object.fromEntries(Object.entries(read.value).filter(([, v]) => v !== undefined)),
      item: "med:1",
      highAlert: false,
      by: { userName: "Jane" },
    };
    expect(medicineIn.body.parse(body).label).toBe(LONG);
    expect(medicineIn.body.safeParse({ ...body, label: "x".repeat(MEDICINE_WORDS_MAX + 1) }).success).toBe(
      false,
    );
  });

  it("the limit checks refuse a field filled in past what it holds (what the form did before)", () => {
    const field = {
      type: "input",
      block_id: "label",
      label: { type: "plain_text", text: "Name as on the label" },
      element: { type: "plain_text_input", action_id: "label", max_length: 200, initial_value: LONG },
    } as InputBlock;
    expect(blocksViolations([field], LIMITS.viewBlocks)).toEqual([
      "block 0 (input): initial_value 500 chars (max 200)",
    ]);
  });

  it("a name past what a field holds: not filled in at all, said, and its words whole above", () => {
    const huge = `${LONG} `.repeat(8).trim();
    expect(huge.length).toBeGreaterThan(MEDICINE_WORDS_MAX);
    const blocks = countInModal("sealed", "Bobby", start(huge)).blocks as ViewBlock[];
    expect(blocksViolations(blocks, LIMITS.viewBlocks)).toEqual([]);
    const label = input(blocks, "label");
    expect(label.element.initial_value).toBeUndefined();
    expect(label.hint?.text).toContain("not filled in");
    expect(sectionTexts(blocks).join(" ").replace(/\s+/g, " ")).toContain(huge);
    const read = readCountIn({ label: { label: { value: huge } } }, "2026-12-01");
    expect(read.ok).toBe(false);
    if (!read.ok) expect(read.errors.label).toContain("longer than the care record keeps");
  });

  it("a count's head naming a long drug and pet: whole, in as many sections as it takes", () => {
    const huge = `${LONG} `.repeat(8).trim();
    const head = `*${huge}* · Bobby\nCount it.`;
    const blocks = countModal("sealed", { head, secondPerson: false }).blocks as ViewBlock[];
    expect(blocksViolations(blocks, LIMITS.viewBlocks)).toEqual([]);
    expect(sectionTexts(blocks).join(" ").replace(/\s+/g, " ")).toContain(huge);
  });
});
