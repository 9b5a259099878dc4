/**
 * A dose no round asked, recorded beside a kept round (src/domain/obligations.ts owedDoses): whether
 * the round kept the pet on its sheet, and whether the sheet printed the drug high-alert (a line
 * recorded only if given: not due by its days' words, by its confirmed plan, or printed where its
 * words name another round). Pure.
 */
import type { Entry, ItemKey } from "../record/types.ts";
import type { Round } from "./care.ts";

/**
 * A pet on a round's sheet the round asked nothing (there only for lines recorded if given), with
 * the high-alert drugs among those lines: kept with the round, or arrived since.
 */
export interface AskedNothing {
  bookingId: number;
  petId: number;
  besideHighAlert?: ItemKey[] | undefined;
}

/** A kept round as far as what it kept beside what it asked goes. */
interface KeptRound {
  date: string;
  round: Round;
  /** The pets it asked something of, each with the high-alert drugs printed to record only if given. */
  pets: readonly AskedNothing[];
  askedNothing?: readonly AskedNothing[] | undefined;
  bookings?: readonly number[] | undefined;
}

const petAt = (r: { date: string; round: Round }, p: { bookingId: number; petId: number }) =>
  `${r.date}|${r.round}|${p.bookingId}|${p.petId}`;

/**
 * Whether an entry no round asked was recorded beside a kept round (`beside`): its round kept asking
 * the pet other items, or with the pet's booking on its sheet, asking the pet nothing (on it only for
 * a line recorded if given: "nothing this round" but for a dose not due there), or the pet arrived
 * since on it only for such a line; and whether its sheet printed the drug high-alert (`highAlert`:
 * witnessed, and counted so, as its due dose is), the pet asked something that round or not.
 */
export function keptBeside(rounds: readonly KeptRound[]) {
  const pets = new Map(rounds.flatMap((r) => r.pets.map((p) => [petAt(r, p), p] as const)));
  const nothing = new Map(
    rounds.flatMap((r) => (r.askedNothing ?? []).map((p) => [petAt(r, p), p] as const)),
  );
  const bookings = new Set(rounds.flatMap((r) => (r.bookings ?? []).map((b) => `${r.date}|${r.round}|${b}`)));
  return (e: Pick<Entry, "date" | "round" | "bookingId" | "petId" | "item">) => {
    const kept = [pets.get(petAt(e, e)), nothing.get(petAt(e, e))];
    return {
      beside: kept.some((p) => p !== undefined) || bookings.has(`${e.date}|${e.round}|${e.bookingId}`),
      highAlert: kept.some((p) => p?.besideHighAlert?.includes(e.item) === true),
    };
  };
}
