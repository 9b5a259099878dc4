/**
 * A day of the care record as one document (`kennel-desk record`, the connector's get_care_record):
 * the day's doses ("Doses given on time: 46 of 48 due · 1 missed"), each round with its progress,
 * each pet with what its sheet said was due beside its entry (or "not recorded", with its state now:
 * "⏰ late · window closes 10:00") and under it the entries it replaced ("corrected by Tom 08:15 (entry 3);
 * was: ~…~", note and all), then the rest of its record (entries of items off the sheet; one its round
 * did not ask says so, and why: src/domain/not-asked.ts); bookings whose care is not known said, never dropped. Times in
 * the kennel's zone.
 */
import type { RecordDay } from "../answers/care-record.ts";
import { keepsNoTime } from "../domain/doses.ts";
import type { NotAskedWhy } from "../domain/not-asked.ts";
import { isProblemOutcome } from "../domain/record.ts";
import { roundWord } from "../domain/rounds.ts";
import { plural } from "../domain/text.ts";
import type { Entry } from "../record/types.ts";
import { careWarningWords } from "../words/care.ts";
import { dayHeading, timeOnDay } from "../words/dates.ts";
import {
  doseStateWords,
  lateEntryWords,
  prnRecordWords,
  stateTimeWords,
  stateWords,
  whoJoin,
  witnessWords,
} from "../words/doses.ts";
import { givenByOtherSaid } from "../words/giver.ts";
import { givenStateWords } from "../words/off-time.ts";
import { codeOrder, nameOrder } from "../words/order.ts";
import { noSheetRoundsWords } from "../words/paper.ts";
import { AS_NEEDED_HEADING } from "../words/prn-stay.ts";
import { notAskedWhyWords, notAskedWords, outcomeWords, recordedByWords, whyWords } from "../words/record.ts";
import { PLAN_NOT_CONFIRMED } from "../words/unconfirmed.ts";
import type { Doc, Line, Part, Span } from "./doc.ts";
import { dotted, line, requestIdSpan, toned, value, whole } from "./doc.ts";
import { doseFiguresWords } from "./dose-figures.ts";
import { lateMealWords } from "./dose-states.ts";
import { inErrorDayLine, standsInError } from "./in-error.ts";
import { progressWords } from "./record.ts";

type RecordPet = RecordDay["rounds"][number]["pets"][number];
type DueLine = NonNullable<RecordPet["due"]>[number];

/** One em space a level: neither Slack nor a terminal folds it. */
const indent = (n: number) => "\u2003".repeat(n);

/** "Rimadyl 50 mg · one tablet", or "meal (Wet food, 200 g)": whole, never cut (a drug's words). */
const itemWords = (item: string, text: string): string =>
  item === "meal" ? `meal (${whole(text)})` : whole(text);

/** "refused: spat it out", the outcome in the alert tone when it stands out. */
function outcomeSpans(e: Entry): Span[] {
  const words = outcomeWords(e.outcome);
  return [
    isProblemOutcome(e.outcome) ? toned("alert", words) : { text: words },
    ...(e.reason?.trim() ? [{ text: whyWords(whole(e.reason)) }] : []),
  ];
}

/** A note's lines under its entry, its own line breaks kept (each line a line of its own). */
function noteLines(note: string | undefined): Line[] {
  if (!note?.trim()) return [];
  const lines = note
    .trim()
    .split(/\r?\n/)
    .map((l) => whole(l))
    .filter(Boolean);
  return lines.map((l, i) => line(indent(i === 0 ? 2 : 4), i === 0 ? "note: " : undefined, l));
}

/** When it was recorded: "08:12", or a late entry's two times (issue 35). */
const recordedWhen = (e: Entry, timezone: string, notAsked = false) =>
  e.givenAt ? `(${lateEntryWords(e, timezone, notAsked)})` : timeOnDay(e.recordedAt, timezone, e.date);

/**
 * When and who: " 08:12 · Jane", " (late entry: …) · Jane"; a dose not given, which keeps no
 * time, " (recorded 13:01 by Jane)"; entered from the paper chart, who
 * entered it inside its words, " (from the paper chart: given 08:05 by JD, entered 15:00 by Sam)",
 * so no name after it reads as the giver's. One its round did not ask (`notAsked`) is never a late
 * entry: " (given 12:10, recorded 16:30) · Jane".
 */
