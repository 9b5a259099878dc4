/**
 * A scheduled post whose thread replies are the further parts of one message (the day's review,
 * drawn again in place after a tap): each part marked as that message's (src/blocks/parts.ts), so a
 * redraw finds it, also a part posted later to complete the thread. Over real Web API calls to the
 * loopback Slack stand-in.
 */
import { webApi } from "@slack/bolt";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { section } from "../../src/blocks/mrkdwn.ts";
import { firstPart, partPlace } from "../../src/blocks/parts.ts";
import type { Message } from "../../src/blocks/types.ts";
import { type PostDigestOptions, postDigestOnce } from "../../src/digest/post.ts";
import { webClientSlack } from "../../src/digest/slack.ts";
import { type SlackStandIn, startSlackStandIn } from "../helpers/slack.ts";

const DATE = "2026-11-24";
const now = Date.parse(`${DATE}T21:00:00Z`);
let slack: SlackStandIn;

beforeAll(async () => {
  slack = await startSlackStandIn();
  slack.now = () => now;
});
afterAll(() => slack.close());

const text = (s: string): Message => ({ text: s, blocks: [section(s)] });
const PARTS = [text("Day's review"), text("part 2"), text("part 3")];

const client = () =>
  new webApi.WebClient("xoxb-kennel-desk-0000", { slackApiUrl: slack.apiUrl, retryConfig: { retries: 0 } });

function options(channel: string): PostDigestOptions {
  return {
    slack: webClientSlack(client()),
    channel,
    date: DATE,
    kind: "review",
    timezone: "Europe/London",
    now: () => new Date(now),
    compose: async () => ({ parent: firstPart(PARTS), replies: PARTS.slice(1), partsOfOne: true }),
    late: false,
    settle: async () => undefined,
  };
}

const places = (channel: string) =>
  slack.messages.filter((m) => m.channel === channel).map((m) => ({ ts: m.ts, ...partPlace(m.blocks) }));

describe("a post in parts of one message (the day's review)", () => {
  it("marks the parent the first of 3 and each reply its part of the parent's, when posted and when completed", async () => {
    const c = "C0PARTS1";
    const posted = await postDigestOnce(options(c));
    expect(posted.result).toBe("posted");
    const parent = (posted as { ts: string }).ts;
    expect(places(c)).toEqual([
      { ts: parent, i: 1, n: 3 },
      { ts: expect.any(String), i: 2, n: 3, firstTs: parent },
      { ts: expect.any(String), i: 3, n: 3, firstTs: parent },
    ]);
    // Its last part lost (a crash before it was posted): completing the thread marks it too.
    const last = slack.messages.findLast((m) => m.channel === c);
    await client().chat.delete({ channel: c, ts: last?.ts as string });
    expect((await postDigestOnce(options(c))).result).toBe("completed");
    expect(places(c).at(-1)).toMatchObject({ i: 3, n: 3, firstTs: parent });
  });
});
