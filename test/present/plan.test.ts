/** A care plan's document: each item says where its reading came from, never an empty "words:". */
import { describe, expect, it } from "vitest";
import { draftPlan, type ReaderContext } from "../../src/domain/plan/draft.ts";
import { planDoc } from "../../src/present/plan.ts";
import { docText } from "../../src/text/doc.ts";

const CONTEXT: ReaderContext = {
  bookingId: 7,
  petId: 70,
  arrival: "2026-12-05T10:00:00Z",
  departure: "2026-12-12T10:00:00Z",
  timeZone: "Europe/London",
  dateOrder: "dmy",
  highAlertWords: [],
  houseMeals: { rounds: ["morning", "evening"], bySpecies: {} },
  now: "2026-12-05T10:00:00Z",
};

describe("a care plan's document", () => {
  it("a meal from the house routine says it has no words on record; a medication quotes its own", () => {
    const plan = draftPlan({ medication: "Apoquel 16mg 1 tab daily with breakfast" }, CONTEXT);
    const doc = planDoc({ versionId: undefined, plan, petName: "Itchy" }, "Europe/London");
    const text = docText(doc, { color: false, timezone: "Europe/London", thisYear: "2026" });
    const lines = text.split("\n").map((l) => l.trim());
    expect(lines.filter((l) => /^words:\s*$/.test(l))).toEqual([]);
    expect(text).toContain("words: none on record (the kennel's house routine)");
    expect(text).toContain('words: medication: "Apoquel 16mg 1 tab daily with breakfast"');
  });
});
