/** "💊 Give if needed…" with long items: each item, its reason and limits whole; the hint within its limit. */
import { describe, expect, it } from "vitest";
import { blocksViolations, LIMITS } from "../../src/blocks/limits.ts";
import { giveModal, readGive } from "../../src/blocks/prn-modal.ts";
import type { Block, InputBlock } from "../../src/blocks/types.ts";
import type { AsNeededItem, PrnDose } from "../../src/domain/prn.ts";

const words = (tag: string, n: number) => Array.from({ length: n }, (_, i) => `${tag}w${i}`);
type ViewBlock = Block | InputBlock;
const open = (items: AsNeededItem[]) =>
  giveModal("sealed", { n: "Biscuit", r: "Kennel 4" }, items, [], {
    timezone: "Europe/London",
    now: "2026-11-24T09:00:00.000Z",
  }).blocks as ViewBlock[];
const hintAt = (blocks: ViewBlock[], id: string) => {
  const b = blocks.find((x) => x.block_id === id);
  return b?.type === "input" ? b.hint?.text : undefined;
};

describe("the give form's items", () => {
  it("five items with long names and reasons: every word above the fields, the hint saying where", () => {
    const keys = ["med:1", "med:2", "med:3", "med:4", "med:5"] as const;
    const items: AsNeededItem[] = keys.map((key, i) => ({
      key,
      label: words(`l${i}`, 100).join(" "),
      text: "as needed",
      reason: words(`r${i}`, 80).join(" "),
      maxPer24h: 2,
    }));
    const blocks = open(items);
    expect(blocksViolations(blocks, LIMITS.viewBlocks)).toEqual([]);
    const shown = blocks
      .slice(
        0,
        blocks.findIndex((b) => b.block_id === "item"),
      )
      .flatMap((b) => (b.type === "section" && b.text ? [b.text.text] : []))
      .join("\n");
    expect(shown.length).toBeGreaterThan(LIMITS.sectionText);
    for (const i of keys.keys()) {
      for (const w of [...words(`l${i}`, 100), ...words(`r${i}`, 80)])
        expect(shown).toMatch(new RegExp(`(^|\\W)${w}(\\W|$)`));
    }
    expect(shown).not.toContain("…");
    expect(hintAt(blocks, "reason")).toBe("The plan's reason for each is above, beside it.");
  });

  it("a short reason is the hint, as before", () => {
    const blocks = open([
      { key: "med:1", label: "Piriton 4mg", text: "Piriton 4mg PRN", reason: "only if scratching" },
    ]);
    expect(hintAt(blocks, "reason")).toBe("The plan says: only if scratching");
  });
});

describe("the plan's reason for an as-needed dose", () => {
  const reasonOf = (n: number) =>
    Array.from({ length: n }, (_, i) => `rz${i}`)
      .join(" ")
      .slice(0, n)
      .trim();
  const item = (reason: string): AsNeededItem => ({
    key: "med:1",
    label: "Piriton 4mg",
    text: "Piriton 4mg PRN",
    reason,
  });
  const unreasoned = (i: AsNeededItem) =>
    readGive({ item: { item: { selected_option: { value: "med:1" } } } }, [i], {
      now: "2026-11-24T09:00:00.000Z",
      timezone: "Europe/London",
    });

  it("a reason of 3,000 characters: whole above the fields; the empty reason's error says where, never a part", () => {
    const reason = reasonOf(3000);
    expect(reason.length).toBeGreaterThan(2990);
    const blocks = open([item(reason)]);
    expect(blocksViolations(blocks, LIMITS.viewBlocks)).toEqual([]);
    const above = blocks
      .slice(
        0,
        blocks.findIndex((b) => b.block_id === "item"),
      )
      .flatMap((b) => (b.type === "section" && b.text ? [b.text.text] : []))
      .join(" ")
      .replace(/\s+/g, " ");
    expect(above).toContain(reason);
    const read = unreasoned(item(reason));
    expect(read.ok).toBe(false);
    const error = read.ok ? "" : (read.errors.reason ?? "");
    expect(error).toBe("Say why it was given (the plan's reason is above, beside it).");
  });

  it("a reason of 600 characters: quoted whole in the error (it was cut at 200)", () => {
    const reason = reasonOf(600);
    const read = unreasoned(item(reason));
    expect(read.ok ? "" : read.errors.reason).toBe(`Say why it was given (the plan says: ${reason}).`);
  });
});

