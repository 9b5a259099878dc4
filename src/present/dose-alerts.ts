/**
 * The replies dose times make (issue 35) as documents: a high-alert dose's nudge ("💉 Sugar (Kennel
 * 4): Caninsulin 6iu with breakfast — due 07:30, window 06:30–08:00; a second person witnesses it"),
 * and the late and missed replies in the round post's thread, naming each pet (with its room) and
 * its items: every dose, high-alert first, before any meal (only meals are ever counted in "and N
 * more"), two of a pet's doses read alike told apart ("(medication 4)"). A late or missed reply is drawn again as entries arrive: what was recorded since is
 * struck through with who recorded it and when, the foot counts them ("2 of 5 recorded since"), the
 * head counts only what is still not recorded ("3 of 12 pets still open: 3 with doses not recorded
 * yet", never "not given": src/present/dose-alert-counts.ts) and says what to do while a dose is (check
 * the record and ask who was on; a high-alert dose missed, ask the vet), and once everything is
 * recorded, the heading says so ("✅ Late, all recorded since") rather than that anything is still owed.
 * Channel-safe: names, rooms and the items' words only. Who it mentions is the serializer's (Slack).
 */

import type { AlertKind } from "../domain/dose-alerts.ts";
import { type DoseWindow, doseState } from "../domain/doses.ts";
import { doseNamed } from "../domain/record.ts";
import { roundWord } from "../domain/rounds.ts";
import { plural } from "../domain/text.ts";
import type { Entry, ItemKey } from "../record/types.ts";
import { apartWords } from "../words/apart.ts";
import { dayHeading, timeOf, timeOnDay } from "../words/dates.ts";
import { lateEntryWords, whoJoin, windowWords } from "../words/doses.ts";
import { givenByOtherSaid } from "../words/giver.ts";
import { NOT_RECORDED_TODAY, TWO_SLOTS_ASK } from "../words/not-due.ts";
import { offTimeWords } from "../words/off-time.ts";
import { outcomeAtWords, whyWords } from "../words/record.ts";
import { doseName } from "../words/unconfirmed.ts";
import type { Doc, Line, Part, Span } from "./doc.ts";
import { dotted, line, lineText, prose, strong, toned, whole } from "./doc.ts";
import { countLine, whatToDoLines } from "./dose-alert-counts.ts";
import { offTimeMark } from "./dose-states.ts";
import { textParts } from "./parts.ts";

interface AlertDoseView {
  /** The pet's key on the round ("bookingId-petId"): its items share one line. */
  key: string;
  petName: string;
  room: string | undefined;
  /** Which item: a medication by its slot, or the meal. */
  item?: ItemKey | undefined;
  /** The item's short label ("Rimadyl 50 mg", "meal") and its instruction as the sheet shows it. */
  label: string;
  text: string;
  highAlert?: boolean | undefined;
  /** Due from the words, the pet's care plan not confirmed (issue 44). */
  unconfirmed?: boolean | undefined;
  /** Owed once a day from its words, which give it no time (src/domain/day-dose.ts): "not recorded today". */
  onceToday?: boolean | undefined;
  /** One drug in two slots, "one dose or two?" not answered on its plan: both open, ask before giving both. */
  twoSlots?: boolean | undefined;
  /**
   * Asked by the round and not recorded, its pet's plan confirmed since saying it is not due at this
   * round: the plan's words ("📋 its plan, confirmed since this round asked it from the words (Jane 12:10), gives it at the evening round,
   * not this one — …"), so nobody gives a catch-up dose and then the plan's own.
   */
  planNow?: string | undefined;
  /**
   * Not recorded, its confirmed plan giving it at this round alone, and given today at another round
   * (src/answers/once-given.ts): "☑️ given today at the morning round by Jane 08:00 — its plan gives it once a day: …".
   */
  onceGiven?: string | undefined;
  /** Not recorded, its entry put right as recorded in error: "recorded in error: wrong pet · Sam 13:05". */
  inError?: string | undefined;
  window: DoseWindow;
  /**
   * Settled by another entry of its day (src/domain/day-dose.ts), `entry` being that one: where ("at
   * the midday round", "the same drug as medication 1").
   */
  settledBy?: string | undefined;
  /** Its current entry, when recorded since. */
  entry?:
    | (Pick<Entry, "outcome" | "recordedAt" | "givenAt" | "userName" | "paper" | "reasonCode" | "reason"> &
        Partial<Pick<Entry, "userId" | "givenBy">>)
    | undefined;
}

