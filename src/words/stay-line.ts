/**
 * A line of a pet's stay record in pieces (src/words/stay.ts draws the rounds', src/words/doses.ts the
 * doses given if needed): our words, or a value from the record or the API kept apart, so a surface
 * can isolate it (the printable page's `<bdi>`).
 */
export type StayPiece = string | { value: string };

/**
 * One line of a pet's stay record: its depth (0 the summary, 1 a round, 2 an item, 3 an earlier
 * entry of it), its pieces, and whether it is an entry corrected since (drawn struck through).
 */
export interface StayLine {
  depth: 0 | 1 | 2 | 3;
  pieces: StayPiece[];
  corrected?: true;
}
