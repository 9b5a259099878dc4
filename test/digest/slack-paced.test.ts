/**
 * A scheduled post meets Slack's pace: more "rate limited" answers in a row than the client's own
 * retries (a long round post, two replicas at once) are waited out, and the post is made once.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { webClientSlack } from "../../src/digest/slack.ts";
import { silentLogger } from "../../src/log.ts";
import { createWebClient } from "../../src/slack/web-client.ts";
import { type SlackStandIn, startSlackStandIn } from "../helpers/slack.ts";

let slack: SlackStandIn;
beforeAll(async () => {
  slack = await startSlackStandIn();
});
afterAll(() => slack.close());

describe("posting at Slack's pace", () => {
  it("four 429s in a row, more than the client retries: waited out, posted once", async () => {
    const client = createWebClient("xoxb-test-0000-paced", { apiUrl: slack.apiUrl, log: silentLogger() });
    slack.rateLimited.set("chat.postMessage", 4);
    const ts = await webClientSlack(client).post("C0ROUNDS", { text: "Evening round", blocks: [] });
    expect(slack.messages.filter((m) => m.ts === ts)).toHaveLength(1);
    expect(slack.api.filter((r) => r.path === "/api/chat.postMessage")).toHaveLength(5);
  }, 60_000);

  it("any other failure is not retried", async () => {
    const client = createWebClient("xoxb-test-0000-paced", { apiUrl: slack.apiUrl, log: silentLogger() });
    slack.broken.add("chat.postMessage");
    try {
      await expect(webClientSlack(client).post("C0ROUNDS", { text: "x", blocks: [] })).rejects.toThrow();
    } finally {
      slack.broken.delete("chat.postMessage");
    }
  }, 60_000);
});
