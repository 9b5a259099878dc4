/**
 * What a pet's round entered from the paper kept (issue 50, src/answers/paper-entered.ts), as
 * `kennel-desk record enter` prints it and the Slack form says it once entered: one line a dose
 * as the record reads it back, "Rimadyl 50 mg: from the paper chart: given 05:00 by JD, entered 15:00
 * · ⏪ given before its window opened", the words written beside it as the round's line says them
 * ("…, entered 15:00: spat it out"), a dose given off its time said so (early, late, after its
 * window: the record's own words, never left to the read-back), and a high-alert dose's witness as kept.
 */
import type { PaperEntered } from "../answers/paper-entered.ts";
import { roundWord } from "../domain/rounds.ts";
import { dayHeading } from "../words/dates.ts";
import { lateEntryWords, witnessStateWords } from "../words/doses.ts";
import { offTimeWords } from "../words/off-time.ts";
import { paperDoneWords, paperRedrawLaterWords } from "../words/paper.ts";
import { whyWords } from "../words/record.ts";
import { type Doc, line, type Part, toned, value, whole } from "./doc.ts";

/** Each dose entered, a line as the record reads it back: its paper's time and giver, off its time, its witness. */
function doseParts(p: PaperEntered, timezone: string): Part[] {
  return p.doses.map((d) => {
    const e = d.entry;
    const off = offTimeWords(d.state, d.window, timezone);
    const why = whyWords(e.reason && value(e.reason, 200));
    // The words written beside it, as the round's line says them: ": spat it out", after a reason " · ".
    const note = e.note?.trim() ? `${why ? " · " : ": "}${whole(e.note)}` : "";
    return {
      kind: "item" as const,
      lines: [
        line(
          `${whole(d.label)}: ${lateEntryWords(e, timezone)}${why}${note}`,
          off && toned("warn", ` · ${off}`),
          d.witness && ` · ${witnessStateWords(d.witness, timezone, p.date)}`,
        ),
      ],
    };
  });
}

/** What `kennel-desk record enter` kept, in the terminal: the round post in Slack is drawn at its next tap. */
export function paperEnteredDoc(p: PaperEntered, timezone: string): Doc {
  const head = `📄 Entered from the paper chart: ${whole(p.petName)}, the ${roundWord(p.round).toLowerCase()} round of ${dayHeading(p.date)}, by ${whole(p.by)}`;
  return {
    fallback: head,
    parts: [
      { kind: "text", lines: [line(head)] },
      ...doseParts(p, timezone),
      { kind: "note", lines: [line(paperRedrawLaterWords(p.round, p.date))] },
    ],
  };
}

/**
 * What the Slack form says once a pet is entered, heading the form for the next pet: "✅ Biscuit: 2
 * doses entered from the paper chart, by you, now. …", then each dose as the terminal says it (a dose
 * given off its time: "⏪ given before its window opened", "given late").
 */
export const paperDoneParts = (p: PaperEntered, timezone: string): Part[] => [
  { kind: "text", lines: [line(paperDoneWords(whole(p.petName), p.doses.length))] },
  ...doseParts(p, timezone),
];
