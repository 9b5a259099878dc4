/** The words of "🖨 Chart" (the day's medication chart on paper, sent to the one who taps it). */

import { roundsWords } from "../domain/house-routine.ts";
import type { OwedRound } from "../domain/obligations.ts";
import { plural } from "../domain/text.ts";
import { dayHeading } from "./dates.ts";
import { OFF_TIME } from "./doses.ts";

/**
 * What tells two pets of one name apart, as the paper round's picker and the chart's foot say it:
 * "Kennel 4 · HP-7K2M9Q", its room and booking reference (the booking's id when none was kept);
 * `cut` shortens each (the picker's room is Slack's), else each is whole. Never a contact.
 */
export const petStayWords = (
  p: { room?: string | undefined; reference?: string | undefined; bookingId: number },
  cut: (words: string) => string = (words) => words,
): string =>
  [p.room && cut(p.room), cut(p.reference ?? `booking ${p.bookingId}`)].filter(Boolean).join(" · ");

/** Said once the terminal wrote the chart: the file, whole, to open and print. */
export const chartOpenWords = (file: string) => `Open ${file} in a browser and print it (A4 portrait).`;

/** The file's name in Slack: as `kennel-desk chart DATE --out DIR` names it. */
export const chartFileName = (date: string) => `chart-${date}.html`;

export const chartFileTitle = (date: string) => `Medication chart · ${dayHeading(date)}`;

/** The message the file comes with, in the tapper's messages with the app. */
export function chartFileWords(date: string, pets: number, problems: number): string {
  const what = `${plural(pets, "pet")} with a medication, a page each`;
  const unread = problems ? ` ⚠️ ${plural(problems, "thing")} it could not show: said at its end.` : "";
  return `🖨 The medication chart for ${dayHeading(date)}: ${what}. Open it in a browser and print it (A4 portrait).${unread}`;
}

/** Said where the button was tapped (a channel): where the file went. */
export const chartSentWords = (date: string) =>
  `🖨 The medication chart for ${dayHeading(date)} is in your messages with Kennel Desk (its Messages tab), only for you: open it and print.`;

/** Said instead of a file when there is nothing to print (nothingToChartWords). */
export const chartNothingWords = (why: string) => `🖨 ${why}: no chart to print.`;

/** Before a failure's own words: what could not be done. */
export const chartFailedWords = (date: string) => `No chart for ${dayHeading(date)}:`;

/** The evening post of tomorrow's charts (CHART_POST_AT): what it is for, in the kennel's words. */
export function chartPostWords(date: string, pets: number): { title: string; lines: string[] } {
  return {
    title: `🖨 Tomorrow's medication charts · ${dayHeading(date)}`,
    lines: [
      pets === 0
        ? "No pet in house tomorrow has a medication: nothing to print."
        : `${plural(pets, "pet")} with a medication, a page each. Tap 🖨 Chart for the file (in your messages with Kennel Desk), print it (A4 portrait) and keep it with the medicines.`,
      "If Slack or Kennel Desk is down in the morning, give and sign on the paper, and enter it in the record once it is back.",
    ],
  };
}

/** "on Sun 29 Nov", "from Sun 29 Nov to Sat 5 Dec". */
const daysWords = (dates: readonly string[]) => {
  const first = dates[0] ?? "";
  const last = dates.at(-1) ?? first;
  return last === first ? `on ${dayHeading(first)}` : `from ${dayHeading(first)} to ${dayHeading(last)}`;
};

/**
 * Why a chart has no page, so no file is written or sent (a chart is of medicines: a pet's meals are
 * on the round sheets): the pet asked for not on those days' sheets, or with no medication; the room
 * or the house with no pet, or none with a medication.
 */
