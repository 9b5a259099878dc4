/**
 * The medication chart's foot (issue 50): what it could not show, the pets with no page, and one
 * true sentence of where its cells come from: no care record (every due dose blank, to sign), a
 * blank chart before anything is recorded (the paper fallback), or a chart filled from the record,
 * with the rounds whose sheet was not posted yet (what the care plans make due now) named by day.
 */
import type { Chart } from "../answers/chart.ts";
import { ROUNDS } from "../domain/care.ts";
import type { ChartCell } from "../domain/chart.ts";
import type { RoundNames } from "../domain/round-names.ts";
import { petStayWords } from "../words/chart.ts";
import { dateTimeOf, dayHeading } from "../words/dates.ts";
import { type Line, line, toned, whole } from "./doc.ts";

interface FootOptions {
  timezone: string;
  names: RoundNames | undefined;
  generatedAt: string;
}

/** A cell that holds something the record says (a dose given or not, one missed, one given if needed). */
const filled = (c: ChartCell) =>
  c.kind === "given" ||
  c.kind === "not_given" ||
  (c.kind === "open" && c.state === "missed") ||
  (c.kind === "if_needed" && c.given.length > 0);

/**
 * The rounds not posted yet, by day: a whole day by its name, days in a row as a range
 * ("Mon 30 Nov to Sat 5 Dec"), a day's part by its rounds ("Sun 29 Nov evening").
 */
function notPostedWords(chart: Chart, names: RoundNames | undefined): string {
  const out: string[] = [];
  let run: string[] = [];
  const endRun = () => {
    if (run.length)
      out.push(
        run.length === 1
          ? dayHeading(run[0] as string)
          : `${dayHeading(run[0] as string)} to ${dayHeading(run.at(-1) as string)}`,
      );
    run = [];
  };
  for (const date of chart.dates) {
    const open = chart.columns.filter((c) => c.date === date && !c.kept && !c.unread).map((c) => c.round);
    if (open.length === ROUNDS.length) {
      run.push(date);
      continue;
    }
    endRun();
    if (open.length) out.push(`${dayHeading(date)} ${open.map((r) => names?.[r] ?? r).join(" and ")}`);
  }
  endRun();
  return out.join("; ");
}

/** Of a past day's rounds never posted: what the record, `kennel-desk record` and the chart all say. */
const PAST_ON_PAPER = "the paper chart kept on the day is the record of a past round never posted";

/**
 * Where what was due comes from: the kept sheets, the care plans now, or both, by round. A round of a
 * day before today that was never posted (`past`, as src/answers/chart.ts marks its column) is not
 * "not posted yet": the record cannot say what was due then, and the paper of the day is its record,
 * as `kennel-desk record` says of it.
 */
function dueWords(chart: Chart, names: RoundNames | undefined): string {
  const kept = chart.columns.filter((c) => c.kept).length;
  // Rounds not posted yet and not read (said above) show neither.
  const drafted = chart.columns.filter((c) => !c.kept && !c.unread);
  const past = drafted.filter((c) => c.past).length;
  if (drafted.length === 0 && kept === chart.columns.length)
    return "What was due at each round is what its sheet asked when posted.";
  if (drafted.length === 0) return "What was due at each round posted is what its sheet asked then.";
  if (kept === 0 && past === drafted.length)
    return `No round of these days was posted in Slack, so the care record cannot say what was due then: each dose here is what the care plans make due now, and ${PAST_ON_PAPER}.`;
  if (kept === 0)
    return past
      ? `No round of these days was posted: what is due is what the care plans make due now (${PAST_ON_PAPER}).`
      : "No round of these days was posted yet: what is due is what the care plans make due now.";
  const notPosted = notPostedWords(chart, names);
  return past
    ? `What was due is what each round's sheet asked when posted; rounds not posted (${notPosted}) show what the care plans make due now (${PAST_ON_PAPER}).`
    : `What was due is what each round's sheet asked when posted; rounds not posted yet (${notPosted}) show what the care plans make due now.`;
}

/** Where the cells come from, said once and truly. */
function sourceLine(chart: Chart, o: FootOptions): Line {
  const made = `Made by Kennel Desk on ${dateTimeOf(o.generatedAt, o.timezone)} (${o.timezone})`;
  if (!chart.record)
    return line(
      `${made} without a care record (none is kept where it looked): each dose the care plans make due is blank, to sign; nothing given can be shown.`,
    );
  const due = dueWords(chart, o.names);
  // A past round never posted: its "missed" is no record's (its cells say "not posted").
  const past = new Set(chart.columns.filter((c) => c.past).map((c) => `${c.date}|${c.round}`));
  // A cell's key is "date|round|item" (src/domain/chart.ts cellKey).
  const pastCell = (key: string) => past.has(key.split("|", 2).join("|"));
  const any = chart.pets.some((p) =>
    Object.entries(p.cells).some(([key, c]) => filled(c) && !(c.kind === "open" && pastCell(key))),
  );
  return line(`${made} from the care record. ${due} ${cellsWords(chart, any)}`);
}

/** What the cells hold: the record's; else blank to sign, but where a round was not read or is past. */
function cellsWords(chart: Chart, any: boolean): string {
  if (any) return "Each cell as the care record has it then.";
  // A past round never posted can be recorded no more: its cells say "not posted", none is to sign.
  if (chart.columns.every((c) => c.past || c.unread))
    return "Nothing is in the care record for these rounds, and nothing can be entered for them now: their cells say why.";
  if (chart.columns.some((c) => c.past))
    return "Nothing is recorded for these rounds yet: each dose due at a round not past (and read) is blank, to sign.";
  if (chart.columns.some((c) => c.unread))
    return "Nothing is recorded for these rounds yet: each dose due at a round read is blank, to sign.";
  return "Nothing is recorded for these rounds yet: each dose due is blank, to sign.";
}

/** The foot: problems, the pets with no page, and where the cells come from. */
export function chartFoot(chart: Chart, o: FootOptions): Line[] {
  // A pet with no medication on these days has no page: named here, never left out silently.
  // Each with its room and booking, as the paper round's picker names it: two of one name told apart.
  const without = chart.pets
    .filter((p) => p.rows.length === 0)
    .map((p) => `${whole(p.name)} · ${petStayWords(p, (words) => whole(words))}`);
  return [
    ...chart.problems.map((p) => line(toned("alert", whole(p)))),
    ...(without.length ? [line(`No medication on these days, so no page: ${without.join("; ")}.`)] : []),
    sourceLine(chart, o),
  ];
}
