/**
 * When Slack's request (HTTP) or envelope (Socket Mode) arrived, on the monotonic clock
 * (`performance.now()`), carried to the listeners in Bolt's context (a receiver event's custom
 * properties): a record tap's ack deadline (src/listeners/ack.ts) counts from it, as Slack's 3 s
 * do, not from when the listener first runs. The HTTP receiver's own 3-s timer starts later (once
 * the body is read and checked), so the deadline's 2.5 s always expire first.
 */
export interface Arrival {
  arrivedAt: number;
}

/** The custom properties of a request that arrived at `at` (default: now). */
export const arrival = (at = performance.now()): Arrival => ({ arrivedAt: at });

/** When the request a listener answers arrived, from Bolt's context; undefined when no receiver said. */
export function arrivedAt(context: unknown): number | undefined {
  const at = (context as Partial<Arrival> | undefined)?.arrivedAt;
  return typeof at === "number" ? at : undefined;
}
