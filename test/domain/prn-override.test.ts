/**
 * A dose past the plan's limits is never recorded silently (src/domain/prn.ts prnOverride): the
 * form says why first, then only "give it anyway" ticked with a note records it.
 */
import { describe, expect, it } from "vitest";
import { type PrnProblem, prnOverride } from "../../src/domain/prn.ts";

const past: PrnProblem[] = [{ rule: "max_per_24h", count: 3, max: 3 }];

describe("prnOverride", () => {
  it("within the plan's limits, the dose is recorded, whatever the form says", () => {
    expect(prnOverride([], { warned: false, acked: false, note: undefined })).toEqual({
      ok: true,
      problems: [],
    });
  });

  it("past a limit: warned first, then the tick, then the note; only with all three is it recorded", () => {
    const steps = [
      { warned: false, acked: true, note: "vet said so" },
      { warned: true, acked: false, note: "vet said so" },
      { warned: true, acked: true, note: undefined },
      { warned: true, acked: true, note: "Dr Patel agreed by phone" },
    ];
    expect(
      steps.map((form) => {
        const o = prnOverride(past, form);
        return o.ok ? "recorded" : o.need;
      }),
    ).toEqual(["warning", "acknowledgement", "note", "recorded"]);
    expect(prnOverride(past, steps[3] as (typeof steps)[number]).problems).toEqual(past);
  });
});
