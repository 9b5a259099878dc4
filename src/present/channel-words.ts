/**
 * Words kept before the contact checks (src/domain/contact-text.ts) as a channel shows them. Every
 * typed field is checked before it is kept, but words kept before the checks existed, or through a
 * path that did not check them (an entry's note or reason, a name typed on the paper chart, a vet's
 * name and advice, a welfare check's note, a custody count's words, who a medicine was handed back to,
 * a label as counted in, a review's note), may hold a phone number, an email or an address. The record
 * is never rewritten (append-only, hash-chained). The documents mark such words (`Span.kept`, drawn
 * by src/present/record.ts, welfare-flag.ts, welfare.ts, custody*.ts, prn.ts, plan.ts, review.ts,
 * dose-alerts.ts), and `channelDoc` (or `channelLine`) draws each contact detail found in them as
 * `CONTACT_SHOWN`: never dropped without a word, never the whole note hidden (the care words around
 * it stay). The one place this is done: every document posted to a channel passes through it in its
 * Block Kit serializer (the round's sheet and its redraws, the welfare post and a flag's post, the
 * late and missed replies, the plans' posts, the medicines and hand-back posts, the day's review and
 * its list, the morning lists, in house, tomorrow's check, the charts' post). Replies only the asker
 * sees (the stay record, Home's lists, a form), the terminal's `record` commands and the exports draw
 * the same documents without it: the words as kept. The kennel API's care words (a seizure plan's
 * "call vet on …") are the booking system's, not the record's: drawn as it gives them.
 */
import { contactsReplaced } from "../domain/contact-text.ts";
import type { Line } from "./doc.ts";

/** What a channel shows where a contact detail was kept. */
export const CONTACT_SHOWN = "(a contact detail, not shown in the channel: see the record)";

/** The words with each contact detail put as `CONTACT_SHOWN`. */
const channelWords = (text: string): string => contactsReplaced(text, CONTACT_SHOWN);

/**
 * A line with each contact detail in its kept words (`Span.kept`) put as `CONTACT_SHOWN`; the same
 * line when it has none. Only the record's kept words: the kennel API's care words (a vet's number in
 * a seizure plan) are the booking system's, drawn as it gives them.
 */
export function channelLine(line: Line): Line {
  const out = line.map((s) => {
    if (!s.kept) return s;
    const text = channelWords(s.text);
    return text === s.text ? s : { ...s, text };
  });
  return out.every((s, i) => s === line[i]) ? line : out;
}

const channelLines = (lines: Line[]): Line[] => lines.map(channelLine);

/** The lines of a part any document may have: lines, a line, fields, a grid, a pet's record. */
interface AnyPart {
  kind: string;
  lines?: Line[] | undefined;
  line?: Line | undefined;
  short?: Line[] | undefined;
  record?: { full: Line[]; compact: Line[] } | undefined;
  fields?: Array<{ label: string; value: Line }> | undefined;
  columns?: Line[][] | undefined;
  rows?: Array<{ head: Line[]; cells: Array<{ line: Line }> }> | undefined;
}

/** One part with its words as a channel shows them; buttons, keys and ids as they are. */
function channelPart<P extends AnyPart>(p: P): P {
  const out: AnyPart = { ...p };
  if (p.lines) out.lines = channelLines(p.lines);
  if (p.line) out.line = channelLine(p.line);
  if (p.short) out.short = channelLines(p.short);
  if (p.record) out.record = { full: channelLines(p.record.full), compact: channelLines(p.record.compact) };
  if (p.fields) out.fields = p.fields.map((f) => ({ ...f, value: channelLine(f.value) }));
  if (p.columns) out.columns = p.columns.map(channelLines);
  if (p.rows)
    out.rows = p.rows.map((r) => ({
      ...r,
      head: channelLines(r.head),
      cells: r.cells.map((c) => ({ ...c, line: channelLine(c.line) })),
    }));
  return out as P;
}

/**
 * A document as a channel shows it: each contact detail in its kept words put as `CONTACT_SHOWN`, the
 * rest as drawn. Any document (a `Doc`, a round sheet's message) whose parts are lines.
 */
export function channelDoc<D extends { fallback: string; parts: AnyPart[] }>(doc: D): D {
  return { ...doc, parts: doc.parts.map(channelPart) };
}
