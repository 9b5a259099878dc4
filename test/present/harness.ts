/**
 * The sandbox's busy day for the two-serializer tests: the sandbox kennel API on loopback (the
 * default data set, and the awkward one), a kennel client of its own, and the comparison of what a
 * reader sees in Slack and in the terminal, line by line.
 */
import { afterAll, beforeAll, expect } from "vitest";
import type { Message } from "../../src/blocks/types.ts";
import { type Config, loadConfig } from "../../src/config.ts";
import type { Deps } from "../../src/deps.ts";
import { createKennelClient } from "../../src/kennel/client.ts";
import { silentLogger } from "../../src/log.ts";
import { type Sandbox, startSandbox } from "../../src/sandbox/server.ts";
import type { TextOptions } from "../../src/text/options.ts";
import { visibleOfMessages, visibleOfText } from "../helpers/visible.ts";

export const TZ = "Europe/London";
/** The kennel's clock: the sandbox's "today", mid-morning. */
const CLOCK = { now: () => new Date("2026-11-22T09:00:00Z") };
export const TEXT: TextOptions = { color: false, timezone: TZ, thisYear: "2026" };

export interface BusyDay {
  sandbox: Sandbox;
  deps: Deps;
  /** The busy day (the sandbox's full house). */
  day: string;
}

/** A sandbox with the busy day (and the awkward bookings) for the file's tests. */
export function busyDay(): BusyDay {
  const state = {} as BusyDay;
  beforeAll(async () => {
    state.sandbox = await startSandbox({
      seed: 21,
      customers: 150,
      today: "2026-11-22",
      timezone: TZ,
      awkward: true,
    });
    const config = loadConfig({
      KENNEL_API_KEY: state.sandbox.keys.main,
      KENNEL_API_BASE_URL: state.sandbox.url,
      KENNEL_TIMEZONE: TZ,
      KENNEL_API_TIMEOUT_MS: "5000",
    });
    const log = silentLogger();
    const kennel = createKennelClient(config.kennel as NonNullable<Config["kennel"]>, {
      log,
      retryDelay: () => 10,
    });
    state.deps = { kennel, log, config, clock: CLOCK };
    state.day = state.sandbox.data.busyDays[0] as string;
  });
  afterAll(async () => {
    await state.sandbox?.close();
  });
  return state;
}

/**
 * Slack's messages and the terminal's text say the same, line by line. Lines only one side has
 * by design (Slack's "part i of n" on a thread's parts) are named by `slackOnly`.
 */
export function expectSameLines(messages: Message[], text: string, slackOnly: RegExp[] = []): string[] {
  const slack = visibleOfMessages(messages).filter((l) => !slackOnly.some((r) => r.test(l)));
  const terminal = visibleOfText(text);
  expect(slack).toEqual(terminal);
  return terminal;
}
