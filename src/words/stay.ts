/**
 * A stay's care record in words, the same on every surface (/departures, the 07:00 post, /booking,
 * the terminal, the connector): one summary line per pet that the front desk reads to the owner, and
 * the full record, line by line. Plain text: Block Kit escapes it, the terminal prints it.
 */

import { keepsNoTime } from "../domain/doses.ts";
import { givenByOther } from "../domain/giver.ts";
import { doseNamed } from "../domain/record.ts";
import type { PetStayRecord, PlanThen, StayItem } from "../domain/stay.ts";
import { plural } from "../domain/text.ts";
import { localDate } from "../time.ts";
import { dayHeading, timeOf, timeOnDay } from "./dates.ts";
import {
  awaitingWitnessWords,
  lateEntryWords,
  ON_PAPER,
  onTimeWords,
  UNWITNESSED,
  unwitnessedWords,
  whoJoin,
} from "./doses.ts";
import { givenTwiceBeside } from "./given-twice.ts";
import { givenByOtherParts } from "./giver.ts";
import { notDueIcon, notDueWords } from "./not-due.ts";
import { notAskedWords, outcomeWords, recordedOnlyWords } from "./record.ts";
import {
  exceptionPieces,
  exceptionsInOrder,
  exceptionWords,
  givenVerdictWords,
  notRecordedWords,
} from "./stay-exceptions.ts";
import type { StayLine, StayPiece } from "./stay-line.ts";
import { FROM_THE_WORDS } from "./unconfirmed.ts";
import { stayWelfareWords } from "./welfare.ts";

/**
 * "3 rounds with no sheet kept (the record cannot say what was due then: the paper chart is their
 * record)": never "nothing asked", a diabetic dog's doses were due all the same.
 */
const unkeptWords = (n: number) =>
  `${plural(n, "round")} with no sheet kept (the record cannot say what was due then: the paper chart is ${n === 1 ? "its" : "their"} record)`;

/**
 * "care record kept from Mon 30 Nov 19:05 (the stay began before it: the paper chart is the record
 * before then)": the stay's first days are neither kept nor missed here, and never left unsaid.
 */
const beganWords = (iso: string, timezone: string) =>
  `care record kept from ${dayHeading(localDate(Date.parse(iso), timezone))} ${timeOf(iso, timezone)} (the stay began before it: the paper chart is the record before then)`;

/** "plan: confirmed", "plan: 1 of 2 confirmations", "plan: not confirmed", "plan: changed in the kennel system". */
function planThenWords(p: PlanThen): string {
  if (p.state === "changed_in_source") return "plan: changed in the kennel system, not confirmed again";
  if (p.confirmations >= p.needed) return "plan: confirmed";
  return p.confirmations === 0
    ? "plan: not confirmed"
    : `plan: ${p.confirmations} of ${p.needed} confirmations`;
}

/** Most refusals and missed doses named on the summary line (the rest are counted; the full record has them). */
const SUMMARY_EXCEPTIONS = 4;

/** An item the stay counts: recorded, or missed (one still open or not due in the end is not). */
const counted = (i: StayItem) => i.state.state === "recorded" || i.state.state === "missed";

/**
 * "💊 given on time: 10 of 12 due · 1 late entry · 💉 1 high-alert dose unwitnessed": the stay's
 * figure, with its doses' times (issue 35).
 */
function figureWords(s: PetStayRecord): string | undefined {
  const d = s.doses;
  if (d.onTime === undefined || d.due === 0) return undefined;
  return [
    `💊 ${onTimeWords({ onTime: d.onTime, due: d.due, fromWords: s.items.filter((i) => i.item !== "meal" && i.unconfirmed && counted(i)).length })}`,
    d.lateEntries ? plural(d.lateEntries, "late entry", "late entries") : undefined,
    unwitnessedFigure(d),
  ]
    .filter(Boolean)
    .join(" · ");
}

/**
 * "💉 1 high-alert dose unwitnessed", and those entered from the paper chart with none named on it
 * apart: "💉 1 high-alert dose with no witness on the paper".
 */
