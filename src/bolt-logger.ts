/** Bolt's Logger interface over pino (a thin adapter; pino's redaction and scrubbing apply). */
import { type Logger as BoltLogger, LogLevel } from "@slack/bolt";
import type { Logger } from "./log.ts";

const TO_PINO: Record<LogLevel, string> = {
  [LogLevel.DEBUG]: "debug",
  [LogLevel.INFO]: "info",
  [LogLevel.WARN]: "warn",
  [LogLevel.ERROR]: "error",
};

/** The Web API client's line for a rate limit it waits out and retries (@slack/web-api's WebClient). */
const RATE_LIMIT_WAITED = /^http request failed A rate limit was exceeded \(url: [^)]*, retry-after: \d+\)$/;

/**
 * `quiet`: every line at debug (seen only with LOG_LEVEL=debug), always or while the function says so.
 * The Socket Mode client logs an error for each failed reconnection attempt; the connection's own
 * state changes are logged once instead (src/slack/connection.ts). The bot is quiet while it starts:
 * a failed start is said in one line of its own (src/slack/start-problem.ts), not after Bolt's
 * retries' warnings.
 */
export function boltLogger(
  log: Logger,
  options: { component?: string; quiet?: boolean | (() => boolean) } = {},
): BoltLogger {
  let child = log.child({ component: options.component ?? "bolt" });
  const q = options.quiet;
  const isQuiet = typeof q === "function" ? q : () => q === true;
  const line = (msg: unknown[]) =>
    msg
      .map((m) => (typeof m === "string" ? m : m instanceof Error ? m.message : JSON.stringify(m)))
      .join(" ");
  return {
    debug: (...msg: unknown[]) => child.debug(line(msg)),
    info: (...msg: unknown[]) => (isQuiet() ? child.debug(line(msg)) : child.info(line(msg))),
    warn: (...msg: unknown[]) => {
      const text = line(msg);
      if (isQuiet()) child.debug(text);
      // Slack's "wait and try again" (429), waited out and retried by the client: not a failure, and
      // already said at info ("API Call failed due to rate limiting. Will retry in 1 seconds.").
      else if (RATE_LIMIT_WAITED.test(text)) child.info(text);
      else child.warn(text);
    },
    error: (...msg: unknown[]) => (isQuiet() ? child.debug(line(msg)) : child.error(line(msg))),
    setLevel: () => {
      // The level is LOG_LEVEL's, set once for the whole process.
    },
    getLevel: () => {
      const entry = Object.entries(TO_PINO).find(([, v]) => v === child.level);
      return (entry?.[0] as LogLevel | undefined) ?? LogLevel.INFO;
    },
    setName: (name: string) => {
      child = log.child({ component: name });
    },
  };
}
