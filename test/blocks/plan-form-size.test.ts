/**
 * The plan's form whose words fill a form's 250 kB before its 100 blocks (a pet on five medications
 * whose morning, midday and evening instructions and diets run to thousands of characters, `&`,
 * emoji and Japanese in them, each asked about): in parts by size as well as by blocks, each part
 * within every limit Slack has (its size in all too), every word and every question in one of them,
 * and answering never moves where a part ends (each question measured with its longest answer).
 */
import { describe, expect, it } from "vitest";
import { jsonBytes, LIMITS, viewBytes, viewViolations } from "../../src/blocks/limits.ts";
import { planModal } from "../../src/blocks/plan.ts";
import { questionBlocks } from "../../src/blocks/plan-parts.ts";
import { draftPlan, type ReaderContext } from "../../src/domain/plan/draft.ts";
import { planQuestions } from "../../src/domain/plan/questions.ts";
import { MEDICATION_FIELDS } from "../../src/kennel/schemas.ts";
import { planFormDoc } from "../../src/present/plan-form.ts";
import { heavyWords, shownWords, wordsShown } from "../helpers/heavy-words.ts";
import { stayContext } from "../helpers/reader.ts";

const CONTEXT: ReaderContext = stayContext("2026-12-05T10:00:00Z", "2026-12-12T10:00:00Z", {
  houseMeals: { rounds: ["morning", "evening"], bySpecies: {} },
});
const fields: Record<string, string> = {};
const all: string[] = [];
MEDICATION_FIELDS.forEach((slot, k) => {
  slot.forEach((field, j) => {
    const w = heavyWords(`m${k}${j}x`, 6000);
    all.push(...w);
    fields[field] = j === 0 ? `${w.join(" ")} 50mg once daily` : w.join(" ");
  });
});
for (const f of ["dietaryRequirements", "dietaryRequirementsAm", "dietaryRequirementsPm"]) {
  const w = heavyWords(`${f}x`, 6000);
  all.push(...w);
  fields[f] = w.join(" ");
}
const plan = draftPlan(fields, CONTEXT);
const questions = planQuestions(plan, { today: "2026-12-05", arrival: "2026-12-05", dateOrder: "dmy" });

type Shown = { type: string; block_id?: string; text?: { text: string } };
const formOf = (chosen: Map<string, string>, part?: number) =>
  planModal(
    "sealed",
    { view: { versionId: 1, plan, petName: "Teddy", room: "Kennel 1" }, questions, chosen, viewer: "U1" },
    "Europe/London",
    part,
  );
const partsOf = (chosen: Map<string, string>) => {
  const head = (formOf(chosen).blocks[0] as Shown).text?.text ?? "";
  const n = Number(/part 1 of (\d+)/.exec(head)?.[1] ?? 1);
  return Array.from({ length: n }, (_, k) => formOf(chosen, k));
};

describe("the plan's form past a form's 250 kB", () => {
  it("in parts within 250 kB each, fewer than 100 blocks in a full one: every word and every question in one", () => {
    const parts = partsOf(new Map());
    expect(parts.length).toBeGreaterThan(1);
    for (const v of parts) {
      expect(viewViolations(v)).toEqual([]);
      expect(viewBytes(v)).toBeLessThanOrEqual(LIMITS.viewBytes);
    }
    // The size turned a part before its 100 blocks.
    expect(Math.min(...parts.slice(0, -1).map((v) => v.blocks.length))).toBeLessThan(LIMITS.viewBlocks - 5);
    const seen = new Set(parts.flatMap((v) => [...wordsShown(v.blocks)]));
    expect(shownWords(all).filter((w) => !seen.has(w))).toEqual([]);
    const radios = parts.flatMap((v) =>
      (v.blocks as Shown[]).flatMap((b) => (b.block_id?.startsWith("q:") ? [b.block_id] : [])),
    );
    expect(questions.filter((q) => q.answers.length).length).toBeGreaterThanOrEqual(5);
    expect(radios.sort()).toEqual(
      questions
        .filter((q) => q.answers.length)
        .map((q) => `q:${q.id}`)
        .sort(),
    );
  });

  it("every question answered: as many parts, each part holding the same questions, Confirm in the last", () => {
    const asked = (v: { blocks: unknown[] }) =>
      (v.blocks as Shown[]).flatMap((b) => (b.block_id?.startsWith("q:") ? [b.block_id] : []));
    const before = partsOf(new Map());
    // Every question answered with its first answer, then with its last: as many parts each time.
    for (const pick of [0, -1]) {
      const after = partsOf(
        new Map(
          questions.filter((q) => q.answers.length).map((q) => [q.id, q.answers.at(pick)?.id as string]),
        ),
      );
      expect(after.map(asked)).toEqual(before.map(asked));
      for (const v of after) expect(viewViolations(v)).toEqual([]);
      expect(after.at(-1)?.submit?.text).toBe("Confirm");
    }
  });

  it("each question is measured for its part with its longest answer chosen: no choice makes it larger", () => {
    const doc = planFormDoc(
      {
        view: { versionId: 1, plan, petName: "Teddy", room: "Kennel 1" },
        questions,
        chosen: new Map(),
        viewer: "U1",
      },
      "Europe/London",
    );
    const asked = doc.questions.filter((q) => q.answers.length > 1);
    expect(asked.length).toBeGreaterThan(0);
    for (const q of asked) {
      const { blocks, measure } = questionBlocks(q);
      expect(measure.length).toBe(blocks.length);
      expect(measure.slice(0, -1)).toEqual(blocks.slice(0, -1));
      for (const a of q.answers) {
        const chosen = questionBlocks({ ...q, chosen: a.id }).blocks;
        expect(jsonBytes(chosen.at(-1))).toBeLessThanOrEqual(jsonBytes(measure.at(-1)));
      }
      expect(jsonBytes(blocks.at(-1))).toBeLessThan(jsonBytes(measure.at(-1)));
    }
  });
});
