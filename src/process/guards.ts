/**
 * What the process does with an error nobody caught.
 *
 * - An uncaught exception leaves the process in a state nobody planned for: it is logged (fatal,
 *   with where it came from) and the process exits 1 at once, for the supervisor (systemd, Docker's
 *   restart policy) to start a clean one.
 * - An unhandled promise rejection is a piece of work that failed with nobody waiting for it: the
 *   rest of the process is intact, so it is logged (error, with the reason) and the bot keeps
 *   serving. Every known source (acks on a dropped connection, odd request bodies) is handled
 *   before it gets here; this is the net under them.
 */
import type { Logger } from "../log.ts";

type ProcessLike = {
  on(event: "uncaughtException", listener: (error: Error, origin: string) => void): unknown;
  on(event: "unhandledRejection", listener: (reason: unknown) => void): unknown;
  off(event: "uncaughtException", listener: (error: Error, origin: string) => void): unknown;
  off(event: "unhandledRejection", listener: (reason: unknown) => void): unknown;
};

function describe(error: unknown): { message: string; stack?: string | undefined; name?: string } {
  if (error instanceof Error) return { name: error.name, message: error.message, stack: error.stack };
  return { message: String(error) };
}

/** Installs the two handlers; returns a function that removes them. */
export function installProcessGuards(
  proc: ProcessLike,
  log: Logger,
  exit: (code: number) => void = (code) => process.exit(code),
): () => void {
  const onException = (error: Error, origin: string) => {
    log.fatal(
      { err: describe(error), origin },
      "uncaught exception: Kennel Desk stops (exit 1) so its supervisor starts a clean process",
    );
    exit(1);
  };
  const onRejection = (reason: unknown) => {
    log.error({ err: describe(reason) }, "unhandled promise rejection: logged; Kennel Desk keeps serving");
  };
  proc.on("uncaughtException", onException);
  proc.on("unhandledRejection", onRejection);
  return () => {
    proc.off("uncaughtException", onException);
    proc.off("unhandledRejection", onRejection);
  };
}