export interface AlertView {
  kind: AlertKind;
  date: string;
  round: "morning" | "midday" | "evening";
  doses: AlertDoseView[];
}

/**
 * Most pets and characters of meal lines a late or missed reply names after its doses (every dose is
 * named, high-alert first, in as many messages as it takes: src/blocks/dose-alerts.ts): whole lines,
 * within a message's 12,000 once escaped and led by its mentions. The meals past them are counted
 * ("and 135 more pets with a meal not recorded"), never a dose.
 */
const SHOWN = { maxEntries: 36, maxChars: 8_000 };

const size = (l: Line) => lineText(l).length + 1;

/**
 * The meal lines a reply has room for after its dose lines, whole, and how many of those it leaves out
 * are still not recorded (`meals`: the doses drawn as `mealLines`, a line a pet's, in their order).
 */
function mealsShown(
  doseLines: Line[],
  mealLines: Line[],
  meals: readonly AlertDoseView[],
): { shown: Line[]; left: number } {
  let entries = doseLines.length;
  let chars = doseLines.reduce((n, l) => n + size(l), 0);
  const shown: Line[] = [];
  for (const l of mealLines) {
    if (entries + 1 > SHOWN.maxEntries || chars + size(l) > SHOWN.maxChars) break;
    shown.push(l);
    entries += 1;
    chars += size(l);
  }
  const open = new Set(meals.filter((d) => !d.entry).map((d) => d.key));
  const left = [...new Set(meals.map((d) => d.key))].slice(shown.length).filter((k) => open.has(k));
  return { shown, left: left.length };
}

const who = (d: Pick<AlertDoseView, "petName" | "room">) =>
  `${whole(d.petName)}${d.room ? ` (${whole(d.room)})` : ""}`;

/**
 * What an item is, whole: a medication as the sheet shows it, the drug with its strength and amount
 * ("Cefalexin 250 mg · 1 capsule with lunch"); the meal as "meal" (its diet is on the sheet).
 */
const itemWords = (d: Pick<AlertDoseView, "item" | "label" | "text">) =>
  whole(d.item === "meal" || d.label === "meal" ? "meal" : doseNamed(d));

/**
 * "given 09:05 Jane", or "given 08:05, recorded 11:00 Jane" when said to be given earlier; entered
 * from the paper chart, as the post and the record say it, its giver and who entered it apart, and
 * off its time marked: "from the paper chart: given 06:00 by JS, entered 13:04 by Sam · ⏪ given
 * before its window opened".
 */
function recordedWords(d: AlertDoseView, timezone: string, date: string): string {
  const e = d.entry as NonNullable<AlertDoseView["entry"]>;
  const why = whyWords(e.reason && prose(e.reason, 150, "the stay record"));
  if (e.paper) {
    const off = d.onceToday
      ? undefined
      : offTimeWords(doseState(d.window, e.recordedAt, e), d.window, timezone);
    return `${lateEntryWords(e, timezone)}${whoJoin(e)}${whole(e.userName)}${why}${off ? ` · ${off}` : ""}`;
  }
  const recorded = timeOnDay(e.recordedAt, timezone, date);
  const given = e.givenAt ? timeOnDay(e.givenAt, timezone, date) : recorded;
  const when = given === recorded ? recorded : `${given}, recorded ${recorded}`;
  // Owed once a day, no time in its words: on time at any round of its day (src/domain/obligations.ts owedState).
  const off =
    d.item && !d.onceToday && offTimeMark(d.item, doseState(d.window, e.recordedAt, e), d.window, timezone);
  // Given by someone other than who recorded it: both named ("given 08:20 by Sam · recorded 13:00 by Jane").
  const said = givenByOtherSaid({ ...e, date }, timezone, { name: whole });
  return `${said ?? outcomeAtWords(e, when, whole(e.userName))}${why}${off ? ` · ${off}` : ""}`;
}

/**
 * One item on a pet's line: its label (with what tells it from a dose of the pet named alike:
 * "(medication 4)"), struck through with who recorded it once it is recorded.
 */
