/**
 * A second pair of eyes for high-alert drugs (issue 35): a high-alert dose given needs a second,
 * different person within 15 minutes of the entry; the giver is refused, the first witness stands,
 * and after the minutes it is unwitnessed.
 */
import { describe, expect, it } from "vitest";
import { awaitingWitness, type Witness, witnessProblem, witnessState } from "../../src/domain/witness.ts";
import type { Entry, ItemKey, Outcome } from "../../src/record/types.ts";

const entry = {
  outcome: "given" as const,
  userId: "U0JANE",
  recordedAt: "2026-11-24T07:35:00.000Z",
  supersededBy: undefined,
};
const tom: Witness = { id: 9, entryId: 1, userId: "U0TOM", userName: "Tom", at: "2026-11-24T07:44:00.000Z" };

describe("the witness of a high-alert dose", () => {
  it("the giver is refused; another person within 15 minutes may; then no one", () => {
    const at = (now: string, userId = "U0TOM") => witnessProblem(entry, true, { userId, now });
    expect(at("2026-11-24T07:36:00Z", "U0JANE")).toBe("self");
    expect(at("2026-11-24T07:36:00Z")).toBeUndefined();
    expect(at("2026-11-24T07:50:00Z")).toBeUndefined();
    expect(at("2026-11-24T07:50:01Z")).toBe("too_late");
    expect(witnessProblem(entry, true, { userId: "U0ANN", now: "2026-11-24T07:45:00Z", existing: tom })).toBe(
      "already",
    );
  });

  it("a dose that is not high-alert, not given, or corrected since needs none", () => {
    const now = "2026-11-24T07:36:00Z";
    expect(witnessProblem(entry, false, { userId: "U0TOM", now })).toBe("not_needed");
    expect(witnessProblem({ ...entry, outcome: "refused" }, true, { userId: "U0TOM", now })).toBe(
      "not_needed",
    );
    expect(witnessProblem({ ...entry, supersededBy: 7 }, true, { userId: "U0TOM", now })).toBe("not_needed");
  });

  it("awaiting a witness until 15 minutes after the entry, then unwitnessed; witnessed says by whom and when", () => {
    expect(witnessState(entry, undefined, "2026-11-24T07:50:00Z")).toEqual({
      state: "awaiting",
      until: "2026-11-24T07:50:00.000Z",
    });
    expect(witnessState(entry, undefined, "2026-11-24T07:50:01Z")).toEqual({ state: "unwitnessed" });
    expect(witnessState(entry, tom, "2026-11-24T09:00:00Z")).toEqual({
      state: "witnessed",
      by: "Tom",
      at: "2026-11-24T07:44:00.000Z",
    });
  });
});

describe("the doses awaiting a witness now", () => {
  const now = "2026-11-24T08:10:00.000Z";
  const entry = (id: number, item: ItemKey, outcome: Outcome, recordedAt = "2026-11-24T08:00:00.000Z") =>
    ({ id, item, outcome, recordedAt }) as Entry;
  const due = [
    {
      item: "med:1" as const,
      label: "Caninsulin 40 IU/ml, 6 units with the morning meal",
      text: "",
      highAlert: true,
    },
    { item: "med:2" as const, label: "Phenobarbital", text: "", highAlert: true },
    { item: "med:3" as const, label: "Rimadyl", text: "" },
    { item: "med:4" as const, label: "Insulin", text: "", highAlert: true },
  ];
  const current = new Map<ItemKey, Entry>([
    ["med:1", entry(1, "med:1", "given")],
    ["med:2", entry(2, "med:2", "given", "2026-11-24T07:50:00.000Z")],
    ["med:3", entry(3, "med:3", "given")],
    ["med:4", entry(4, "med:4", "refused")],
  ]);

  it("a high-alert dose given within its minutes, not witnessed yet: its entry and its whole label", () => {
    expect(awaitingWitness({ due, current }, { witnesses: new Map(), now })).toEqual([
      { entryId: 1, label: "Caninsulin 40 IU/ml, 6 units with the morning meal" },
    ]);
    const witnessed = new Map([[1, { entryId: 1, userId: "U2", userName: "Tom", at: now }]]) as never;
    expect(awaitingWitness({ due, current }, { witnesses: witnessed, now })).toEqual([]);
    expect(awaitingWitness({ due, current }, undefined)).toEqual([]);
  });
});