const whenAndWho = (e: Entry, timezone: string, notAsked = false) =>
  e.paper
    ? ` (${lateEntryWords(e, timezone)}${whoJoin(e)}${whole(e.userName)})`
    : givenByOtherSaid(e, timezone)
      ? ` (${givenByOtherSaid(e, timezone, { notAsked, name: whole })})`
      : keepsNoTime(e)
        ? ` (${recordedByWords(timeOnDay(e.recordedAt, timezone, e.date), whole(e.userName))})`
        : ` ${recordedWhen(e, timezone, notAsked)} · ${whole(e.userName)}`;

/**
 * An entry of the rest of the record: a correction says what it corrects; a corrected one is struck;
 * one recorded where its round did not ask it (`notAsked`) says so on its line, and why.
 */
function entryLines(e: Entry, byId: Map<number, Entry>, timezone: string, notAsked?: NotAskedWhy): Line[] {
  if (e.supersededBy !== undefined) return correctionLines(e, byId, timezone);
  if (e.outcome === "in_error") return [inErrorDayLine(e, timezone, itemWords(e.item, e.itemText))];
  const who = whenAndWho(e, timezone, notAsked !== undefined);
  const head = [{ text: `${itemWords(e.item, e.itemText)}: ` }, ...outcomeSpans(e), { text: who }];
  const fix = e.supersedes !== undefined ? toned("muted", ` (corrects entry ${e.supersedes})`) : undefined;
  const why = notAsked && toned("warn", ` · ${notAskedWords(e.outcome, notAsked)}`);
  return [line(...head, fix, why), ...noteLines(e.note)];
}

/**
 * An entry corrected since, read first as a correction: "corrected by Tom 08:15 (entry 3); was:"
 * then the entry struck through, its note struck too (whole), under the entry that replaced it.
 */
function correctionLines(e: Entry, byId: Map<number, Entry>, timezone: string): Line[] {
  const by = e.supersededBy === undefined ? undefined : byId.get(e.supersededBy);
  const corrected = by
    ? `corrected by ${whole(by.userName)} ${timeOnDay(by.recordedAt, timezone, e.date)} (entry ${by.id}); was: `
    : `corrected since (entry ${e.supersededBy}); was: `;
  const head = [
    { text: `${itemWords(e.item, e.itemText)}: ` },
    ...outcomeSpans(e),
    { text: whenAndWho(e, timezone) },
  ];
  const old: Span = { text: head.map((s) => s.text).join(""), struck: true, tone: "muted" };
  // Each note line: its indent, then its words struck as one span.
  const notes = noteLines(e.note).map(
    ([lead, ...words]): Line => [
      ...(lead ? [lead] : []),
      { text: words.map((w) => w.text).join(""), struck: true, tone: "muted" },
    ],
  );
  return [line(indent(1), toned("muted", corrected), old), ...notes];
}

/** The entries `e` replaced, newest first: the one it corrects, then the one that one corrected… */
function replacedBy(e: Entry, entries: readonly Entry[]): Entry[] {
  const out: Entry[] = [];
  for (let id = e.supersedes; id !== undefined; ) {
    const old = entries.find((x) => x.id === id);
    if (!old || out.includes(old)) break;
    out.push(old);
    id = old.supersedes;
  }
  return out;
}

/** A round with entries and no kept sheet: what was due is not in the record (said below the title). */
const NO_SHEET = "no sheet kept: its entries only";

/** The rounds asked for with no kept sheet, each with what is true of it by its day (never "nothing was due"). */
function sheetlessPart(day: RecordDay): Part | undefined {
  const s = day.sheetless;
  if (!s) return undefined;
  return {
    kind: "text",
    lines: noSheetRoundsWords(s.rounds.map(roundWord), s.day, day.date).map((w) => line(w)),
  };
}

/**
 * A due item beside its current entry: "Rimadyl 50 mg: given 08:12 · Jane · given on time" (off its
 * time, when it was due: "· ⏰ given late (due 07:30, on time until 07:45)"), or "not recorded" with
 * its state when read ("not recorded · ⏰ late · window closes 10:00", "🏠 not due: gone home 08:30");
 * a dose due from the words, its plan not confirmed, says so.
 */
