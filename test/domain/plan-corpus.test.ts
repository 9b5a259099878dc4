/**
 * The reader on its corpus (test/domain/plan-corpus-cases.ts): the instructions of issue 34 read
 * with certainty or refused as before, and every case of the corpus as a careful veterinary nurse
 * reads it, with issue 42's figures (certain and wrong 0; plain words left to a person at most one
 * in ten). The stay: Sat 5 Dec 2026 to Sat 12 Dec, a kennel writing dates day first (dmy) unless a
 * case says otherwise.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { type CareFields, draftPlan, type ReaderContext } from "../../src/domain/plan/draft.ts";
import type { PlanItem } from "../../src/domain/plan/types.ts";
import {
  type Case,
  CONTEXT,
  corpus,
  differences,
  FEEDING,
  FIELDS,
  figures,
  judge,
  READ,
  REFUSED,
  type Reading,
} from "./plan-corpus-cases.ts";

const M = "morning" as const;
const E = "evening" as const;

function readMedication(fields: CareFields | string, context: ReaderContext = CONTEXT): PlanItem {
  const care = typeof fields === "string" ? { medication: fields } : fields;
  const item = draftPlan(care, context).items.find((i) => i.key !== "meal");
  if (!item) throw new Error("no medication item");
  return item;
}

function expectReading(item: PlanItem, r: Reading): void {
  expect({ readBy: item.readBy, doubts: item.doubts }).toEqual({ readBy: "reader", doubts: [] });
  expect(item.when.rounds.map((d) => d.round)).toEqual(r.rounds);
  expect(item.when.days).toEqual(r.days ?? { every: "day" });
  expect(item.when.start).toBe(r.start);
  expect(item.when.stop).toBe(r.stop);
  expect(item.when.steps).toEqual(r.steps ?? []);
  expect(item.kind).toEqual(r.kind ?? { kind: "routine" });
  if (r.amount !== undefined) expect(item.what.amount).toBe(r.amount);
  if (r.strength !== undefined) expect(item.what.strength).toBe(r.strength);
  expect(item.highAlert?.class).toBe(r.highAlert);
}

describe("the reader reads what kennels write", () => {
  it.each(FEEDING)("feeding %j", (fields, expected) => {
    const meal = draftPlan(fields, CONTEXT).items.find((i) => i.key === "meal") as PlanItem;
    if (typeof expected === "string") {
      expect(meal.readBy).toBe("nobody");
      expect(meal.doubts).toContain(expected);
      return;
    }
    expect({ readBy: meal.readBy, doubts: meal.doubts, feeding: meal.feeding }).toEqual({
      readBy: "reader",
      doubts: [],
      feeding: expected.feeding,
    });
    expect(meal.when.rounds.map((d) => d.round)).toEqual(expected.rounds);
    if (expected.amount) expect(meal.what.amount).toBe(expected.amount);
  });

  it.each(READ)("%s", (text, reading) => {
    expectReading(readMedication(text), reading);
  });

  it.each(FIELDS)("%j", (fields, reading) => {
    expectReading(readMedication(fields), reading);
  });

  it("reads a date in the kennel's order: month first in a US kennel", () => {
    const us = { ...CONTEXT, dateOrder: "mdy" as const, timeZone: "America/New_York" };
    expectReading(readMedication("Cephalexin 500mg 1 cap BID, START 12/9", us), {
      rounds: [M, E],
      start: "2026-12-09",
    });
    expect(readMedication("Start 12/31 1 tab AM", us).when.start).toBe("2026-12-31");
    expect(readMedication("Start 31/12 1 tab AM", us).doubts).toContain("date_unreadable");
  });

  it("a date with no year is the one nearest the stay (across the new year)", () => {
    expect(readMedication("Metronidazole 1 tab BID, STOP after 3/1").when.stop).toBe("2027-01-03");
    expect(readMedication("Metronidazole 1 tab BID, started 28/11").when.start).toBe("2026-11-28");
  });
});

describe("the reader refuses to guess", () => {
  it.each(REFUSED)("%j: %s", (fields, doubt) => {
    const item = readMedication(fields);
    expect(item.readBy).toBe("nobody");
    expect(item.doubts).toContain(doubt);
  });
});

/** A case in a line: its words and what the nurse reads. */
const named = (c: Case) => ("person" in c.expected ? `${c.words} → a person: ${c.expected.person}` : c.words);

