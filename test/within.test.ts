/**
 * The one bounded wait (src/within.ts) a form's look-ups share (the booking's times before a time
 * said is checked, a giver never seen asked of Slack): what the promise gives in time, else nothing,
 * a failure as nothing; its timer cleared as soon as the promise settles, none left running.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { within } from "../src/within.ts";

afterEach(() => {
  vi.useRealTimers();
});

describe("within", () => {
  it("gives what the promise gives in time, and leaves no timer behind", async () => {
    vi.useFakeTimers();
    const wait = within(Promise.resolve({ arrival: "2026-12-01T10:00:00Z" }), 1_200);
    expect(await wait).toEqual({ arrival: "2026-12-01T10:00:00Z" });
    expect(vi.getTimerCount()).toBe(0);
  });

  it("nothing for a promise that fails, its timer cleared too", async () => {
    vi.useFakeTimers();
    expect(await within(Promise.reject(new Error("users.info failed")), 1_000)).toBeUndefined();
    expect(vi.getTimerCount()).toBe(0);
  });

  it("nothing past the bound, whatever the promise gives after it", async () => {
    vi.useFakeTimers();
    let give: (v: string) => void = () => {};
    const slow = new Promise<string>((r) => {
      give = r;
    });
    const wait = within(slow, 1_000);
    await vi.advanceTimersByTimeAsync(999);
    expect(vi.getTimerCount()).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(await wait).toBeUndefined();
    give("Alex");
    expect(await slow).toBe("Alex");
    expect(vi.getTimerCount()).toBe(0);
  });
});
