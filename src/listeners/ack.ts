/**
 * Commit, then acknowledge: a record tap or form is answered to Slack (the HTTP response, or the
 * Socket Mode envelope's ack) only once its entries are committed, because Slack never sends an
 * interaction again and its 2xx is what the tapper is told. Slack waits 3 seconds: if the commit is
 * not done by ACK_BY_MS after the request arrived, the ack goes anyway, and the listener tells the
 * tapper privately, as soon as it is known, whether it was recorded.
 */

/** The latest an ack may wait for a commit (Slack's limit is 3 s; the rest is the network's). */
const ACK_BY_MS = 2_500;

export interface DeadlineAck<T> {
  /** Sends the ack now with `response`, unless it has gone already; true when this call sent it. */
  send(response?: T): Promise<boolean>;
  /** The deadline passed before the listener acknowledged: the tapper must be told the outcome. */
  readonly late: boolean;
}

/**
 * The ack of a request that arrived at `arrivedAt` (`performance.now()`, as src/slack/arrival.ts
 * records it; undefined: now), sent `o.ms` after that arrival at the latest. Counted from the
 * arrival, not from this call: whatever ran before the listener (parsing, the signature, Bolt's
 * middleware, a loop held busy) is inside Slack's 3 s too, and when the loop is starved this timer
 * still expires before the receiver's. A deadline passed already acknowledges at once.
 */
export function ackBy<T>(
  ack: (response?: T) => Promise<void>,
  arrivedAt?: number,
  o: { ms?: number; now?: () => number } = {},
): DeadlineAck<T> {
  const now = o.now ?? (() => performance.now());
  const left = (arrivedAt ?? now()) + (o.ms ?? ACK_BY_MS) - now();
  let sent = false;
  let late = false;
  const lateAck = () => {
    if (sent) return;
    sent = true;
    late = true;
    void ack().catch(() => undefined);
  };
  const timer = left > 0 ? setTimeout(lateAck, left) : undefined;
  if (!timer) lateAck();
  return {
    async send(response) {
      clearTimeout(timer);
      if (sent) return false;
      sent = true;
      await ack(response);
      return true;
    },
    get late() {
      return late;
    },
  };
}
