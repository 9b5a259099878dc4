/**
 * Slack re-delivers an event it did not see acknowledged in time (over HTTP with X-Slack-Retry-Num,
 * in Socket Mode with retry_attempt), with the same event_id: each event is handled once.
 */
import type { AnyMiddlewareArgs, Middleware } from "@slack/bolt";
import type { Logger } from "../log.ts";
import { Seen } from "./seen.ts";

export function handleEachEventOnce(log: Logger, seen = new Seen(2_000)): Middleware<AnyMiddlewareArgs> {
  return async ({ body, next }) => {
    const id = (body as { event_id?: unknown }).event_id;
    if (typeof id === "string") {
      if (seen.has(id)) {
        log.debug({ eventId: id }, "Slack re-delivered an event already handled; skipped");
        return;
      }
      seen.add(id);
    }
    await next();
  };
}
