/**
 * Welfare flags opened by meals (issue 38, the off-food rule): after a committed round entry, a pet
 * that ate some or none at two meals in a row gets one flag, posted once in the welfare channel; a
 * burst of taps, or the same look again, opens no second one. A real store (SQLite in a temporary
 * folder) and a Slack that records what is posted.
 */
import { describe, expect, it } from "vitest";
import { KINDS } from "../../src/answers/welfare-store.ts";
import type { Message } from "../../src/blocks/types.ts";
import { loadConfig } from "../../src/config.ts";
import type { Deps } from "../../src/deps.ts";
import type { DigestSlack } from "../../src/digest/slack.ts";
import { WelfareMealWatch } from "../../src/digest/welfare-meals.ts";
import { silentLogger } from "../../src/log.ts";
import type { EntryInput } from "../../src/record/types.ts";
import { scratchRecord } from "../helpers/record.ts";

const clock = { now: () => new Date("2026-11-22T12:30:00Z") };

describe("welfare flags from meals", () => {
  it("two meals in a row not eaten in full open one flag, posted once; the same look again opens none", async () => {
    const record = scratchRecord(clock);
    const config = loadConfig({ KENNEL_TIMEZONE: "Europe/London", WELFARE_CHANNEL: "C0WELFARE" });
    const deps = { log: silentLogger(), config, clock, record } as unknown as Deps;
    const posted: Array<{ channel: string; message: Message; threadTs?: string | undefined }> = [];
    const slack = {
      self: async () => ({ botId: "B1" }),
      lookAlike: () => undefined,
      history: async () => [],
      replies: async () => [],
      post: async (channel: string, message: Message, o?: { threadTs?: string }) => {
        posted.push({ channel, message, threadTs: o?.threadTs });
        return `${posted.length}.0`;
      },
      remove: async () => undefined,
    } satisfies DigestSlack;
    const watch = new WelfareMealWatch(deps, slack, []);
    const meal = (round: EntryInput["round"], outcome: EntryInput["outcome"], key: string): EntryInput => ({
      date: "2026-11-22",
      round,
      bookingId: 3,
      petId: 30,
      petName: "Juniper",
      item: "meal",
      itemText: "dry food",
      outcome,
      userId: "U0JANE",
      userName: "Jane",
      requestKey: key,
    });
    await record.record([meal("morning", "ate_none", "m1")]);
    await watch.changed("2026-11-22", "morning");
    expect(await record.log({ kind: KINDS.flag })).toEqual([]);
    await record.record([meal("midday", "ate_some", "m2")]);
    await Promise.all([watch.changed("2026-11-22", "midday"), watch.changed("2026-11-22", "midday")]);
    await watch.changed("2026-11-22", "midday");
    const flags = await record.log({ kind: KINDS.flag });
    expect(flags).toHaveLength(1);
    expect(flags[0]?.body).toMatchObject({ petId: 30, sign: "eating:off" });
    expect(posted).toHaveLength(1);
    expect(posted[0]?.channel).toBe("C0WELFARE");
    expect(JSON.stringify(posted[0]?.message.blocks)).toContain("Off food, 2 meals in a row");
    await record.close();
  });
});
