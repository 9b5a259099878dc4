/**
 * "📄 Enter from paper…" on the biggest day, by size and not by count: the picker of 300 pets (and of
 * 2,000) whose names pass a choice's 75 characters, and the form of a pet with five high-alert doses
 * (the most a round asks of a pet: med:1 to med:5) of long words, up to the longest a round keeps. Every form within Slack's limits
 * (`viewViolations`: its 100 blocks, its 250 kB, each text), the next one reached from it while one
 * form does not hold them all; every pet and every dose in exactly one of them, every name and every
 * drug whole in it, never a part alone.
 */
import { describe, expect, it } from "vitest";
import type { PaperPet } from "../../src/answers/paper-enter.ts";
import type { Sheet } from "../../src/answers/sheets.ts";
import { viewViolations } from "../../src/blocks/limits.ts";
import { paperPetModal, paperPickModal, type Shown } from "../../src/blocks/paper-modal.ts";
import { paperDoneParts } from "../../src/present/paper-entered.ts";
import { paperPetDoc, paperPickDoc } from "../../src/present/paper-form.ts";
import { TEXT_MAX } from "../../src/record/kinds/round-pet.ts";
import type { ItemKey } from "../../src/record/types.ts";
import { thousands } from "../../src/words/numbers.ts";

const sheet = { id: 1, date: "2026-11-24", round: "morning", pets: [], messages: [] } as unknown as Sheet;
const words = (tag: string, n: number) => Array.from({ length: n }, (_, i) => `${tag}${i}`).join(" ");
/** A pet's name of 80 characters, each its own: "Sir Reginald Fluffington-Worthington 17 of …". */
const longName = (i: number) =>
  `Sir Reginald Fluffington-Worthington ${i} of Barkshire & Lower Wagsworth-on-Sea`.padEnd(80, "!");
const dose = (k: number, length: number) => ({
  item: `med:${k + 1}` as ItemKey,
  label: `Phenobarbital ${k}`,
  text: `Phenobarbital ${k} 60 mg & ${words(`d${k}w`, Math.ceil(length / 6))}`.slice(0, length),
  highAlert: true,
});
const pet = (i: number, name: string, due: ReturnType<typeof dose>[]): PaperPet => ({
  bookingId: 1000 + i,
  petId: 5000 + i,
  name,
  room: `Garden Suite ${i} with the heated floor`,
  reference: `HP-${i}K2M9Q`,
  due,
  oneTap: false,
  message: 0,
  recorded: { doses: 1, of: 5 },
});
/** What the last pet's submission entered, heading the picker: five doses of a pet of 2,000 characters. */
const done = paperDoneParts(
  {
    petName: "P".repeat(2000),
    date: "2026-11-24",
    round: "morning",
    by: "Sam Lee",
    doses: Array.from({ length: 5 }, (_, k) => ({
      label: dose(k, 300).label,
      entry: {
        outcome: "given",
        givenAt: "2026-11-24T07:50:00.000Z",
        recordedAt: "2026-11-24T15:00:00.000Z",
        userName: "Sam Lee",
        date: "2026-11-24",
      } as never,
      state: undefined,
      witness: undefined,
    })),
  },
  "Europe/London",
);

type View = { blocks: unknown[]; private_metadata: string };
/** Every text a person reads in a form: its sections and contexts, its choices; unescaped, on one line. */
function readable(view: View): string {
  const texts: string[] = [];
  const walk = (v: unknown): void => {
    if (Array.isArray(v)) for (const x of v) walk(x);
    else if (v && typeof v === "object") {
      const o = v as Record<string, unknown>;
      if ((o.type === "mrkdwn" || o.type === "plain_text") && typeof o.text === "string") texts.push(o.text);
      for (const [k, x] of Object.entries(o)) if (k !== "text" || typeof x !== "string") walk(x);
    }
  };
  walk(view.blocks);
  return texts
    .join(" ")
    .replace(/\*/g, "")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");
}
const seal = (shown: Shown | undefined) => JSON.stringify(shown ?? null);
const shownOf = (view: View): Shown | undefined => JSON.parse(view.private_metadata) ?? undefined;
const options = (view: View): string[] =>
  JSON.stringify(view.blocks)
    .match(/"value":"\d+-\d+"/g)
    ?.map((v) => v.slice(9, -1)) ?? [];

/** A picker form's ◀ Back, when it has one. */
const backOf = (view: View) =>
  (
    view.blocks as Array<{
      block_id?: string;
      elements?: Array<{ text: { text: string }; action_id: string; value: string }>;
    }>
  ).find((b) => b.block_id === "paper_pages")?.elements?.[0];

