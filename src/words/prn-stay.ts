/**
 * A stay's doses given if needed in words (its record at pick-up, the printable page): the summary
 * ("💊 3 as needed (1 awaiting effect)") and a line per dose with its reason, limit, its medicine
 * checked first, witness, note and effect; values apart from our words. Beside src/words/doses.ts, which has the words of each dose.
 */
import { type PrnChecked, type PrnDose, prnFigures } from "../domain/prn.ts";
import type { WitnessState } from "../domain/witness.ts";
import { dayHeading, timeOnDay } from "./dates.ts";
import { effectWords, forReason, witnessStateWords } from "./doses.ts";
import { prnGivenParts } from "./giver.ts";
import { checkedCellWords } from "./prn-checked.ts";
import type { StayLine } from "./stay-line.ts";

/** A witness in a stay's record line: the witness's name a value apart from our words. */
function witnessPieces(w: WitnessState, timeZone: string, day: string): StayLine["pieces"] {
  if (w.state !== "witnessed") return [witnessStateWords(w, timeZone, day)];
  return ["💉 witnessed by ", { value: w.by }, ` ${timeOnDay(w.at, timeZone, day)}`];
}

/** What its giver checked about its medicine first, the name handed back to a value apart. */
function checkedPieces(c: PrnChecked | undefined): StayLine["pieces"] {
  if (!c?.discardBy && !c?.handedBack) return [];
  const past = c.discardBy ? checkedCellWords({ discardBy: c.discardBy }) : "";
  const back = c.handedBack;
  return [
    ` · medicine checked first: ${past}${past && back ? "; " : ""}`,
    ...(back
      ? ["handed back to ", { value: back.to }, ` on ${dayHeading(back.date)}, its custody closed`]
      : []),
  ];
}

/** A pet's as-needed doses in a few words: "💊 3 as needed (1 past the plan's limit, 1 awaiting effect)". */
export function prnSummaryWords(doses: PrnDose[]): string | undefined {
  if (doses.length === 0) return undefined;
  const f = prnFigures(doses);
  const more = [
    f.pastLimit ? `${f.pastLimit} past the plan's limit` : "",
    f.worse ? `${f.worse} worse` : "",
    f.awaiting ? `${f.awaiting} awaiting effect` : "",
  ].filter(Boolean);
  return `💊 ${f.doses} as needed${more.length ? ` (${more.join(", ")})` : ""}`;
}

/** The heading of a record's as-needed doses. */
export const AS_NEEDED_HEADING = "As needed";

/**
 * A pet's doses given if needed as lines of its stay's record: "As needed", each day, each dose with
 * its reason, the acknowledgement of a dose given past the plan's limit, its note and its effect;
 * values apart from our words. `pet`: the heading of a pet whose rounds are not listed ("pet 78").
 */
export function prnStayLines(doses: PrnDose[], timeZone: string, pet?: string): StayLine[] {
  if (doses.length === 0) return [];
  const lines: StayLine[] = [
    pet ? { depth: 0, pieces: [{ value: pet }, ": as needed"] } : { depth: 1, pieces: [AS_NEEDED_HEADING] },
  ];
  let day = "";
  for (const d of doses) {
    if (d.date !== day) {
      day = d.date;
      lines.push({ depth: 2, pieces: [dayHeading(d.date)] });
    }
    const e = d.effect;
    // Who gave it; given by another than who recorded it, both (names as values: escaped whole).
    const given = prnGivenParts(d, timeZone).map((p, i) => (i % 2 ? { value: p } : p));
    lines.push({
      depth: 3,
      pieces: [
        { value: d.label },
        " ",
        ...given,
        " ",
        { value: forReason(d.reason) },
        ...(d.ack ? [" · past the plan's limit, checked: ", { value: d.ack.words }] : []),
        ...checkedPieces(d.checked),
        ...(d.witness ? [" · ", ...witnessPieces(d.witness, timeZone, d.date)] : []),
        ...(d.note ? [" · note: ", { value: d.note }] : []),
        ...(e
          ? [
              ` · effect: ${effectWords(e.effect)} (`,
              { value: e.userName },
              ` ${timeOnDay(e.recordedAt, timeZone, d.date)}`,
              ...(e.note ? [": ", { value: e.note }] : []),
              ")",
            ]
          : [" · effect: awaiting"]),
      ],
    });
  }
  return lines;
}