function dueLines(d: DueLine, timezone: string): Line[] {
  const what = `${itemWords(d.item, d.text)}${d.confirmed || d.item === "meal" ? "" : ` (${PLAN_NOT_CONFIRMED})`}: `;
  const e = d.entry;
  const s = d.state;
  if (!e) {
    if (s.state === "not_due") return [line(what, toned("muted", doseStateWords(s, timezone)))];
    const open = s.state === "recorded" ? undefined : s.state;
    return [
      line(
        what,
        toned("warn", "not recorded"),
        open && " · ",
        open && toned(open === "missed" ? "alert" : "warn", stateWords(open)),
        open && ` · ${stateTimeWords(open, d.window, timezone)}`,
      ),
    ];
  }
  const meal = lateMealWords(d.item, s);
  // Given off its time: when it was due, by the window its round kept (the stay record's words).
  const verdict =
    s.state === "recorded" && s.outcome === "given"
      ? ` · ${givenStateWords(s, d.window, timezone)}`
      : meal
        ? ` · ${meal}`
        : "";
  const w = d.witness;
  return [
    line(
      what,
      ...outcomeSpans(e),
      `${whenAndWho(e, timezone)}${verdict}`,
      w &&
        toned(
          w.state === "witnessed" ? undefined : w.state === "awaiting" ? "warn" : "alert",
          ` · 💉 ${witnessWords(w, timezone, e.date)}`,
        ),
    ),
    ...noteLines(e.note),
  ];
}

function petItem(pet: RecordPet, byId: Map<number, Entry>, timezone: string): Part {
  const lines: Line[] = [
    line(whole(pet.petName), toned("muted", ` (pet ${pet.petId}, booking ${pet.bookingId})`)),
  ];
  const shown = new Set<number>();
  // Each entry with the ones it replaced under it, so a corrected entry never reads as a second one.
  const withReplaced = (e: Entry): Line[] => {
    shown.add(e.id);
    const old = replacedBy(e, pet.entries);
    for (const o of old) shown.add(o.id);
    return old.flatMap((o) => correctionLines(o, byId, timezone));
  };
  for (const d of pet.due ?? []) {
    lines.push(...dueLines(d, timezone));
    // Recorded in error: its slot open (above), then why, the entry it struck under it.
    const wrong = d.entry ? undefined : pet.entries.find((x) => standsInError(x) && x.item === d.item);
    if (wrong) lines.push(inErrorDayLine(wrong, timezone, itemWords(wrong.item, wrong.itemText)));
    const standing = d.entry ?? wrong;
    if (standing) lines.push(...withReplaced(standing));
  }
  // The rest of the record: entries of items not on the sheet (and any corrected entry not yet shown).
  const rest: Line[] = [];
  const notAsked = new Map(pet.notAsked?.map((n) => [n.entryId, n.why]));
  for (const e of pet.entries.filter((x) => x.supersededBy === undefined && !shown.has(x.id))) {
    rest.push(...entryLines(e, byId, timezone, notAsked.get(e.id)), ...withReplaced(e));
  }
  for (const e of pet.entries.filter((x) => !shown.has(x.id))) rest.push(...entryLines(e, byId, timezone));
  if (pet.due && rest.length) lines.push([toned("muted", "also recorded:")]);
  lines.push(...rest);
  return { kind: "item", lines, key: `${pet.bookingId}-${pet.petId}` };
}

/**
 * A booking on the sheet whose care is not known: what was due there is not known either. Named by
 * its reference as the round kept it (as the chart names it), else by its id.
 */
function careMissingItem(m: RecordDay["rounds"][number]["careMissing"][number]): Part {
  // "care details not matched" once, and "open the booking" once (the warning's own words end in it).
  const why = (careWarningWords({ status: m.status, unmatched: [] }) || "care details not known").replace(
    /: open the booking$/,
    "",
  );
  return {
    kind: "item",
    lines: [
      line(
        toned("alert", "⚠"),
        ` ${whole(m.pets)} (booking ${m.reference ? whole(m.reference) : (m.bookingId ?? "?")}): ${why}: what was due is not known; open the booking.`,
      ),
    ],
  };
}

