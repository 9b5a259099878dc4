/**
 * The document's Block Kit serializer never cuts (issue 47): a title longer than a header, small
 * print of many long lines, a field longer than a field holds, a room's name and a grid's row longer
 * than a section go on in more blocks and messages, whole, and every message keeps Block Kit's limits.
 */
import { expect, it } from "vitest";
import { docMessages } from "../../src/blocks/doc.ts";
import { limitViolations } from "../../src/blocks/limits.ts";
import type { Doc } from "../../src/present/doc.ts";
import { normal, seen } from "../helpers/whole-care.ts";

/** Distinct words past `n` characters (with `&` and `<` to escape), so a cut anywhere loses one. */
const long = (head: string, n: number): string => {
  const words = [head];
  for (let i = 0; words.join(" ").length < n; i++) words.push(`w${i}&<x>`);
  return `${words.join(" ")} END`;
};

it("a document of names, drugs and allergies longer than their blocks is split, never cut, within the limits", () => {
  const pet = long("💊 Medicines — Sir Reginald Biscuit", 400);
  const room = long("Kennel 4, the quiet end", 3500);
  const allergy = long("Allergies: chicken & beef, severe", 2600);
  const small = Array.from({ length: 14 }, (_, i) => long(`Fasting ${i}: nil by mouth`, 2500));
  const drug = long("Phenobarbital 60 mg", 3500);
  const owner = long("Alexandra Montgomery-Fitzwilliam", 2500);
  const doc: Doc = {
    fallback: "Medicines",
    parts: [
      { kind: "title", text: pet },
      { kind: "summary", lines: small.map((t) => [{ text: t }]) },
      { kind: "group", line: [{ text: room, strong: true }] },
      { kind: "item", lines: [[{ text: allergy }]] },
      {
        kind: "fields",
        fields: [
          { label: "Owner", value: [{ text: owner }] },
          { label: "Booking", value: [{ text: "R9" }] },
        ],
      },
      {
        kind: "grid",
        corner: "",
        columns: [[[{ text: "Tue 24 morning" }]]],
        rows: [{ head: [[{ text: drug }]], cells: [{ line: [{ text: "JD 07:40" }] }] }],
      },
    ],
  };
  const messages = docMessages(doc);
  for (const m of messages) expect(limitViolations(m)).toEqual([]);
  // What a reader sees, each message's "continued" line aside, and a text going on in the next block read on.
  const shown = seen(messages.map((m, i) => ({ blocks: i ? m.blocks.slice(1) : m.blocks }))).replace(
    / ↵ /g,
    " ",
  );
  for (const words of [pet, room, allergy, ...small, drug, owner, "R9"])
    expect(shown.includes(normal(words)), words.slice(0, 40)).toBe(true);
});

it("a long title (a pet's long name) heading each further message keeps every message within the limits", () => {
  for (const size of [1000, 3500]) {
    const title = long("🐾 Sir Reginald Biscuit", size);
    const items = Array.from({ length: 12 }, (_, i) => long(`Dose ${i}: Phenobarbital 60 mg`, 1000));
    const doc: Doc = {
      fallback: "Biscuit",
      parts: [
        { kind: "title", text: title },
        ...items.map((t) => ({ kind: "item" as const, lines: [[{ text: t }]] })),
      ],
    };
    const messages = docMessages(doc);
    expect(messages.length).toBeGreaterThan(2);
    for (const m of messages) expect(limitViolations(m)).toEqual([]);
    const shown = seen(messages);
    for (const t of [title, ...items]) for (const w of t.split(" ")) expect(shown).toContain(w);
  }
});
