/**
 * A round's answer as the care record can keep it: one pet whose care is longer than the record keeps
 * never takes the round's record away from every other pet. A pet the record would refuse (its name,
 * or an item's label or words, past src/record/kinds/round-pet.ts's limits, or its care as a whole
 * past what one record is given: src/record/kinds/sheet.ts `sheetPetKept`) is set aside:
 * it stays at its place on the sheet as a booking whose care is not kept (`too_long`), saying at that
 * pet to record it on paper from its care whole in the kennel system, with no buttons; what the round
 * asked lists it with the bookings whose care is not known (`careMissing`), so every surface says what
 * was due there is not known. Its words are never cut: the post and the record say where they are whole.
 */
import { sheetPetOf } from "../domain/round-sheet.ts";
import { PET_NAME_MAX } from "../record/kinds/round-pet.ts";
import { sheetPetKept } from "../record/kinds/sheet.ts";
import type { RoundPet, RoundReport } from "./rounds.ts";

/** Whether the record keeps the pet as the sheet drafts it (its name, its items' labels and words). */
function keptWhole(p: RoundPet, report: Pick<RoundReport, "date" | "round">, timezone: string): boolean {
  const kept = sheetPetOf(p, report.date, timezone, report.round);
  return kept === undefined || sheetPetKept({ ...kept, message: 0 });
}

/** The answer with the pets in `aside` as bookings whose care is too long to keep. */
function setAside(report: RoundReport, aside: ReadonlySet<RoundPet>): RoundReport {
  if (aside.size === 0) return report;
  const pets = report.pets.map((p): RoundPet => {
    if (!aside.has(p)) return p;
    const name = p.pet?.flags.name ?? "";
    return {
      booking: p.booking,
      pet: undefined,
      sheet: undefined,
      careStatus: "too_long",
      // Its name whole, or, past what the record keeps of a name, its id (the booking has the name).
      unmatched: [name && [...name].length <= PET_NAME_MAX ? name : `pet ${p.pet?.pet.petId ?? "?"}`],
      arrives: p.arrives,
      ...(p.noCheckOut ? { noCheckOut: true } : {}),
      pastCheckOut: p.pastCheckOut,
      checkedOutAt: p.checkedOutAt,
    };
  });
  const { pets: count, careMissing } = report.totals;
  return {
    ...report,
    pets,
    totals: { ...report.totals, pets: count - aside.size, careMissing: careMissing + aside.size },
  };
}

/**
 * The round's answer with each pet whose care is longer than the record keeps (its name, or an
 * item's label or words, past the limits) set aside for paper. The same answer when every pet fits,
 * as on every usual day. A sheet past one record's body as a whole needs nothing here: it is kept in
 * parts (src/answers/sheets.ts `sheetPieces`), every pet with its buttons.
 */
export function withinRecord(report: RoundReport, o: { timezone: string }): RoundReport {
  return setAside(report, new Set(report.pets.filter((p) => !keptWhole(p, report, o.timezone))));
}
