/**
 * The Home tab under a storm of opens (issue 26, item 7): 60 opens in a moment by one person are
 * one build and one views.publish (the stand-in rate-limits views.publish as Slack does); opens by
 * several people at once share the day's figures; after the throttle window, an open rebuilds.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postSignedEvent } from "../../src/preview/slack-http.ts";
import { type Harness, SIGNING_SECRET, startHarness } from "../helpers/bot.ts";

let h: Harness;
let now = Date.parse("2026-11-22T09:00:00Z");
beforeAll(async () => {
  h = await startHarness({ clock: { now: () => new Date(now) }, env: { DIGEST_SCHEDULE: "off" } });
  for (const u of ["U0A", "U0B", "U0C", "U0D"]) h.slack.users.set(u, { id: u });
});
afterAll(() => h.close());

let seq = 0;
/** `user` opens the Home tab: the app_home_opened event, signed, as Slack sends it (not waiting for the publish). */
const open = (user: string) =>
  postSignedEvent(`${h.url}/slack/events`, SIGNING_SECRET, {
    token: "x",
    team_id: "T1",
    api_app_id: "A1",
    type: "event_callback",
    event_id: `EvHome${++seq}`,
    event_time: 1_700_000_000,
    event: { type: "app_home_opened", user, channel: "D1", tab: "home", event_ts: `${seq}.1` },
  });

const publishes = (user?: string) =>
  h.slack.api.filter((a) => a.path === "/api/views.publish" && (!user || a.body.user_id === user)).length;
const settle = async () => {
  let n = -1;
  while (n !== h.slack.api.length + h.sandbox.requests.length) {
    n = h.slack.api.length + h.sandbox.requests.length;
    await new Promise((r) => setTimeout(r, 300));
  }
};

describe("the Home tab's throttle", () => {
  it("60 opens at once by one person: one build, one views.publish, one day's worth of API calls", async () => {
    const before = h.sandbox.requests.length;
    await Promise.all(Array.from({ length: 60 }, () => open("U0STAFF")));
    await h.slack.waitFor(() => h.slack.views.has("U0STAFF"), 15_000);
    await settle();
    expect(publishes("U0STAFF")).toBe(1);
    // One build reads today's and tomorrow's arrivals once each.
    const arrivals = h.sandbox.requests.slice(before).filter((r) => r.path.includes("/bookings/checkin"));
    expect(arrivals.length).toBe(2);
  });

  it("several people opening at once: each gets their own tab, built once", async () => {
    await Promise.all(["U0A", "U0B", "U0C", "U0D"].flatMap((u) => [open(u), open(u), open(u)]));
    await settle();
    for (const u of ["U0A", "U0B", "U0C", "U0D"]) expect(publishes(u)).toBe(1);
  });

  it("after the throttle window, an open rebuilds the tab", async () => {
    await open("U0STAFF");
    await settle();
    expect(publishes("U0STAFF")).toBe(1);
    now += 11_000;
    await open("U0STAFF");
    await h.slack.waitFor(() => publishes("U0STAFF") === 2, 15_000);
  });
});
