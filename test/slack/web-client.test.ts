/**
 * The Slack Web API client's own log lines: a rate limit it waits out and retries, as Slack asks, is
 * said at info, not as a note that "http request failed" (the preview's first output was two such
 * notes from its own stand-in, for posts that all went out).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogger } from "../../src/log.ts";
import { createWebClient } from "../../src/slack/web-client.ts";
import { type SlackStandIn, startSlackStandIn } from "../helpers/slack.ts";

let slack: SlackStandIn;
beforeAll(async () => {
  // One post at once per channel, then one a second: the second post meets Slack's 429.
  slack = await startSlackStandIn({ limits: { postBurst: 1 } });
});
afterAll(async () => {
  await slack?.close();
});

describe("the Web API client's log", () => {
  it("a rate limit waited out is info, never a warning; the post goes out", async () => {
    const lines: Array<{ level: string; msg: string }> = [];
    const log = createLogger({
      level: "info",
      pretty: false,
      destination: { write: (s: string) => lines.push(JSON.parse(s)) },
    });
    const client = createWebClient("xoxb-1-2-ratelimit", { apiUrl: slack.apiUrl, log });
    for (const text of ["first", "second"]) await client.chat.postMessage({ channel: "C0RATE", text });
    expect(slack.timeline.filter((m) => m.channel === "C0RATE").map((m) => m.text)).toEqual([
      "first",
      "second",
    ]);
    const limited = lines.filter((l) => /rate limit/i.test(l.msg));
    expect(limited.length).toBeGreaterThan(0);
    expect(lines.filter((l) => l.level === "warn" || l.level === "error")).toEqual([]);
  }, 60_000);
});
