/**
 * A dose past the plan's limits is never recorded silently (src/domain/prn.ts prnOverride): the
 * form says why first, then only "give it anyway" ticked with a note records it.
 */
import { describe, expect, it } from "vitest";
import { type PrnProblem, prnOverride } from "../../src/domain/prn.ts";

const past: PrnProblem[] = [{ rule: "max_per_24h", count: 3, max: 3 }];

describe("prnOverride", () => {
  it("within the plan's limits, the dose is recorded, whatever the form says", () => {
    expect(prnOverride([], { warned: false, acked: [], note: undefined })).toEqual({
      ok: true,
      problems: [],
    });
  });

  it("past a limit: warned first, then the tick, then the note; only with all three is it recorded", () => {
    const steps = [
      { warned: false, acked: ["max_per_24h" as const], note: "vet said so" },
      { warned: true, acked: [], note: "vet said so" },
      { warned: true, acked: ["max_per_24h" as const], note: undefined },
      { warned: true, acked: ["max_per_24h" as const], note: "Dr Patel agreed by phone" },
    ];
    expect(
      steps.map((form) => {
        const o = prnOverride(past, form);
        return o.ok ? "recorded" : o.need;
      }),
    ).toEqual(["warning", "acknowledgement", "note", "recorded"]);
    expect(prnOverride(past, steps[3] as (typeof steps)[number]).problems).toEqual(past);
  });

  // Issue 46, item 3: counted at the write, a limit the form did not show (a dose given meanwhile, on
  // another replica) brings the form back saying why, though the box was ticked for the other.
  it("past a limit the form did not show, it says why again, whatever was ticked", () => {
    const both: PrnProblem[] = [
      ...past,
      {
        rule: "min_interval",
        minHours: 4,
        otherAt: "2026-11-24T10:00:00.000Z",
        minutesApart: 30,
        after: false,
      },
    ];
    const form = { warned: true, acked: ["max_per_24h" as const], note: "Dr Patel agreed by phone" };
    expect(prnOverride(both, form)).toMatchObject({ ok: false, need: "warning" });
    expect(prnOverride(both, { ...form, acked: ["max_per_24h", "min_interval"] }).ok).toBe(true);
  });
});
