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

export function ackBy<T>(ack: (response?: T) => Promise<void>, ms = ACK_BY_MS): DeadlineAck<T> {
  let sent = false;
  let late = false;
  const timer = setTimeout(() => {
    if (sent) return;
    sent = true;
    late = true;
    void ack().catch(() => undefined);
  }, ms);
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
