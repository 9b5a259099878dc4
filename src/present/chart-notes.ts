/**
 * What the chart's cells abbreviate, beneath each page's grid: each code's reason, each late entry and
 * each entry from the paper in full, and each corrected dose with what its correction replaced struck
 * through (as the round post strikes it), so the page never loses the entry first written.
 */
import type { ChartColumn, ChartPet, ChartRow } from "../answers/chart.ts";
import { type ChartCell, type ChartInError, type ChartWas, cellKey } from "../domain/chart.ts";
import type { RoundNames } from "../domain/round-names.ts";
import { dateTimeOf, dayHeading } from "../words/dates.ts";
import { markedWords } from "../words/paper.ts";
import { inErrorWords, notAskedWords, outcomeWords } from "../words/record.ts";
import { type Line, line, type Span, whole } from "./doc.ts";

/** In a cell: the entries a correction replaced, each struck ("JD 07:40"), before what stands now. */
export const wasSpans = (was: readonly ChartWas[] | undefined, at: (iso: string) => string): Span[] =>
  (was ?? []).flatMap((w): Span[] => [
    {
      text: `${w.inError ? "in error " : w.code ? `${w.code} ` : ""}${w.initials} ${at(w.at)}`,
      tone: "muted",
      struck: true,
    },
    { text: " " },
  ]);

/** An entry's reason and staff note, whole, as written: ": spat it out twice · note: in cheese". */
const saidWords = (reason: string | undefined, note: string | undefined): string =>
  `${reason ? `: ${whole(reason)}` : ""}${note ? ` · note: ${whole(note)}` : ""}`;

/**
 * In the notes: "given by JD Wed 2 Dec, 07:40: its reason · note: its note", struck, for each entry a
 * correction replaced; then who corrected it, and when ("corrected by Sam Lee Wed 2 Dec, 12:30: ").
 */
function correctedSpans(
  was: readonly ChartWas[],
  by: { recordedBy?: string | undefined; recordedAt: string },
  timezone: string,
): Span[] {
  const who = by.recordedBy ? ` by ${whole(by.recordedBy)} ${dateTimeOf(by.recordedAt, timezone)}` : "";
  return [
    ...was.flatMap((w): Span[] => [
      {
        text: `${w.inError ? outcomeWords("in_error") : w.code ? markedWords(w.code) : "given"} ${w.initials} ${dateTimeOf(w.at, timezone)}${saidWords(w.reason, w.note)}`,
        tone: "muted",
        struck: true,
      },
      { text: " " },
    ]),
    { text: `corrected${who}: ` },
  ];
}

type Recorded = Extract<ChartCell, { kind: "given" | "not_given" }>;

const noted = (cell: ChartCell | undefined): cell is Recorded =>
  cell !== undefined &&
  (cell.kind === "not_given" ||
    (cell.kind === "given" &&
      Boolean(cell.lateEntry || cell.paper || cell.was?.length || cell.note || cell.notAsked)));

/**
 * A cell's times beneath the grid. Entered from the paper (issue 50): who gave it, or marked its
 * letter, as the paper says, who entered it, both times; a late entry's two times; a dose not given,
 * which keeps no time of its own, when it was recorded; a dose no round asked, given at a time said
 * on its form, both times ("given Tue 1 Dec, 10:40, recorded Tue 1 Dec, 16:30"), never a late entry.
 * A dose not given is never said "given".
 */
function timesWords(cell: Recorded, given: string, recorded: string): string {
  const notGiven = cell.kind === "not_given";
  const outcome = !notGiven ? "given" : cell.code === "R" || cell.refused ? "refused" : "not given";
  if (cell.paper)
    return ` · from the paper chart: ${notGiven ? markedWords(cell.code) : "given"} by ${whole(cell.paper.by)} ${given}, entered by ${whole(cell.paper.enteredBy)} ${recorded}`;
  if (cell.lateEntry) return ` · late entry: ${outcome} ${given}, recorded ${recorded}`;
  if (notGiven && cell.untimed) return ` · recorded ${recorded} by ${cell.initials}`;
  return cell.notAsked && given !== recorded ? ` · ${outcome} ${given}, recorded ${recorded}` : "";
}

/** An open cell's entry put right as recorded in error: "~given JD Mon 30 Nov, 08:10~ recorded in error: wrong pet · Sam Mon 30 Nov, 13:05". */
function inErrorNote(where: string, e: ChartInError, timezone: string): Line {
  return [
    ...line(`${where}: `),
    ...correctedSpans(e.was, { recordedAt: e.at }, timezone).slice(0, -1),
    ...line(inErrorWords(whole(e.why), whole(e.by), dateTimeOf(e.at, timezone))),
  ];
}

/** What the grid's cells abbreviate: each code's reason, each late entry and each correction, in full. */
export function cellNotes(
  pet: ChartPet,
  rows: ChartRow[],
  columns: ChartColumn[],
  o: { timezone: string; names: RoundNames | undefined },
): Line[] {
  const out: Line[] = [];
  for (const c of columns) {
    for (const row of rows) {
      const cell = pet.cells[cellKey(c.date, c.round, row.item)];
      const where = `${dayHeading(c.date)} ${o.names?.[c.round] ?? c.round}, ${whole(row.plan?.what.name ?? row.due?.label ?? row.item)}`;
      if (cell?.kind === "open" && cell.inError) out.push(inErrorNote(where, cell.inError, o.timezone));
      if (!noted(cell)) continue;
      const given = dateTimeOf(cell.givenAt, o.timezone);
      const recorded = dateTimeOf(cell.recordedAt, o.timezone);
      const notGiven = cell.kind === "not_given";
      // R's refusal has no reason of its own: its word, so the line never reads as a bare letter.
      const why = !notGiven ? "" : cell.why ? `: ${whole(cell.why)}` : cell.code === "R" ? " refused" : "";
      const was = cell.was?.length ? correctedSpans(cell.was, cell, o.timezone) : [];
      // V of a dose recorded refused: the outcome the record holds, said beside its code.
      const code = notGiven ? `${cell.code}${cell.refused ? " (recorded refused)" : ""}` : "given";
      // No round asked it: said as the day's record says it ("given though not asked by the round: …").
      const head =
        cell.notAsked && !notGiven ? whole(notAskedWords("given", cell.notAsked)) : `${code}${why}`;
      const unasked =
        cell.notAsked && notGiven ? ` · ${whole(notAskedWords("not_given", cell.notAsked))}` : "";
      const now = `${head}${saidWords(undefined, cell.note)}${unasked}${timesWords(cell, given, recorded)}`;
      out.push([...line(`${where}: `), ...was, ...line(now)]);
    }
  }
  return out;
}
