/** Bolt's Logger interface over pino (a thin adapter; pino's redaction and scrubbing apply). */
import { type Logger as BoltLogger, LogLevel } from "@slack/bolt";
import type { Logger } from "./log.ts";

const TO_PINO: Record<LogLevel, string> = {
  [LogLevel.DEBUG]: "debug",
  [LogLevel.INFO]: "info",
  [LogLevel.WARN]: "warn",
  [LogLevel.ERROR]: "error",
};

export function boltLogger(log: Logger): BoltLogger {
  let child = log.child({ component: "bolt" });
  const line = (msg: unknown[]) =>
    msg
      .map((m) => (typeof m === "string" ? m : m instanceof Error ? m.message : JSON.stringify(m)))
      .join(" ");
  return {
    debug: (...msg: unknown[]) => child.debug(line(msg)),
    info: (...msg: unknown[]) => child.info(line(msg)),
    warn: (...msg: unknown[]) => child.warn(line(msg)),
    error: (...msg: unknown[]) => child.error(line(msg)),
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
