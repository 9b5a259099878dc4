/**
 * The plan form's answers longer than a choice's 75 characters (Slack's): the choices numbered, each
 * answer's words whole above them (they were cut, hiding which doses the person chose); choosing one
 * records that answer.
 */
import { describe, expect, it } from "vitest";
import { blocksViolations, LIMITS } from "../../src/blocks/limits.ts";
import { answersOf, planModal } from "../../src/blocks/plan.ts";
import type { Block } from "../../src/blocks/types.ts";
import { draftPlan, type ReaderContext } from "../../src/domain/plan/draft.ts";
import { planQuestions } from "../../src/domain/plan/questions.ts";
import { stayContext } from "../helpers/reader.ts";

const CONTEXT: ReaderContext = stayContext("2026-12-05T10:00:00Z", "2026-12-12T10:00:00Z", {
  houseMeals: { rounds: ["morning", "evening"], bySpecies: {} },
});

type Radio = { options: Array<{ text: { text: string }; value: string }>; initial_option?: unknown };
type ViewBlock = { type: string; block_id?: string; text?: { text: string }; elements?: unknown[] };

/** A drug written in every field of the pet's five medicines: one question, "one dose or two?". */
function sameDrugForm(chosen = new Map<string, string>()) {
  const med = "Rimadyl 50mg";
  const fields = Object.fromEntries(
    ["medication", "medication2", "medication3", "medication4", "medication5"].flatMap((f) => [
      [f, med],
      [`${f}Noon`, med],
      [`${f}Pm`, med],
    ]),
  );
  const plan = draftPlan(fields, CONTEXT);
  const questions = planQuestions(plan, { today: "2026-12-05", arrival: "2026-12-05", dateOrder: "dmy" });
  const view = planModal(
    "sealed",
    { view: { versionId: 1, plan, petName: "Teddy", room: "Kennel 1" }, questions, chosen, viewer: "U1" },
    "Europe/London",
  );
  return { questions, blocks: view.blocks as ViewBlock[] };
}

/** The radio buttons of question `id`. */
const radioOf = (blocks: ViewBlock[], id: string | undefined) =>
  blocks.find((b) => b.block_id === `q:${id}`)?.elements?.[0] as Radio | undefined;
const sectionsOf = (blocks: ViewBlock[]) =>
  blocks.flatMap((b) => (b.type === "section" && b.text ? [b.text.text] : []));

describe("a plan question's long answers", () => {
  it("an answer past a choice's 75 characters: whole above the numbered choices; choosing it records it", () => {
    const { questions, blocks } = sameDrugForm();
    const q = questions.find((x) => x.doubt === "same_drug");
    expect(q).toBeDefined();
    expect(blocksViolations(blocks as Block[], LIMITS.viewBlocks)).toEqual([]);
    const radio = radioOf(blocks, q?.id);
    expect(radio?.options.map((o) => o.text.text)).toEqual(["Answer 1", "Answer 2"]);
    // Each answer's words whole, above the choices: every medication and its rounds.
    const text = sectionsOf(blocks).join("\n");
    const first = text.match(/\*Answer 1:\* ([^\n]*)/)?.[1] ?? "";
    expect(first.length).toBeGreaterThan(150);
    expect(first).not.toContain("…");
    for (const n of [1, 2, 3, 4, 5]) expect(first).toContain(`(medication ${n})`);
    expect(text).toMatch(/\*Answer 2:\* the same dose written twice: give once \(as medication 1\)/);
    // Choosing "Answer 1" is the first answer, as Slack sends it in the view's state.
    const values = { [`q:${q?.id}`]: { a: { selected_option: radio?.options[0] } } };
    const chosen = answersOf(undefined, values);
    expect(chosen).toEqual({ [q?.id as string]: "0" });
    const again = sameDrugForm(new Map(Object.entries(chosen)));
    expect(radioOf(again.blocks, q?.id)?.initial_option).toEqual(radio?.options[0]);
  });

  it("answers within a choice stay as they are", () => {
    const plan = draftPlan({ medication: "Rimadyl 50mg", medication2: "Rimadyl 50mg" }, CONTEXT);
    const questions = planQuestions(plan, { today: "2026-12-05", arrival: "2026-12-05", dateOrder: "dmy" });
    const view = planModal(
      "sealed",
      { view: { versionId: 1, plan, petName: "Teddy" }, questions, chosen: new Map(), viewer: "U1" },
      "Europe/London",
    );
    const q = questions.find((x) => x.doubt === "same_drug");
    const radio = radioOf(view.blocks as ViewBlock[], q?.id);
    expect(radio?.options[0]?.text.text).toMatch(/^two doses: /);
    expect(sectionsOf(view.blocks as ViewBlock[]).join("\n")).not.toContain("Answer 1:");
  });
});
