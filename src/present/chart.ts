/**
 * The medication chart on paper (issue 50) as one document: one page per pet (a divider between
 * pages, which the printed page's style turns into a page break). Each page: the pet, its room,
 * booking reference and dates; its allergies and danger notes whole; its plan's state and who
 * confirmed it; a grid of its medications down the side and the days' rounds across, each cell from
 * the care record (src/domain/chart.ts); beneath it, what the cells' codes and late entries say in
 * full, and the key. Never a customer's contact: the chart is pinned up in the kennel.
 */
import type { Chart, ChartColumn, ChartPet, ChartRow } from "../answers/chart.ts";
import { CHART_KEY, type ChartCell, cellKey } from "../domain/chart.ts";
import type { RoundNames } from "../domain/round-names.ts";
import type { RoundTimes } from "../domain/rounds.ts";
import { localDate, zonedInstant } from "../time.ts";
import {
  arrivedAfterWords,
  arrivesAfterWords,
  CHART_CELL,
  careNotReadWords,
  chartEnterWords,
  chartKeyWords,
  chartNoScanWords,
  chartScanWords,
  dueOnArrivalWords,
} from "../words/chart.ts";
import { dateTimeOf, dayHeading, timeOf } from "../words/dates.ts";
import { UNWITNESSED } from "../words/doses.ts";
import { checkedOutWords, pastCheckOutWords } from "../words/house.ts";
import { planStateByWords } from "../words/plan.ts";
import { cellLine, type KeyUsed, markUsed } from "./chart-cell.ts";
import { type DayPage, dayPages, daysWords, notItsDays, petDays } from "./chart-days.ts";
import { chartFoot } from "./chart-foot.ts";
import { cellNotes } from "./chart-notes.ts";
import { isHighAlert, rowHead } from "./chart-row.ts";
import {
  type Doc,
  type GridCell,
  type GridRow,
  type Line,
  line,
  type Part,
  strong,
  toned,
  value,
  whole,
} from "./doc.ts";

/**
 * Where each page's QR code opens Kennel Desk in Slack (its app in the kennel's workspace: Slack has
 * no link to one stay), or why the chart has none (made without Slack, or Slack did not say).
 */
/**
 * Where a word of a cell may break when printed, none fitting a three-day page's cell (15 mm) whole:
 * "unwitnessed", the one word every surface says it with, after "unwit-" (its HTML: a soft hyphen).
 */
export const CELL_BREAKS: ReadonlyArray<readonly [word: string, at: number]> = [[UNWITNESSED, 5]];

export type ChartSlack = { link: string } | { none: string };

export interface ChartOptions {
  /** Each page's QR code (src/slack/app-link.ts pageSlack). */
  slack: ChartSlack;
  timezone: string;
  times: RoundTimes;
  names: RoundNames | undefined;
  /** When the chart was made (ISO 8601). */
  generatedAt: string;
  /** The kennel's own name (KENNEL_NAME), when set: in the chart's title. */
  kennelName?: string | undefined;
}

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** A column's head: its day, then its round and the round's time. */
const columnHead = (c: ChartColumn, o: ChartOptions): Line[] => [
  line(dayHeading(c.date)),
  line(capital(o.names?.[c.round] ?? c.round)),
  line(toned("muted", o.times[c.round])),
];

/**
 * A high-alert row's cell open to sign has a place for its witness's initials beside the giver's (the
 * paper's witness is entered with it: src/answers/paper-enter.ts); missed, it keeps one too.
 */
const WITNESS_PLACE = toned("muted", "wit. ____");

/**
 * A dose open to sign at a round of the pet's arrival day whose time is before its arrival: due on
 * arrival (its window still open then), the owner asked whether it was given.
 */
function onArrival(pet: ChartPet, cell: ChartCell, c: ChartColumn, o: ChartOptions): Line {
  if (cell.kind !== "open" || cell.state === "missed" || !pet.checkIn) return [];
  if (localDate(pet.checkIn, o.timezone) !== c.date) return [];
  const at = zonedInstant(c.date, o.times[c.round], o.timezone).getTime();
  if (!(Date.parse(pet.checkIn) > at)) return [];
  return line(toned("warn", dueOnArrivalWords(timeOf(pet.checkIn, o.timezone))));
}

