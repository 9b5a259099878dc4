/**
 * The plan's form longer than a Slack form's 100 blocks (a pet on five long medications, each asked
 * about): shown in parts, each within Block Kit's limits and saying what it and the others hold;
 * every item's words, every question and its answers in one part, Confirm in the last, and the
 * answers chosen in one part carried to the Confirm of another.
 */
import { describe, expect, it } from "vitest";
import { blocksViolations, LIMITS } from "../../src/blocks/limits.ts";
import { answersOf, planModal } from "../../src/blocks/plan.ts";
import type { Block } from "../../src/blocks/types.ts";
import { draftPlan, type ReaderContext } from "../../src/domain/plan/draft.ts";
import { openQuestions, planQuestions, type Question } from "../../src/domain/plan/questions.ts";
import { itemKeyWords } from "../../src/words/plan.ts";
import { stayContext } from "../helpers/reader.ts";

const CONTEXT: ReaderContext = stayContext("2026-12-05T10:00:00Z", "2026-12-12T10:00:00Z", {
  houseMeals: { rounds: ["morning", "evening"], bySpecies: {} },
});
const words = (tag: string, n: number) => Array.from({ length: n }, (_, i) => `${tag}w${i}`);
const SLOTS = ["medication", "medication2", "medication3", "medication4", "medication5"] as const;
const NAMES = SLOTS.map((_, s) => words(`d${s}x`, 2000));
const plan = draftPlan(
  Object.fromEntries(SLOTS.map((f, s) => [f, `${NAMES[s]?.join(" ")} 50mg once daily`])),
  CONTEXT,
);
const questions = planQuestions(plan, { today: "2026-12-05", arrival: "2026-12-05", dateOrder: "dmy" });

type Radio = { type: string; block_id?: string; elements?: Array<{ options?: Array<{ value: string }> }> };
const formOf = (chosen: Map<string, string>, part?: number) =>
  planModal(
    "sealed",
    { view: { versionId: 1, plan, petName: "Teddy", room: "Kennel 1" }, questions, chosen, viewer: "U1" },
    "Europe/London",
    part,
  );
const partsOf = (chosen: Map<string, string>) => {
  const first = formOf(chosen);
  const head = (first.blocks[0] as Block & { text?: { text: string } }).text?.text ?? "";
  const n = Number(/part 1 of (\d+)/.exec(head)?.[1] ?? 1);
  return Array.from({ length: n }, (_, k) => formOf(chosen, k));
};
const texts = (blocks: unknown[]) =>
  (blocks as Block[]).flatMap((b) => (b.type === "section" && b.text ? [b.text.text] : []));

describe("the plan's form past a form's 100 blocks", () => {
  it("the plan and its questions pass 100 blocks as one form", () => {
    expect(questions.length).toBeGreaterThanOrEqual(SLOTS.length);
    const all = partsOf(new Map()).flatMap((v) => v.blocks);
    expect(all.length).toBeGreaterThan(LIMITS.viewBlocks);
  });

  it("in parts: each within Block Kit's limits, headed by what it and the others hold; every word and question in one", () => {
    const parts = partsOf(new Map());
    expect(parts.length).toBeGreaterThan(1);
    const seen = new Set<string>();
    const radios: string[] = [];
    parts.forEach((v, k) => {
      expect(blocksViolations(v.blocks as Block[], LIMITS.viewBlocks)).toEqual([]);
      const head = texts(v.blocks)[0] ?? "";
      expect(head).toContain(`this is part ${k + 1} of ${parts.length}`);
      for (let j = 0; j < parts.length; j++) if (j !== k) expect(head).toContain(`part ${j + 1}: `);
      const nav = (v.blocks as Radio[]).find((b) => b.block_id === "plan_parts");
      expect(nav?.elements?.length).toBe(k === 0 || k === parts.length - 1 ? 1 : 2);
      for (const t of texts(v.blocks)) for (const w of t.split(/[\s*_~"`.,;:()]+/)) seen.add(w);
      for (const b of v.blocks as Radio[]) if (b.block_id?.startsWith("q:")) radios.push(b.block_id);
    });
    for (const name of NAMES) expect(name.every((w) => seen.has(w))).toBe(true);
    // The first part's head names every item, so each is said where it is.
    const head = texts((parts[0] as { blocks: unknown[] }).blocks)[0] ?? "";
    for (const i of plan.items) expect(head).toContain(itemKeyWords(i.key));
    expect(radios.sort()).toEqual(
      questions
        .filter((q) => q.answers.length)
        .map((q) => `q:${q.id}`)
        .sort(),
    );
  });

  it("Confirm only in the last part, once every question is answered, with answers chosen in other parts", () => {
    const answer = (q: Question) => q.answers[0]?.id as string;
    const asked = questions.filter((q) => q.answers.length);
    // Answers chosen in the first parts are kept in the form's metadata; the last part's are in its state.
    const last = partsOf(new Map()).length - 1;
    const inLast = new Set(
      (formOf(new Map(), last).blocks as Radio[]).flatMap((b) =>
        b.block_id?.startsWith("q:") ? [b.block_id.slice(2)] : [],
      ),
    );
    const kept = Object.fromEntries(asked.filter((q) => !inLast.has(q.id)).map((q) => [q.id, answer(q)]));
    expect(Object.keys(kept).length).toBeGreaterThan(0);
    const state = Object.fromEntries(
      asked
        .filter((q) => inLast.has(q.id))
        .map((q) => [
          `q:${q.id}`,
          { plan_answer: { selected_option: { value: JSON.stringify({ a: answer(q) }) } } },
        ]),
    );
    const answers = new Map(Object.entries(answersOf(kept, state)));
    expect(openQuestions(questions, answers)).toEqual([]);
    const parts = partsOf(answers);
    expect(parts.length).toBeGreaterThan(1);
    parts.forEach((v, k) => {
      expect(v.submit?.text).toBe(k === parts.length - 1 ? "Confirm" : undefined);
    });
    // Unanswered: no Confirm in any part.
    for (const v of partsOf(new Map(Object.entries(kept)))) expect(v.submit).toBeUndefined();
  });
});
