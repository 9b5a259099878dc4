/**
 * The plan's form longer than a Slack form's 100 blocks (a pet on five long medications, each asked
 * about): shown in parts, each within Block Kit's limits and saying what it and the others hold;
 * every item's words, every question and its answers in one part, Confirm in the last, and the
 * answers chosen in one part carried to the Confirm of another.
 */
import { describe, expect, it } from "vitest";
import { LIMITS, viewViolations } from "../../src/blocks/limits.ts";
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
      expect(viewViolations(v)).toEqual([]);
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

describe("the plan's form when one item's words are longer than a part", () => {
  // Medication 2's words past a whole form (about 330,000 characters), the others short.
  const longPlan = draftPlan(
    {
      medication: "Rimadyl 50mg once daily",
      medication2: `${words("d1x", 40_000).join(" ")} 50mg once daily`,
      medication3: "Vetmedin 2.5mg twice daily",
    },
    CONTEXT,
  );
  const longQuestions = planQuestions(longPlan, {
    today: "2026-12-05",
    arrival: "2026-12-05",
    dateOrder: "dmy",
  });
  const longForm = (chosen: Map<string, string>, part?: number) =>
    planModal(
      "sealed",
      {
        view: { versionId: 1, plan: longPlan, petName: "Teddy", room: "Kennel 1" },
        questions: longQuestions,
        chosen,
        viewer: "U1",
      },
      "Europe/London",
      part,
    );
  const longParts = (chosen: Map<string, string>) => {
    const head = texts(longForm(chosen).blocks)[0] ?? "";
    const n = Number(/part 1 of (\d+)/.exec(head)?.[1] ?? 1);
    return Array.from({ length: n }, (_, k) => longForm(chosen, k));
  };
  /** The question numbers a part's head says it holds ("questions 1–3", "question 4"). */
  const claimed = (head: string) => {
    const mine = /this is part \d+ of \d+: ([^.]*?)\. Not shown here/.exec(head)?.[1] ?? "";
    const span =
      mine
        .split("; ")
        .map((x) => /^questions? ([\d–, ]+)$/.exec(x)?.[1])
        .find(Boolean) ?? "";
    return span
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean)
      .flatMap((r) => {
        const [a, b] = r.split("–").map(Number) as [number, number | undefined];
        return Array.from({ length: (b ?? a) - a + 1 }, (_, i) => a + i);
      });
  };
  const asked = (blocks: unknown[]) =>
    (blocks as Radio[]).flatMap((b) => {
      if (!b.block_id?.startsWith("q:")) return [];
      const q = longQuestions.find((x) => `q:${x.id}` === b.block_id);
      return q ? [longQuestions.indexOf(q) + 1] : [];
    });

  it("each part's head claims exactly the questions it asks", () => {
    const parts = longParts(new Map());
    expect(parts.length).toBeGreaterThan(2);
    for (const v of parts) {
      expect(viewViolations(v)).toEqual([]);
      const head = texts(v.blocks)[0] ?? "";
      expect(claimed(head).sort()).toEqual(asked(v.blocks).sort());
    }
  });

  it("where the long item's words go on, the part says so, and the next says where they came from", () => {
    const parts = longParts(new Map());
    const said = parts.map((v) => JSON.stringify(v.blocks));
    let marks = 0;
    for (let k = 0; k < parts.length - 1; k++) {
      const what = /↪ ([^:]+): its words go on in part (\d+)/.exec(said[k] ?? "");
      if (!what) continue;
      marks++;
      expect(what[2]).toBe(String(k + 2));
      const next = /↩ ([^,]+), continued from part (\d+)/.exec(said[k + 1] ?? "");
      expect([next?.[1], next?.[2]]).toEqual([what[1], String(k + 1)]);
    }
    expect(marks).toBeGreaterThanOrEqual(2);
    expect(said.some((s) => s.includes("Medication 2: its words go on in part"))).toBe(true);
    // Every word of it, none lost at a part's edge and none said twice there.
    const seen = new Map<string, number>();
    for (const v of parts)
      for (const t of texts(v.blocks))
        for (const w of t.split(/[\s*_~"`.,;:()]+/))
          if (w.startsWith("d1xw")) seen.set(w, (seen.get(w) ?? 0) + 1);
    // (The words are said by the item and by its question: every word as often as the others.)
    expect(seen.size).toBe(40_000);
    expect(new Set(seen.values()).size).toBe(1);
  });

  it("no part holds only the plan's state, and answering every question keeps the count of parts", () => {
    const before = longParts(new Map());
    for (const v of before)
      expect(asked(v.blocks).length + (JSON.stringify(v.blocks).includes("d1xw") ? 1 : 0)).toBeGreaterThan(0);
    const all = new Map(
      longQuestions.filter((q) => q.answers.length).map((q) => [q.id, q.answers[0]?.id as string]),
    );
    const after = longParts(all);
    expect(after.length).toBe(before.length);
    expect(after.at(-1)?.submit?.text).toBe("Confirm");
  });
});
