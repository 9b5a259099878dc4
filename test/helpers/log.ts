import type { Logger } from "../../src/log.ts";
import { createLogger } from "../../src/log.ts";

/** A real pino logger (with the production redaction and scrubbing) writing into an array. */
export function captureLogger(secrets: string[] = []): {
  log: Logger;
  lines: string[];
  records: () => Record<string, unknown>[];
} {
  const lines: string[] = [];
  const log = createLogger({
    level: "trace",
    secrets,
    pretty: false,
    destination: { write: (s: string) => lines.push(s) },
  });
  return { log, lines, records: () => lines.map((l) => JSON.parse(l) as Record<string, unknown>) };
}