function unwitnessedFigure(d: PetStayRecord["doses"]): string | undefined {
  const paper = d.noPaperWitness ?? 0;
  const lone = (d.unwitnessed ?? 0) - paper;
  return (
    [
      lone ? `💉 ${plural(lone, "high-alert dose")} ${UNWITNESSED}` : "",
      paper ? `💉 ${plural(paper, "high-alert dose")} with ${unwitnessedWords({ onPaper: true })}` : "",
    ]
      .filter(Boolean)
      .join(" · ") || undefined
  );
}

/** A high-alert dose's witness, as its item line ends. */
function witnessWords(i: StayItem, timezone: string): StayPiece[] {
  const w = i.witness;
  if (!w) return [];
  if (w.state === "witnessed")
    return [" · witnessed by ", { value: w.by }, ` ${timeOf(w.at, timezone)}${w.onPaper ? ON_PAPER : ""}`];
  return [
    ` · ${w.state === "awaiting" ? awaitingWitnessWords(w.until, timezone) : `💉 ${unwitnessedWords(w)}`}`,
  ];
}

/**
 * "🍽 6 meals: 4 ate all, 1 ate some, 1 missed": a meal its round asked with nothing recorded by the
 * time its window closed is "missed", the word its round's line says ("meal: ❌ missed").
 */
function mealWords(m: PetStayRecord["meals"]): string | undefined {
  if (m.due === 0) return undefined;
  const parts = [
    m.ateAll ? `${m.ateAll} ate all` : "",
    m.ateSome ? `${m.ateSome} ate some` : "",
    m.ateNone ? `${m.ateNone} ate none` : "",
    m.notOffered ? `${m.notOffered} not offered` : "",
    m.missed ? `${m.missed} missed` : "",
  ].filter(Boolean);
  return `🍽 ${plural(m.due, "meal")}: ${parts.join(", ")}`;
}

/**
 * The pet's stay in one line: "Stay record, Juniper: 💊 12 of 13 doses given · 🍽 6 meals: 5 ate
 * all, 1 ate some · ⚠️ Rimadyl refused Tue 24 Nov 08:15: spat it out".
 */
export function staySummaryWords(s: PetStayRecord, timezone: string): string {
  return staySummaryPieces(s, timezone)
    .map((p) => (typeof p === "string" ? p : p.value))
    .join("");
}

/**
 * The summary line in pieces, the pet's name its own (see StayPiece). `inRecord`: the stay record's own
 * first line, where a reason is whole and nothing points to the stay record (it is the one read).
 */
function staySummaryPieces(s: PetStayRecord, timezone: string, inRecord = false): StayPiece[] {
  const head = (rest: string): StayPiece[] => ["Stay record, ", { value: s.petName }, `: ${rest}`];
  // Rounds of the stay the record kept nothing of (before it began, or never posted): said first.
  const began =
    [s.recordBegan && beganWords(s.recordBegan, timezone), s.unkept?.length && unkeptWords(s.unkept.length)]
      .filter(Boolean)
      .join(" · ") || undefined;
  // The daily welfare check (issue 38): each day's check, or its absence, counted.
  const welfare = s.welfare ? stayWelfareWords(s.welfare) : undefined;
  // Doses and meals its rounds asked that were not due in the end (the pet went home first).
  const notDue = s.notDue
    .slice(0, SUMMARY_EXCEPTIONS)
    .map((n) => `${notDueIcon(n)} ${n.label} ${notDueWords(n, timezone)}`);
  if (s.doses.due === 0 && s.meals.due === 0) {
    const none = s.dueKnown ? "nothing due or recorded yet" : "nothing recorded";
    const quiet = welfare || notDue.length ? undefined : none;
    return head([began, quiet, welfare, ...notDue].filter(Boolean).join(" · "));
  }
  const parts = [
    began,
    s.doses.due ? `💊 ${s.doses.given} of ${plural(s.doses.due, "dose")} given` : undefined,
    s.doses.open ? `${s.doses.open} still open (counted once settled)` : undefined,
    mealWords(s.meals),
    welfare,
    // Refusals and doses not given first (each was a decision someone recorded), then doses missed,
    // then doses given late.
    ...exceptionsInOrder(s)
      .slice(0, SUMMARY_EXCEPTIONS)
      .map((x) => exceptionWords(x, timezone, inRecord)),
    s.exceptions.length > SUMMARY_EXCEPTIONS
      ? `and ${s.exceptions.length - SUMMARY_EXCEPTIONS} more (${inRecord ? "listed below" : "see the stay record"})`
      : undefined,
    ...notDue,
    s.dueKnown ? undefined : "no kept round asked anything of this pet: recorded items only",
  ].filter(Boolean);
  return head(parts.join(" · "));
}

