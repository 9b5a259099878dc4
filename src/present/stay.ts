/**
 * The stay's care record as one document: the summary lines under a departure or a booking, the
 * full record (the "Stay record" button, `kennel-desk record --booking`, the connector) and the
 * printable page of it (`record export --format html`: the same document with the booking's head
 * and the page's foot). The words are the shared ones (src/words/stay.ts).
 */
import type { PetStayRecord, StayRecordView } from "../domain/stay.ts";
import type { ChainHead } from "../record/types.ts";
import { dateTimeOf } from "../words/dates.ts";
import { itemKeyWords, planStateByWords } from "../words/plan.ts";
import { prnStayLines, prnSummaryWords } from "../words/prn-stay.ts";
import { kennelNameWords } from "../words/record.ts";
import { stayRecordLines, staySummaryWords } from "../words/stay.ts";
import type { StayLine } from "../words/stay-line.ts";
import { registerItem } from "./custody.ts";
import type { Doc, Line, Part, Span } from "./doc.ts";
import { line, lineText, strong, toned, value, valueWithin, whole } from "./doc.ts";
import { recordHeadLines } from "./parts.ts";
import { stayWelfareParts } from "./welfare-stay.ts";

/** A section's worth of a pet's record (Slack's 3000 characters, with room for the marks). */
const CHUNK_CHARS = 2800;

/** Whether the stay has a record to open (the "Stay record" button). */
export const hasStayRecord = (stay: StayRecordView | undefined): stay is StayRecordView =>
  stay !== undefined && !stay.problem && (stay.pets.length > 0 || (stay.asNeeded?.length ?? 0) > 0);

/** A pet's doses given if needed in the stay (issue 35). */
const dosesOf = (stay: StayRecordView, petId: number) =>
  (stay.asNeeded ?? []).filter((d) => d.petId === petId);

/**
 * One line per pet ("📋 Stay record, Juniper: …"), or why the record could not be read: under a
 * departure and on the booking card. Each line whole, however long the pet's name or a drug's words
 * (the serializers give it as many sections and messages as it needs).
 */
export function staySummaryDocLines(stay: StayRecordView | undefined, timezone: string): Line[] {
  if (!stay) return [];
  if (stay.problem) return [[toned("alert", `📋 ❔ ${valueWithin(stay.problem, 600)}`)]];
  return stay.pets.map((p) => {
    const prn = prnSummaryWords(dosesOf(stay, p.petId));
    const words = `${staySummaryWords(p, timezone)}${prn ? ` · ${prn}` : ""}`;
    return line(`📋 ${whole(words)}`);
  });
}

export interface StayRecordOptions {
  timezone: string;
  /**
   * Most characters and parts of the record (the Slack messages it may take); past it the record stops with
   * the terminal command that prints all of it. Without it, all of it.
   */
  room?: { chars: number; parts: number };
}

/**
 * A record line: the summary in bold; below it, each level indented one em space (which neither
 * Slack, a terminal nor a page folds); a value from the record or the API its own span; an entry
 * corrected since struck through after the word "corrected".
 */
function recordLine(l: StayLine): Line {
  // Our words as they are (their spaces kept); each value cleaned.
  const pieces = l.pieces.map((p): Span => ({ text: typeof p === "string" ? p : whole(p.value) }));
  if (l.depth === 0) return pieces.map((p) => strong(p.text));
  const indent = "\u2003".repeat(l.depth - 1);
  if (!l.corrected) return line(indent, ...pieces);
  const [label, ...rest] = pieces;
  const old = rest.map((p) => p.text).join("");
  return line(indent, label && toned("muted", label.text), { text: old, struck: true, tone: "muted" });
}

