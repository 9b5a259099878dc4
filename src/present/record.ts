/**
 * The care record's views on a round sheet, as document lines (src/present/doc.ts): one entry ("⚠️
 * Rimadyl 50 mg refused 08:15 Jane: spat it out"), the record beside one pet (in full, or in a few
 * words when a message is short of room), and a message's progress ("📋 12 of 31 pets recorded · 3
 * doses not recorded"). Block Kit and the text serializers draw the same lines, so the wording is said once.
 */
import { drugName, type Round } from "../domain/care.ts";
import { keepsNoTime } from "../domain/doses.ts";
import type { OwedDose } from "../domain/obligations.ts";
import {
  type DueItem,
  doseNamed,
  isMedicationItem,
  type PetRoundStatus,
  petRoundStatus,
  type RoundProgress,
} from "../domain/record.ts";
import { plural } from "../domain/text.ts";
import { needsWitness, type WitnessView, witnessState } from "../domain/witness.ts";
import { HEAD_HEX_DIGITS, headWords } from "../record/chain.ts";
import type { ChainHead, Entry, ItemKey, Outcome } from "../record/types.ts";
import { wallOf } from "../time.ts";
import { timeOnDay } from "../words/dates.ts";
import {
  awaitingWitnessWords,
  lateEntryWords,
  ON_PAPER,
  openCountWords,
  stateTimeWords,
  unwitnessedCountWords,
  unwitnessedWords,
  whoJoin,
  witnessedWords,
  witnessWords,
} from "../words/doses.ts";
import { givenByOtherSaid } from "../words/giver.ts";
import { notDueWords } from "../words/not-due.ts";
import { inErrorWords, outcomeWords, ownCountWords, recordedOnlyWords, whyWords } from "../words/record.ts";
import { doseName, FROM_THE_WORDS } from "../words/unconfirmed.ts";
import { kept, type Line, line, prose, toned, value, whole } from "./doc.ts";

import { notDueLines, type OpenDose, openLine, overdue, overdueLine } from "./dose-states.ts";

const ICONS: Record<Outcome, string> = {
  given: "✅",
  ate_all: "✅",
  ate_some: "🟡",
  refused: "⚠️",
  not_given: "⚠️",
  ate_none: "⚠️",
  not_offered: "⚠️",
  in_error: "❎",
};

const TONES: Partial<Record<Outcome, "alert" | "warn">> = {
  refused: "alert",
  not_given: "alert",
  ate_none: "alert",
  not_offered: "alert",
  ate_some: "warn",
};

/** The short label of an entry's item: "meal", or the medication's name from its text. */
function itemLabel(e: Pick<Entry, "item" | "itemText">): string {
  if (e.item === "meal") return "meal";
  return drugName(e.itemText.split(" · ")[0] ?? e.itemText);
}

/** An entry's reason and note on a sheet's line or a form's list: past this, shortened with where they are whole. */
const WHY_MAX = 150;
const WHOLE_IN = "the stay record";

/**
 * One entry: "⚠️ Rimadyl 50 mg refused 08:15 Jane: spat it out"; a late entry with both its times
 * ("✅ Caninsulin late entry: given 08:05, recorded 11:00 Jane"); a dose not given, which keeps no
 * time, with when it was recorded and by whom ("⚠️ Rimadyl not given (recorded 13:01 by Jane):
 * asleep as instructed"); struck through when corrected since. An entry of an item its round did not
 * ask (`notAsked`: recorded only if given) is never a late entry: "given 12:10, recorded 16:30".
 * Who and why are kept words (a name typed on paper, the reason, the note; struck, the whole line).
 */
export function entryLine(
  e: Entry,
  timezone: string,
  o: { struck?: boolean; offTime?: string | undefined; notAsked?: boolean } = {},
): Line {
  // Recorded in error: no outcome, never struck; the entry it put right is struck beside it.
  if (e.outcome === "in_error") return [kept(inErrorLine(e, timezone), "warn")];
  const why = whyWords(e.reason && prose(e.reason, WHY_MAX, WHOLE_IN));
  const note = e.note?.trim() ? `${why ? " · " : ": "}${prose(e.note, WHY_MAX, WHOLE_IN)}` : "";
  const what = e.givenAt
    ? lateEntryWords(e, timezone, o.notAsked)
    : `${outcomeWords(e.outcome)} ${timeOnDay(e.recordedAt, timezone, e.date)}`;
  const said = keepsNoTime(e)
    ? recordedOnlyWords(timeOnDay(e.recordedAt, timezone, e.date), whole(e.userName))
    : (givenByOtherSaid(e, timezone, { notAsked: o.notAsked, name: whole }) ??
      `${what}${e.paper ? whoJoin(e) : " "}${whole(e.userName)}`);
  const t = o.struck ? "muted" : TONES[e.outcome];
  const out = [toned(t, `${ICONS[e.outcome]} ${whole(itemLabel(e))} `), kept(`${said}${why}${note}`, t)];
  if (o.struck) return [{ ...kept(out.map((s) => s.text).join(""), t), struck: true }];
  // A dose given off its time (a paper entry's, by its kept window): said beside it, as its record does.
  return o.offTime ? [...out, toned("warn", ` · ${o.offTime}`)] : out;
}

