/**
 * What the chart's cells abbreviate, beneath each page's grid: each code's reason, each late entry and
 * each entry from the paper in full, and each corrected dose with what its correction replaced struck
 * through (as the round post strikes it), so the page never loses the entry first written.
 */
import type { ChartColumn, ChartPet, ChartRow } from "../answers/chart.ts";
import { type ChartCell, type ChartWas, cellKey } from "../domain/chart.ts";
import type { RoundNames } from "../domain/round-names.ts";
import { dateTimeOf, dayHeading } from "../words/dates.ts";
import { markedWords } from "../words/paper.ts";
import { type Line, line, type Span, whole } from "./doc.ts";

/** In a cell: the entries a correction replaced, each struck ("JD 07:40"), before what stands now. */
export const wasSpans = (was: readonly ChartWas[] | undefined, at: (iso: string) => string): Span[] =>
  (was ?? []).flatMap((w): Span[] => [
    { text: `${w.code ? `${w.code} ` : ""}${w.initials} ${at(w.at)}`, tone: "muted", struck: true },
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
        text: `${w.code ? markedWords(w.code) : "given"} ${w.initials} ${dateTimeOf(w.at, timezone)}${saidWords(w.reason, w.note)}`,
        tone: "muted",
        struck: true,
      },
      { text: " " },
    ]),
    { text: `corrected${who}: ` },
  ];
}

const noted = (cell: ChartCell | undefined): cell is Extract<ChartCell, { kind: "given" | "not_given" }> =>
  cell !== undefined &&
  (cell.kind === "not_given" ||
    (cell.kind === "given" && Boolean(cell.lateEntry || cell.paper || cell.was?.length || cell.note)));

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
      if (!noted(cell)) continue;
      const where = `${dayHeading(c.date)} ${o.names?.[c.round] ?? c.round}, ${whole(row.plan?.what.name ?? row.due?.label ?? row.item)}`;
      const given = dateTimeOf(cell.givenAt, o.timezone);
      const recorded = dateTimeOf(cell.recordedAt, o.timezone);
      // Entered from the paper (issue 50): who gave it, or marked its letter, as the paper says, who
      // entered it, both times; a dose not given is never said "given".
      const notGiven = cell.kind === "not_given";
      const entered = cell.paper
        ? ` · from the paper chart: ${notGiven ? markedWords(cell.code) : "given"} by ${whole(cell.paper.by)} ${given}, entered by ${whole(cell.paper.enteredBy)} ${recorded}`
        : cell.lateEntry
          ? ` · late entry: ${notGiven ? (cell.code === "R" || cell.refused ? "refused" : "not given") : "given"} ${given}, recorded ${recorded}`
          : notGiven && cell.untimed
            ? // Not given keeps no time of its own: when it was recorded, never a late entry.
              ` · recorded ${recorded} by ${cell.initials}`
            : "";
      // R's refusal has no reason of its own: its word, so the line never reads as a bare letter.
      const why = !notGiven ? "" : cell.why ? `: ${whole(cell.why)}` : cell.code === "R" ? " refused" : "";
      const was = cell.was?.length ? correctedSpans(cell.was, cell, o.timezone) : [];
      // V of a dose recorded refused: the outcome the record holds, said beside its code.
      const code = notGiven ? `${cell.code}${cell.refused ? " (recorded refused)" : ""}` : "given";
      const now = `${code}${why}${saidWords(undefined, cell.note)}${entered}`;
      out.push([...line(`${where}: `), ...was, ...line(now)]);
    }
  }
  return out;
}
