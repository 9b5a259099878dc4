/**
 * A plan's life: drafted, set by a person, confirmed (a high-alert plan by two different people),
 * changed in the kennel system and drafted again; plain JSON all along; its source hash.
 */
import { createHash } from "node:crypto";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  type CareFields,
  draftPlan,
  planSourceHash,
  type ReaderContext,
} from "../../src/domain/plan/draft.ts";
import { sha256 } from "../../src/domain/plan/hash.ts";
import { changedItems, confirmPlan, planState, redraft, setItem } from "../../src/domain/plan/state.ts";
import type { ItemWhen, Plan, PlanItem } from "../../src/domain/plan/types.ts";
import { stayContext } from "../helpers/reader.ts";

const CONTEXT: ReaderContext = stayContext("2026-12-05T10:00:00Z", "2026-12-12T10:00:00Z", {
  bookingId: 12,
  petId: 120,
});
const who = (userId: string, at = "2026-12-05T11:00:00Z") => ({ userId, userName: `name ${userId}`, at });

const BISCUIT: CareFields = {
  medication: "Apoquel 16mg 1 tab twice daily",
  medication2: "Furosemide 20mg every other day",
  dietaryRequirements: "Owner's food 1 cup AM 1 cup PM",
};
const SUGAR: CareFields = { medication: "Caninsulin 4 units twice daily with food, ONLY if she has eaten" };

function confirmOk(plan: Plan, person: ReturnType<typeof who>): Plan {
  const result = confirmPlan(plan, person);
  if (!result.ok) throw new Error(result.why);
  return result.plan;
}

describe("confirming a plan", () => {
  it("a draft with an item read by nobody is refused until a person sets it; then one confirmation confirms", () => {
    const draft = draftPlan(BISCUIT, CONTEXT);
    expect(planState(draft)).toBe("draft");
    expect(confirmPlan(draft, who("U1"))).toEqual({ ok: false, why: "items_unread", keys: ["med:2"] });
    const furosemide = draft.items.find((i) => i.key === "med:2") as PlanItem;
    const when: ItemWhen = {
      ...furosemide.when,
      rounds: [{ round: "morning", why: "set by a person" }],
      days: { every: "n_days", n: 2, from: "2026-12-06" },
    };
    const set: PlanItem = { ...furosemide, when };
    const edited = setItem(draft, set, who("U1"));
    expect(edited.items.find((i) => i.key === "med:2")).toMatchObject({ readBy: "person", setBy: who("U1") });
    const result = confirmPlan(edited, who("U1", "2026-12-05T11:05:00Z"));
    expect(result).toMatchObject({ ok: true, state: "confirmed" });
    if (result.ok) expect(result.plan.confirmations).toEqual([who("U1", "2026-12-05T11:05:00Z")]);
    expect(draft.confirmations).toEqual([]);
  });

  it("a high-alert plan needs a second, different person: the same person is refused", () => {
    const draft = draftPlan(SUGAR, CONTEXT);
    expect(draft.items.find((i) => i.key === "med:1")?.highAlert).toEqual({
      class: "insulin",
      word: "Caninsulin",
    });
    const once = confirmOk(draft, who("U1"));
    expect(planState(once)).toBe("awaiting_second");
    expect(confirmPlan(once, who("U1", "2026-12-05T11:10:00Z"))).toEqual({ ok: false, why: "same_person" });
    const twice = confirmOk(once, who("U2"));
    expect(planState(twice)).toBe("confirmed");
    expect(twice.confirmations.map((c) => c.userId)).toEqual(["U1", "U2"]);
    expect(confirmPlan(twice, who("U3"))).toEqual({ ok: false, why: "already_confirmed" });
  });

  it("an edit after confirmation clears the confirmations: the changed plan is confirmed again", () => {
    const plan = confirmOk(draftPlan({ medication: "Apoquel 16mg 1 tab twice daily" }, CONTEXT), who("U1"));
    const item = plan.items.find((i) => i.key === "med:1") as PlanItem;
    const edited = setItem(plan, { ...item, window: { afterMinutes: 30 } }, who("U2"));
    expect(planState(edited)).toBe("draft");
    expect(edited.items.find((i) => i.key === "med:1")?.window).toEqual({ afterMinutes: 30 });
  });
});

