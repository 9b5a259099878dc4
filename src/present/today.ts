/**
 * Today at a glance (the App Home's "Today") as one document: fasting pets first, by name (a fast
 * missed is a pet fed before an operation), then each figure with its unit (some count bookings,
 * others pets) and, in Slack, the button that answers its list; the care record's figures; what
 * could not be loaded (its figure shown as ?).
 */
import type { TodayOverview } from "../answers/today.ts";
import type { AsNeededPet } from "../domain/prn.ts";
import { roundWord } from "../domain/rounds.ts";
import { plural } from "../domain/text.ts";
import { dayHeading } from "../words/dates.ts";
import { houseCountWords } from "../words/house.ts";
import { offFoodCountWords } from "../words/off-food.ts";
import { flagCountWords } from "../words/welfare.ts";
import { medicinesHomeLines } from "./custody-post.ts";
import type { Action, ActionOf, Doc, Line, Part } from "./doc.ts";
import { line, strong, toned, whole } from "./doc.ts";
import { andMoreWords } from "./parts.ts";
import { asNeededCountWords, asNeededHomeLine } from "./prn.ts";
import { dosesPart } from "./today-doses.ts";

/** The lists a figure opens. */
type TodayList =
  | "arrivals"
  | "departures"
  | "inhouse"
  | "unpaid"
  | "paycheck"
  | "rounds"
  | "tomorrow"
  | "offfood"
  | "welfare"
  | "asneeded";

/** The Home tab's own words (src/blocks/home.ts). */
export { HOME_HELP_ELSEWHERE, HOME_LISTS, homeMoreWords } from "../words/home.ts";
export interface TodayDocOptions {
  /** A figure's button (Slack: its list in a message only the clicker sees); without it, none. */
  listAction?: (list: TodayList) => Omit<Action, "text">;
  /** The kennel's zone, for the doses' times (default UTC). */
  timezone?: string;
  /** "💊 Give if needed…" beside a pet (Slack); without it, none. */
  giveAction?: ActionOf<AsNeededPet>;
  /** Slack's "💊 Medicines held…" (the stock, with its buttons); without it, none. */
  stockAction?: () => Omit<Action, "text">;
  /** Slack's "🖨 Chart" (today's medication chart on paper, sent to the one who taps); without it, none. */
  chartAction?: () => Omit<Action, "text">;
}

/** Fasting pets named on Home at most, each whole (the rest counted: the round's sheet has them all). */
const FASTING_MAX = 12;
/**
 * The characters of fasts Home names at most (two of Slack's sections), each whole: past them, the
 * rest counted like those past FASTING_MAX, so the tab keeps its room for the day's other figures.
 */
const FASTING_CHARS = 6000;

/** The fasts Home names: the first always, then each while within FASTING_MAX and FASTING_CHARS. */
function fastsNamed(fasting: string[]): string[] {
  let chars = 0;
  const named: string[] = [];
  for (const f of fasting.slice(0, FASTING_MAX)) {
    chars += f.length;
    if (named.length && chars > FASTING_CHARS) break;
    named.push(f);
  }
  return named;
}

/** Up to this many pets with a dose to give if needed have a line each; more are a list behind a button. */
const AS_NEEDED_LINES = 5;

/** "15 bookings", "67 pets", or "?" when the figure could not be loaded. */
const figure = (n: number | undefined, unit: string) => (n === undefined ? "?" : plural(n, unit));

/** The care record's figures on the Home tab: this round's progress, doses, pets off their food, flags, medicines. */
function recordParts(
  r: NonNullable<TodayOverview["record"]>,
  round: string,
  o: TodayDocOptions,
  act: (list: TodayList, text: string) => Action | undefined,
  row: (label: string, rest: string, list: TodayList, text: string) => Part,
): Part[] {
  const parts: Part[] = [];
  const progress = r.round ? `${r.round.recorded} of ${plural(r.round.pets, "pet")} recorded` : "?";
  parts.push(row(`📋 This round (${round})`, progress, "rounds", "Show the round's sheet"));
  if (r.doses) parts.push(dosesPart(r.doses, o.timezone ?? "UTC"));
  const off = r.offFood;
  parts.push({
    kind: "text",
    lines: [[strong(`🍽 ${off === undefined ? "Pets off their food: ?" : offFoodCountWords(off.length)}`)]],
    action: off?.length ? act("offfood", "Show them") : undefined,
  });
  // The welfare flags open (issue 38): listed, each with its vet advice and resolved buttons.
  const flags = r.welfareFlags;
  if (flags?.length)
    parts.push({
      kind: "text",
      lines: [[strong(`🚩 ${flagCountWords(flags.length)}`, "alert")]],
      action: act("welfare", "Show them"),
    });
  // Medicine custody (issue 49): running out before check-out, counts overdue, discrepancies open.
  const held = r.medicines ? medicinesHomeLines(r.medicines, o.timezone ?? "UTC") : [];
  const stock = o.stockAction?.();
  if (held.length)
    parts.push({
      kind: "text",
      lines: held,
      action: stock ? { text: "💊 Medicines held…", ...stock } : undefined,
    });
  return parts;
}