export function nothingToChartWords(o: {
  dates: readonly string[];
  petId?: number | undefined;
  room?: string | undefined;
  /** The pets in house (of the room, or the pet asked for) those days, none with a medication. */
  pets: readonly string[];
}): string {
  const days = daysWords(o.dates);
  const names = o.pets.join(", ");
  if (o.petId !== undefined)
    return o.pets.length
      ? `${o.pets[0]} (pet ${o.petId}) has no medication ${days} (meals are on the round sheets)`
      : `Pet ${o.petId} is on no round sheet ${days} (not in house, or its care not matched)`;
  if (o.room !== undefined)
    return o.pets.length
      ? `No pet in room "${o.room}" has a medication ${days} (${names})`
      : `No pet is in room "${o.room}" ${days}`;
  return o.pets.length ? `No pet in house has a medication ${days}` : `No pet is in house ${days}`;
}

/** Beside a chart page's QR code: what it opens, and what to type there for this stay. */
export const chartScanWords = (booking: string) =>
  `Scan to open Kennel Desk in Slack, then /booking ${booking}`;

/** In place of the QR code, one small line: why there is none, and the way to the stay all the same. */
export const chartNoScanWords = (why: string, booking: string) =>
  `No QR code: ${why}. In Slack, /booking ${booking} opens this stay.`;

/**
 * On a chart page, where the person entering it back into the record looks: the Slack button, and
 * the terminal's command with the pet's id that `--pet` takes.
 */
/**
 * A cell's word where the record cannot say: `notRead`, a round not posted yet that the kennel system
 * could not be read for (the foot says why); `notPosted`, a dose of a past round Kennel Desk never
 * posted: what was due then is not known to the record, so never "missed" (the paper chart kept on
 * the day is its record; the key says so); the words of a pet arriving after a round's time, due on
 * arrival or its dose's window closed before it came (dueOnArrivalWords, arrivesAfterWords).
 */
export const CHART_CELL = {
  notRead: "not read",
  notPosted: "not posted",
  recordedAt: "rec.",
  arrivedAfter: "arrived after the last round",
  dueOnArrival: "due on arrival",
  arrives: "arrives",
  /** Before a dose no round asked (recorded only if given): given, or offered, though not due this round. */
  notAsked: "+",
} as const;

/**
 * The rounds a chart row's cells make due, where the plan's reading printed above it names fewer or
 * others (`read`; none: it names no round): "⚠️ Due at morning and evening on this chart (the
 * reading above says evening): …". A plan not confirmed says why: each round whose sheet shows the
 * kennel system's words has a dose to sign, none hidden; `because`: the instruction, which gives no
 * time, is shown at the morning round, or words with no time at all at every round.
 */
export function dueRoundsWords(o: {
  due: string;
  read: string | undefined;
  unconfirmed: boolean;
  because: "morning" | "no_time" | undefined;
}): string {
  const head = `⚠️ Due at ${o.due} on this chart (the reading above ${o.read ? `says ${o.read}` : "names no round"})`;
  if (!o.unconfirmed) return `${head}: as each round's sheet asked it.`;
  const because =
    o.because === "morning"
      ? "; its instruction gives no time, so the morning round shows it"
      : o.because === "no_time"
        ? "; its words give no time, so every round shows it"
        : "";
  return `${head}: plan not confirmed, so it is due at each round whose sheet shows the kennel system's words for it, none hidden${because}. Ask before giving.`;
}

/** A dose due on the pet's arrival after the round's time, in its window: "due on arrival 19:00". */
export const dueOnArrivalWords = (at: string) => `${CHART_CELL.dueOnArrival} ${at}: ask the owner, record it`;

/** A dose whose window closed before the pet arrived that day: "arrives 19:00, after this round: ask the owner". */
export const arrivesAfterWords = (at: string) =>
  `${CHART_CELL.arrives} ${at}, after this round: ask the owner`;

/** A pet that came after its day's last round (`came`: "Mon 30 Nov 20:15"): none of that day's rounds asked it anything. */
export const arrivedAfterWords = (came: string, asked = false) =>
  asked
    ? `🧳 Arrives ${came}, after that day's last round: its doses' cells that day say "${CHART_CELL.arrives} …, after this round: ask the owner".`
    : `🧳 Arrived ${came}, after that day's last round: no round of that day asked anything of it (its cells say "${CHART_CELL.arrivedAfter}").`;