describe("the corpus, as a careful veterinary nurse reads it (issue 42)", () => {
  const cases = corpus();

  it.each(cases.filter((c) => "person" in c.expected).map((c) => [named(c), c] as const))(
    "left to a person: %s",
    (_, c) => {
      const { item } = judge(c);
      expect({ readBy: item.readBy }).toEqual({ readBy: "nobody" });
      if ("person" in c.expected && c.expected.doubt) expect(item.doubts).toContain(c.expected.doubt);
    },
  );

  it.each(cases.filter((c) => "reading" in c.expected).map((c) => [named(c), c] as const))(
    "plain: %s (read as the nurse reads it, or left to a person: never sure and wrong)",
    (_, c) => {
      const { item, verdict } = judge(c);
      if (verdict === "plain_left_to_person") return;
      expect(differences(item, (c.expected as { reading: Reading }).reading)).toEqual([]);
    },
  );

  it("its figures: at least 250 instructions, 40 for a person; certain and wrong 0; plain words left to a person at most one in ten", () => {
    const f = figures(cases);
    console.log(
      `care plan reader: ${f.size} instructions (${f.forPerson} for a person): certain and wrong ${f.certainAndWrong.length}; plain words left to a person ${f.plainLeft.length} of ${f.plain} (${(f.plainLeftShare * 100).toFixed(1)}%)`,
    );
    expect(f.size).toBeGreaterThanOrEqual(250);
    expect(f.forPerson).toBeGreaterThanOrEqual(40);
    expect(f.certainAndWrong.map((v) => [v.c.words, v.why])).toEqual([]);
    expect(f.plainLeftShare).toBeLessThanOrEqual(0.1);
  });
});

describe("docs/care-plan.md", () => {
  const doc = readFileSync(new URL("../../docs/care-plan.md", import.meta.url), "utf8");
  /** The table rows of a section: the example (diet or not) and the other cell's first example. */
  const rows = (heading: string) => {
    const section = doc.split(/^## /m).find((s) => s.startsWith(heading)) ?? "";
    return [...section.matchAll(/^\| (\(diet\) )?`([^`]+)` \| ([^\n]*)\|$/gm)].map((m) => ({
      diet: Boolean(m[1]),
      words: m[2] as string,
      twin: /`([^`]+)`/.exec(m[3] as string)?.[1],
    }));
  };
  const itemOf = (r: { diet: boolean; words: string }, fields: CareFields = {}) => {
    const plan = draftPlan(
      r.diet ? { dietaryRequirements: r.words } : { ...fields, medication: r.words },
      CONTEXT,
    );
    return plan.items.find((i) => i.key === (r.diet ? "meal" : "med:1")) as PlanItem;
  };

  it("every example in 'What the reader understands' is read with certainty", () => {
    const understood = rows("What the reader understands");
    expect(understood.length).toBeGreaterThan(20);
    for (const r of understood) expect([r.words, itemOf(r).doubts]).toEqual([r.words, []]);
  });

  it("every example in 'What it leaves to a person' is left to a person", () => {
    const refused = rows("What it leaves to a person");
    expect(refused.length).toBeGreaterThan(15);
    for (const r of refused) {
      const twin = r.twin && !r.diet && /^[A-Z]/.test(r.twin) ? { medication3: r.twin } : {};
      expect([r.words, itemOf(r, twin).readBy]).toEqual([r.words, "nobody"]);
    }
  });
});
