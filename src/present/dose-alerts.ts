/**
 * The replies dose times make (issue 35) as documents: a high-alert dose's nudge ("💉 Sugar (Kennel
 * 4): Caninsulin 6iu with breakfast — due 07:30, window 06:30–08:00; a second person witnesses it"),
 * and the late and missed replies in the round post's thread, naming each pet (with its room) and
 * its items. A late or missed reply is drawn again as entries arrive: what was recorded since is
 * struck through with who recorded it and when, and the foot counts them ("2 of 5 recorded since").
 * Channel-safe: names, rooms and the items' words only. Who it mentions is the serializer's (Slack).
 */

import type { AlertKind } from "../domain/dose-alerts.ts";
import { type DoseWindow, doseState } from "../domain/doses.ts";
import { pageOf } from "../domain/paging.ts";
import { doseNamed } from "../domain/record.ts";
import { roundWord } from "../domain/rounds.ts";
import { plural } from "../domain/text.ts";
import type { Entry, ItemKey } from "../record/types.ts";
import { dayHeading, timeOf, timeOnDay } from "../words/dates.ts";
import { lateEntryWords, whoJoin, windowWords } from "../words/doses.ts";
import { outcomeWords, whyWords } from "../words/record.ts";
import { doseName } from "../words/unconfirmed.ts";
import type { Doc, Line, Part, Span } from "./doc.ts";
import { dotted, line, lineText, prose, strong, toned, whole } from "./doc.ts";
import { offTimeMark, offTimeWords } from "./dose-states.ts";
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
  window: DoseWindow;
  /** Its current entry, when recorded since. */
  entry?:
    | Pick<Entry, "outcome" | "recordedAt" | "givenAt" | "userName" | "paper" | "reasonCode" | "reason">
    | undefined;
}

export interface AlertView {
  kind: AlertKind;
  date: string;
  round: "morning" | "midday" | "evening";
  doses: AlertDoseView[];
}

/**
 * Most pets (or nudge lines) a reply names, and most characters of their lines: whole lines, within
 * a message's 12,000 once escaped and led by its mentions. The rest are counted (the round post lists
 * every pet), never cut short to fit. The first is named whatever its length: a pet longer than this
 * takes the reply into more parts (src/blocks/dose-alerts.ts).
 */
const SHOWN = { maxEntries: 36, maxChars: 8_000 };

/** The lines a reply shows, whole, in parts that each fit a section, and how many it leaves out. */
function shownParts(lines: Line[]): { parts: Part[]; left: number } {
  const shown = pageOf(lines, 1, (l) => lineText(l).length + 1, SHOWN);
  return { parts: textParts(shown.items), left: lines.length - shown.items.length };
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
    const off = offTimeWords(doseState(d.window, e.recordedAt, e), timezone);
    return `${lateEntryWords(e, timezone)}${whoJoin(e)}${whole(e.userName)}${why}${off ? ` · ${off}` : ""}`;
  }
  const recorded = timeOnDay(e.recordedAt, timezone, date);
  const given = e.givenAt ? timeOnDay(e.givenAt, timezone, date) : recorded;
  const when = given === recorded ? recorded : `${given}, recorded ${recorded}`;
  const off = d.item && offTimeMark(d.item, doseState(d.window, e.recordedAt, e), timezone);
  return `${outcomeWords(e.outcome)} ${when} ${whole(e.userName)}${why}${off ? ` · ${off}` : ""}`;
}

/** One item on a pet's line: its label, struck through with who recorded it once it is recorded. */
function itemSpans(d: AlertDoseView, timezone: string, date: string): Span[] {
  const label = `${d.highAlert ? "💉 " : ""}${doseName(itemWords(d), d.unconfirmed)}`;
  if (!d.entry) return [{ text: label }];
  return [{ text: label, struck: true }, toned("muted", ` (${recordedWords(d, timezone, date)})`)];
}

/** The same instant for every dose (its window's close, say): said once in the heading, else on each line. */
const shared = (doses: AlertDoseView[], at: (w: DoseWindow) => string) =>
  new Set(doses.map((d) => at(d.window))).size === 1 ? at((doses[0] as AlertDoseView).window) : undefined;

function petLines(a: AlertView, timezone: string, suffix: (d: AlertDoseView) => string): Line[] {
  const pets = new Map<string, AlertDoseView[]>();
  for (const d of a.doses) pets.set(d.key, [...(pets.get(d.key) ?? []), d]);
  return [...pets.values()].map((ds) => {
    const first = ds[0] as AlertDoseView;
    const items: Span[] = [];
    ds.forEach((d, i) => {
      if (i > 0) items.push({ text: "; " });
      items.push(...itemSpans(d, timezone, a.date));
    });
    const more = suffix(first);
    return line(`• ${who(first)}: `, ...items, more && ` · ${more}`);
  });
}

const HEAD: Record<Exclude<AlertKind, "nudge">, string> = {
  late: "⏰ Late: not recorded yet",
  missed: "❌ Missed: nothing recorded in the window",
};

/** The late or missed reply: its heading, each pet's line, and how many were recorded since. */
function lateOrMissedDoc(a: AlertView, o: { timezone: string; updatedAt?: string | undefined }): Doc {
  const kind = a.kind as "late" | "missed";
  const round = `${roundWord(a.round)} round, ${dayHeading(a.date)}`;
  const tz = o.timezone;
  const due = shared(a.doses, (w) => w.dueAt);
  const closes = shared(a.doses, (w) => w.closesAt);
  const closeWords = (c: string) => `window ${kind === "late" ? "closes" : "closed"} ${timeOf(c, tz)}`;
  const head = dotted(
    strong(HEAD[kind], kind === "missed" ? "alert" : "warn"),
    round,
    due && `due ${timeOf(due, tz)}`,
    closes && closeWords(closes),
  );
  const lines = petLines(a, tz, (d) =>
    [due ? "" : `due ${timeOf(d.window.dueAt, tz)}`, closes ? "" : closeWords(d.window.closesAt)]
      .filter(Boolean)
      .join(", "),
  );
  const shown = shownParts(lines);
  const parts: Part[] = [{ kind: "text", lines: [head] }, ...shown.parts];
  const pets = lines.length;
  const recorded = a.doses.filter((d) => d.entry).length;
  const foot = dotted(
    shown.left > 0 && `and ${plural(shown.left, "more pet")}: see the round post`,
    recorded === a.doses.length
      ? "✅ all recorded since"
      : recorded > 0 && `${recorded} of ${a.doses.length} recorded since`,
    o.updatedAt ? `updated ${o.updatedAt} · edited as entries arrive` : "edited as entries arrive",
  );
  parts.push({ kind: "note", lines: [foot] });
  const fallback = `${HEAD[kind]} (${round}): ${plural(pets, "pet")}`;
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
  const shown = shownParts(lines);
  const parts: Part[] = shown.parts;
  if (shown.left > 0)
    parts.push({
      kind: "note",
      lines: [line(`and ${plural(shown.left, "more high-alert dose")}: see the round post`)],
    });
  const first = a.doses[0];
  const fallback = first
    ? `💉 ${who(first)}: ${whole(first.label)} due ${timeOf(first.window.dueAt, o.timezone)}${a.doses.length > 1 ? ` (and ${plural(a.doses.length - 1, "more high-alert dose")})` : ""}`
    : "💉 High-alert doses due soon";
  return { fallback, parts };
}

export function doseAlertDoc(a: AlertView, o: { timezone: string; updatedAt?: string | undefined }): Doc {
  return a.kind === "nudge" ? nudgeDoc(a, o) : lateOrMissedDoc(a, o);
}