/** "📋 Care plan, version 2 (kept Tue 24 Nov 18:00): ✅ plan confirmed · confirmed by Jane Tue 24 Nov 18:05". */
function planLines(pet: PetStayRecord, timezone: string): Line[] {
  const versions = pet.plans ?? [];
  return versions.map((v, i) => {
    const who = v.confirmations.map((c) => `${whole(c.userName)} ${dateTimeOf(c.at, timezone)}`);
    const set = v.setBy.map((s) => `${itemKeyWords(s.item)} set by ${whole(s.by.userName)}`);
    return line(
      strong(`📋 Care plan, version ${i + 1} of ${versions.length}`),
      ` (kept ${dateTimeOf(v.recordedAt, timezone)}): `,
      toned(v.state === "confirmed" ? undefined : "warn", planStateByWords(v.state, who)),
      set.length ? ` · ${set.join(", ")}` : "",
    );
  });
}

/** Each pet's rounds, then its doses given if needed; a pet with doses and no rounds after them all. */
function staySections(stay: StayRecordView, timezone: string) {
  const listed = new Set(stay.pets.map((p) => p.petId));
  const others = [...new Set((stay.asNeeded ?? []).map((d) => d.petId))].filter((id) => !listed.has(id));
  return [
    ...stay.pets.map((pet) => ({
      pet,
      lines: [...stayRecordLines(pet, timezone), ...prnStayLines(dosesOf(stay, pet.petId), timezone)],
    })),
    ...others.map((id) => ({
      pet: undefined,
      lines: prnStayLines(dosesOf(stay, id), timezone, `pet ${id}`),
    })),
  ];
}

/** A pet's daily welfare checks, then every version of its care plan. */
function petMoreParts(pet: StayRecordView["pets"][number], timezone: string): Part[] {
  const plans = planLines(pet, timezone);
  return [
    ...stayWelfareParts(pet, timezone),
    ...(plans.length ? [{ kind: "text" as const, lines: plans }] : []),
  ];
}

/** The characters lines take in a message, a line break after each. */
const linesChars = (lines: Line[]) => lines.reduce((n, l) => n + lineText(l).length + 1, 0);

/**
 * The stay's full record: each pet (its summary in bold), each day and round, each item with its
 * outcome, who and when, note or reason; a corrected entry kept and marked.
 */
export function stayRecordDoc(stay: StayRecordView, reference: string, o: StayRecordOptions): Doc {
  const title = `Stay record · ${value(reference, 100)}`;
  const parts: Part[] = [{ kind: "title", text: title }];
  if (stay.apiProblem)
    parts.push({ kind: "text", lines: [[toned("warn", `⚠️ ${value(stay.apiProblem, 600)}`)]] });
  if (stay.problem) parts.push({ kind: "text", lines: [[toned("alert", `❔ ${value(stay.problem, 600)}`)]] });
  else if (stay.pets.length === 0 && !stay.asNeeded?.length)
    parts.push({ kind: "text", lines: [line("Nothing recorded for this stay yet.")] });
  let used = title.length;
  let cut = false;
  /** Adds a part while the message has room; false (and cut) once it has none. */
  const add = (part: Part, chars: number): boolean => {
    if (o.room && (used + chars > o.room.chars || parts.length >= o.room.parts)) {
      cut = true;
      return false;
    }
    parts.push(part);
    used += chars;
    return true;
  };
  for (const { pet, lines } of staySections(stay, o.timezone)) {
    let chunk: Line[] = [];
    let chunkChars = 0;
    const flush = () => {
      if (chunk.length) parts.push({ kind: "text", lines: chunk });
      chunk = [];
      chunkChars = 0;
    };
    for (const record of lines) {
      const l = recordLine(record);
      const chars = l.reduce((n, s) => n + s.text.length, 0) + 1;
      if (o.room && (used + chars > o.room.chars || parts.length >= o.room.parts)) {
        cut = true;
        break;
      }
      if (chunkChars + chars > CHUNK_CHARS) flush();
      chunk.push(l);
      chunkChars += chars;
      used += chars;
    }
    flush();
    if (cut) break;
    // The stay's daily welfare checks (issue 38): each day's check, or its absence, and its flags;
    // then every version of the pet's care plan (issue 34), with who confirmed it and when (none for
    // a pet listed only for its doses given if needed).
    for (const wp of pet ? petMoreParts(pet, o.timezone) : [])
      if (!add(wp, wp.kind === "text" ? linesChars(wp.lines) : 0)) break;
    if (cut) break;
  }
  // The stay's medicines in custody (issue 49): each one's register, counted in → given → counted →
  // handed back, the balance after each line (a controlled-drug register for the stay).
  for (const m of cut ? [] : (stay.medicines ?? [])) {
    const part = registerItem(m, m.lines, o.timezone);
    if (!add(part, part.kind === "item" ? linesChars(part.lines) : 0)) break;
  }
  parts.push(stayFoot(cut, reference, o.timezone));
  return { fallback: title, parts };
}

