/**
 * The kennel's medication audit (`kennel-desk record audit`, issue 35) as one document: the days,
 * the doses due and given on time, given late, late entries, missed, not given by reason, as-needed
 * doses with and without an effect, high-alert doses witnessed and not (the missed said as what they
 * count: medication doses, the meals missed apart, in the export's words), then who did what (each
 * high-alert dose unwitnessed, each correction, per person their entries: ./audit-who.ts), and the
 * record's head.
 */
import type { AuditFigures } from "../answers/audit.ts";
import { PAPER_AUDIT_REASONS } from "../domain/paper.ts";
import { roundWord } from "../domain/rounds.ts";
import { plural } from "../domain/text.ts";
import { headWords } from "../record/chain.ts";
import { NOT_GIVEN_REASONS } from "../record/types.ts";
import { dayOf } from "../words/dates.ts";
import { OFF_TIME, onTimeWords, reasonWords, UNWITNESSED, unwitnessedWords } from "../words/doses.ts";
import { missedDosesWords, missedItemsWords } from "../words/missed.ts";
import { noSheetRoundsWords, PAPER_AUDIT_REASON_WORDS } from "../words/paper.ts";
import { inErrorCountWords, notAskedCountWords } from "../words/record.ts";
import { custodyAuditLines } from "./audit-custody.ts";
import { givenTwiceAuditLines } from "./audit-twice.ts";
import { correctionLines, peopleLines, unwitnessedLines } from "./audit-who.ts";
import { type Doc, dotted, type Line, line, type Part, toned } from "./doc.ts";
import { summarisedDoc } from "./parts.ts";

/**
 * "refused 2, vomited within 30 min 1", in the list's order; then the paper's V and W ("vomited
 * (paper V: how soon after the dose not said) 1"); the reasons recorded before the list last.
 */
function byReasonWords(a: AuditFigures): string {
  const counted = (words: string, n: number | undefined) => (n ? [`${words} ${n}`] : []);
  const words = [
    ...NOT_GIVEN_REASONS.flatMap((r) => counted(reasonWords(r), a.notGivenByReason[r])),
    ...PAPER_AUDIT_REASONS.flatMap((r) => counted(PAPER_AUDIT_REASON_WORDS[r], a.notGivenByReason[r])),
  ];
  const unstated = a.notGivenByReason.unstated;
  if (unstated) words.push(`no reason from the list (recorded before it) ${unstated}`);
  return words.join(", ");
}

/** The audit's days: "Sun 29 Nov 2026" for one day, else "Mon 2 Nov 2026 – Sun 29 Nov 2026". */
function daysWords(from: string, to: string): string {
  const day = (d: string) => dayOf(`${d}T12:00:00Z`, "UTC");
  return from === to ? day(from) : `${day(from)} – ${day(to)}`;
}

/** " (⏩ 1 given after its window closed)": of the doses given late, those given after their window. */
export const afterWindowWords = (d: { afterWindow: number }): string =>
  d.afterWindow ? ` (${OFF_TIME.after_window.icon} ${d.afterWindow} ${OFF_TIME.after_window.words})` : "";

/** A figure's line, toned when it is one to look at. */
const figure = (text: string, n: number): Line => (n > 0 ? [toned("warn", text)] : line(text));

/** "✅ Days reviewed by a manager: 26 of 28 · not reviewed: Sat 21 Nov, Sun 22 Nov". */
function reviewedLine(a: AuditFigures): Line {
  const r = a.reviewed;
  const shown = r.notReviewed.slice(-10).map((d) => dayOf(`${d}T12:00:00Z`, "UTC"));
  const more = r.notReviewed.length - shown.length;
  const missing = more > 0 ? [...shown, `and ${more} more`] : shown;
  return dotted(
    `✅ Days reviewed by a manager: ${r.reviewed} of ${r.days} (days with a round kept)`,
    missing.length ? [toned("warn", `not reviewed: ${missing.join(", ")}`)] : undefined,
    r.todayOpen ? "today: not yet reviewable (its last round still open)" : undefined,
  );
}

/** Runs of days shown at most (the latest): an audit of a year before Kennel Desk posted rounds stays short. */
const NEVER_POSTED_SHOWN = 10;

/**
 * The past days whose rounds were never posted, in `record DATE`'s words: "Sat 28 Nov – Sun 29 Nov:
 * Morning, midday and evening rounds: never posted, so the record holds no sheet of them…".
 */
function neverPostedLines(a: AuditFigures): Line[] {
  const runs = a.neverPosted.slice(-NEVER_POSTED_SHOWN);
  const more = a.neverPosted.length - runs.length;
  return [
    ...(more > 0 ? [line(`and ${plural(more, "earlier run")} of days with rounds never posted`)] : []),
    ...runs.map((r) => {
      const [words = ""] = noSheetRoundsWords(r.rounds.map(roundWord), "past", r.to);
      return figure(`📄 ${daysWords(r.from, r.to)}: ${words}`, 1);
    }),
  ];
}

