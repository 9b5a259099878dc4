/**
 * What a dose given if needed asks first about its medicine's custody (issue 49), as a round dose
 * does (src/answers/record-tap.ts): the medicine it is given from past its discard-by on the day
 * given, or every supply of it counted in for the stay handed back already (its custody closed: the
 * kennel holds none). Each in words, and what is kept with the dose once its giver ticked "I have
 * checked" (`checked`: the earliest discard-by past, to whom and when it was handed back); none when
 * the item was never counted in.
 */
import type { Deps } from "../deps.ts";
import { pastDiscard } from "../domain/custody-rules.ts";
import type { PrnChecked } from "../domain/prn.ts";
import { handedBackWords, pastDiscardWords } from "../words/custody.ts";
import { stayCustodyOf } from "./custody.ts";
import { medicineInOf } from "./custody-kinds.ts";

const NONE = { words: [], checked: {} };

export async function prnCustodyAsk(
  deps: Pick<Deps, "record" | "config">,
  dose: { bookingId: number; petId: number; item: string; date: string },
): Promise<{ words: string[]; checked: PrnChecked }> {
  const store = deps.record;
  if (!store) return NONE;
  const rows = await store.log({ kind: "medicine_in", bookingId: dose.bookingId, petId: dose.petId });
  if (!rows.some((r) => medicineInOf(r)?.item === dose.item)) return NONE;
  const stay = await stayCustodyOf(deps, dose.bookingId, dose.petId);
  const of = stay.medicines.filter((m) => m.first.item === dose.item);
  const held = of.filter((m) => !m.handedBack);
  const past = held
    .filter((m) => pastDiscard(m.discardBy, dose.date))
    .map((m) => ({ label: m.first.label, discardBy: m.discardBy as string }));
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
