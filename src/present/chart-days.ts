/**
 * A pet's chart's days and printed pages (issue 50): the pet's own days of the chart (those of its
 * stay, src/domain/chart.ts stayDaysOf), three a page, and the words of the days not its and of a
 * page's place ("days 4–6 of 7, continued"). Part of the chart's document (src/present/chart.ts).
 */
import type { Chart, ChartColumn, ChartPet } from "../answers/chart.ts";
import { stayDaysOf } from "../domain/chart.ts";
import { dayHeading } from "../words/dates.ts";

/**
 * The days one printed page holds: three days' rounds beside the medication column, each cell wide
 * enough for "JD 07:40 late" and a witness's word on A4 portrait (test/cli/chart-html.test.ts prints
 * a week and measures every cell). A longer chart runs on over pages, the side column repeated.
 */
export const CHART_DAYS_PER_PAGE = 3;

/** A printed page of a pet's chart: its days' columns, and which days of how many ("days 4–6 of 7"). */
export interface DayPage {
  columns: ChartColumn[];
  /** Undefined when the pet's days fit one page. */
  days: { first: number; last: number; of: number } | undefined;
}

/**
 * The pet's own days of the chart (src/domain/chart.ts stayDaysOf: those of its stay, and any with a
 * cell to sign or read); every day of the chart when none is (never a page left out).
 */
export function petDays(pet: ChartPet, chart: Chart, tz: string): string[] {
  const open = new Set(
    Object.entries(pet.cells)
      .filter(([, c]) => c.kind !== "not_due")
      .map(([k]) => k.slice(0, k.indexOf("|"))),
  );
  const days = stayDaysOf(chart.dates, pet, tz, (d) => open.has(d));
  return days.length ? days : chart.dates;
}

/** The pet's days in pages of CHART_DAYS_PER_PAGE. */
export function dayPages(chart: Chart, days: string[]): DayPage[] {
  const n = days.length;
  const columnsOf = (dates: string[]) => chart.columns.filter((c) => dates.includes(c.date));
  if (n <= CHART_DAYS_PER_PAGE) return [{ columns: columnsOf(days), days: undefined }];
  const out: DayPage[] = [];
  for (let i = 0; i < n; i += CHART_DAYS_PER_PAGE) {
    const last = Math.min(i + CHART_DAYS_PER_PAGE, n);
    out.push({ columns: columnsOf(days.slice(i, last)), days: { first: i + 1, last, of: n } });
  }
  return out;
}

/** Days as runs: "Mon 23 Nov, Thu 26 Nov to Sun 29 Nov" (`all`: the chart's days, in order). */
function dayRuns(days: string[], all: string[]): string {
  const runs: string[][] = [];
  for (const d of days) {
    const run = runs.at(-1);
    const prev = run?.at(-1);
    if (run && prev !== undefined && all.indexOf(d) === all.indexOf(prev) + 1) run.push(d);
    else runs.push([d]);
  }
  return runs
    .map((r) =>
      r.length > 1
        ? `${dayHeading(r[0] as string)} to ${dayHeading(r.at(-1) as string)}`
        : dayHeading(r[0] as string),
    )
    .join(", ");
}

/** The chart's days that are not the pet's, said on each of its pages: none when every day is. */
export function notItsDays(days: string[], chart: Chart): string | undefined {
  const not = chart.dates.filter((d) => !days.includes(d));
  if (!not.length) return undefined;
  return `${dayRuns(not, chart.dates)}: not in house by its booking, so not on its pages (this chart: ${dayRuns(chart.dates, chart.dates)})`;
}

/** "days 1–3 of 7", "days 4–6 of 7, continued", "day 7 of 7, continued". */
export function daysWords(d: NonNullable<DayPage["days"]>): string {
  const which = d.first === d.last ? `day ${d.first}` : `days ${d.first}–${d.last}`;
  return `${which} of ${d.of}${d.first > 1 ? ", continued" : ""}`;
}
