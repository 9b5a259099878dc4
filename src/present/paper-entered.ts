/**
 * What `kennel-desk record enter` kept (issue 50), as a document the terminal draws: one line a dose
 * as the record reads it back, "Rimadyl 50 mg: from the paper chart: given 05:00 by JD, entered 15:00
 * · ⏪ given before its window opened", a dose given off its time said so (early, late, after its
 * window: the record's own words, never left to the read-back), and a high-alert dose's witness as kept.
 */
import type { Round } from "../domain/care.ts";
import type { DoseState } from "../domain/doses.ts";
import { roundWord } from "../domain/rounds.ts";
import type { WitnessState } from "../domain/witness.ts";
import type { Entry } from "../record/types.ts";
import { dayHeading } from "../words/dates.ts";
import { doseStateWords, lateEntryWords, witnessStateWords } from "../words/doses.ts";
import { PAPER_REDRAW_LATER } from "../words/paper.ts";
import { type Doc, line, toned, value } from "./doc.ts";

export interface PaperEntered {
  petName: string;
  date: string;
  round: Round;
  /** Who entered it (`--by`). */
  by: string;
  doses: Array<{
    label: string;
    entry: Entry;
    /** The dose's state against the window its round kept; none when the round kept none. */
    state: DoseState | undefined;
    /** A high-alert dose given: its witness as kept (on the paper, or none there). */
    witness: WitnessState | undefined;
  }>;
}

/** A dose given off its time, in the record's words ("⏪ given before its window opened"); else none. */
function offTime(s: DoseState | undefined, timezone: string): string | undefined {
  if (s?.state !== "recorded" || s.outcome !== "given" || !s.timeliness || s.timeliness === "on_time")
    return undefined;
  // A paper entry is always entered after its round: "late entry" is said by its two times already.
  return doseStateWords({ ...s, lateEntry: false }, timezone);
}

export function paperEnteredDoc(p: PaperEntered, timezone: string): Doc {
  const head = `📄 Entered from the paper chart: ${value(p.petName, 100)}, the ${roundWord(p.round).toLowerCase()} round of ${dayHeading(p.date)}, by ${value(p.by, 60)}`;
  return {
    fallback: head,
    parts: [
      { kind: "text", lines: [line(head)] },
      ...p.doses.map((d) => {
        const e = d.entry;
        const off = offTime(d.state, timezone);
        return {
          kind: "item" as const,
          lines: [
            line(
              `${value(d.label, 200)}: ${lateEntryWords(e, timezone)}`,
              e.reason && ` · ${value(e.reason, 200)}`,
              off && toned("warn", ` · ${off}`),
              d.witness && ` · ${witnessStateWords(d.witness, timezone, p.date)}`,
            ),
          ],
        };
      }),
      { kind: "note", lines: [line(PAPER_REDRAW_LATER)] },
    ],
  };
}
