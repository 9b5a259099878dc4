/** The plan's form: a question about a drug whose words pass a section, asked with every word. */
import { describe, expect, it } from "vitest";
import { blocksViolations, LIMITS } from "../../src/blocks/limits.ts";
import { planModal } from "../../src/blocks/plan.ts";
import type { Block } from "../../src/blocks/types.ts";
import { draftPlan, type ReaderContext } from "../../src/domain/plan/draft.ts";
import { planQuestions } from "../../src/domain/plan/questions.ts";
import { stayContext } from "../helpers/reader.ts";

const CONTEXT: ReaderContext = stayContext("2026-12-05T10:00:00Z", "2026-12-12T10:00:00Z", {
  houseMeals: { rounds: ["morning", "evening"], bySpecies: {} },
});

describe("the plan form's questions", () => {
  it("a question naming a drug of 4,000 characters: every word, the question's number bold in its first block", () => {
    const name = Array.from({ length: 700 }, (_, i) => `Zw${i}`).join(" ");
    const plan = draftPlan({ medication: `${name} 50mg once daily` }, CONTEXT);
    const questions = planQuestions(plan, { today: "2026-12-05", arrival: "2026-12-05", dateOrder: "dmy" });
    expect(questions.length).toBeGreaterThan(0);
    const view = planModal(
      "sealed",
      {
        view: { versionId: 1, plan, petName: "Teddy", room: "Kennel 1" },
        questions,
        chosen: new Map(),
        viewer: "U1",
      },
      "Europe/London",
    );
    const blocks = view.blocks as Block[];
    // Every block, the answers' radio buttons with them (their options' words and count).
    expect(blocks.length).toBeLessThanOrEqual(LIMITS.viewBlocks);
    expect(blocksViolations(blocks, LIMITS.viewBlocks)).toEqual([]);
    const texts = blocks.flatMap((b) => (b.type === "section" && b.text ? [b.text.text] : []));
    const first = texts.findIndex((t) => t.startsWith("*1.* "));
    expect(first).toBeGreaterThanOrEqual(0);
    const asked = texts.slice(first).join(" ");
    for (const w of name.split(" ")) expect(asked).toMatch(new RegExp(`(^|\\W)${w}(\\W|$)`));
  });
});
