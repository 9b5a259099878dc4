/**
 * A care plan's document: each item says where its reading came from (in staff's words for the
 * kennel system's fields, never an empty "words:"), the dose two people confirm, and a high-alert
 * plan's one confirmation of two never read as done.
 */
import { describe, expect, it } from "vitest";
import { draftPlan, type ReaderContext } from "../../src/domain/plan/draft.ts";
import { confirmPlan, setItem } from "../../src/domain/plan/state.ts";
import type { Plan, PlanItem } from "../../src/domain/plan/types.ts";
import { type PlanView, planDoc, plansToConfirmDoc } from "../../src/present/plan.ts";
import { docText } from "../../src/text/doc.ts";
import { stayContext } from "../helpers/reader.ts";

const CONTEXT: ReaderContext = stayContext("2026-12-05T10:00:00Z", "2026-12-12T10:00:00Z", {
  houseMeals: { rounds: ["morning", "evening"], bySpecies: {} },
});

describe("a care plan's document", () => {
  it("a meal from the house routine says it has no words on record; a medication quotes its own", () => {
    const plan = draftPlan({ medication: "Apoquel 16mg 1 tab daily with breakfast" }, CONTEXT);
    const doc = planDoc({ versionId: undefined, plan, petName: "Itchy" }, "Europe/London");
    const text = docText(doc, { color: false, timezone: "Europe/London", thisYear: "2026" });
    const lines = text.split("\n").map((l) => l.trim());
    expect(lines.filter((l) => /^words:\s*$/.test(l))).toEqual([]);
    expect(text).toContain("📄 pet's record: nothing written (fed on the kennel's house routine)");
    expect(text).toContain('📄 pet\'s record, medication 1: "Apoquel 16mg 1 tab daily with breakfast"');
  });

  it("names the kennel system's fields and the other slot of the same drug in staff's words", () => {
    const text = draftText("Otis", {
      medication: "Owner's own Metacam 1.5ml with breakfast",
      medication2: "Kennel stock Metacam 1.5ml with breakfast",
      medication3Pm: "Zylkene 75mg 1 cap",
      dietaryRequirements: "Own kibble",
      dietaryRequirementsPm: "1 cup",
    });
    expect(text).toContain('📄 pet\'s record, diet: "Own kibble" · evening diet: "1 cup"');
    expect(text).toContain('📄 pet\'s record, medication 2: "Kennel stock Metacam 1.5ml with breakfast"');
    expect(text).toContain('📄 pet\'s record, medication 3 evening: "Zylkene 75mg 1 cap"');
    expect(text).toContain("⚠️ the same drug as Kennel stock Metacam (medication 2): one dose or two?");
    expect(text).toContain("⚠️ the same drug as Owner's own Metacam (medication 1): one dose or two?");
    expect(text).not.toMatch(/dietaryRequirements|medication2|med:\d/);
  });

  it("the reading two people confirm says the dose, not only the rounds", () => {
    const text = draftText("Sugar", {
      medication: "Caninsulin 6iu twice daily with breakfast and dinner, ONLY if she has eaten",
      medication2: "Vetmedin 5mg 1 tab AM",
      medication2Pm: "1/2 tab",
    });
    expect(text).toContain("💊 Caninsulin · 6iu · morning and evening · every day · ONLY if she has eaten");
    expect(text).toContain("💊 Vetmedin 5mg · 1 tab · morning and evening (1/2 tab) · every day · routine");
  });

  it("lists a plan's rounds in the day's order, whatever order a person set them in", () => {
    const drafted = draftPlan({ medication: "Apoquel 16 mg, one tablet" }, CONTEXT);
    const item = drafted.items.find((i) => i.key === "med:1") as PlanItem;
    const set: PlanItem = {
      ...item,
      when: {
        ...item.when,
        rounds: [
          { round: "evening", why: "set" },
          { round: "morning", why: "set" },
        ],
      },
    };
    const plan = setItem(drafted, set, SAM);
    const text = textOf({ versionId: undefined, plan, petName: "Scout" });
    expect(text).toContain("💊 Apoquel 16 mg · one tablet · morning and evening · every day");
  });
});

const SAM = { userId: "U0SAM", userName: "Sam", at: "2026-11-26T12:15:00Z" };

/** The document's text of the plan the reader drafts from a pet's `fields` (no version yet). */
function draftText(petName: string, fields: Parameters<typeof draftPlan>[0]): string {
  return textOf({ versionId: undefined, plan: draftPlan(fields, CONTEXT), petName });
}

function textOf(v: PlanView): string {
  return docText(planDoc(v, "Europe/London"), { color: false, timezone: "Europe/London", thisYear: "2026" });
}

/** An insulin plan, drafted; confirmed once (by Sam) when `once`. */
function insulin(petId: number, once: boolean): Plan {
  const plan = draftPlan(
    { medication: "Caninsulin 6iu twice daily with breakfast and dinner" },
    {
      ...CONTEXT,
      petId,
    },
  );
  if (!once) return plan;
  const confirmed = confirmPlan(plan, SAM);
  if (!confirmed.ok) throw new Error(confirmed.why);
  return confirmed.plan;
}

describe("a high-alert plan's confirmations", () => {
  it("one of two reads as one of two, with who gave it and that a different person gives the second", () => {
    const text = textOf({ versionId: 1, plan: insulin(70, true), petName: "Pip" });
    expect(text).toContain(
      "📋 1 of 2 confirmations: Sam Thu 26 Nov 12:15; a second, different person confirms (high-alert drug)",
    );
    expect(text).not.toContain("confirmed by");
  });

  it("the plans to confirm count every plan they list with a high-alert drug, drafted or waiting for its second", () => {
    const views: PlanView[] = [
      { versionId: 1, plan: insulin(70, true), petName: "Pip" },
      { versionId: 2, plan: insulin(71, false), petName: "Sugar" },
      { versionId: 3, plan: draftPlan({ medication: "Apoquel 16mg 1 tab AM" }, CONTEXT), petName: "Itchy" },
    ];
    const doc = plansToConfirmDoc("Midday round, Thu 26 Nov", views, "Europe/London");
    const text = docText(doc, { color: false, timezone: "Europe/London", thisYear: "2026" });
    expect(text).toContain("💉 2 with a high-alert drug: a second, different person confirms");
    expect(text.match(/💉 high-alert \(Caninsulin\)/g)).toHaveLength(2);
  });
});