function itemSpans(d: AlertDoseView, timezone: string, date: string, apart?: string): Span[] {
  const named = `${itemWords(d)}${apart ? ` (${whole(apart)})` : ""}`;
  const label = `${d.highAlert ? "💉 " : ""}${doseName(named, d.unconfirmed)}`;
  if (!d.entry)
    return [
      { text: d.onceToday ? `${label} (${NOT_RECORDED_TODAY})` : label },
      ...(d.onceGiven ? [toned("warn", ` (${d.onceGiven})`)] : []),
      ...(d.planNow ? [toned("warn", ` (${d.planNow})`)] : []),
      ...(d.inError ? [toned("warn", ` (${whole(d.inError)})`)] : []),
    ];
  if (d.settledBy) {
    // Its entry is another's (another round's, another slot's): its window says nothing of it.
    const e = d.entry;
    const at = timeOnDay(e.givenAt ?? e.recordedAt, timezone, date);
    const said = `☑️ ${outcomeAtWords(e, at, whole(e.userName))}, ${d.settledBy}`;
    return [{ text: label, struck: true }, toned("muted", ` (${said})`)];
  }
  // Who recorded it and why as kept (names typed on paper, the reason): a channel hides a contact in them.
  return [
    { text: label, struck: true },
    { ...toned("muted", ` (${recordedWords(d, timezone, date)})`), kept: true },
  ];
}

/** The same instant for every dose (its window's close, say): said once in the heading, else on each line. */
const shared = (doses: AlertDoseView[], at: (w: DoseWindow) => string) =>
  new Set(doses.map((d) => at(d.window))).size === 1 ? at((doses[0] as AlertDoseView).window) : undefined;

const isMeal = (d: Pick<AlertDoseView, "item" | "label">) => d.item === "meal" || d.label === "meal";

/**
 * One line per pet of these doses, in the reply's order, a pet with a high-alert dose first when
 * `highFirst`: "• Skye (Kennel 2): Chloramphenicol 1% eye drops (medication 1); … (medication 4)".
 */
function petLines(
  doses: AlertDoseView[],
  a: Pick<AlertView, "date">,
  o: { timezone: string; highFirst: boolean; suffix: (d: AlertDoseView) => string },
): Line[] {
  const apart = apartWords(
    doses.map((d) => ({ whose: d.key, shown: itemWords(d), item: d.item, text: d.text })),
  );
  const pets = new Map<string, { d: AlertDoseView; i: number }[]>();
  doses.forEach((d, i) => {
    pets.set(d.key, [...(pets.get(d.key) ?? []), { d, i }]);
  });
  const groups = [...pets.values()];
  const high = (g: { d: AlertDoseView }[]) => (o.highFirst && g.some((x) => x.d.highAlert) ? 0 : 1);
  const ordered = groups.map((g, n) => ({ g, n })).sort((x, y) => high(x.g) - high(y.g) || x.n - y.n);
  return ordered.map(({ g }) => {
    const first = (g[0] as { d: AlertDoseView }).d;
    const items: Span[] = [];
    g.forEach(({ d, i }, k) => {
      if (k > 0) items.push({ text: "; " });
      items.push(...itemSpans(d, o.timezone, a.date, apart[i]));
    });
    const more = o.suffix(first);
    // Both slots of one drug still open: never read as two doses owed (the sheet asks the same).
    const twice = g.filter(({ d }) => d.twoSlots && !d.entry).length > 1;
    return line(
      `• ${who(first)}: `,
      ...items,
      more && ` · ${more}`,
      twice && toned("warn", ` · ${TWO_SLOTS_ASK}`),
    );
  });
}

const HEAD: Record<Exclude<AlertKind, "nudge">, string> = {
  late: "⏰ Late: not recorded yet",
  missed: "❌ Missed: nothing recorded in the window",
};

/** The heading once everything the reply named is recorded: no dose is still owed, so none is implied. */
const SETTLED: Record<Exclude<AlertKind, "nudge">, string> = {
  late: "✅ Late, all recorded since",
  missed: "✅ Missed the window, all recorded since",
};

/** Where the pets past the reply's meal lines are: its round's post when it is in its thread, else the sheet. */
const whereRest = (a: AlertView, roundPost: boolean | undefined) =>
  roundPost ? "see the round post" : `/rounds ${a.round} ${a.date} shows each`;

export interface AlertDocOptions {
  timezone: string;
  updatedAt?: string | undefined;
  /** The reply is in the round post's thread (the post exists): "see the round post" points there. */
  roundPost?: boolean | undefined;
}