/** "❎ Rimadyl recorded in error: wrong pet · Jane 13:05". */
const inErrorLine = (e: Entry, timezone: string): string =>
  `${ICONS.in_error} ${whole(itemLabel(e))} ${inErrorWords(prose(e.reason ?? "", WHY_MAX, WHOLE_IN), whole(e.userName), timeOnDay(e.recordedAt, timezone, e.date))}`;

const names = (entries: Entry[]) => [...new Set(entries.map((e) => whole(e.userName)))].join(", ");
const latest = (entries: Entry[]) =>
  entries.reduce((a, b) => (Date.parse(b.recordedAt) > Date.parse(a.recordedAt) ? b : a));

/**
 * A high-alert dose's witness line under its entry: "💉 witnessed by Tom 07:44", "💉 awaiting a
 * witness until 07:59", "💉 unwitnessed"; none for a dose that needs none.
 */
function witnessLine(
  e: Entry,
  highAlert: boolean | undefined,
  w: WitnessView,
  timezone: string,
): Line | undefined {
  if (!needsWitness(e, highAlert)) return undefined;
  const s = witnessState(e, w.witnesses.get(e.id), w.now);
  if (s.state === "witnessed")
    return [kept(`💉 ${witnessedWords(whole(s.by), s.at, timezone, e.date)}${s.onPaper ? ON_PAPER : ""}`)];
  if (s.state === "awaiting") return [toned("warn", `💉 ${awaitingWitnessWords(s.until, timezone)}`)];
  return [toned("alert", `💉 ${unwitnessedWords(s)}`)];
}

/**
 * An item a round asked with nothing recorded, as an export says it (issue 45): its state when
 * exported ("missed"; "upcoming", "due" or "late", its window still open; "not_due"), when
 * ("nothing recorded: window closed 10:00", "not due: gone home 08:30"), and "from the words" for
 * a dose due while its pet's care plan was not confirmed.
 */
export function unrecordedWords(
  d: Pick<OwedDose, "state" | "window" | "due">,
  timeZone: string,
): { outcome: string; reason: string | undefined; fromWords: string | undefined } {
  const s = d.state;
  const fromWords = d.due.unconfirmed ? FROM_THE_WORDS : undefined;
  if (s.state === "not_due") return { outcome: s.state, reason: notDueWords(s, timeZone), fromWords };
  if (s.state === "recorded") return { outcome: s.outcome, reason: undefined, fromWords };
  return {
    outcome: s.state,
    reason: `nothing recorded: ${stateTimeWords(s.state, d.window, timeZone)}`,
    fromWords,
  };
}

/**
 * An exported entry's dose times in words (CSV and JSON, issue 35): a late entry's two times (an
 * entry recorded after its dose's window closed, the window its round kept: `w.doses`; an entry
 * given at a time typed within it is no late entry), and a high-alert dose's witness ("witnessed by
 * Tom 07:44", "awaiting a witness until 07:59", "unwitnessed"); undefined where there is none.
 */
export function entryDoseWords(
  e: Entry,
  timezone: string,
  w:
    | (WitnessView & {
        highAlert: Set<number>;
        fromWords?: Set<number>;
        doses?: Map<number, Pick<OwedDose, "state">>;
      })
    | undefined,
): { lateEntry: string | undefined; witness: string | undefined; fromWords?: string | undefined } {
  const state = w?.doses?.get(e.id)?.state;
  const late = state ? state.state === "recorded" && state.lateEntry : e.givenAt !== undefined;
  // Entered from the chart on paper: said with both times and its giver, late or not (issue 50).
  const lateEntry = late || e.paper ? lateEntryWords(e, timezone) : undefined;
  // Due from the words, the plan not confirmed when its round was posted (issue 44).
  const fromWords = w?.fromWords?.has(e.id) ? FROM_THE_WORDS : undefined;
  if (!w || !needsWitness(e, w.highAlert.has(e.id))) return { lateEntry, witness: undefined, fromWords };
  const witness = witnessWords(witnessState(e, w.witnesses.get(e.id), w.now), timezone, e.date);
  return { lateEntry, witness, fromWords };
}

