/**
 * What the giver of an as-needed dose checked about its medicine first (issue 49), in the words the
 * give form asked with (src/words/custody.ts pastDiscardWords, handedBackWords), wherever the dose is
 * shown: "medicine checked first: discard by Mon 30 Nov, past it". The export dates each day whole
 * (`day`: "2026-11-30"), so a year's file reads without a calendar.
 */
import type { PrnChecked } from "../domain/prn.ts";
import { dayHeading } from "./dates.ts";

/** "discard by Mon 30 Nov, past it; handed back to Mrs Smith on Sun 22 Nov, its custody closed"; "" when none. */
export function checkedCellWords(checked: PrnChecked | undefined, day = dayHeading): string {
  return [
    checked?.discardBy ? `discard by ${day(checked.discardBy)}, past it` : "",
    checked?.handedBack
      ? `handed back to ${checked.handedBack.to} on ${day(checked.handedBack.date)}, its custody closed`
      : "",
  ]
    .filter(Boolean)
    .join("; ");
}

/** "medicine checked first: discard by Mon 30 Nov, past it"; "" for a dose asked nothing about its medicine. */
export function prnCheckedWords(checked: PrnChecked | undefined): string {
  const words = checkedCellWords(checked);
  return words ? `medicine checked first: ${words}` : "";
}
