/**
 * A welfare flag's change (opened, vet advice, resolved) draws again the round posts listing the pet
 * over the flag's days (up to 31 days, three rounds each): where those posts are is read from their
 * "posted" records once for all the days, not once per day and round; each day's post found there is
 * still drawn again (the rounds channel asked for it), and a day with none asks Slack nothing.
 */
import { describe, expect, it } from "vitest";
import { roundPost } from "../../src/digest/posts.ts";
import type { DigestSlack } from "../../src/digest/slack.ts";
import type { WelfareFlag } from "../../src/domain/welfare-flag.ts";
import { SheetRedraw } from "../../src/listeners/record-round.ts";
import { WelfareRedraw } from "../../src/listeners/welfare-redraw.ts";
import type { CareRecordStore } from "../../src/record/types.ts";
import { addDays } from "../../src/time.ts";
import { listenerDeps } from "../helpers/bot-deps.ts";
import { withFaults } from "../helpers/record.ts";

const TODAY = "2026-11-24";
const clock = { now: () => new Date(`${TODAY}T18:00:00Z`) };
const CHANNEL = "C_ROUNDS";

/** A flag opened 30 days ago on booking 501's pet 77: its days are the last 31. */
const flag: WelfareFlag = {
  id: 9,
  bookingId: 501,
  petId: 77,
  petName: "Biscuit",
  room: "Kennel 4",
  sign: "stool:blood",
  date: addDays(TODAY, -30),
  openedAt: `${addDays(TODAY, -30)}T19:00:00.000Z`,
  entries: [],
  advice: [],
};

/** The bot's redraws on a real record whose log reads are counted by kind, and Slack's history reads. */
function redraws() {
  const base = listenerDeps(clock);
  const real = base.record as CareRecordStore;
  const reads: string[] = [];
  const record = withFaults(real, {
    log: ((query) => {
      reads.push(query.kind);
      return real.log(query);
    }) as CareRecordStore["log"],
  });
  const deps = {
    ...base,
    record,
    config: { ...base.config, rounds: { ...base.config.rounds, channel: CHANNEL } },
  };
  const looked: string[] = [];
  const slack = {
    self: async () => ({ userId: "UBOT", botId: "BBOT", appId: "ABOT" }),
    history: async (channel: string, oldest: string) => {
      looked.push(`${channel}@${oldest}`);
      return [];
    },
    replies: async () => [],
    lookAlike: () => undefined,
  } as unknown as DigestSlack;
  const welfare = new WelfareRedraw(deps, new SheetRedraw(deps, slack));
  return { welfare, real, reads, looked };
}

/** The record that the round's post of `date` was posted in the rounds channel. */
const posted = (store: CareRecordStore, date: string, round: "morning" | "evening", ts: string) =>
  store.append({
    kind: "post_claim",
    date,
    requestKey: `post:${date}:${roundPost(round)}:${CHANNEL}:posted`,
    body: { v: 1, step: "posted", kind: roundPost(round), channel: CHANNEL, attempt: 1, ts, parts: 1 },
  });

describe("a welfare flag's change, on the round posts of its days", () => {
  it("reads where the days' posts are once, and looks for each post posted, on its own day", async () => {
    const { welfare, real, reads, looked } = redraws();
    await posted(real, addDays(TODAY, -20), "evening", "1000.1");
    await posted(real, TODAY, "morning", "2000.1");
    await welfare.flagChanged({} as never, flag, { ownMessage: false });
    // One read of the "posted" records for the 31 days' 93 round posts (and the welfare posts too).
    expect(reads.filter((k) => k === "post_claim")).toHaveLength(1);
    // The two posts on record, each looked for in the rounds channel from its own day; no other day.
    expect(looked).toHaveLength(2);
    expect(new Set(looked).size).toBe(2);
    expect(looked.every((l) => l.startsWith(`${CHANNEL}@`))).toBe(true);
  });

  it("no post on record: nothing asked of Slack, and still one read", async () => {
    const { welfare, reads, looked } = redraws();
    await welfare.flagChanged({} as never, flag, { ownMessage: false });
    expect(reads.filter((k) => k === "post_claim")).toHaveLength(1);
    expect(looked).toEqual([]);
  });
});