/**
 * What a page's cells show that not every page has: its key explains each only where the page has
 * it (a blank chart for tomorrow keeps a short key). `unread`: a round not read ("not read");
 * `past`: a past round never posted ("not posted"); `offTime`: a dose given early, late or after its
 * window; `lateEntry`: one recorded after its window closed; `notAsked`: one no round asked (+); `ifNeeded`: a dose given if needed;
 * `corrected`: an entry a correction replaced, struck; `inError`: an entry put right as recorded in
 * error, struck, its slot then as if nothing was recorded; `onArrival`: a dose due on the pet's arrival
 * after the round's time; `arrivesAfter`: a dose whose window closed before the pet arrived;
 * `arrivedAfter`: a day the pet came after its last round.
 */
export type ChartKeyMark =
  | "unread"
  | "past"
  | "offTime"
  | "lateEntry"
  | "notAsked"
  | "ifNeeded"
  | "corrected"
  | "inError"
  | "onArrival"
  | "arrivesAfter"
  | "arrivedAfter";

/** The key's lines of the marks not every page has, in the order printed. */
const KEY_MARKS: ReadonlyArray<[ChartKeyMark, string]> = [
  [
    "offTime",
    `${OFF_TIME.early.icon} early, ${OFF_TIME.late.icon} late, ${OFF_TIME.after_window.icon} after window: ${OFF_TIME.early.words}, ${OFF_TIME.late.words}, ${OFF_TIME.after_window.words}`,
  ],
  ["lateEntry", "late entry and a time: recorded at that time, after its window closed (both times beneath)"],
  [
    "notAsked",
    `${CHART_CELL.notAsked} before initials and a time: given, not due this round (its round did not ask it: its sheet printed it to record only if given; why, and when it was recorded, beneath); before a code: offered though not due`,
  ],
  ["ifNeeded", "initials, time and (why): a dose given if needed, and why"],
  ["corrected", "struck through before another: the entry a correction replaced (the correction beneath)"],
  [
    "inError",
    "struck, then in error: an entry put right as recorded in error (the wrong pet or the wrong dose): nothing was done by it, and the slot is as if nothing was recorded, blank to sign or missed (who put it right, when and why beneath)",
  ],
  [
    "onArrival",
    `${CHART_CELL.dueOnArrival} and a time: the pet arrives then, after this round's time, the dose's window still open (the round sheet: "due on arrival: ask the owner whether this dose was given, record it")`,
  ],
  [
    "arrivesAfter",
    `${CHART_CELL.arrives} and a time, after this round: the dose's window closed before the pet arrived (the round sheet: "arrives after this round: ask the owner whether it was given")`,
  ],
  [
    "arrivedAfter",
    `${CHART_CELL.arrivedAfter}: the pet came that day after its last round, so no round of that day asked anything of it`,
  ],
  [
    "unread",
    `${CHART_CELL.notRead}: a round not posted yet that the kennel system could not be read for (said at the end)`,
  ],
  [
    "past",
    `${CHART_CELL.notPosted}: a past round Kennel Desk never posted (what the care plans make due now; the paper chart kept on the day is its record)`,
  ],
];

/**
 * The key's words after the codes: every mark and word a cell can show, each with what it means;
 * those of `used` only where the page has them (test/present/chart-key.test.ts prints every kind of
 * cell and finds each of its words explained in its page's key).
 */
export const chartKeyWords = (used: ReadonlySet<ChartKeyMark>) =>
  [
    " · initials and time: given (wit. and initials: its witness, a high-alert dose's second person, who signs beside the giver; unwitnessed: none in time, or none on the paper; awaiting witness: its second person has not signed yet)",
    " · blank: due, sign it (wit. ____: a high-alert dose's place for its witness's initials beside the giver's; a row given if needed: sign each dose given, with why) · struck (— in text): nothing due · missed: nothing recorded by the window's close · from paper: entered from this chart on paper (who gave it, who entered it and both times beneath)",
    ` · code, initials, "${CHART_CELL.recordedAt}" and a time: not given, recorded at that time (a dose not given keeps no time of its own)`,
    ...KEY_MARKS.map(([mark, words]) => (used.has(mark) ? ` · ${words}` : "")),
  ].join("");

