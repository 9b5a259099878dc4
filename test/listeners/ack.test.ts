/**
 * The ack's deadline (src/listeners/ack.ts) counted from the request's arrival, not from the
 * listener's call: a fake clock for the timer, the arrival and the time of the call injected.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ackBy } from "../../src/listeners/ack.ts";

describe("ackBy", () => {
  let t: number;
  const now = () => t;
  let acks: Array<string | undefined>;
  const ack = async (response?: string) => {
    acks.push(response);
  };
  beforeEach(() => {
    vi.useFakeTimers();
    acks = [];
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("acknowledges 2.5 s after the request arrived, however late the listener asked", async () => {
    t = 12_000; // the listener runs 2 s after the request arrived at 10 s
    const a = ackBy(ack, 10_000, { now });
    await vi.advanceTimersByTimeAsync(499);
    expect(acks).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(acks).toEqual([undefined]);
    expect(a.late).toBe(true);
    expect(await a.send("committed")).toBe(false);
    expect(acks).toEqual([undefined]);
  });

  it("acknowledges at once when the deadline passed before the listener asked", async () => {
    t = 13_200;
    const a = ackBy(ack, 10_000, { now });
    expect(acks).toEqual([undefined]);
    expect(a.late).toBe(true);
    expect(await a.send("committed")).toBe(false);
  });

  it("sends the listener's answer when it comes in time, and nothing more at the deadline", async () => {
    t = 11_000;
    const a = ackBy(ack, 10_000, { now });
    await vi.advanceTimersByTimeAsync(1_000);
    expect(await a.send("committed")).toBe(true);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(acks).toEqual(["committed"]);
    expect(a.late).toBe(false);
  });

  it("counts from the call when no arrival is known", async () => {
    t = 50_000;
    const a = ackBy(ack, undefined, { now });
    await vi.advanceTimersByTimeAsync(2_499);
    expect(acks).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(a.late).toBe(true);
  });
});
