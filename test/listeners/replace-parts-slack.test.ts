/**
 * A long flag's parts drawn again in place through Slack's Web API client against the loopback Slack
 * stand-in (the preview's), not a fake: the thread read gives each message's blocks with their
 * block_ids (as Slack does), so a tap on any part updates the parts where they are and posts none
 * twice. Without blocks in the read, the parts are not found and are posted again. A part deleted
 * from the middle: the thread still reads in order after the redraw. A long as-needed follow-up in
 * the app's DM with the giver, answered: its thread read (conversations.replies on the DM), which
 * Slack allows only with im:history, so the manifest's scopes must hold it.
 */

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { furtherParts, partPlace } from "../../src/blocks/parts.ts";
import { answeredMessages, followUpMessages } from "../../src/blocks/prn.ts";
import { flagMessages } from "../../src/blocks/welfare.ts";
import type { PrnDose } from "../../src/domain/prn.ts";
import type { BotDeps } from "../../src/listeners/bot-deps.ts";
import { postParts, replaceParts, tappedParts } from "../../src/listeners/replace-parts.ts";
import { silentLogger } from "../../src/log.ts";
import { manifestScopes } from "../../src/preview/manifest.ts";
import { createWebClient } from "../../src/slack/web-client.ts";
import { adviceFlag, expectWhole, HUGE, longWords } from "../helpers/care-parts.ts";
import { scratchRecord } from "../helpers/record.ts";
import { type SlackStandIn, startSlackStandIn } from "../helpers/slack.ts";

const TZ = "Europe/London";
const CHANNEL = "C0WELFARE";
const clock = { now: () => new Date("2026-11-24T10:00:00Z") };
const deps = {
  log: silentLogger(),
  config: { timezone: TZ },
  clock,
  record: scratchRecord(clock),
} as unknown as BotDeps;

let slack: SlackStandIn;
beforeAll(async () => {
  slack = await startSlackStandIn();
});
afterAll(() => slack.close());

/** A flag whose vet's name is `n` characters long: 15,000 draw it in 3 messages, its buttons on the last. */
const long = (n: number) =>
  flagMessages(adviceFlag({ id: 7, petName: "Biscuit", vet: longWords("vt", n) }), TZ);

const webClient = () =>
  createWebClient("xoxb-test", { apiUrl: slack.apiUrl, log: silentLogger(), retryConfig: { retries: 0 } });

describe("a long flag drawn again through Slack's Web API client", () => {
  it("part 3 of 3 tapped twice: the same 3 messages in Slack, each drawn again where it is, every word", async () => {
    const client = webClient();
    const drawn = long(15_000);
    expect(drawn).toHaveLength(3);
    const before = slack.messages.length;
    expect(await postParts(client, CHANNEL, drawn, undefined)).toEqual({ sent: 3 });
    const mine = () => slack.messages.slice(before);
    const ts = mine().map((m) => m.ts);
    for (const _ of [1, 2]) {
      const tapped = mine()[2];
      if (!tapped) throw new Error("part 3 is not in Slack");
      const at = tappedParts({ channel: CHANNEL, ts: tapped.ts, threadTs: tapped.thread_ts }, tapped.blocks);
      expect(await replaceParts(deps, client, at, long(15_000), "update a welfare message")).toBe(true);
    }
    expect(mine().map((m) => m.ts)).toEqual(ts);
    expect(
      mine()
        .slice(1)
        .every((m) => m.thread_ts === ts[0]),
    ).toBe(true);
    expect(mine().map((m) => /"action_id":"wf_(advice|resolve)/.test(JSON.stringify(m.blocks)))).toEqual([
      false,
      false,
      true,
    ]);
    expectWhole(
      mine().map((m) => ({ text: m.text ?? "", blocks: m.blocks as never })),
      longWords("vt", 15_000),
    );
  });

  it("part 2 deleted in Slack, part 3 tapped: the thread reads 1, 2, 3 again, part 3's message now part 2", async () => {
    const client = webClient();
    const before = slack.messages.length;
    expect(await postParts(client, CHANNEL, long(15_000), undefined)).toEqual({ sent: 3 });
    const mine = () => slack.messages.slice(before);
    const [first, second, third] = mine().map((m) => ({
      ts: m.ts,
      thread_ts: m.thread_ts,
      blocks: m.blocks,
    }));
    if (!first || !second || !third) throw new Error("the flag is not in Slack in 3 parts");
    await client.chat.delete({ channel: CHANNEL, ts: second.ts });
    const at = tappedParts({ channel: CHANNEL, ts: third.ts, threadTs: third.thread_ts }, third.blocks);
    expect(await replaceParts(deps, client, at, long(15_000), "update a welfare message")).toBe(true);
    const now = mine();
    expect(now.map((m) => m.ts).slice(0, 2)).toEqual([first.ts, third.ts]);
    expect(now).toHaveLength(3);
    expect(now.slice(1).every((m) => m.thread_ts === first.ts)).toBe(true);
    expect(now.map((m) => partPlace(m.blocks))).toEqual([
      { i: 1, n: 3 },
      { i: 2, n: 3, firstTs: first.ts },
      { i: 3, n: 3, firstTs: first.ts },
    ]);
    expect(now.slice(1).map((m) => ({ text: m.text, blocks: m.blocks }))).toEqual(
      furtherParts(long(15_000), first.ts),
    );
    expectWhole(
      now.map((m) => ({ text: m.text ?? "", blocks: m.blocks as never })),
      longWords("vt", 15_000),
    );
  });
});

