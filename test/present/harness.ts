/**
 * The sandbox's busy day for the two-serializer tests: the sandbox kennel API on loopback (the
 * default data set, and the awkward one), a kennel client of its own, a care record with a pet off
 * its food (Tyson, AW-BITE: none eaten at the last two meals), and the comparison of what a reader
 * sees in Slack and in the terminal, line by line.
 */
import { afterAll, beforeAll, expect } from "vitest";
import type { Message } from "../../src/blocks/types.ts";
import { type Config, loadConfig } from "../../src/config.ts";
import type { Deps } from "../../src/deps.ts";
import { createKennelClient } from "../../src/kennel/client.ts";
import { silentLogger } from "../../src/log.ts";
import type { CareRecordStore } from "../../src/record/types.ts";
import { type Sandbox, startSandbox } from "../../src/sandbox/server.ts";
import type { TextOptions } from "../../src/text/options.ts";
import { scratchRecord } from "../helpers/record.ts";
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
  /** The sandbox's today: the awkward bookings' day. */
  today: string;
}

/**
 * Tyson (AW-BITE) ate none at the midday and evening rounds of the day before `today`: off his food
 * at every round from then on, for three days (the flag's look-back).
 */
export async function offFoodRecord(
  sandbox: Sandbox,
  today: string,
  clock = CLOCK,
): Promise<CareRecordStore> {
  const record = scratchRecord(clock);
  await recordOffFood(record, sandbox, today);
  return record;
}

/** Tyson's two meals not eaten (see offFoodRecord), written in `record`. */
export async function recordOffFood(record: CareRecordStore, sandbox: Sandbox, today: string): Promise<void> {
  const booking = sandbox.main.bookingByReference.get("AW-BITE") as { bookingId: number };
  const [pet] = sandbox.main.petsByBooking.get(booking.bookingId) as Array<{ petId: number; name: string }>;
  const yesterday = new Date(Date.parse(`${today}T12:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
  for (const round of ["midday", "evening"] as const) {
    await record.record([
      {
        date: yesterday,
        round,
        bookingId: booking.bookingId,
        petId: pet?.petId as number,
        petName: pet?.name as string,
        item: "meal",
        itemText: "Own food, 2 cups",
        outcome: "ate_none",
        userId: "U0STAFF",
        userName: "Ann",
        requestKey: `off-food-${round}`,
      },
    ]);
  }
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
    state.today = state.sandbox.data.today;
    const record = await offFoodRecord(state.sandbox, state.today);
    state.deps = { kennel, log, config, clock: CLOCK, record };
    state.day = state.sandbox.data.busyDays[0] as string;
  });
  afterAll(async () => {
    await state.deps?.record?.close();
    await state.sandbox?.close();
  });
  return state;
}

/** The name of a button at a line's end, which only Slack shows (src/present/doc.ts Span.button). */
const SLACK_BUTTON_NAME = / 📋 Plan…$/;

/**
 * Slack's messages and the terminal's text say the same, line by line. Lines only one side has
 * by design (Slack's "part i of n" on a thread's parts) are named by `slackOnly`.
 */
export function expectSameLines(messages: Message[], text: string, slackOnly: RegExp[] = []): string[] {
  // A button's name beside a line (" 📋 Plan…") is Slack's alone, as its button is.
  const slack = visibleOfMessages(messages)
    .filter((l) => !slackOnly.some((r) => r.test(l)))
    .map((l) => l.replace(SLACK_BUTTON_NAME, ""));
  const terminal = visibleOfText(text);
  expect(slack).toEqual(terminal);
  return terminal;
}
