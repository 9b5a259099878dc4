/**
 * Bulk work begun at start waits for a quiet moment (src/listeners/in-flight.ts `whenQuiet`): the
 * first taps and commands after a restart go before the day's care is read ahead, which still begins
 * by a bound on a busy day.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { InFlight } from "../../src/listeners/in-flight.ts";

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "performance"] });
});
afterEach(() => {
  vi.useRealTimers();
});

/** Whether `p` has settled after the timers advance by `ms`. */
async function settledAfter(p: Promise<unknown>, ms: number): Promise<boolean> {
  let settled = false;
  void p.then(() => {
    settled = true;
  });
  await vi.advanceTimersByTimeAsync(ms);
  return settled;
}

describe("whenQuiet", () => {
  it("with nothing in flight, begins once the quiet time has passed, not before", async () => {
    const inflight = new InFlight();
    const quiet = inflight.whenQuiet(1_000, 15_000);
    expect(await settledAfter(quiet, 900)).toBe(false);
    expect(await settledAfter(quiet, 200)).toBe(true);
  });

  it("waits for the work in flight, then the quiet time after it", async () => {
    const inflight = new InFlight();
    let finish = () => {};
    void inflight.track(new Promise<void>((r) => (finish = r)));
    const quiet = inflight.whenQuiet(1_000, 15_000);
    expect(await settledAfter(quiet, 5_000)).toBe(false);
    finish();
    expect(await settledAfter(quiet, 900)).toBe(false);
    expect(await settledAfter(quiet, 200)).toBe(true);
  });

  it("a tap that comes during the quiet time starts it again", async () => {
    const inflight = new InFlight();
    const quiet = inflight.whenQuiet(1_000, 15_000);
    await vi.advanceTimersByTimeAsync(800);
    await inflight.track(Promise.resolve());
    expect(await settledAfter(quiet, 900)).toBe(false);
    expect(await settledAfter(quiet, 200)).toBe(true);
  });

  it("never quiet: begins at the bound all the same", async () => {
    const inflight = new InFlight();
    void inflight.track(new Promise<void>(() => {}));
    const quiet = inflight.whenQuiet(1_000, 15_000);
    expect(await settledAfter(quiet, 14_900)).toBe(false);
    expect(await settledAfter(quiet, 200)).toBe(true);
  });
});
