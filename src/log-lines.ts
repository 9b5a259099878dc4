/**
 * The terminal's log lines: pino's JSON lines (redacted and scrubbed by src/log.ts before they get
 * here) as one readable line each on standard error, beside the answer: "note: pet 950008: some
 * fields had values Kennel Desk could not read (vaccinations); …". A line that is not pino's passes
 * as it is. A command's (`gather`) notes of bookings read around their odd values are one note per
 * answer, said when it is done (`flush`): a day of corrupt bookings is one line, not one each.
 */
import { notReadNoteWords } from "./words/day.ts";

interface Writable {
  write(chunk: string): unknown;
}

/** The terminal's log destination; `flush` says the notes held for the answer just done. */
export interface TerminalLog extends Writable {
  flush(): void;
}

/** A booking the reader read around values it could not read, as its note names it. */
interface BookingNotRead {
  reference?: string | undefined;
  bookingId?: number | undefined;
  fields: string[];
}

const LEVEL_WORD: Record<string, string> = { warn: "note", error: "error", fatal: "error" };

/** The kennel API client's note that it read a record without its odd fields (src/kennel/schemas.ts). */
const FIELDS_IGNORED = /: ignored fields with unexpected values$/;

/**
 * That note as a reader of the terminal can act on it: what was left out, that the rest was used,
 * and where to look. Its JSON keeps its own words and keys (kind, id, fields) for machines.
 */
function fieldsIgnoredWords(line: Record<string, unknown>): string | undefined {
  const { msg, kind, id, fields } = line;
  if (typeof msg !== "string" || !FIELDS_IGNORED.test(msg) || typeof kind !== "string") return undefined;
  if (!Array.isArray(fields) || fields.length === 0) return undefined;
  const record = typeof id === "number" || typeof id === "string" ? `${kind} ${id}` : `a ${kind} with no id`;
  return `${record}: some fields had values Kennel Desk could not read (${fields.join(", ")}); the rest of the record was used. Check these fields in the kennel system.`;
}

/**
 * The error a line carries, after its words: pino's serialized error (type, message, code), or a
 * string; so "the log has the details" holds in a terminal too (its stack stays in the JSON logs).
 */
function errWords(err: unknown): string {
  if (typeof err === "string") return `: ${err}`;
  const e = (err ?? {}) as { type?: unknown; message?: unknown; code?: unknown };
  if (typeof e.message !== "string") return "";
  const type = typeof e.type === "string" ? `${e.type}: ` : "";
  return `: ${type}${e.message}${typeof e.code === "string" ? ` (${e.code})` : ""}`;
}

function readable(raw: string): string {
  let line: { level?: unknown; msg?: unknown; fields?: unknown; err?: unknown };
  try {
    line = JSON.parse(raw) as typeof line;
  } catch {
    return raw;
  }
  if (typeof line.msg !== "string") return raw;
  const level = typeof line.level === "string" ? line.level : "info";
  const fields = Array.isArray(line.fields) && line.fields.length ? ` (${line.fields.join(", ")})` : "";
  const words = fieldsIgnoredWords(line) ?? `${line.msg}${fields}`;
  const err = errWords(line.err);
  // A note or an error says what happened in words; the lines asked for (KENNEL_DEBUG=1, LOG_LEVEL
  // info or debug) keep their data after the words (a request's path, status and request id).
  const { level: _l, time: _t, msg: _m, fields: _f, err: _e, ...data } = line as Record<string, unknown>;
  const detail = !LEVEL_WORD[level] && Object.keys(data).length ? ` ${JSON.stringify(data)}` : "";
  return `${LEVEL_WORD[level] ?? level}: ${words}${err}${detail}`;
}

/** The booking a "fields ignored" note is about, when the line is one (else undefined). */
function bookingNotRead(raw: string): BookingNotRead | undefined {
  let line: Record<string, unknown>;
  try {
    line = JSON.parse(raw) as Record<string, unknown>;
  } catch {
    return undefined;
  }
  if (line.kind !== "booking" || fieldsIgnoredWords(line) === undefined) return undefined;
  const { id, reference } = line;
  const bookingId =
    typeof id === "number" ? id : typeof id === "string" && /^\d+$/.test(id) ? Number(id) : undefined;
  return {
    reference: typeof reference === "string" && reference ? reference : undefined,
    bookingId,
    fields: (line.fields as unknown[]).map(String),
  };
}

/**
 * A destination for createLogger that writes each log line readably to `out`. `gather`: the notes
 * of bookings read around their odd values are held, each booking once (its fields merged), and
 * said as one note by `flush` (notReadNoteWords), as the answer's own foot names them.
 */
export function terminalLog(out: Writable, o: { gather?: boolean } = {}): TerminalLog {
  const held = new Map<string, BookingNotRead>();
  return {
    write: (chunk: string) => {
      const lines = String(chunk)
        .split("\n")
        .filter((l) => l.trim() !== "");
      for (const l of lines) {
        const booking = o.gather ? bookingNotRead(l) : undefined;
        if (!booking) {
          out.write(`${readable(l)}\n`);
          continue;
        }
        const key = booking.bookingId ?? booking.reference ?? `#${held.size}`;
        const before = held.get(String(key));
        const fields = [...new Set([...(before?.fields ?? []), ...booking.fields])];
        held.set(String(key), { ...booking, ...before, fields });
      }
    },
    flush: () => {
      const words = notReadNoteWords([...held.values()]);
      held.clear();
      if (words) out.write(`note: ${words}\n`);
    },
  };
}
