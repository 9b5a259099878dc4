/**
 * The terminal's log lines: pino's JSON lines (redacted and scrubbed by src/log.ts before they get
 * here) as one readable line each on standard error, beside the answer: "note: pet 950008: ignored
 * fields with unexpected values (vaccinations)". A line that is not pino's passes as it is.
 */
interface Writable {
  write(chunk: string): unknown;
}

const LEVEL_WORD: Record<string, string> = { warn: "note", error: "error", fatal: "error" };

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
  const err = typeof line.err === "string" ? `: ${line.err}` : "";
  // A note or an error says what happened in words; the lines asked for (KENNEL_DEBUG=1, LOG_LEVEL
  // info or debug) keep their data after the words (a request's path, status and request id).
  const { level: _l, time: _t, msg: _m, fields: _f, err: _e, ...data } = line as Record<string, unknown>;
  const detail = !LEVEL_WORD[level] && Object.keys(data).length ? ` ${JSON.stringify(data)}` : "";
  return `${LEVEL_WORD[level] ?? level}: ${line.msg}${fields}${err}${detail}`;
}

/** A destination for createLogger that writes each log line readably to `out`. */
export function terminalLog(out: Writable): Writable {
  return {
    write: (chunk: string) => {
      const lines = String(chunk)
        .split("\n")
        .filter((l) => l.trim() !== "");
      for (const l of lines) out.write(`${readable(l)}\n`);
    },
  };
}
