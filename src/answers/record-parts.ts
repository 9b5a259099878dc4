/**
 * A list too long for one record shared out over several (src/record/ledger.ts: a body holds at most
 * 1,000,000 characters). The biggest day's rounds (300 pets, every care field filled) come to 1.5–1.8
 * million characters of sheet and 0.6–0.8 million of what they asked: a round's sheet and its
 * obligation keep their first pets themselves and name the parts holding the rest, each part written
 * before the record that names it (src/answers/sheets.ts, src/answers/obligation-parts.ts). Read, the
 * record is whole again, and nothing else knows it was kept in parts.
 */
import { SHEET_PART_CHARS } from "../record/kinds/sheet.ts";

/** A part's own fields beside its list (its version, day and round), in characters at most. */
const PART_OWN = 100;

/**
 * `units` in order, in groups each within `most` characters as JSON: the first group (empty when
 * the first unit does not fit there) beside `first` characters of the record's own, each later one
 * beside a part's own. A unit longer than a group is given a group of its own (the store refuses it,
 * saying so). One group when all fit.
 */
export function packed<T>(units: readonly T[], first: number, most = SHEET_PART_CHARS): T[][] {
  const groups: T[][] = [[]];
  let size = first;
  for (const unit of units) {
    const n = JSON.stringify(unit).length + 1;
    if (size + n > most) {
      groups.push([unit]);
      size = PART_OWN + n;
    } else {
      (groups.at(-1) as T[]).push(unit);
      size += n;
    }
  }
  return groups;
}

/** A record of the log, or a part of one, as far as its day and round go. */
type OfRound = { date: string; body: { round: string } };

/**
 * The parts a record names (`continued`), in order, each found and of its day and round; undefined
 * when one is missing or another round's (the record is then read as not kept, never as a shorter one).
 */
export function partsNamed<P extends OfRound>(
  record: OfRound,
  continued: readonly number[],
  find: (id: number) => P | undefined,
): P[] | undefined {
  const parts = continued.map(find);
  const ours = (p: P | undefined): p is P =>
    p !== undefined && p.date === record.date && p.body.round === record.body.round;
  return parts.every(ours) ? parts : undefined;
}