describe("the words changing in the kennel system", () => {
  it("the source hash follows the fields: the same words the same hash, any change another", () => {
    const plan = draftPlan(BISCUIT, CONTEXT);
    expect(planSourceHash(BISCUIT, CONTEXT)).toBe(plan.sourceHash);
    expect(planSourceHash({ ...BISCUIT }, CONTEXT)).toBe(plan.sourceHash);
    expect(planSourceHash({ ...BISCUIT, medication: "Apoquel 16mg 1 tab once daily" }, CONTEXT)).not.toBe(
      plan.sourceHash,
    );
    expect(planSourceHash({ ...BISCUIT, medication3Pm: "1 tab" }, CONTEXT)).not.toBe(plan.sourceHash);
    expect(planSourceHash({ ...BISCUIT, dietaryRequirementsNoon: "Nil" }, CONTEXT)).not.toBe(plan.sourceHash);
    // A note the reader holds nothing against is not the plan's: its words do not move the hash; an
    // allergy held against an item, and a fast, do (the items they touch are read again).
    expect(planSourceHash({ ...BISCUIT, notes: "Loves a belly rub" }, CONTEXT)).toBe(plan.sourceHash);
    expect(planSourceHash({ ...BISCUIT, allergies: "Oclacitinib (Apoquel)" }, CONTEXT)).not.toBe(
      plan.sourceHash,
    );
    expect(planSourceHash({ ...BISCUIT, notes: "Spay 9/12, nil by mouth from 10pm" }, CONTEXT)).not.toBe(
      plan.sourceHash,
    );
    // Reading settings are not the kennel system's words: the hash does not move with them.
    expect(draftPlan(BISCUIT, { ...CONTEXT, highAlertWords: ["Apoquel"] }).sourceHash).toBe(plan.sourceHash);
  });

  it("a confirmed plan whose words changed is 'changed in the kennel system'; confirming it is refused; the redraft keeps what a person set", () => {
    let plan = draftPlan(BISCUIT, CONTEXT);
    const furosemide = plan.items.find((i) => i.key === "med:2") as PlanItem;
    plan = setItem(
      plan,
      {
        ...furosemide,
        when: {
          ...furosemide.when,
          days: { every: "n_days", n: 2, from: "2026-12-06" },
          rounds: [{ round: "morning", why: "set" }],
        },
      },
      who("U1"),
    );
    plan = confirmOk(plan, who("U1"));
    const changed: CareFields = { ...BISCUIT, medication: "Apoquel 16mg 1 tab once daily AM" };
    const now = planSourceHash(changed, CONTEXT);
    expect(planState(plan, now)).toBe("changed_in_source");
    expect(planState(plan, plan.sourceHash)).toBe("confirmed");
    expect(confirmPlan(plan, who("U2"), now)).toEqual({ ok: false, why: "changed_in_source" });
    const fresh = draftPlan(changed, CONTEXT);
    expect(changedItems(plan, fresh)).toEqual([
      {
        key: "med:1",
        before: [{ field: "medication", words: "Apoquel 16mg 1 tab twice daily" }],
        after: [{ field: "medication", words: "Apoquel 16mg 1 tab once daily AM" }],
      },
    ]);
    const again = redraft(plan, fresh);
    expect(planState(again, now)).toBe("draft");
    expect(again.items.find((i) => i.key === "med:2")).toEqual(plan.items.find((i) => i.key === "med:2"));
    expect(again.items.find((i) => i.key === "med:1")?.when.rounds.map((d) => d.round)).toEqual(["morning"]);
  });

  it("a slot added or emptied is a changed item, with no words on the missing side", () => {
    const plan = draftPlan(BISCUIT, CONTEXT);
    const fresh = draftPlan(
      { ...BISCUIT, medication2: undefined, medication4: "Zylkene 75mg 1 cap AM" },
      CONTEXT,
    );
    expect(changedItems(plan, fresh).map((c) => [c.key, c.before.length, c.after.length])).toEqual([
      ["med:4", 0, 1],
      ["med:2", 1, 0],
    ]);
  });
});

describe("the plan is plain JSON", () => {
  it("survives JSON whole, with its format, stay, items and source words", () => {
    const plan = draftPlan({ ...BISCUIT, ...SUGAR, petType: "Dog" }, CONTEXT);
    expect(JSON.parse(JSON.stringify(plan))).toStrictEqual(plan);
    const confirmed = confirmOk(confirmOk(draftPlan(SUGAR, CONTEXT), who("U1")), who("U2"));
    expect(JSON.parse(JSON.stringify(confirmed))).toStrictEqual(confirmed);
    expect(plan).toMatchObject({
      format: 1,
      bookingId: 12,
      petId: 120,
      species: "Dog",
      draftedAt: CONTEXT.now,
    });
    expect(plan.items.map((i) => i.key)).toEqual(["meal", "med:1", "med:2"]);
    expect(plan.items[1]?.source.fields).toEqual([{ field: "medication", words: SUGAR.medication }]);
  });
});

describe("the source hash is SHA-256", () => {
  it("matches node:crypto on known vectors and on any text", () => {
    expect(sha256("")).toBe("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
    expect(sha256("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    fc.assert(
      fc.property(fc.string({ unit: "grapheme", maxLength: 300 }), (text) => {
        expect(sha256(text)).toBe(createHash("sha256").update(text, "utf8").digest("hex"));
      }),
      { numRuns: 300 },
    );
  });
});