describe("a long as-needed follow-up answered in the app's DM with the giver", () => {
  const dose: PrnDose = {
    id: 1,
    date: "2026-11-24",
    bookingId: 500,
    petId: 1000,
    userId: "U0JANE",
    userName: "Jane",
    item: "med:1",
    label: HUGE.drug,
    itemText: HUGE.drug,
    reason: "itching",
    givenAt: "2026-11-24T10:10:00Z",
    recordedAt: "2026-11-24T10:11:00Z",
  };
  const effect = { id: 5, effect: "helped", userName: "Tom", recordedAt: "2026-11-24T11:12:00Z" } as const;
  const answered = () => answeredMessages(dose, HUGE.name, effect as never, TZ);

  /**
   * The follow-up posted in the DM in its parts, then its last part answered with the token's
   * `scopes`: whether it was drawn again, and the DM's messages. A DM of its own each time (Slack's
   * rate allows a short burst per channel).
   */
  async function answerLastPart(DM: string, scopes: string[]) {
    const client = webClient();
    const before = slack.messages.length;
    const ask = followUpMessages(dose, HUGE.name, TZ);
    expect(ask.length).toBeGreaterThan(1);
    expect(await postParts(client, DM, ask, undefined)).toEqual({ sent: ask.length });
    const mine = () => slack.messages.slice(before);
    const last = mine().at(-1);
    if (!last) throw new Error("the follow-up is not in Slack");
    const at = tappedParts({ channel: DM, ts: last.ts, threadTs: last.thread_ts }, last.blocks);
    slack.scopes = scopes;
    try {
      const drawn = await replaceParts(deps, client, at, answered(), "show the answered follow-up");
      return { drawn, messages: mine(), asked: ask.length };
    } finally {
      slack.scopes = undefined;
    }
  }

  it("with the manifest's scopes: its thread read, every part drawn answered where it is", async () => {
    const r = await answerLastPart("DU0JANE", manifestScopes());
    expect(r.drawn).toBe(true);
    expect(r.messages).toHaveLength(Math.max(r.asked, answered().length));
    expect(r.messages.slice(1).every((m) => m.thread_ts === r.messages[0]?.ts)).toBe(true);
    expect(JSON.stringify(r.messages.map((m) => m.blocks))).not.toMatch(/"action_id":"prn_effect/);
    expectWhole(
      r.messages.map((m) => ({ text: m.text ?? "", blocks: m.blocks as never })),
      HUGE.name,
      HUGE.drug,
    );
  });

  it("without im:history (Slack then refuses to read a DM's thread): its further parts not drawn again", async () => {
    const r = await answerLastPart(
      "DU0TOM",
      manifestScopes().filter((s) => s !== "im:history"),
    );
    expect(r.drawn).toBe(false);
  });
});
