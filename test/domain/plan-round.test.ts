/**
 * A pet's round from its care plan: a due item's text on the sheet and the record keeps the
 * instruction, the plan's condition ("only if: …") and today's taper amount whole, however long
 * (issue 47: a drug with its amount is never shortened, in the record nor the late and missed replies).
 */
import { describe, expect, it } from "vitest";
import { planRound } from "../../src/domain/plan/round.ts";
import type { Plan, PlanItem } from "../../src/domain/plan/types.ts";
import { DEFAULT_ROUND_TIMES } from "../../src/domain/round-times.ts";
import type { RoundSheet } from "../../src/domain/rounds.ts";

const DATE = "2026-11-24";
const long =
  `Metacam oral suspension ${"one measure on the syringe, mixed well into a little wet food, ".repeat(4)}`.trim();
const stay = {
  arrival: "2026-11-20T10:00:00Z",
  departure: undefined,
  timeZone: "UTC",
  roundTimes: DEFAULT_ROUND_TIMES,
};
const sheet = {
  diet: { round: undefined, general: undefined, named: [] },
  medications: [],
  allergies: undefined,
  noDiet: false,
} as unknown as RoundSheet;

const item = (over: Partial<PlanItem>): PlanItem => ({
  key: "med:1",
  what: { text: long, name: "Metacam" },
  when: { rounds: [{ round: "morning", why: "field" }], days: { every: "day" }, steps: [] },
  kind: { kind: "routine" },
  source: { fields: [], hash: "h" },
  readBy: "person",
  doubts: [],
  sameDrugAs: [],
  ...over,
});
const plan = (i: PlanItem) =>
  ({
    format: 1,
    bookingId: 1,
    petId: 2,
    items: [i],
    sourceHash: "h",
    draftedAt: "2026-11-20T09:00:00Z",
    confirmations: [],
  }) as unknown as Plan;

describe("a plan's due item on the sheet", () => {
  it("keeps the condition whole after a long instruction, the instruction whole too", () => {
    const condition = "she has not eaten her breakfast by nine and is shaking or hiding";
    const [due] = planRound(
      plan(item({ kind: { kind: "conditional", condition } })),
      sheet,
      DATE,
      "morning",
      stay,
    ).due;
    expect(due?.text).toContain(`only if: ${condition}`);
    expect(due?.text).toBe(`${long} · only if: ${condition}`);
  });

  it("keeps today's taper amount whole after a long instruction", () => {
    const i = item({
      when: {
        rounds: [{ round: "morning", why: "field" }],
        days: { every: "day" },
        steps: [
          { amount: "1.5 ml", from: "2026-11-20", to: "2026-11-23" },
          { amount: "0.75 ml", from: "2026-11-24", to: "2026-11-30" },
        ],
      },
    });
    const [due] = planRound(plan(i), sheet, DATE, "morning", stay).due;
    expect(due?.text).toContain("today: 0.75 ml");
  });

  it("a short instruction is kept as it is", () => {
    const [due] = planRound(
      plan(
        item({
          what: { text: "Metacam 1 ml", name: "Metacam" },
          kind: { kind: "conditional", condition: "limping" },
        }),
      ),
      sheet,
      DATE,
      "morning",
      stay,
    ).due;
    expect(due?.text).toBe("Metacam 1 ml · only if: limping");
  });
});