/**
 * The full record of the pet's stay, line by line: each day and round, each item with its outcome,
 * who and when (the kennel's zone), note or reason; a corrected entry kept and marked.
 */
export function stayRecordLines(s: PetStayRecord, timezone: string): StayLine[] {
  const lines: StayLine[] = [{ depth: 0, pieces: staySummaryPieces(s, timezone, true) }];
  // The stay's figure and every dose late, missed or not given, with its reason (issue 35).
  const figure = figureWords(s);
  if (figure) lines.push({ depth: 1, pieces: [figure] });
  if (s.exceptions.length) {
    lines.push({ depth: 1, pieces: ["Late, missed and not given:"] });
    for (const x of exceptionsInOrder(s)) lines.push({ depth: 2, pieces: exceptionPieces(x, timezone) });
  }
  let day = "";
  for (const i of s.items) {
    const heading = `${dayHeading(i.date)}, ${i.round}`;
    if (heading !== day) {
      lines.push({ depth: 1, pieces: [`${heading} round`] });
      day = heading;
    }
    lines.push(...itemLines(s, i, timezone));
  }
  if (s.items.length === 0) lines.push({ depth: 2, pieces: ["Nothing recorded for this stay yet."] });
  if (s.unkept?.length) {
    const rounds = s.unkept.map((r) => `${dayHeading(r.date)} ${r.round}`);
    const shown = rounds.slice(0, 12).join(", ");
    const more = rounds.length > 12 ? ` and ${rounds.length - 12} more` : "";
    lines.push({ depth: 1, pieces: [`${unkeptWords(rounds.length)}: ${shown}${more}`] });
  }
  return lines;
}

/**
 * One item of a round: its state when nothing was recorded, else its entry, then the entries it
 * corrected, each with its reason and note.
 */
function itemLines(s: PetStayRecord, i: StayItem, timezone: string): StayLine[] {
  const e = i.entry;
  // The item whole: a drug with its strength and amount (issue 47), named by its drug where its words
  // say only when ("Selgian 20 mg · AM"), as the round post and the exports name it.
  const text = { value: e ? doseNamed({ item: i.item, label: i.label, text: e.itemText }) : i.label };
  // Due from the words, the plan not confirmed when the round was kept (issue 44): said on the line.
  const from = i.unconfirmed ? ` (${FROM_THE_WORDS})` : "";
  if (!e)
    return [
      { depth: 2, pieces: [text, `${from}: ${notRecordedWords(i, timezone)}`] },
      ...inError(s, i, timezone),
    ];
  // Why it was not given and the note, each whole: this is where the shorter surfaces say they are.
  const why = [e.reason, e.note].filter((t): t is string => Boolean(t?.trim()));
  // Given on time, late or after its window; a late entry's own words already say it is one. One
  // recorded where its round did not ask it, neither: that it was not asked, and why.
  const verdict = i.notAsked
    ? notAskedWords(e.outcome, i.notAsked)
    : i.state.state === "recorded" && e.outcome === "given"
      ? givenVerdictWords(i.state, e, i.window, timezone)
      : "";
  const lines: StayLine[] = [
    {
      depth: 2,
      pieces: [
        text,
        `${from}: `,
        ...saidPieces(e, timezone, i.notAsked !== undefined),
        ...why.flatMap((t): StayPiece[] => [" · ", { value: t }]),
        ...(verdict ? [` · ${verdict}`] : []),
        ...witnessWords(i, timezone),
        ...(i.planThen ? [` · ${planThenWords(i.planThen)}`] : []),
        ...(i.givenTwice ? [" · ", { value: givenTwiceBeside(i.givenTwice, timezone) }] : []),
      ],
    },
  ];
  return [...lines, ...correctedLines(s, e, timezone, i.notAsked !== undefined)];
}

