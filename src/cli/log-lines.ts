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
  return `${LEVEL_WORD[level] ?? level}: ${line.msg}${fields}${err}`;
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