function gridRow(
  pet: ChartPet,
  row: ChartRow,
  columns: ChartColumn[],
  o: ChartOptions,
  used: KeyUsed,
): GridRow {
  const tz = o.timezone;
  const witness = isHighAlert(row);
  // A day whose cells say "arrives …, after this round" has its other cells struck, never also
  // "arrived after the last round" beside them (a fresh try read the two side by side).
  const arriving = new Set(
    Object.entries(pet.cells).flatMap(([k, v]) =>
      v.kind === "not_due" && v.arrives ? [k.slice(0, 10)] : [],
    ),
  );
  const after = (date: string) => pet.arrivedAfter === date && !arriving.has(date);
  const cells = columns.map((c): GridCell => {
    const at = cellKey(c.date, c.round, row.item);
    const cell = pet.cells[at] ?? { kind: "not_due" as const };
    // What the cell is about, for a reader of the page: "501|77|2026-11-24|morning|med:1".
    const key = `${pet.bookingId}|${pet.petId}|${at}`;
    // A round the kennel system could not be read for: not known, never struck as nothing due.
    if (cell.kind === "not_due") {
      if (cell.arrives) used.add("arrivesAfter");
      else if (c.unread) used.add("unread");
      else if (after(c.date)) used.add("arrivedAfter");
      return cell.arrives
        ? { line: line(toned("warn", arrivesAfterWords(timeOf(cell.arrives, tz)))), key }
        : c.unread
          ? { line: line(toned("alert", CHART_CELL.notRead)), key }
          : after(c.date)
            ? { line: line(toned("muted", CHART_CELL.arrivedAfter)), key }
            : { line: [], key, struck: true };
    }
    if (c.past && cell.kind === "open") {
      used.add("past");
      return { line: line(toned("warn", CHART_CELL.notPosted)), key };
    }
    markUsed(cell, used);
    const arrival = onArrival(pet, cell, c, o);
    if (arrival.length) used.add("onArrival");
    const said = [...cellLine(cell, tz, c.date), ...arrival];
    if (!witness || cell.kind !== "open") return { line: said, key };
    return { line: said.length ? [...said, ...line(" · ", WITNESS_PLACE)] : line(WITNESS_PLACE), key };
  });
  return { head: rowHead(pet, row, o.names), cells };
}

/**
 * The pet's head: name, its id and room (and the page's days), then the booking, its dates, the
 * chart's days not its, how its doses are entered back from the paper, and the plan's state.
 */
function petHead(
  pet: ChartPet,
  o: ChartOptions,
  days: string | undefined,
  notIts: string | undefined,
  enterable = true,
): Part[] {
  const tz = o.timezone;
  const who = (pet.plan?.confirmations ?? []).map((c) => `${whole(c.userName)} ${dateTimeOf(c.at, tz)}`);
  const plan = pet.plan
    ? `${planStateByWords(pet.plan.state, who)}${pet.plan.kept ? "" : " (not kept yet: drafted for this chart)"}`
    : "no care plan: what is due is the round sheet's own reading of the care record";
  const when = (iso: string | undefined) => (iso ? dateTimeOf(iso, tz) : "not known");
  return [
    {
      kind: "group",
      line: line(
        strong(whole(pet.name)),
        ` (pet ${pet.petId})`,
        pet.room && ` · ${whole(pet.room)}`,
        days && toned("muted", ` · ${days}`),
      ),
    },
    {
      kind: "fields",
      fields: [
        { label: "Booking", value: line(value(pet.reference ?? `booking ${pet.bookingId}`, 100)) },
        { label: "Stay", value: line(`${when(pet.checkIn)} to ${when(pet.checkOut)}`) },
        ...(notIts ? [{ label: "Not its days", value: line(toned("muted", notIts)) }] : []),
        // Where the person entering this page back into the record looks for what --pet takes.
        { label: "Entering it back", value: line(toned("muted", chartEnterWords(pet.petId, enterable))) },
        {
          label: "Care plan",
          value: line(toned(pet.plan?.state === "confirmed" ? undefined : "warn", plan)),
        },
      ],
    },
  ];
}

/**
 * A pet still checked in past its check-out, in house at every round since: said on each of its pages
 * as the house and the round sheet say it ("⚠️ past check-out (Sat 21 Nov 10:00): still here?"); one
 * checked out, when ("🏠 checked out Sun 29 Nov 08:30"), its later cells struck.
 */
function stillHereLines(pet: ChartPet, timezone: string): Line[] {
  const came =
    pet.arrivedAfter && pet.checkIn ? `${dayHeading(pet.arrivedAfter)} ${timeOf(pet.checkIn, timezone)}` : "";
  const asked = Object.entries(pet.cells).some(
    ([k, v]) => k.startsWith(`${pet.arrivedAfter}|`) && v.kind === "not_due" && v.arrives,
  );
  const arrived = came ? [line(toned("warn", arrivedAfterWords(came, asked)))] : [];
  if (!pet.checkOut || !(pet.stillHere || pet.checkedOut)) return arrived;
  const out = `${dayHeading(localDate(pet.checkOut, timezone))} ${timeOf(pet.checkOut, timezone)}`;
  // Checked out: said on its page, so the cells struck after it read as gone home, not as nothing due.
  if (!pet.stillHere) return [...arrived, line(toned("warn", checkedOutWords(out)))];
  return [...arrived, line(toned("alert", pastCheckOutWords(out)))];
}

