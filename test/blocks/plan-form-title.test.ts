/**
 * The care plan's form title fits Slack's 24 characters without a dangling bracket (issue 47): "Plan ·
 * Teddy 9", the kennel said in the form's first line, whole; a long name ends at a word with "…".
 */
import { describe, expect, it } from "vitest";
import { planModal } from "../../src/blocks/plan.ts";
import { draftPlan, type ReaderContext } from "../../src/domain/plan/draft.ts";
import { stayContext } from "../helpers/reader.ts";

const CONTEXT: ReaderContext = stayContext("2026-12-05T10:00:00Z", "2026-12-12T10:00:00Z", {
  houseMeals: { rounds: ["morning", "evening"], bySpecies: {} },
});
const plan = draftPlan({ medication: "Apoquel 16mg 1 tab daily with breakfast" }, CONTEXT);
const form = (petName: string, room: string) =>
  planModal(
    "sealed",
    { view: { versionId: 12, plan, petName, room }, questions: [], chosen: new Map(), viewer: "U1" },
    "Europe/London",
  );

describe("the plan form's title", () => {
  it("'Plan · Teddy 9', the kennel in the form's first line", () => {
    const f = form("Teddy 9", "Kennel 12");
    expect(f.title.text).toBe("Plan · Teddy 9");
    expect(JSON.stringify(f.blocks[0])).toContain("Care plan · Teddy 9 (Kennel 12)");
  });

  it("a long name: within 24 characters, at a word's end, no bracket; the first line has it all", () => {
    const f = form("Captain Wiggles McSnuffle-Barkington 70", "The Grand Garden Suite (Kennel 109)");
    expect(f.title.text.length).toBeLessThanOrEqual(24);
    expect(f.title.text).toBe("Plan · Captain Wiggles…");
    expect(f.title.text).not.toContain("(");
    expect(JSON.stringify(f.blocks[0])).toContain(
      "Care plan · Captain Wiggles McSnuffle-Barkington 70 (The Grand Garden Suite (Kennel 109))",
    );
  });
});
