/**
 * The figures a manager reads of a day's medication doses (issue 35), as every surface that says them
 * words and orders them (the day's record, `kennel-desk record`, and Home): "given on time: 46 of 48
 * due", then each other outcome of the doses due, so that the figures add up to those due: given
 * before the window opened, given late, the doses not recorded (the record: "1 still open · 1
 * missed"; Home, what is open now by state: "❌ 1 missed · ⏰ 2 late · 🕐 3 due"), refused, not given.
 */
import type { DoseFigures } from "../answers/doses.ts";
import type { NotGivenReason } from "../record/types.ts";
import { OFF_TIME, onTimeWords, openCountWords, reasonWords, unwitnessedCountWords } from "../words/doses.ts";
import { notAskedCountWords } from "../words/record.ts";
import { afterWindowWords } from "./audit.ts";
import { dotted, type Line, prose, toned } from "./doc.ts";

/** A dose due not given, as Home names it and the figures count it: "⚠️ refused", "⚠️ 1 not given". */
export const NOT_GIVEN = {
  refused: { icon: "⚠️", words: "refused" },
  not_given: { icon: "⚠️", words: "not given" },
} as const;

/**
 * Why a dose was refused or not given, as Home names it: the words kept with it ("other: recorded on
 * the wrong pet", "none left: strip empty"), whole up to 150 characters and past them shortened with
 * where they are whole, as the round post and its replies say them; else its reason from the list;
 * nothing for a refusal with no words of its own ("refused" is said once, before it).
 */
export function notGivenWhy(o: {
  state: "refused" | "not_given";
  reasonCode?: NotGivenReason | undefined;
  reason?: string | undefined;
}): string | undefined {
  const why = o.reason?.trim();
  if (why && why !== o.state) return prose(why, 150, "the stay record");
  return o.reasonCode && o.reasonCode !== o.state ? reasonWords(o.reasonCode) : undefined;
}

/**
 * `icon` "💊 " before the figure (the record's summary); `byState`: the doses not recorded by their
 * state now ("❌ 1 missed · ⏰ 2 late · 🕐 3 due", Home's) in place of "1 still open · 1 missed".
 */
export function doseFiguresWords(f: DoseFigures, o: { icon?: string; byState?: boolean } = {}): Line {
  const notGiven = (n: number, w: (typeof NOT_GIVEN)[keyof typeof NOT_GIVEN]) =>
    n ? toned("warn", `${w.icon} ${n} ${w.words}`) : undefined;
  const notRecorded = o.byState
    ? [openCountWords({ missed: f.missed, late: f.openLate, due: f.open - f.openLate })]
    : [
        f.open ? `${f.open} still open` : undefined,
        f.missed ? toned("warn", `${f.missed} missed`) : undefined,
      ];
  return dotted(
    `${o.icon ?? ""}${onTimeWords(f)}`,
    // "⏪ 1 given early", as the day's review and the audit mark it.
    f.givenEarly ? toned("warn", `${OFF_TIME.early.icon} ${f.givenEarly} given early`) : undefined,
    f.givenLate
      ? `${OFF_TIME.late.icon} ${f.givenLate} ${OFF_TIME.late.words}${afterWindowWords(f)}`
      : undefined,
    ...notRecorded,
    notGiven(f.refused, NOT_GIVEN.refused),
    notGiven(f.notGiven, NOT_GIVEN.not_given),
    // Given, and counted so above, with no witness: said beside them, never only in the audit.
    f.unwitnessed && unwitnessedCountWords(f.unwitnessed)
      ? toned("alert", `💉 ${unwitnessedCountWords(f.unwitnessed)}`)
      : undefined,
    // Recorded where no round asked them ("every other day", recorded if given): never counted as due.
    f.notAsked ? notAskedCountWords(f.notAsked) : undefined,
  );
}
