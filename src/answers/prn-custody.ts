/**
 * What a dose given if needed asks first about its medicine's custody (issue 49), as a round dose
 * does (src/answers/record-tap.ts): the medicine it is given from past its discard-by on the day
 * given, or every supply of it counted in for the stay handed back already (its custody closed: the
 * kennel holds none). Each in words, and what is kept with the dose once its giver ticked "I have
 * checked" (`checked`: the earliest discard-by past, to whom and when it was handed back); none when
 * the item was never counted in.
 */
import type { Deps } from "../deps.ts";
import type { PrnChecked } from "../domain/prn.ts";
import { handedBackWords, pastDiscardWords } from "../words/custody.ts";
import { medicinesFor, pastDiscardIn } from "./custody-sheet.ts";

const NONE = { words: [], checked: {} };

export async function prnCustodyAsk(
  deps: Pick<Deps, "record" | "config">,
  dose: { bookingId: number; petId: number; item: string; date: string },
): Promise<{ words: string[]; checked: PrnChecked }> {
  const of = await medicinesFor(deps, dose.bookingId, dose.petId, [dose.item]);
  if (of.length === 0) return NONE;
  const held = of.filter((m) => !m.handedBack);
  const past = pastDiscardIn(of, dose.date);
  const last = of.at(-1);
  const closed =
    held.length === 0 && last?.handedBack ? { ...last.handedBack, label: last.first.label } : undefined;
  const [earliest] = past.map((p) => p.discardBy).sort();
  return {
    words: [
      ...(closed ? [handedBackWords(closed.label, closed.to, closed.date)] : []),
      ...(past.length ? [pastDiscardWords(past)] : []),
    ],
    checked: {
      ...(earliest ? { discardBy: earliest } : {}),
      ...(closed ? { handedBack: { to: closed.to, date: closed.date } } : {}),
    },
  };
}

/**
 * What the give form says as it opens, before anything is submitted: each of its items' medicine past
 * its discard-by on `date` (today), or handed back, in the words its submission asks with (asked
 * again there, and nothing recorded until ticked). None for items never counted in.
 */
export async function prnCustodyAtOpen(
  deps: Pick<Deps, "record" | "config">,
  o: { bookingId: number; petId: number; items: string[]; date: string },
): Promise<string[]> {
  const words: string[] = [];
  for (const item of o.items) {
    const ask = await prnCustodyAsk(deps, { bookingId: o.bookingId, petId: o.petId, item, date: o.date });
    words.push(...ask.words);
  }
  return [...new Set(words)];
}
