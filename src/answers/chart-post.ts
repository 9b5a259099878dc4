/**
 * What the evening post of tomorrow's charts says (issue 50, `CHART_POST_AT`): the day, how many pets
 * have a page, what the chart could not show. Read as the chart itself is (src/answers/chart.ts).
 */
import type { Deps } from "../deps.ts";
import { chartedPets, chartOf } from "./chart.ts";

export interface ChartPost {
  /** The day the charts are for (tomorrow, when posted). */
  date: string;
  /** Pets in house that day with a medication: one page each. */
  pets: number;
  /** What the chart could not show (a booking whose care could not be matched): said, never dropped. */
  problems: string[];
  requestId: string | undefined;
}

export async function chartPost(deps: Deps, date: string): Promise<ChartPost> {
  const chart = await chartOf(deps, { from: date, days: 1 });
  return {
    date,
    pets: chartedPets(chart),
    problems: chart.problems,
    requestId: chart.requestId,
  };
}
