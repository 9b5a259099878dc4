/**
 * A dose a sheet prints can always be recorded there, confirmed or not: with a confirmed care plan,
 * every medication whose line prints its dose at a round (the instruction whole, or the round's own
 * field), due or not, is on that round's ✏️ Record each…, once: due by the plan, or "not due this round
 * by its confirmed plan — record it only if given". A morning-only drug ("AM") is printed whole on the
 * midday and evening sheets ("its words name the morning ("AM"): given at that round, not this one"):
 * recorded there if it was given then. A line that prints no dose ("nothing this round (given at the
 * evening round)") offers none.
 */
import { describe, expect, it } from "vitest";
import type { Round } from "../../src/domain/care.ts";
import type { Pet } from "../../src/kennel/schemas.ts";
import { confirmedByTwo } from "../helpers/not-asked.ts";
import { expectEveryPrintedDoseOffered, PRINTED_DOSE_CASES, printedRound } from "../helpers/printed-round.ts";

// Sat 28 Nov to Thu 10 Dec 2026: Wed 2 Dec.
const ARRIVAL = "2026-11-28T10:00:00Z";
const DEPARTURE = "2026-12-10T17:00:00Z";
const WEDNESDAY = "2026-12-02";
const TUESDAY = "2026-12-01";

type Fields = { medication: string; medicationNoon?: string; medicationPm?: string; medication2?: string };
const petWith = (fields: Fields) =>
  ({ petId: 71, name: "Pickle", dietaryRequirements: "Kibble 100 g", ...fields }) as unknown as Pet;

/**
 * The round's sheet, its plan's round (every item read by a person as the reader drafted it, and the
 * plan confirmed by two), the medication lines as drawn, and its form's items.
 */
const atRound = (fields: Fields, r: Round, date = WEDNESDAY) =>
  printedRound(petWith(fields), r, date, { arrival: ARRIVAL, departure: DEPARTURE }, (drafted) =>
    confirmedByTwo(drafted, "2026-11-28T09:00:00Z"),
  );

describe("a confirmed plan: what the sheet prints, its form offers", () => {
  it("a morning-only drug (Mon/Wed/Fri AM) printed at midday and evening: offered there, not due, once", () => {
    const fields = {
      medication: "Vetoryl 30mg 1 cap Mon/Wed/Fri AM with food",
      medication2: "Phenobarbital 15mg 1 tab Mon/Wed/Fri AM",
    };
    const morning = atRound(fields, "morning");
    expect(morning.plan.state).toBe("confirmed");
    expect(morning.plan.due.map((d) => d.item).sort()).toEqual(["meal", "med:1", "med:2"]);
    for (const r of ["midday", "evening"] as const) {
      const { plan, lines, form } = atRound(fields, r);
      // The sheet prints each drug's instruction whole at this round.
      for (const l of lines) expect(l.row).toContain(l.instruction);
      expect(plan.due.map((d) => d.item)).not.toContain("med:1");
      expect(plan.byDays.map((d) => [d.item, d.days, d.words, d.highAlert])).toEqual([
        ["med:1", "plan_not_due", "not this round", undefined],
        ["med:2", "plan_not_due", "not this round", true],
      ]);
      const meds = form.filter((f) => f.item !== "meal");
      expect(meds.map((f) => f.label)).toEqual([
        "💊 Vetoryl 30mg 1 cap Mon/Wed/Fri: not due this round by its confirmed plan (not this round) — record it only if given",
        "💊 Phenobarbital 15mg 1 tab Mon/Wed/Fri: not due this round by its confirmed plan (not this round) — record it only if given",
      ]);
      const ids = form.map((f) => f.item);
      expect(new Set(ids).size).toBe(ids.length);
    }
  });

  it("every line that prints a dose is on the form, at every round, on and off its days", () => {
    // A line prints the dose with the instruction ("instruction: …") or the round's own field ("evening: …").
    expectEveryPrintedDoseOffered(PRINTED_DOSE_CASES, [TUESDAY, WEDNESDAY], atRound);
  });

  it('a line that prints no dose ("nothing this round") offers none', () => {
    const { lines, form } = atRound({ medication: "Metacam", medicationPm: "Metacam 1.5 ml" }, "midday");
    expect(lines[0]?.row).toContain("nothing this round");
    expect(form.map((f) => f.item)).not.toContain("med:1");
  });
});
