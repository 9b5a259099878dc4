/**
 * A Socket Mode envelope's arrival carried to Bolt (src/slack/socket-events.ts): the listeners' ack
 * deadline (src/listeners/ack.ts) counts from it, as it does from an HTTP request's.
 */
import type { App, ReceiverEvent } from "@slack/bolt";
import { describe, expect, it } from "vitest";
import { arrivedAt } from "../../src/slack/arrival.ts";
import { Seen } from "../../src/slack/seen.ts";
import { eventDispatcher } from "../../src/slack/socket-events.ts";
import { captureLogger } from "../helpers/log.ts";

describe("a Socket Mode envelope", () => {
  it("reaches Bolt with the time it arrived", async () => {
    const events: ReceiverEvent[] = [];
    const app = { processEvent: async (event: ReceiverEvent) => void events.push(event) } as unknown as App;
    const dispatch = eventDispatcher(() => app, new Seen(10), captureLogger().log);
    const before = performance.now();
    await dispatch({
      ack: async () => undefined,
      envelope_id: "e1",
      type: "interactive",
      body: { type: "block_actions" },
    });
    const after = performance.now();
    const at = arrivedAt(events[0]?.customProperties);
    expect(at).toBeGreaterThanOrEqual(before);
    expect(at).toBeLessThanOrEqual(after);
  });
});