/**
 * The day's doses given if needed (issue 35), by pet: each with why, who, the acknowledgement of a
 * dose given past the plan's limit, the note and the effect (awaiting stands out).
 */
function asNeededParts(day: RecordDay, timezone: string): Part[] {
  const doses = [...(day.asNeeded ?? [])].sort(
    (a, b) => nameOrder(a.petName, b.petName) || a.petId - b.petId || codeOrder(a.givenAt, b.givenAt),
  );
  if (doses.length === 0) return [];
  const parts: Part[] = [
    { kind: "group", line: line(`${AS_NEEDED_HEADING} · ${plural(doses.length, "dose")}`) },
  ];
  for (const d of doses) {
    const last = parts.at(-1);
    const key = `${d.bookingId}-${d.petId}`;
    const words = whole(prnRecordWords(d, timezone));
    const dose: Line = [
      toned(d.ack || d.effect?.effect === "worse" ? "alert" : d.effect ? undefined : "warn", words),
    ];
    if (last?.kind === "item" && last.key === key) last.lines.push(dose);
    else
      parts.push({
        kind: "item",
        key,
        lines: [line(whole(d.petName), toned("muted", ` (pet ${d.petId}, booking ${d.bookingId})`)), dose],
      });
  }
  return parts;
}

/** "💊 given on time: 45 of 48 due · ⏰ 1 given late · 1 missed · ⚠️ 1 refused · 1 late entry" (issue 35). */
function doseFiguresLine(day: RecordDay): Line | undefined {
  const f = day.doses;
  if (!f) return undefined;
  return dotted(
    doseFiguresWords(f, { icon: "💊 " }),
    f.lateEntries ? plural(f.lateEntries, "late entry", "late entries") : undefined,
  );
}

export function recordDayDoc(day: RecordDay, timezone: string): Doc {
  const scope = [day.round ? `${roundWord(day.round)} round` : "", day.petId ? `pet ${day.petId}` : ""]
    .filter(Boolean)
    .join(", ");
  const title = `Care record · ${dayHeading(day.date)} ${day.date.slice(0, 4)}${scope ? ` · ${scope}` : ""}`;
  const parts: Part[] = [{ kind: "title", text: title }];
  const doses = doseFiguresLine(day);
  if (doses) parts.push({ kind: "summary", lines: [doses] });
  if (day.count === 0 && !day.asNeeded?.length)
    parts.push({
      kind: "text",
      lines: [line(`Nothing recorded${scope ? ` for the ${scope}` : ""} on this day.`)],
    });
  const sheetless = sheetlessPart(day);
  if (sheetless) parts.push(sheetless);
  const byId = new Map(day.rounds.flatMap((r) => r.pets.flatMap((p) => p.entries)).map((e) => [e.id, e]));
  for (const { round, pets, careMissing, progress, posted } of day.rounds) {
    const sums = progress ? progressWords(progress) : [plural(pets.length, "pet")];
    // No kept sheet: what was due is not in the record (said above), only the entries made.
    if (posted === false) sums.push(NO_SHEET);
    parts.push({ kind: "group", line: line(`${roundWord(round)} round · ${sums.join(" · ")}`) });
    for (const pet of pets) parts.push(petItem(pet, byId, timezone));
    for (const m of careMissing) parts.push(careMissingItem(m));
  }
  parts.push(...asNeededParts(day, timezone));
  const corrected = day.superseded
    ? `, ${day.superseded} of them corrected since (shown struck through)`
    : "";
  parts.push({
    kind: "note",
    lines: [
      dotted(
        day.dueProblem && value(day.dueProblem, 600),
        `${plural(day.count, "entry", "entries")}${corrected}`,
        `times in ${timezone}`,
        `the record: ${value(day.where, 300)}`,
        requestIdSpan(day.requestId),
      ),
    ],
  });
  return { fallback: title, parts };
}

/**
 * Why a round did not ask a dose recorded at it, in the record's words, for the export's
 * `not_asked_why`; its sheet never listing it, said so; undefined for a dose its round asked.
 */
export const notAskedWhyCell = (notAsked: boolean, why: NotAskedWhy | undefined): string | undefined =>
  notAsked ? notAskedWhyWords(why ?? { days: "not_listed" }) : undefined;
