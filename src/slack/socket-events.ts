/**
 * Socket Mode envelopes into Bolt: each acknowledged at most once, an ack that fails (the
 * connection dropped) logged and never thrown, and an envelope Slack re-delivers (a retry has a new
 * envelope id but the same event id) handled once and acknowledged again.
 */
import type { App, ReceiverEvent } from "@slack/bolt";
import type { Logger } from "../log.ts";
import { arrival } from "./arrival.ts";
import type { Seen } from "./seen.ts";
import { describeSlackError } from "./start-problem.ts";

export interface SlackEventArgs {
  ack: (response?: Record<string, unknown>) => Promise<void>;
  envelope_id: string;
  type: string;
  body: unknown;
  retry_num?: number;
  retry_reason?: string;
}

/** An ack that is sent at most once and never throws (a dropped connection is logged). */
function safeAck(
  send: (response?: Record<string, unknown>) => Promise<void>,
  log: Logger,
  type: string,
): (response?: unknown) => Promise<void> {
  let sent = false;
  return async (response?: unknown) => {
    if (sent) return;
    sent = true;
    try {
      await send(response as Record<string, unknown> | undefined);
    } catch (error) {
      log.warn(
        { type, err: describeSlackError(error) },
        "could not acknowledge to Slack (the connection dropped); the answer still goes through response_url",
      );
    }
  };
}

export function eventDispatcher(
  app: () => App | undefined,
  seen: Seen,
  log: Logger,
): (args: SlackEventArgs) => Promise<void> {
  return async (args) => {
    const arrived = arrival(); // the envelope's arrival: the listeners' ack deadline counts from it
    const ack = safeAck(args.ack, log, args.type);
    try {
      const body = args.body as { event_id?: unknown } | undefined;
      const key =
        typeof body?.event_id === "string" ? `event:${body.event_id}` : `envelope:${args.envelope_id}`;
      if (seen.has(key)) {
        log.debug(
          { key, retry: args.retry_num },
          "Slack re-delivered an envelope already handled; acknowledged",
        );
        await ack();
        return;
      }
      seen.add(key);
      const event: ReceiverEvent = {
        body: (args.body ?? {}) as ReceiverEvent["body"],
        ack,
        ...(args.retry_num !== undefined ? { retryNum: args.retry_num } : {}),
        ...(args.retry_reason !== undefined ? { retryReason: args.retry_reason } : {}),
        customProperties: arrived,
      };
      await app()?.processEvent(event);
    } catch (error) {
      log.warn(
        { type: args.type, err: describeSlackError(error) },
        "an event from Slack could not be handled",
      );
      await ack();
    }
  };
}