/**
 * The meals missed, apart from the doses and in the export's words: "🍽️ meals missed: 27 (not
 * medication doses; the export's summary counts the two together: 46 missed (19 medication doses, 27 meals))".
 */
const mealsLine = (a: AuditFigures): Line =>
  line(
    `🍽️ meals missed: ${a.meals.missed} (not medication doses; record export's summary counts the two together: ${missedItemsWords(a.doses.missed, a.meals.missed)})`,
  );

/** Who did what: the high-alert doses unwitnessed (when any), the corrections, per person their entries. */
const whoParts = (a: AuditFigures, timezone: string): Part[] => [
  ...(a.unwitnessed.total
    ? [{ kind: "text" as const, lines: unwitnessedLines(a.unwitnessed, timezone) }]
    : []),
  { kind: "text", lines: correctionLines(a.corrections, timezone) },
  { kind: "text", lines: peopleLines(a.people) },
];

/** The once-a-day drugs given twice and the rounds never posted (when any), then medicine custody's discrepancies and doses after a hand-back. */
const laterParts = (a: AuditFigures, timezone: string): Part[] => [
  ...(a.givenTwice.length
    ? [{ kind: "text" as const, lines: givenTwiceAuditLines(a.givenTwice, timezone) }]
    : []),
  ...(a.neverPosted.length ? [{ kind: "text" as const, lines: neverPostedLines(a) }] : []),
  { kind: "text", lines: custodyAuditLines(a.custody, timezone) },
];

/** The medication doses' figures: due, on time, off time, late entries, missed, not given, open, not asked. */
function doseLines(a: AuditFigures): Line[] {
  const d = a.doses;
  const notGiven = d.refused + d.notGiven;
  const reasons = byReasonWords(a);
  return [
    line(`💊 Medication doses due: ${d.due} (a dose counts once its window has opened)`),
    line(`✅ ${onTimeWords(d)}`),
    figure(`${OFF_TIME.early.icon} ${OFF_TIME.early.words}: ${d.givenEarly}`, d.givenEarly),
    // A dose given after its window closed is counted here, and said apart: given late, never missed.
    figure(`${OFF_TIME.late.icon} ${OFF_TIME.late.words}: ${d.givenLate}${afterWindowWords(d)}`, d.givenLate),
    figure(`📝 late entries: ${d.lateEntries} (recorded after the dose's window closed)`, d.lateEntries),
    figure(`❌ missed: ${missedDosesWords(d.missed)}`, d.missed),
    mealsLine(a),
    figure(`⚠️ not given or refused: ${notGiven}${reasons ? ` (${reasons})` : ""}`, notGiven),
    // Put right as recorded in error: no outcome, its slot counted as if nothing was recorded.
    ...(a.inError ? [figure(inErrorCountWords(a.inError), a.inError)] : []),
    ...(d.open ? [line(`🕐 still open (today's, within their window): ${d.open}`)] : []),
    ...(d.notDue
      ? [
          line(
            `🏠 not due in the end: ${d.notDue} (the pet went home before the window closed, nothing recorded)`,
          ),
        ]
      : []),
    // Recorded where no round asked it (a line recorded only if given): never counted among those due.
    ...(d.notAsked
      ? [line(`➕ ${notAskedCountWords(d.notAsked)} (a line printed to record only if given; never due)`)]
      : []),
  ];
}

export function auditDoc(a: AuditFigures, o: { timezone: string }): Doc {
  const title = `Care record audit · ${a.days === 1 ? "today" : `the last ${a.days} days`}`;
  const doses = doseLines(a);
  const n = a.asNeeded;
  const h = a.highAlert;
  const others: Line[] = [
    dotted(
      `💊 As-needed doses given: ${n.given}`,
      `effect recorded ${n.withEffect}`,
      n.withoutEffect ? [toned("warn", `no effect recorded ${n.withoutEffect}`)] : "no effect recorded 0",
    ),
    dotted(
      `💉 High-alert doses given: ${h.given}`,
      `witnessed ${h.witnessed}`,
      // Apart: none in time, and entered from the paper chart with none named on it.
      h.unwitnessed - h.noPaperWitness
        ? [toned("alert", `${UNWITNESSED} ${h.unwitnessed - h.noPaperWitness}`)]
        : `${UNWITNESSED} 0`,
      h.noPaperWitness
        ? [toned("alert", `${unwitnessedWords({ onPaper: true })} ${h.noPaperWitness}`)]
        : undefined,
      h.awaiting ? `awaiting a witness ${h.awaiting}` : undefined,
    ),
    reviewedLine(a),
  ];
  return summarisedDoc(
    title,
    [
      line(
        `${daysWords(a.from, a.to)} (times in ${o.timezone}) · from what ${plural(a.rounds, "round")} asked when kept, beside the entries`,
      ),
    ],
    [
      { kind: "text", lines: doses },
      { kind: "text", lines: others },
      ...laterParts(a, o.timezone),
      ...whoParts(a, o.timezone),
      { kind: "note", lines: [dotted(`🔏 care record ${headWords(a.head)}`, `the record: ${a.where}`)] },
    ],
  );
}
