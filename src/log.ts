/**
 * Logging: pino, JSON lines in production, pretty in a terminal. Everything goes to standard error so
 * that standard output stays free for command output (and, later, for protocol traffic).
 *
 * Two layers keep secrets out: pino's redaction of known header and token fields, and a scrubber
 * on the output stream that replaces the literal value of every configured secret, wherever it
 * appears in a line (a message, an error's stack, a nested object).
 */

import { createRequire } from "node:module";
import { type Logger, pino } from "pino";
import type { LogLevel } from "./config.ts";

export type { Logger } from "pino";

const REDACT_PATHS = [
  "apiKey",
  "*.apiKey",
  "token",
  "*.token",
  "botToken",
  "appToken",
  "signingSecret",
  "*.botToken",
  "*.appToken",
  "*.signingSecret",
  'headers["x-api-key"]',
  'headers["X-Api-Key"]',
  "headers.authorization",
  "headers.Authorization",
  '*.headers["x-api-key"]',
  '*.headers["X-Api-Key"]',
  "*.headers.authorization",
  "*.headers.Authorization",
];

interface Writable {
  write(chunk: string): unknown;
}

/** Replaces every secret (and its JSON-escaped form) in a line. Short values are ignored. */
export function scrubSecrets(line: string, secrets: readonly string[]): string {
  let out = line;
  for (const secret of secrets) {
    if (secret.length < 6) continue;
    const forms = new Set([secret, JSON.stringify(secret).slice(1, -1), encodeURIComponent(secret)]);
    for (const form of forms) {
      if (out.includes(form)) out = out.split(form).join("[redacted]");
    }
  }
  return out;
}

function scrubbingStream(destination: Writable, secrets: readonly string[]): Writable {
  return { write: (chunk: string) => destination.write(scrubSecrets(String(chunk), secrets)) };
}

export interface LoggerOptions {
  level: LogLevel;
  /** Literal secret values to scrub from every line (API key, Slack tokens). */
  secrets?: readonly string[];
  /** Where lines go; default standard error. */
  destination?: Writable;
  /** Pretty lines for a person; default: when the destination is a terminal. */
  pretty?: boolean;
}

export function createLogger(options: LoggerOptions): Logger {
  const secrets = (options.secrets ?? []).filter((s) => s.length > 0);
  const usePretty = options.pretty ?? (options.destination === undefined && process.stderr.isTTY === true);
  let sink: Writable = options.destination ?? process.stderr;
  if (usePretty) {
    // pino-pretty as a synchronous stream (no worker thread), writing to the real destination; loaded
    // only here, so a service writing JSON lines never pays for it.
    const pretty = createRequire(import.meta.url)("pino-pretty") as typeof import("pino-pretty");
    const prettyStream = pretty({
      destination: sink === process.stderr ? 2 : (sink as never),
      sync: true,
      colorize: sink === process.stderr && process.stderr.isTTY === true,
      translateTime: "SYS:HH:MM:ss",
      ignore: "pid,hostname",
    });
    sink = prettyStream as unknown as Writable;
  }
  return pino(
    {
      level: options.level,
      base: undefined,
      redact: { paths: REDACT_PATHS, censor: "[redacted]" },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
    },
    scrubbingStream(sink, secrets) as never,
  );
}

/** A logger that writes nothing, for tests that do not look at logs. */
export function silentLogger(): Logger {
  return pino({ level: "silent" });
}
