/** HTTP mode: an event Slack re-sends (X-Slack-Retry-Num, same event_id) is handled once. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Harness, SIGNING_SECRET, startHarness } from "../helpers/bot.ts";
import { sign } from "../helpers/slack.ts";

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h.close();
});

describe("Slack's retries over HTTP", () => {
  it("app_home_opened sent again with X-Slack-Retry-Num 1: acked, the Home tab published once", async () => {
    const body = JSON.stringify({
      token: "x",
      team_id: "T1",
      api_app_id: "A1",
      type: "event_callback",
      event_id: "Ev0HTTPHOME",
      event_time: 1_700_000_000,
      event: { type: "app_home_opened", user: "U0STAFF", channel: "D1", tab: "home", event_ts: "1.1" },
    });
    const post = (retry?: string) => {
      const ts = Math.floor(Date.now() / 1000);
      return fetch(`${h.url}/slack/events`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "x-slack-request-timestamp": String(ts),
          "x-slack-signature": sign(SIGNING_SECRET, ts, body),
          ...(retry ? { "x-slack-retry-num": retry, "x-slack-retry-reason": "http_timeout" } : {}),
        },
        body,
      });
    };
    expect((await post()).status).toBe(200);
    expect((await post("1")).status).toBe(200);
    await h.slack.waitFor(() => h.slack.api.some((a) => a.path === "/api/views.publish"));
    await new Promise((r) => setTimeout(r, 200));
    expect(h.slack.api.filter((a) => a.path === "/api/views.publish")).toHaveLength(1);
  });
});
