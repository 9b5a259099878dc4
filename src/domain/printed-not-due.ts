/**
 * What a round's sheet prints that is not due there, recorded from its form if it is given, never
 * due, counted nor chased: a dose a sheet prints can always be recorded there (docs/rounds.md). Here
 * by the sheet's own rule, no care plan confirmed: src/domain/plan/round.ts reads a draft's items over
 * it (a dose the draft makes due is due; one withheld, or the pet not in, is not offered), and a
 * confirmed plan's own why (`printsDose`). Pure.
 */
import { elsewhereWords } from "../words/elsewhere.ts";
import type { Round, RoundMedication } from "./care.ts";
import { type ByDaysItem, type DueItem, medicationText } from "./record.ts";
import type { RoundSheet } from "./rounds.ts";

/**
 * Does a medication's line on the sheet print its dose at this round (its instruction whole, or this
 * round's own field)? Every line does, due or not ("its words name the morning ("AM"): given at that
 * round, not this one", "not today: its words say …"), but "nothing this round (given at the evening
 * round)" (`other_rounds`) and, off the morning, "given once a day (see the morning sheet)"
 * (`once_elsewhere`): the morning sheet carries every instruction whole (src/words/care.ts).
 */
export const printsDose = (rm: RoundMedication, round: Round): boolean =>
  rm.state !== "other_rounds" && (rm.state !== "once_elsewhere" || round === "morning");

/**
 * Why the sheet prints a dose whole at this round that its words put at another (`other_round`):
 * "its words name the morning ("AM")", "its words say not in the evening ("skip PM")", in the
 * morning "given once a day (see the evening sheet)". None while the pet is nil by mouth (`fastingNow`:
 * "record it only if given" would invite giving it).
 */
function otherRoundWhy(rm: RoundMedication, sheet: RoundSheet, round: Round): string | undefined {
  if (rm.due || sheet.fastingNow === true || !printsDose(rm, round)) return undefined;
  return elsewhereWords(rm, round);
}

/**
 * Each medication the sheet prints at this round, not due by its own rule: where its words would put
 * it but not due by their days (`some_days`, `not_today`), or whole where its words put it at another
 * round (`other_round`, with the sheet's why). `round`: the sheet's; not known, only the former.
 */
export function byDaysItems(sheet: RoundSheet, round?: Round): ByDaysItem[] {
  return sheet.medications.flatMap((rm): ByDaysItem[] => {
    const n = rm.medication.n;
    if (n < 1 || n > 5) return [];
    const item = `med:${n as 1 | 2 | 3 | 4 | 5}` as const;
    const base = { item, label: rm.medication.name, text: medicationText(rm) };
    if (rm.state === "some_days" || rm.state === "not_today")
      return [{ ...base, days: rm.state, words: rm.words ?? "" }];
    const why = round ? otherRoundWhy(rm, sheet, round) : undefined;
    return why ? [{ ...base, days: "other_round", words: why }] : [];
  });
}

/**
 * What a pet's round prints not due, recorded if given (`ByDaysItem`): its care plan's round's (by its
 * days' words or the round its words name, or, confirmed, by the plan), else (no plan) the sheet's own rule.
 */
export function byDaysOf(
  p: { due?: DueItem[] | undefined; byDays?: ByDaysItem[] | undefined; sheet?: RoundSheet | undefined },
  round?: Round,
): ByDaysItem[] {
  return p.byDays ?? (p.due === undefined && p.sheet ? byDaysItems(p.sheet, round) : []);
}