/** Each picker form, from the first, as "choose none, Next" shows them, until it is back at the first. */
function pickerForms(pets: PaperPet[]): View[] {
  const doc = paperPickDoc(sheet, pets, done);
  const forms: View[] = [paperPickModal(seal, doc)];
  for (let shown = shownOf(forms[0] as View); shown && shown.to < pets.length; ) {
    const next = paperPickModal(seal, paperPickDoc(sheet, pets), shown.to);
    forms.push(next);
    shown = shownOf(next);
    expect(forms.length).toBeLessThan(50);
  }
  return forms;
}

describe("the paper picker on the biggest day", () => {
  for (const n of [300, 2000]) {
    it(`${n} pets of 80-character names: every form within Slack's limits, every pet in one menu, its name whole`, () => {
      const pets = Array.from({ length: n }, (_, i) => pet(i, longName(i), [dose(0, 300)]));
      const forms = pickerForms(pets);
      for (const f of forms) expect(viewViolations(f)).toEqual([]);
      const chosen = forms.flatMap(options);
      expect(chosen).toEqual(pets.map((p) => `${p.bookingId}-${p.petId}`));
      for (const [k, f] of forms.entries()) {
        const text = readable(f);
        for (const v of options(f)) {
          const i = Number(v.split("-")[0]) - 1000;
          expect(text).toContain(
            `${i + 1}. ${longName(i)} · Garden Suite ${i} with the heated floor · HP-${i}K2M9Q`,
          );
        }
        // A form of some of the pets says which, and how many more, from which.
        if (forms.length > 1)
          expect(text).toMatch(
            new RegExp(`Page ${k + 1} of ${forms.length}: pets [\\d,]+–[\\d,]+ of [\\d,]+ are in this menu`),
          );
        if (k < forms.length - 1)
          expect(text).toContain(`For the ${thousands(n - (shownOf(f)?.to ?? 0))} more`);
      }
      // The biggest day's 300 fit one form; 2,000 take several, and the last goes back to the first.
      expect(forms.length > 1).toBe(n > 300);
      if (forms.length > 1) {
        const last = forms.at(-1) as View;
        expect(readable(last)).toContain("choose none and press Next");
        expect(shownOf(paperPickModal(seal, paperPickDoc(sheet, pets), shownOf(last)?.to))?.from).toBe(0);
      }
    });
  }

  it("2,000 pets: each page after the first has ◀ Back beside its words, to the pets just before it, back to the first", () => {
    const pets = Array.from({ length: 2000 }, (_, i) => pet(i, longName(i), [dose(0, 300)]));
    const forms = pickerForms(pets);
    const n = forms.length;
    expect(n).toBeGreaterThan(2);
    expect(backOf(forms[0] as View)).toBeUndefined();
    // From the last page (as Next came to it, the first headed by what the last pet entered), ◀ Back
    // after ◀ Back: each the page before, ending where this one starts, its number one less.
    let form = forms.at(-1) as View;
    const seen = new Set(options(form));
    for (let k = n; k > 1; k--) {
      expect(readable(form)).toContain(`Page ${k} of ${n}: pets `);
      const back = backOf(form);
      expect(back?.text.text).toBe(`◀ Back to page ${k - 1}`);
      expect(back?.action_id).toBe("paper_page:back");
      expect(readable(form)).toContain(`◀ Back to page ${k - 1} shows page ${k - 1} again.`);
      const named = JSON.parse(back?.value ?? "{}");
      const before = paperPickModal(seal, paperPickDoc(sheet, pets), named.f, named.e);
      expect(viewViolations(before)).toEqual([]);
      expect(shownOf(before)?.to).toBe(shownOf(form)?.from);
      for (const v of options(before)) seen.add(v);
      form = before;
    }
    expect(shownOf(form)?.from).toBe(0);
    expect(backOf(form)).toBeUndefined();
    expect(readable(form)).toContain(`Page 1 of ${n}: pets 1–`);
    expect(seen.size).toBe(2000);
  });

  it("short names stay whole and unnumbered in the menu, with nothing above it", () => {
    const short = (i: number, name: string): PaperPet => ({
      ...pet(i, name, [dose(0, 30)]),
      room: "Kennel 4",
      recorded: undefined,
    });
    const doc = paperPickDoc(sheet, [short(1, "Biscuit"), short(2, "Ollie")]);
    expect(doc.pets.map((p) => p.text)).toEqual([
      "Biscuit · Kennel 4 · HP-1K2M9Q",
      "Ollie · Kennel 4 · HP-2K2M9Q",
    ]);
    expect(doc.pets.every((p) => p.whole === undefined)).toBe(true);
    const view = paperPickModal(seal, doc);
    expect(shownOf(view)).toBeUndefined();
    expect(readable(view)).not.toContain("Names the menu shortens");
  });
});