/** Doses to give if needed (confirmed plans): a line and a button per pet, or a list behind one. */
function asNeededParts(
  prn: NonNullable<TodayOverview["asNeeded"]>,
  o: TodayDocOptions,
  act: (list: TodayList, text: string) => Action | undefined,
): Part[] {
  const parts: Part[] = [];
  if (prn.length > AS_NEEDED_LINES)
    parts.push({
      kind: "text",
      lines: [[strong(asNeededCountWords(prn.length))]],
      action: act("asneeded", "Show them"),
    });
  else
    for (const p of prn) {
      const give = o.giveAction?.(p);
      parts.push({
        kind: "text",
        lines: [line("💊 ", ...asNeededHomeLine(p))],
        action: give ? { text: "💊 Give if needed…", ...give } : undefined,
      });
    }
  return parts;
}

/** The pets fasting today, each named whole (`fastsNamed`, then "and N more"), with the round behind a button. */
function fastingPart(fasting: string[], act: (list: TodayList, text: string) => Action | undefined): Part {
  const named = fastsNamed(fasting);
  return {
    kind: "text",
    lines: [
      line(toned("alert", "🚫 "), strong("Fasting:", "alert")),
      ...named.map((f): Line => [toned("alert", `• ${whole(f)}`)]),
      ...(fasting.length > named.length
        ? [
            line(
              andMoreWords(
                fasting.length - named.length,
                "fasting pet",
                "the round (Show the round, or /rounds)",
              ),
            ),
          ]
        : []),
    ],
    action: act("rounds", "Show the round"),
  };
}

/**
 * The figures that could not be loaded, and where to look: each problem whole, its request id last
 * (the kennel API's own words in it are kept to 300 characters where they are read).
 */
function problemsPart(problems: string[]): Part {
  return {
    kind: "text",
    lines: [
      line(toned("alert", "⚠️ Some figures could not be loaded (shown as ?):")),
      ...problems.map((p): Line => [toned("alert", `• ${whole(p)}`)]),
      line("Check the kennel API with /kennel status (or kennel-desk status) for what to do."),
    ],
  };
}

type Row = (label: string, rest: string, list: TodayList, text: string) => Part;

/** Departures whose payment is to check at the desk: not recorded, or sent with a value not read. */
function paymentsToCheck(t: TodayOverview, row: Row): Part[] {
  const toCheck: Array<[number | undefined, string]> = [
    [t.paymentToCheck, "not recorded"],
    [t.paymentNotRead, "that could not be read"],
  ];
  return toCheck.flatMap(([n, how]) =>
    n
      ? [
          row(
            `❔ Departures with payment ${how} (to check)`,
            figure(n, "booking"),
            "paycheck",
            "Show the going-home check",
          ),
        ]
      : [],
  );
}

export function todayDoc(t: TodayOverview, o: TodayDocOptions = {}): Doc {
  const act = (list: TodayList, text: string): Action | undefined =>
    o.listAction ? { text, ...o.listAction(list) } : undefined;
  const row = (label: string, rest: string, list: TodayList, text: string, more?: Line): Part => ({
    kind: "text",
    lines: [line(strong(`${label}:`), ` ${rest}`, ...(more ?? []))],
    action: act(list, text),
  });
  const title = `Today — ${dayHeading(t.date)}`;
  const parts: Part[] = [{ kind: "title", text: title }];
  if (t.fasting?.length) parts.push(fastingPart(t.fasting, act));
  const round = roundWord(t.round).toLowerCase();
  parts.push(
    row("🛬 Arrivals", figure(t.arrivals, "booking"), "arrivals", "Show arrivals"),
    row("🏠 Departures", figure(t.departures, "booking"), "departures", "Show departures"),
    row(
      "🐾 In house",
      t.house ? houseCountWords(t.house, { saidBefore: true }) : figure(t.inHouse, "pet"),
      "inhouse",
      "Show in house",
    ),
    row(
      "🔴 Departures with money to take (unpaid or part-paid)",
      figure(t.unpaidDepartures, "booking"),
      "unpaid",
      "Show the going-home check",
    ),
  );
  parts.push(...paymentsToCheck(t, row));
  parts.push(
    row(
      `💊 Medication this round (${round})`,
      figure(t.medicationThisRound, "pet"),
      "rounds",
      "Show the round",
    ),
    row(
      "❔ Care details missing for tomorrow",
      figure(t.careMissingTomorrow, "booking"),
      "tomorrow",
      "Show tomorrow's check",
    ),
  );
  if (t.record) parts.push(...recordParts(t.record, round, o, act, row));
  // Slack's "🖨 Chart": a button alone (the terminal has `kennel-desk chart`), its words on it.
  const chart = o.chartAction?.();
  if (chart)
    parts.push({ kind: "actions", actions: [{ text: "🖨 Chart: today's medications, to print", ...chart }] });
  parts.push(...asNeededParts(t.asNeeded ?? [], o, act));
  if (t.problems.length) parts.push(problemsPart(t.problems));
  return { fallback: title, parts };
}