type StayEntry = PetStayRecord["entries"][number];

/**
 * The entries an item's entry corrected, each struck, its reason and note whole. `notAsked`: an item
 * no round asked, whose times are never a late entry's.
 */
const correctedLines = (s: PetStayRecord, e: StayEntry, timezone: string, notAsked = false): StayLine[] =>
  s.entries
    .filter((x) => x.supersededBy !== undefined && sameItem(x, e))
    .map((old) => ({
      depth: 3,
      corrected: true,
      pieces: [
        "corrected: ",
        // Its times as its own line said them when it stood: a late entry's both, never only when recorded.
        ...saidPieces(old, timezone, notAsked),
        // Its reason and note whole, as when it stood: what an inspector reads of what it said.
        ...[old.reason, old.note]
          .filter((t): t is string => Boolean(t?.trim()))
          .flatMap((t): StayPiece[] => [" · ", { value: t }]),
      ],
    }));

/**
 * An item with nothing recorded whose entry was put right as recorded in error: "recorded in error:
 * wrong pet · Sam 13:05", then the entry it struck (and any before it).
 */
function inError(s: PetStayRecord, i: StayItem, timezone: string): StayLine[] {
  const wrong = s.entries.find(
    (x) =>
      x.outcome === "in_error" &&
      x.supersededBy === undefined &&
      x.date === i.date &&
      x.round === i.round &&
      x.item === i.item,
  );
  if (!wrong) return [];
  const at = ` ${timeOnDay(wrong.recordedAt, timezone, wrong.date)}`;
  // Their words whole, each a value (escaped where the page is HTML), as inErrorWords says them.
  const pieces: StayPiece[] = [
    `${outcomeWords("in_error")}: `,
    { value: wrong.reason ?? "" },
    " · ",
    { value: wrong.userName },
    at,
  ];
  return [{ depth: 3, pieces }, ...correctedLines(s, wrong, timezone, i.notAsked !== undefined)];
}

/**
 * An entry's outcome, when and who, live or struck alike: "ate some 13:00 · Jane"; a late entry with
 * both its times (issue 35), "late entry: given 08:10, recorded 13:00 · Jane" (one no round asked is
 * never a late entry: "given 12:10, recorded 16:30 · Jane"); a dose not given keeps no time: when it
 * was recorded, and by whom, never as when it happened, "not given (recorded 13:00 by Jane)".
 */
function saidPieces(e: PetStayRecord["entries"][number], timezone: string, notAsked: boolean): StayPiece[] {
  const recorded = timeOnDay(e.recordedAt, timezone, e.date);
  if (keepsNoTime(e)) {
    // The one wording of a dose not given (recordedOnlyWords), the name its own value.
    const [before = "", after = ""] = recordedOnlyWords(recorded, "\u0000").split("\u0000");
    return [before, { value: e.userName }, after];
  }
  // Given by someone other than who recorded it: both named, each a value of its own.
  if (e.givenBy && givenByOther(e) && e.outcome === "given") {
    const [lead = "", giver = "", between = "", recorder = ""] = givenByOtherParts(
      { ...e, givenBy: e.givenBy },
      timezone,
      notAsked,
    );
    return [lead, { value: giver }, between, { value: recorder }];
  }
  const when = e.givenAt ? lateEntryWords(e, timezone, notAsked) : `${outcomeWords(e.outcome)} ${recorded}`;
  return [`${when}${whoJoin(e)}`, { value: e.userName }];
}

const sameItem = (a: PetStayRecord["entries"][number], b: PetStayRecord["entries"][number]) =>
  a.date === b.date && a.round === b.round && a.item === b.item;
