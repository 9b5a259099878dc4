/**
 * What a dose given if needed asks first about its medicine's custody (issue 49), as a round dose
 * does (src/answers/record-tap.ts): the medicine it is given from past its discard-by on the day
 * given, or every supply of it counted in for the stay handed back already (its custody closed: the
 * kennel holds none). Each in words; none when the item was never counted in.
 */
import type { Deps } from "../deps.ts";
import { pastDiscard } from "../domain/custody-rules.ts";
import { handedBackWords, pastDiscardWords } from "../words/custody.ts";
import { stayCustodyOf } from "./custody.ts";
import { medicineInOf } from "./custody-kinds.ts";

export async function prnCustodyAsk(
  deps: Pick<Deps, "record" | "config">,
  dose: { bookingId: number; petId: number; item: string; date: string },
): Promise<string[]> {
  const store = deps.record;
  if (!store) return [];
  const rows = await store.log({ kind: "medicine_in", bookingId: dose.bookingId, petId: dose.petId });
  if (!rows.some((r) => medicineInOf(r)?.item === dose.item)) return [];
  const stay = await stayCustodyOf(deps, dose.bookingId, dose.petId);
  const of = stay.medicines.filter((m) => m.first.item === dose.item);
  const held = of.filter((m) => !m.handedBack);
  const past = held
    .filter((m) => pastDiscard(m.discardBy, dose.date))
    .map((m) => ({ label: m.first.label, discardBy: m.discardBy as string }));
  const back = of.at(-1);
  return [
    ...(held.length === 0 && back?.handedBack
      ? [handedBackWords(back.first.label, back.handedBack.to, back.handedBack.date)]
      : []),
    ...(past.length ? [pastDiscardWords(past)] : []),
  ];
}