const closeWords = (kind: "late" | "missed", c: string, tz: string) =>
  `window ${kind === "late" ? "closes" : "closed"} ${timeOf(c, tz)}`;

/**
 * The reply's heading: late or missed while anything it named is still not recorded, what is true
 * now once everything is ("✅ Late, all recorded since"), then its round and, when every dose shares
 * them, its due time and window's close.
 */
function headLine(a: AlertView, round: string, settled: boolean, o: { timezone: string }): Line {
  const kind = a.kind as "late" | "missed";
  const due = shared(a.doses, (w) => w.dueAt);
  const closes = shared(a.doses, (w) => w.closesAt);
  return dotted(
    settled ? strong(SETTLED[kind]) : strong(HEAD[kind], kind === "missed" ? "alert" : "warn"),
    round,
    due && `due ${timeOf(due, o.timezone)}`,
    closes && closeWords(kind, closes, o.timezone),
  );
}

/**
 * The late or missed reply: its heading and counts, what to do, every dose not recorded (pets with a high-alert
 * dose first), then the meals as room allows (the rest counted), and how many were recorded since.
 */
function lateOrMissedDoc(a: AlertView, o: AlertDocOptions): Doc {
  const kind = a.kind as "late" | "missed";
  const round = `${roundWord(a.round)} round, ${dayHeading(a.date)}`;
  const tz = o.timezone;
  const due = shared(a.doses, (w) => w.dueAt);
  const closes = shared(a.doses, (w) => w.closesAt);
  const suffix = (d: AlertDoseView) =>
    [due ? "" : `due ${timeOf(d.window.dueAt, tz)}`, closes ? "" : closeWords(kind, d.window.closesAt, tz)]
      .filter(Boolean)
      .join(", ");
  const doses = a.doses.filter((d) => !isMeal(d));
  const doseLines = petLines(doses, a, { timezone: tz, highFirst: true, suffix });
  const meals = a.doses.filter((d) => isMeal(d));
  const mealLines = petLines(meals, a, { timezone: tz, highFirst: false, suffix });
  const shown = mealsShown(doseLines, mealLines, meals);
  const recorded = a.doses.filter((d) => d.entry).length;
  const settled = a.doses.length > 0 && recorded === a.doses.length;
  const count = countLine(kind, doses, meals);
  const parts: Part[] = [
    { kind: "text", lines: [headLine(a, round, settled, o), count, ...whatToDoLines(kind, doses)] },
    ...textParts(doseLines),
    ...textParts(shown.shown),
  ];
  const foot = dotted(
    shown.left > 0 &&
      `and ${plural(shown.left, "more pet")} with a meal not recorded: ${whereRest(a, o.roundPost)}`,
    settled ? "✅ all recorded since" : recorded > 0 && `${recorded} of ${a.doses.length} recorded since`,
    o.updatedAt ? `updated ${o.updatedAt} · edited as entries arrive` : "edited as entries arrive",
  );
  parts.push({ kind: "note", lines: [foot] });
  const fallback = `${settled ? SETTLED[kind] : HEAD[kind]} (${round}): ${lineText(count)}`;
  return { fallback, parts };
}

/**
 * The nudge: one line per high-alert dose, "💉 Sugar (Kennel 4): Caninsulin 6iu with breakfast —
 * due 07:30, window 06:30–08:00; a second person witnesses it".
 */
function nudgeDoc(a: AlertView, o: { timezone: string }): Doc {
  const lines = a.doses.map(
    (d): Line => [
      strong(`💉 ${who(d)}:`),
      {
        text: ` ${itemWords(d)} — due ${timeOf(d.window.dueAt, o.timezone)}, ${windowWords(d.window, o.timezone)}; a second person witnesses it`,
      },
    ],
  );
  // Every high-alert dose named, in as many messages as it takes: never one behind "and N more".
  const parts: Part[] = textParts(lines);
  const first = a.doses[0];
  const fallback = first
    ? `💉 ${who(first)}: ${whole(first.label)} due ${timeOf(first.window.dueAt, o.timezone)}${a.doses.length > 1 ? ` (and ${plural(a.doses.length - 1, "more high-alert dose")})` : ""}`
    : "💉 High-alert doses due soon";
  return { fallback, parts };
}

export function doseAlertDoc(a: AlertView, o: AlertDocOptions): Doc {
  return a.kind === "nudge" ? nudgeDoc(a, o) : lateOrMissedDoc(a, o);
}