/**
 * High-alert doses given and not witnessed (within the minutes allowed, or on the paper), and of
 * those the ones entered from the paper chart with no witness on it, as the audit counts them.
 */
function unwitnessed(
  s: PetRoundStatus,
  w: WitnessView | undefined,
): { unwitnessed: number; noPaperWitness: number } {
  const n = { unwitnessed: 0, noPaperWitness: 0 };
  if (!w) return n;
  for (const d of s.due) {
    const e = s.current.get(d.item);
    if (!e || !needsWitness(e, d.highAlert)) continue;
    const state = witnessState(e, w.witnesses.get(e.id), w.now);
    if (state.state !== "unwitnessed") continue;
    n.unwitnessed++;
    if (state.onPaper) n.noPaperWitness++;
  }
  return n;
}

/**
 * The record beside one pet, in full: "✅ 08:12 Jane" when all was given and eaten plainly, else a
 * line per due item (recorded, with a high-alert dose's witness; or its state, "⏰ Rimadyl 50 mg: late ·
 * window closes 10:00", or "⬜ Rimadyl to record" when the state is not known), entries for items off
 * the sheet, and the last three corrected entries struck through. When nothing is recorded, only what
 * is late or missed ("⏰ late: Rimadyl 50 mg, meal · window closes 10:00").
 */
export function petRecordLines(
  s: PetRoundStatus,
  timezone: string,
  w?: WitnessView,
  open?: ReadonlyMap<ItemKey, OpenDose>,
  offTime?: ReadonlyMap<ItemKey, string>,
): Line[] {
  const current = [...s.current.values()];
  const struck = s.superseded.slice(-3).map((e) => entryLine(e, timezone, { struck: true }));
  // Nothing recorded: only what is late or missed (dose times); nothing while it is all still due.
  if (current.length === 0 && struck.length === 0)
    return [...notDueLines(s, open, timezone), ...overdue(s, open).map((o) => overdueLine(o, timezone))];
  const highAlert = new Map(s.due.map((d) => [d.item, d.highAlert]));
  // Given or eaten plainly: on its time too (a mark beside an entry is never collapsed away).
  const plain = current.every(
    (e) =>
      !e.note &&
      !e.givenAt &&
      !offTime?.get(e.item) &&
      !needsWitness(e, highAlert.get(e.item)) &&
      (e.outcome === "given" || e.outcome === "ate_all"),
  );
  if (s.state === "all" && plain && s.extra.length === 0) {
    const last = latest(current);
    return [line(`✅ ${timeOnDay(last.recordedAt, timezone, last.date)} ${names(current)}`), ...struck];
  }
  const lines: Line[] = [];
  for (const d of s.due) {
    const e = s.current.get(d.item);
    lines.push(
      e
        ? entryLine(e, timezone, { offTime: offTime?.get(d.item) })
        : openLine(doseName(d.label, d.unconfirmed), open?.get(d.item), timezone, isMedicationItem(d.item)),
    );
    const witness = e && w ? witnessLine(e, d.highAlert, w, timezone) : undefined;
    if (witness) lines.push(witness);
  }
  // Entries of items the round did not ask (recorded only if given): never late entries.
  for (const e of s.extra) lines.push(entryLine(e, timezone, { notAsked: true }));
  return [...lines, ...struck];
}