/** Allergies and danger notes, whole, before anything else is read; care not read said so. */
function careLines(pet: ChartPet): Line[] {
  const care = pet.care;
  if (!care) return [line(toned("alert", careNotReadWords(pet.fromRecord)))];
  const out: Line[] = [
    line(strong("Allergies: ", "alert"), toned("alert", whole(care.allergies ?? "none recorded"))),
  ];
  if (care.allergyInNotes) out.push(line(toned("alert", `🩺 ${whole(care.allergyInNotes)}`)));
  for (const n of care.careNotes ?? []) if (n.danger) out.push(line(toned("alert", `⚠️ ${whole(n.text)}`)));
  if (care.fasting) out.push(line(toned("alert", `🚫 Fasting: ${whole(care.fasting)}`)));
  for (const u of care.unreadable)
    out.push(line(toned("alert", `❔ ${whole(u)} could not be read: check the record`)));
  return out;
}

/**
 * The key, beneath every page's grid: every mark a cell can show; those not every page has ("not
 * read", "not posted", a late entry, the words of a pet arriving after a round's time…) only on a
 * page with such a cell, or a round not read or never posted.
 */
const keyLine = (columns: ChartColumn[], used: KeyUsed) =>
  line(
    strong("Key: "),
    CHART_KEY.map((k) => `${k.code} ${k.words}`).join(" · "),
    chartKeyWords(
      new Set([
        ...used,
        ...(columns.some((c) => c.unread) ? (["unread"] as const) : []),
        ...(columns.some((c) => c.past) ? (["past"] as const) : []),
      ]),
    ),
  );

/** The page's way back to Slack: the QR code and what to type there, or one small line why there is none. */
function slackPart(pet: ChartPet, slack: ChartSlack): Part {
  const booking = value(pet.reference ?? String(pet.bookingId), 100);
  return "link" in slack
    ? { kind: "qr", link: slack.link, lines: [line(chartScanWords(booking))] }
    : { kind: "note", lines: [line(toned("muted", chartNoScanWords(slack.none, booking)))] };
}

/** One printed page of a pet's chart: the pet and its care whole on each, the grid of its days. */
function petPage(pet: ChartPet, page: DayPage, o: ChartOptions, notIts: string | undefined): Part[] {
  const columns = page.columns;
  const used: KeyUsed = new Set();
  const grid: Part = {
    kind: "grid",
    corner: "Medication",
    columns: columns.map((c) => columnHead(c, o)),
    rows: pet.rows.map((r) => gridRow(pet, r, columns, o, used)),
  };
  const notes = cellNotes(pet, pet.rows, columns, o);
  return [
    ...petHead(pet, o, page.days && daysWords(page.days), notIts, !columns.every((c) => c.past)),
    { kind: "text", lines: [...stillHereLines(pet, o.timezone), ...careLines(pet)] },
    slackPart(pet, o.slack),
    grid,
    ...(notes.length ? [{ kind: "text" as const, lines: notes }] : []),
    { kind: "text", lines: [keyLine(columns, used)] },
  ];
}

/** A pet's pages, one per CHART_DAYS_PER_PAGE of its own days. */
function petPages(pet: ChartPet, chart: Chart, o: ChartOptions): Part[][] {
  const days = petDays(pet, chart, o.timezone);
  const notIts = notItsDays(days, chart);
  return dayPages(chart, days).map((page) => petPage(pet, page, o, notIts));
}

/** The chart: a title, then one page per pet, then the foot (what was read, when). */
export function chartDoc(chart: Chart, o: ChartOptions): Doc {
  const first = chart.dates[0] ?? "";
  const last = chart.dates.at(-1) ?? first;
  const named = o.kennelName ? ` · ${o.kennelName}` : "";
  const title = `Medication chart${named} · ${dayHeading(first)}${last !== first ? ` to ${dayHeading(last)}` : ""}`;
  const charted = chart.pets.filter((p) => p.rows.length > 0);
  const pages = charted
    .flatMap((pet) => petPages(pet, chart, o))
    .flatMap((page, i) => [...(i > 0 ? [{ kind: "divider" as const }] : []), ...page]);
  return {
    fallback: title,
    parts: [
      { kind: "title", text: title },
      ...(pages.length
        ? pages
        : [{ kind: "text" as const, lines: [line("No pet in house has a medication on these days.")] }]),
      { kind: "note", lines: chartFoot(chart, o) },
    ],
  };
}