/** The record's foot: where the rest is when it was cut, and the time zone its times are in. */
function stayFoot(cut: boolean, reference: string, timezone: string): Part {
  const foot: Line[] = [];
  if (cut)
    foot.push(
      line(
        `The rest of this stay's record is longer than Slack shows here: kennel-desk record --booking ${value(reference, 100)} prints all of it.`,
      ),
    );
  foot.push(
    line(`Times in the kennel's time zone (${timezone}). A corrected entry is kept, marked “corrected”.`),
  );
  return { kind: "note", lines: foot };
}

/** One stay's printable page (`kennel-desk record export --format html`): what it shows beside the record. */
export interface StayPage {
  /** The booking's reference, or "booking 123". */
  reference: string;
  stay: StayRecordView;
  /** The owner's name only (the page never carries contact details); undefined when not known. */
  owner: string | undefined;
  checkIn: string | undefined;
  checkOut: string | undefined;
  /** Why what was due is not shown, when it is not (no kennel API, the API failing). */
  dueProblem: string | undefined;
  timezone: string;
  /** When the page was made (ISO 8601). */
  generatedAt: string;
  /** The record's head when the page was made: an inspector checks it with `kennel-desk record verify --head`. */
  head?: ChainHead | undefined;
  /** The kennel the record is for, as its rows name it ("loopback#1"; the CSV's and JSON's `kennel`). */
  kennel: string;
  /** The kennel's own name (KENNEL_NAME), when set: printed before the record's kennel in words. */
  kennelName?: string | undefined;
}

/**
 * The stay's record as a printed page: the same document as the "Stay record" button and
 * `kennel-desk record --booking` (all of it, never cut), with the booking's dates and the owner's
 * name (never a contact) under the title, and in the foot when the page was made and the record's
 * head at that moment.
 */
export function stayPageDoc(page: StayPage): Doc {
  const tz = page.timezone;
  const doc = stayRecordDoc(page.stay, page.reference, { timezone: tz });
  const [title, ...rest] = doc.parts;
  const when = (iso: string | undefined) => (iso ? line(dateTimeOf(iso, tz)) : undefined);
  const fields = [
    // In words, the id itself beside it in small print, as the CSV's and JSON's rows name it.
    {
      label: "Kennel",
      value: line(
        whole(kennelNameWords(page.kennel, page.kennelName)),
        toned("muted", ` · id ${whole(page.kennel)}`),
      ),
    },
    { label: "Booking", value: line(value(page.reference, 100)) },
    { label: "Check-in", value: when(page.checkIn) },
    { label: "Check-out", value: when(page.checkOut) },
    // The owner's name only when the kennel API said it: a page from the record alone has no line for it.
    { label: "Owner", value: page.owner === undefined ? undefined : line(whole(page.owner)) },
  ].filter((f): f is { label: string; value: Line } => f.value !== undefined);
  const problem: Part[] = page.dueProblem
    ? [{ kind: "text", lines: [[toned("alert", value(page.dueProblem, 600))]] }]
    : [];
  const foot: Line[] = [
    line(`Made by Kennel Desk on ${dateTimeOf(page.generatedAt, tz)} (${tz}) from the kennel's care record.`),
    ...recordHeadLines(page.head),
  ];
  const last = rest.at(-1);
  const body = last?.kind === "note" ? rest.slice(0, -1) : rest;
  const note: Line[] = [...(last?.kind === "note" ? last.lines : []), ...foot];
  return {
    fallback: doc.fallback,
    parts: [
      ...(title ? [title] : []),
      { kind: "fields", fields },
      ...problem,
      ...body,
      { kind: "note", lines: note },
    ],
  };
}