/** The record beside one pet in a few words, for a message that would be too long in full. */
export function petRecordCompact(
  s: PetRoundStatus,
  timezone: string,
  w?: WitnessView,
  open?: ReadonlyMap<ItemKey, OpenDose>,
): Line[] {
  const current = [...s.current.values()];
  const late = overdue(s, open);
  const counts = openCountWords(Object.fromEntries(late.map((o) => [o.state, o.labels.length])));
  if (current.length === 0) return counts ? [[toned("warn", counts)]] : [];
  const last = latest(current);
  const who = `${timeOnDay(last.recordedAt, timezone, last.date)} ${whole(last.userName)}`;
  const problems = s.problems.length ? ` · ⚠️ ${s.problems.length} not given or not eaten` : "";
  const lone = unwitnessedCountWords(unwitnessed(s, w));
  const eyes = lone ? ` · 💉 ${lone}` : "";
  if (s.state === "all") return [line(`${s.problems.length ? "⚠️" : "✅"} ${who}${problems}${eyes}`)];
  return [
    line(
      `${s.problems.length ? "⚠️" : "🟡"} ${s.due.length - s.missing.length} of ${s.due.length} recorded, ${who}${problems}${eyes}${counts ? ` · ${counts}` : ""}`,
    ),
  ];
}

/** A round's progress in words: "12 of 31 pets recorded", then "3 doses not recorded", "1 meal not recorded". */
export function progressWords(
  p: Pick<RoundProgress, "pets" | "recorded" | "dosesLeft" | "mealsLeft">,
): string[] {
  return [
    `${p.recorded} of ${plural(p.pets, "pet")} recorded`,
    // "not recorded", never "left": a dose whose window closed is counted here and is not left to give.
    ...(p.dosesLeft ? [`${plural(p.dosesLeft, "dose")} not recorded`] : []),
    ...(p.mealsLeft ? [`${plural(p.mealsLeft, "meal")} not recorded`] : []),
  ];
}

/**
 * "📋 12 of 31 pets recorded · 3 doses not recorded · ⏰ 2 late"; `part`: a message of a round posted in
 * several; `open`: how many items not recorded are late and missed (dose times, issue 35).
 */
export function progressLine(
  p: RoundProgress,
  part = false,
  open: { late?: number; missed?: number } = {},
): Line {
  const parts: string[] = [];
  if (p.pets === 0) parts.push("📋 Nothing to record this round");
  else {
    const [recorded, ...left] = progressWords(p);
    parts.push(`📋 ${recorded}`, ...left);
    if (p.recorded === p.pets && !p.dosesLeft && !p.mealsLeft) parts.push("all done");
    if (p.problems) parts.push(`⚠️ ${p.problems} not given or not eaten`);
    const overdueWords = openCountWords(open);
    if (overdueWords) parts.push(overdueWords);
  }
  // A round in several messages: each message counts its own pets, and says so first.
  return [{ text: ownCountWords(parts.join(" · "), part && p.pets > 0) }];
}

/** The line a post carries when the care record could not be read or written. */
export function recordProblemLine(problem: string, then: string): Line {
  return [toned("warn", `❔ The care record could not be used: ${value(problem, 300)} ${then}`)];
}

/**
 * The care record's head, as the morning post names it ("🔏 care record #1234 · 9f3a5c1e0b7d…"): a
 * copy of it sits in Slack, outside the kennel's own database, for `kennel-desk record verify`.
 */
export function recordHeadLine(head: ChainHead): Line {
  return [{ text: `🔏 care record ${headWords(head)}`, tone: "muted" }];
}

/** The head as `record verify --head` takes it, "#1234 · 9f3a5c1e0b7d24aa": the CSV's head row names it. */
export const headToCheck = (head: ChainHead): string =>
  `#${head.seq} · ${head.hash.slice(0, HEAD_HEX_DIGITS)}`;

/** "2026-11-24 08:12" in the zone, as the exports' cells give a time (per row and column: src/time.ts wallOf's formatter is made once per zone). */
export function localStamp(iso: string, timeZone: string): string {
  return wallOf(Date.parse(iso), timeZone).replace("T", " ");
}

/**
 * An item as a record shows it, for the exports' item_text: the drug named with a field that says
 * only when to give it ("Selgian 20 mg · AM"), as the round post shows it; the text alone when the
 * drug is not known (an entry no kept round asked).
 */
export function itemShown(item: string, text: string, label?: string): string {
  return label === undefined ? text : doseNamed({ item, label, text });
}

/** Each pet's round of a sheet (`round`: its date and round) in the record, by its key. */
export const petStatuses = <P extends { bookingId: number; petId: number; due: DueItem[] }>(
  round: { date: string; round: Round },
  pets: ReadonlyMap<string, P>,
  entries: Entry[],
): Map<string, PetRoundStatus> =>
  new Map(
    [...pets].map(([key, p]) => {
      const at = { date: round.date, round: round.round, bookingId: p.bookingId, petId: p.petId };
      return [key, petRoundStatus(at, p.due, entries)];
    }),
  );