/** Each form of a pet's doses, from the first, as "Enter" shows the next. */
function petForms(p: PaperPet): View[] {
  const doc = paperPetDoc(sheet, p, new Map(), "Europe/London");
  const forms: View[] = [paperPetModal(seal, doc)];
  for (let shown = shownOf(forms[0] as View); shown && shown.to < doc.doses.length; ) {
    const next = paperPetModal(seal, doc, { from: shown.to, done });
    forms.push(next);
    shown = shownOf(next);
    expect(forms.length).toBeLessThan(20);
  }
  return forms;
}

describe("a pet's doses from the paper", () => {
  const cases = [
    { doses: 5, length: 500, forms: 1 },
    { doses: 5, length: 60_000, forms: 2 },
    { doses: 5, length: TEXT_MAX, forms: 5 },
  ];
  for (const c of cases) {
    it(`${c.doses} high-alert doses of ${c.length} characters, the pet's name of 2,000: in ${c.forms} form(s), each within Slack's limits, every dose whole with its fields once`, () => {
      const name = `Duchess ${words("n", 400)}`.slice(0, 2000);
      const due = Array.from({ length: c.doses }, (_, k) => dose(k, c.length));
      const forms = petForms(pet(1, name, due));
      expect(forms).toHaveLength(c.forms);
      for (const f of forms) {
        expect(viewViolations(f)).toEqual([]);
        // The pet whole on every form, never the picker's shortened name.
        expect(readable(f)).toContain(`${name} · Garden Suite 1 with the heated floor · HP-1K2M9Q`);
      }
      for (const d of due) {
        const holding = forms.filter((f) => JSON.stringify(f.blocks).includes(`"mark:${d.item}"`));
        expect(holding, d.item).toHaveLength(1);
        expect(readable(holding[0] as View)).toContain(d.text);
        // Its witness's field beside its mark.
        expect(JSON.stringify(holding[0]?.blocks)).toContain(`"witness:${d.item}"`);
      }
      if (c.forms > 1)
        expect(readable(forms[0] as View)).toMatch(/Doses 1–\d+ of 5 of this pet are in this form/);
    });
  }
});

describe("a pet's doses from the paper, some or all in the record already", () => {
  const due = Array.from({ length: 5 }, (_, k) => dose(k, 60_000));
  const given = (item: ItemKey) =>
    [
      item,
      {
        item,
        outcome: "given",
        givenAt: "2026-11-24T07:50:00.000Z",
        recordedAt: "2026-11-24T07:51:00.000Z",
        userName: "Jane",
        date: "2026-11-24",
      },
    ] as const;
  const formsOf = (recorded: ItemKey[]) => {
    const doc = paperPetDoc(sheet, pet(1, "Duchess", due), new Map(recorded.map(given)) as never, "UTC");
    const first = paperPetModal(seal, doc);
    return { doc, first, shown: shownOf(first) as Shown };
  };

  it("every dose recorded: the first form's button is Back, and it says these and the rest are in the record", () => {
    const { first, shown } = formsOf(due.map((d) => d.item));
    expect(shown.to).toBeLessThan(5);
    expect(first.submit.text).toBe("Back");
    expect(readable(first)).toContain(
      `These and the ${5 - shown.to} more (from dose ${shown.to + 1}) are in the record already: press Back for the pets.`,
    );
  });

  it("the first form's doses recorded and a later one open: Next, saying so; the form holding the open one: Enter", () => {
    const { doc, first, shown } = formsOf(due.slice(0, 4).map((d) => d.item));
    expect(first.submit.text).toBe("Next");
    expect(readable(first)).toContain("These are in the record already;");
    let form = first;
    for (let s = shown; s && s.to < 5; s = shownOf(form) as Shown)
      form = paperPetModal(seal, doc, { from: s.to });
    expect(JSON.stringify(form.blocks)).toContain('"mark:med:5"');
    expect(form.submit.text).toBe("Enter");
  });

  it("an open dose in the first form: Enter, as before", () => {
    const { first } = formsOf(due.slice(1).map((d) => d.item));
    expect(first.submit.text).toBe("Enter");
  });
});