describe("the give form's doses of the last 24 hours", () => {
  it("six doses of a drug whose name is 1,000 characters: each whole (they were cut at 2,900 in all)", () => {
    const label = Array.from({ length: 200 }, (_, i) => `dz${i}`).join(" ");
    const doses: PrnDose[] = Array.from({ length: 6 }, (_, i) => ({
      id: i + 1,
      date: "2026-11-24",
      bookingId: 1,
      petId: 2,
      userId: "U1",
      userName: "Jane",
      item: "med:1",
      label,
      itemText: `${label} PRN`,
      reason: `itching ${i}`,
      givenAt: `2026-11-24T0${i + 1}:00:00.000Z`,
      recordedAt: `2026-11-24T0${i + 1}:00:00.000Z`,
    }));
    const blocks = giveModal(
      "sealed",
      { n: "Biscuit" },
      [{ key: "med:1", label, text: `${label} PRN` }],
      doses,
      {
        timezone: "Europe/London",
        now: "2026-11-24T09:00:00.000Z",
      },
    ).blocks as ViewBlock[];
    expect(blocksViolations(blocks, LIMITS.viewBlocks)).toEqual([]);
    const text = blocks
      .flatMap((b) =>
        b.type === "section" && b.text
          ? [b.text.text]
          : b.type === "context"
            ? b.elements.map((e) => e.text)
            : [],
      )
      .join(" ")
      .replace(/\s+/g, " ");
    for (let i = 0; i < 6; i++) expect(text).toContain(`itching ${i}`);
    expect(text.split(label).length - 1).toBeGreaterThanOrEqual(7);
  });
});

describe("the give form's choice of item", () => {
  it("two drugs alike in their first 75 characters: numbered choices, each numbered whole above", () => {
    const alike = "Chlorphenamine maleate oral solution 2 mg in 5 ml, sugar free, the owner's bottle,";
    const items: AsNeededItem[] = [
      { key: "med:1", label: `${alike} 2.5 ml`, text: `${alike} 2.5 ml PRN` },
      { key: "med:2", label: `${alike} 5 ml`, text: `${alike} 5 ml PRN` },
    ];
    const blocks = open(items);
    expect(blocksViolations(blocks, LIMITS.viewBlocks)).toEqual([]);
    const which = blocks.find((b) => b.block_id === "item") as InputBlock & {
      element: { options: Array<{ text: { text: string }; value: string }> };
    };
    const options = which.element.options;
    expect(options.map((o) => o.value)).toEqual(["med:1", "med:2"]);
    expect(options[0]?.text.text).toMatch(/^💊 1\. Chlorphenamine/);
    expect(options[1]?.text.text).toMatch(/^💊 2\. Chlorphenamine/);
    const above = blocks.flatMap((b) => (b.type === "section" && b.text ? [b.text.text] : [])).join("\n");
    expect(above).toContain(`*1.* 💊 ${alike} 2.5 ml: if needed`);
    expect(above).toContain(`*2.* 💊 ${alike} 5 ml: if needed`);
  });

  it("short names stay as they were", () => {
    const blocks = open([
      { key: "med:1", label: "Piriton 4mg", text: "Piriton 4mg PRN" },
      { key: "med:2", label: "Metacam 1.5mg/ml", text: "Metacam PRN" },
    ]);
    const which = blocks.find((b) => b.block_id === "item") as InputBlock & {
      element: { options: Array<{ text: { text: string } }> };
    };
    expect(which.element.options.map((o) => o.text.text)).toEqual(["💊 Piriton 4mg", "💊 Metacam 1.5mg/ml"]);
  });
});

describe("the give form's medicine, as it opens", () => {
  it("says its medicine past its discard-by or handed back above the fields, whole and escaped; the ask's box only at the submission", () => {
    const items: AsNeededItem[] = [{ key: "med:1", label: "Piriton <4mg> *", text: "Piriton PRN" }];
    const said =
      "⚠️ Piriton <4mg> *: discard by Tue 10 Nov, past it. Check with the owner or the vet before giving it; record it only if it was given.";
    const o = { timezone: "Europe/London", now: "2026-11-24T09:00:00.000Z" };
    const blocks = giveModal("sealed", { n: "Biscuit" }, items, [], { ...o, medicine: [said] })
      .blocks as ViewBlock[];
    const at = blocks.findIndex((b) => JSON.stringify(b).includes("discard by Tue 10 Nov"));
    expect(at).toBeGreaterThan(-1);
    // The mrkdwn section: escaped, whole.
    const text = JSON.stringify(blocks[at]);
    expect(text).toContain("Piriton &lt;4mg&gt;");
    expect(text).not.toContain("Piriton <4mg>");
    expect(text).toContain("past it. Check with the owner or the vet before giving it");
    expect(at).toBeLessThan(blocks.findIndex((b) => b.block_id === "item"));
    expect(blocks.some((b) => b.block_id === "custody")).toBe(false);
    // Shown again with the ask, the words are said once, with its box.
    const asked = giveModal("sealed", { n: "Biscuit" }, items, [], {
      ...o,
      medicine: [said],
      custody: { words: [said], acked: false },
    }).blocks as ViewBlock[];
    expect(JSON.stringify(asked).split("discard by Tue 10 Nov").length - 1).toBe(1);
    expect(asked.some((b) => b.block_id === "custody")).toBe(true);
  });
});
