/**
 * A busy channel (issue 26, item 9): over 1,000 messages since the day's post, the once-a-day check
 * still finds the post (history is read page by page back to the day's start, or until the post),
 * so nothing is posted twice. Over real Web API calls to the Slack stand-in, which pages history.
 */
import { webApi } from "@slack/bolt";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { section } from "../../src/blocks/mrkdwn.ts";
import type { Message } from "../../src/blocks/types.ts";
import { DIGEST_EVENT, type PostDigestOptions, postDigestOnce } from "../../src/digest/post.ts";
import { webClientSlack } from "../../src/digest/slack.ts";
import { type SlackStandIn, startSlackStandIn } from "../helpers/slack.ts";

let slack: SlackStandIn;
beforeAll(async () => {
  slack = await startSlackStandIn();
});
afterAll(() => slack.close());

const text = (s: string): Message => ({ text: s, blocks: [section(s)] });

describe("the once-a-day check in a busy channel", () => {
  it("1,100 messages after the post: it is found, and not posted again; history was read page by page", async () => {
    let now = Date.parse("2026-11-24T07:00:00Z");
    slack.now = () => now;
    const client = new webApi.WebClient("xoxb-test-0000-busy", {
      slackApiUrl: slack.apiUrl,
      retryConfig: { retries: 0 },
    });
    const options: PostDigestOptions = {
      slack: webClientSlack(client),
      channel: "C0BUSY",
      date: "2026-11-24",
      kind: "departures",
      timezone: "Europe/London",
      now: () => new Date(now),
      compose: async () => ({ parent: text("Departures"), replies: [text("part 2")] }),
      late: false,
      settle: async () => undefined,
    };
    expect(await postDigestOnce(options)).toMatchObject({ result: "posted" });
    for (let i = 0; i < 1_100; i++)
      slack.add({
        via: "postMessage",
        author: "you",
        ephemeral: false,
        channel: "C0BUSY",
        text: `chat ${i}`,
      });
    now = Date.parse("2026-11-24T16:00:00Z");
    const before = slack.api.length;
    expect(await postDigestOnce(options)).toMatchObject({ result: "already-posted" });
    const parents = slack.messages.filter(
      (m) => m.channel === "C0BUSY" && !m.thread_ts && m.metadata?.event_type === DIGEST_EVENT,
    );
    expect(parents).toHaveLength(1);
    const reads = slack.api.slice(before).filter((a) => a.path === "/api/conversations.history");
    expect(reads.length).toBeGreaterThan(5);
  });
});
