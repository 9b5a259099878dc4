/**
 * An every-other-day dose's last given, beside its sheet line (src/domain/last-given.ts): the round
 * sheet's record lines (src/present/round-sheet.ts) for Slack and the terminal alike.
 */
import { LAST_GIVEN_DAYS, type LastGivenMap, lastGivenKey, type PetByDays } from "../domain/last-given.ts";
import { lastGivenWords } from "../words/record.ts";
import { type Line, line } from "./doc.ts";

/**
 * Beside each every-other-day dose of a pet's sheet lines (`some_days`), when the record last has it
 * given in the days before the sheet's `date` (`last`, read for the draw: src/answers/last-given.ts),
 * so nobody gives it two days running, or skips it twice, unawares. None when not read.
 */
export function lastGivenLines(
  pet: PetByDays,
  last: LastGivenMap | undefined,
  o: { timezone: string; date: string },
): Line[] {
  if (!last) return [];
  return (pet.byDays ?? []).flatMap((d) => {
    const key = lastGivenKey(pet.bookingId, pet.petId, d.item);
    if (!last.has(key)) return [];
    return [line(lastGivenWords(d.label, last.get(key) ?? null, { ...o, days: LAST_GIVEN_DAYS }))];
  });
}
