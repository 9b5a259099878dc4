/**
 * The stay's care record as one document: the summary lines under a departure or a booking, and
 * the full record (the "Stay record" button, `kennel-desk record --booking`, the connector). The
 * words are the shared ones (src/words/stay.ts).
 */
import type { PrnDose } from "../domain/prn.ts";
import type { PetStayRecord, StayRecordView } from "../domain/stay.ts";
import { dayHeading } from "../words/dates.ts";
import { AS_NEEDED_HEADING, prnRecordWords, prnSummaryWords } from "../words/doses.ts";
import { stayRecordLines, staySummaryWords } from "../words/stay.ts";
import { type Doc, type Line, line, lineText, type Part, strong, toned, value, valueWithin } from "./doc.ts";
import { stayWelfareParts } from "./welfare-stay.ts";

/** The longest summary line: the summary words are capped, so this cuts only a pathological one. */
const SUMMARY_MAX = 1000;
/** A section's worth of a pet's record (Slack's 3000 characters, with room for the marks). */
const CHUNK_CHARS = 2800;

/** Whether the stay has a record to open (the "Stay record" button). */
export const hasStayRecord = (stay: StayRecordView | undefined): stay is StayRecordView =>
  stay !== undefined && !stay.problem && (stay.pets.length > 0 || (stay.asNeeded?.length ?? 0) > 0);

/** A pet's as-needed doses of the stay (issue 35). */
const dosesOf = (stay: StayRecordView, petId: number) =>
  (stay.asNeeded ?? []).filter((d) => d.petId === petId);

/**
 * The as-needed doses' lines of a pet's record, indented under its rounds: each with its reason,
 * acknowledgement, note and effect. `others`: doses of pets the record lists no rounds for.
 */
function prnRecordTexts(doses: PrnDose[], timezone: string, name?: string): string[] {
  if (doses.length === 0) return [];
  const out: string[] = [name ? `${name}: ${AS_NEEDED_HEADING.toLowerCase()}` : AS_NEEDED_HEADING];
  let day = "";
  for (const d of doses) {
    if (d.date !== day) {
      day = d.date;
      out.push(`  ${dayHeading(d.date)}`);
    }
    out.push(`    ${prnRecordWords(d, timezone)}`);
  }
  return out;
}

/**
 * One line per pet ("📋 Stay record, Juniper: …"), or why the record could not be read: under a
 * departure and on the booking card. `each`: the most characters of a pet's line (even escaped).
 */
export function staySummaryDocLines(
  stay: StayRecordView | undefined,
  timezone: string,
  o: { each?: number } = {},
): Line[] {
  if (!stay) return [];
  if (stay.problem) return [[toned("alert", `📋 ❔ ${valueWithin(stay.problem, 600)}`)]];
  return stay.pets.map((p) => {
    const prn = prnSummaryWords(dosesOf(stay, p.petId));
    const words = `${staySummaryWords(p, timezone)}${prn ? ` · ${prn}` : ""}`;
    return line(`📋 ${valueWithin(words, o.each ?? SUMMARY_MAX)}`);
  });
}

export interface StayRecordOptions {
  timezone: string;
  /**
   * Most characters and parts of the record (one Slack message); past it the record stops with
   * the terminal command that prints all of it. Without it, all of it.
   */
  room?: { chars: number; parts: number };
}

/** A record line's indent ("  " per level) as em spaces, which neither Slack nor a terminal folds. */
function recordLine(text: string, first: boolean): Line {
  if (first) return [strong(value(text, 1000))];
  const indent = /^ */.exec(text)?.[0].length ?? 0;
  return line("\u2003".repeat(indent / 2), value(text, 1000));
}

/**
 * The stay's full record: each pet (its summary in bold), each day and round, each item with its
 * outcome, who and when, note or reason; a corrected entry kept and marked.
 */
export function stayRecordDoc(stay: StayRecordView, reference: string, o: StayRecordOptions): Doc {
  const title = `Stay record · ${value(reference, 100)}`;
  const parts: Part[] = [{ kind: "title", text: title }];
  if (stay.problem) parts.push({ kind: "text", lines: [[toned("alert", `❔ ${value(stay.problem, 600)}`)]] });
  else if (stay.pets.length === 0 && !stay.asNeeded?.length)
    parts.push({ kind: "text", lines: [line("Nothing recorded for this stay yet.")] });
  // Each pet's rounds, then its as-needed doses; the doses of a pet with no rounds listed after.
  const listed = new Set(stay.pets.map((p) => p.petId));
  const others = [...new Set((stay.asNeeded ?? []).map((d) => d.petId))].filter((id) => !listed.has(id));
  const sections: Array<{ pet?: PetStayRecord; texts: string[] }> = [
    ...stay.pets.map((pet) => ({
      pet,
      texts: [
        ...stayRecordLines(pet, o.timezone),
        ...prnRecordTexts(dosesOf(stay, pet.petId), o.timezone).map((t) => `  ${t}`),
      ],
    })),
    ...others.map((id) => ({ texts: prnRecordTexts(dosesOf(stay, id), o.timezone, `pet ${id}`) })),
  ];
  let used = title.length;
  let cut = false;
  for (const { pet, texts } of sections) {
    let chunk: Line[] = [];
    let chunkChars = 0;
    const flush = () => {
      if (chunk.length) parts.push({ kind: "text", lines: chunk });
      chunk = [];
      chunkChars = 0;
    };
    for (const [i, text] of texts.entries()) {
      const l = recordLine(text, i === 0);
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
    // The stay's daily welfare checks (issue 38): each day's check, or its absence, and its flags.
    for (const wp of cut || !pet ? [] : stayWelfareParts(pet, o.timezone)) {
      const chars = wp.kind === "text" ? wp.lines.reduce((n, l) => n + lineText(l).length + 1, 0) : 0;
      if (o.room && (used + chars > o.room.chars || parts.length >= o.room.parts)) {
        cut = true;
        break;
      }
      parts.push(wp);
      used += chars;
    }
    if (cut) break;
  }
  const foot: Line[] = [];
  if (cut)
    foot.push(
      line(
        `The rest of this stay's record is longer than one message: kennel-desk record --booking ${value(reference, 100)} prints all of it.`,
      ),
    );
  foot.push(
    line(`Times in the kennel's time zone (${o.timezone}). A corrected entry is kept, marked “corrected”.`),
  );
  parts.push({ kind: "note", lines: foot });
  return { fallback: title, parts };
}