/**
 * How a page is entered back; a page of past rounds never posted alone (`enterable` false) cannot
 * be: no sheet was kept to enter them against.
 */
export const chartEnterWords = (petId: number, enterable = true) =>
  enterable
    ? `📄 Enter from paper… on the round's post in Slack, or in a terminal: kennel-desk record enter ROUND DATE --pet ${petId} --by NAME --dose …`
    : "not in Kennel Desk: these rounds were never posted, so no sheet was kept to enter them against; keep this paper with the kennel's records";

/** What happened, what to do and the kennel API's request id, when it gave one. */
type Failed = { what: string; whatToDo: string; requestId?: string | undefined };
const failedWords = (f: Failed) =>
  `${f.what} ${f.whatToDo.trim()}${f.requestId ? ` (request id ${f.requestId})` : ""}`;

/**
 * The rounds not posted yet that the kennel system could not be read for (the first that failed and
 * those not asked after it), by day, with what happened, what to do and the API's request id: said in
 * the chart's foot (and in the terminal), their cells "not read", never struck as nothing due.
 */
export function chartUnreadWords(
  days: ReadonlyArray<{ date: string; rounds: readonly string[] }>,
  f: Failed,
): string {
  const which = days.map((d) => `${dayHeading(d.date)} ${roundsWords(d.rounds)}`).join("; ");
  return `Not posted yet, and not read from the kennel system, so their cells say "not read" (a medication given if needed stays blank there, to sign if given): ${which}. The rounds posted are from the care record; a pet on those rounds alone (arriving after the last round posted) has no page here: check the kennel system for it. ${failedWords(f)}`;
}

/**
 * Every round of the chart kept, but the kennel system not read for its pets' care (allergies, danger
 * notes: the care record keeps none): what happened, what to do and the API's request id.
 */
export const chartCareUnreadWords = (f: Failed): string =>
  `Every round on this chart was posted and is from the care record, but the pets' allergies and care notes could not be read from the kennel system: check each pet's record there before giving anything. ${failedWords(f)}`;

/**
 * Days whose last round was kept, with no round kept after it, when the kennel system could not be
 * read for the stays that came after that round: a pet of those alone has no page, said so.
 */
export const arrivalsUnreadWords = (dates: readonly string[], f: Failed): string =>
  `A pet that came after the last round of ${dates.map(dayHeading).join(", ")} is not in the care record, and the kennel system could not be read for it: it has no page here; check the kennel system for it. ${failedWords(f)}`;

/**
 * A booking whose pets' care could not be matched or loaded: what was due there is not known. Named
 * by its reference, as staff know it, else (a round kept before references were) by its id; said
 * alike of a round read now from the kennel API and of a kept round (`kept`: its care not known when
 * its round was posted), so the chart says one booking once, whichever round found it first.
 */
export const careMissingWords = (c: NonNullable<OwedRound["careMissing"]>[number], kept: boolean) =>
  `Booking ${c.reference || (c.bookingId ?? "?")} (${c.pets}): care not ${c.status === "not_loaded" ? "loaded" : "matched"}${kept ? " when its round was posted" : ""}, so its doses are not on this chart. Check the kennel system.`;

/**
 * A chart page's care not read: from the kennel system (its allergies and danger notes not known), or
 * a page drawn from the care record alone (its rounds all kept), which keeps none: where to look.
 */
export const careNotReadWords = (fromRecord: boolean) =>
  fromRecord
    ? "⚠️ Allergies and care notes: not read from the kennel system, and the care record keeps none: check its record in the kennel system before giving anything."
    : "⚠️ Care not read from the kennel system: check its record before giving anything.";

/** A row's medicine gone home: "💊 handed back Wed 2 Dec to Mr Pugh: the kennel holds none: ask the vet or the owner before giving". */
export const chartHandedBackWords = (date: string, to: string) =>
  `💊 handed back ${dayHeading(date)} to ${to}: the kennel holds none: ask the vet or the owner before giving`;
