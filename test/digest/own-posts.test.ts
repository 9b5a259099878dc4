/**
 * Only Kennel Desk's own posts count (issue 31, item 6): another app, or a person, posting a message
 * that carries Kennel Desk's `kennel_digest` metadata cannot stop the day's post, stand in for a part
 * of its thread, stop a dose time's reply or the notice, nor make Kennel Desk delete its own post as a
 * "later copy". Who the bot is comes from auth.test (its bot_id) and bots.info (its app's app_id).
 * Over real Web API calls to the loopback Slack stand-in, whose messages say who posted them.
 */
import { webApi } from "@slack/bolt";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { section } from "../../src/blocks/mrkdwn.ts";
import type { Message } from "../../src/blocks/types.ts";
import { findCopies, findRoundPost, postReply } from "../../src/digest/dose-alert-slack.ts";
import {
  DIGEST_EVENT,
  DOSE_ALERT_EVENT,
  NOTICE_EVENT,
  type PostDigestOptions,
  postDigestOnce,
  postNotice,
} from "../../src/digest/post.ts";
import { type DigestSlack, postedBySelf, webClientSlack } from "../../src/digest/slack.ts";
import { startHarness } from "../helpers/bot.ts";
import { captureLogger } from "../helpers/log.ts";
import { type SlackStandIn, startSlackStandIn } from "../helpers/slack.ts";

const DATE = "2026-11-24";
const OTHER_APP = "xoxb-other-app-0000";
const A_PERSON = "xoxp-a-person-0000";

let slack: SlackStandIn;
let seq = 0;
const now = Date.parse(`${DATE}T07:00:00Z`);

beforeAll(async () => {
  slack = await startSlackStandIn();
  slack.now = () => now;
  slack.posters.set(OTHER_APP, { user: "U0OTHERBOT", bot_id: "B0OTHER", app_id: "A0OTHER" });
  slack.posters.set(A_PERSON, { user: "U0PERSON" });
});
afterAll(() => slack.close());

const text = (s: string): Message => ({ text: s, blocks: [section(s)] });
const client = (token: string) =>
  new webApi.WebClient(token, { slackApiUrl: slack.apiUrl, retryConfig: { retries: 0 } });

/** Kennel Desk's Slack, as a job has it: its own token, and a log to read. */
function ownSlack() {
  const { log, records } = captureLogger();
  const digestSlack = webClientSlack(client("xoxb-kennel-desk-0000"), { log });
  const lookAlikes = () => records().filter((r) => /another app or a person/.test(String(r.msg)));
  return { digestSlack, lookAlikes };
}

function options(digestSlack: DigestSlack, channel: string, kind = "departures"): PostDigestOptions {
  return {
    slack: digestSlack,
    channel,
    date: DATE,
    kind,
    timezone: "Europe/London",
    now: () => new Date(now),
    compose: async () => ({
      parent: text(`${kind}`),
      replies: [text(`${kind} part 2`), text(`${kind} part 3`)],
    }),
    late: false,
    settle: async () => undefined,
  };
}

/** A message carrying Kennel Desk's metadata, posted with someone else's token. */
function lookAlike(token: string, channel: string, payload: Record<string, unknown>, threadTs?: string) {
  return client(token).chat.postMessage({
    channel,
    text: "Departures — nothing today",
    ...(threadTs ? { thread_ts: threadTs } : {}),
    metadata: { event_type: DIGEST_EVENT, event_payload: payload as Record<string, string | number> },
  });
}

const inChannel = (c: string) => slack.messages.filter((m) => m.channel === c);
const ours = (c: string) => inChannel(c).filter((m) => m.bot_id === slack.self.bot_id);

describe("a look-alike of a scheduled post", () => {
  it("another app's 'departures, part 1 of 1' for the day: ignored, the post made in full, logged once", async () => {
    const c = `C0OWN${++seq}`;
    const fake = await lookAlike(OTHER_APP, c, {
      date: DATE,
      kind: "departures",
      late: false,
      part: 1,
      parts: 1,
    });
    const { digestSlack, lookAlikes } = ownSlack();
    const first = await postDigestOnce(options(digestSlack, c));
    // Posted, not "already posted", and not deleted as a later copy of the earlier look-alike.
    expect(first).toMatchObject({ result: "posted", replies: 2 });
    expect(ours(c).map((m) => m.text)).toEqual(["departures", "departures part 2", "departures part 3"]);
    expect(inChannel(c).find((m) => m.ts === fake.ts)?.bot_id).toBe("B0OTHER"); // left alone
    // Read three times (before, after posting, again now), said once, naming who posted it.
    expect(await postDigestOnce(options(digestSlack, c))).toMatchObject({
      result: "already-posted",
      ts: first.result === "posted" ? first.ts : "",
    });
    expect(lookAlikes()).toHaveLength(1);
    expect(lookAlikes()[0]).toMatchObject({
      level: "warn",
      channel: c,
      ts: fake.ts,
      bot_id: "B0OTHER",
      app_id: "A0OTHER",
      kind: "departures",
      date: DATE,
    });
  });

  it("a look-alike newer than the post, pages of chat between: the read goes on to the post itself", async () => {
    const c = `C0OWN${++seq}`;
    const { digestSlack } = ownSlack();
    const first = await postDigestOnce(options(digestSlack, c));
    for (let i = 0; i < 150; i++)
      slack.add({
        via: "postMessage",
        author: "you",
        ephemeral: false,
        channel: c,
        user: "U0PERSON",
        text: `chat ${i}`,
      });
    await lookAlike(OTHER_APP, c, { date: DATE, kind: "departures", part: 1, parts: 3 });
    const before = slack.api.length;
    // Found on the second page, behind the look-alike on the first: nothing posted, nothing deleted.
    expect(await postDigestOnce(options(digestSlack, c))).toEqual({
      result: "already-posted",
      ts: first.result === "posted" ? first.ts : "",
    });
    expect(slack.api.slice(before).map((r) => r.path)).toEqual([
      "/api/conversations.history",
      "/api/conversations.history",
      "/api/conversations.replies",
    ]);
  });

  it("a person's look-alike (a user token) is ignored too", async () => {
    const c = `C0OWN${++seq}`;
    await lookAlike(A_PERSON, c, { date: DATE, kind: "rounds:morning", late: false, part: 1, parts: 3 });
    const { digestSlack, lookAlikes } = ownSlack();
    expect(await postDigestOnce(options(digestSlack, c, "rounds:morning"))).toMatchObject({
      result: "posted",
    });
    expect(ours(c)).toHaveLength(3);
    expect(lookAlikes()).toMatchObject([{ user: "U0PERSON" }]);
  });

  it("look-alike replies in the post's own thread do not stand in for its missing parts", async () => {
    const c = `C0OWN${++seq}`;
    const { digestSlack, lookAlikes } = ownSlack();
    // The process stopped between the parent and its replies.
    const crashing: DigestSlack = {
      ...digestSlack,
      post: (channel, message, o) =>
        o?.threadTs ? Promise.reject(new Error("stopped")) : digestSlack.post(channel, message, o),
    };
    await expect(postDigestOnce(options(crashing, c))).rejects.toThrow("stopped");
    const [parent] = ours(c);
    for (const part of [2, 3])
      await lookAlike(OTHER_APP, c, { date: DATE, kind: "departures", part, parts: 3 }, parent?.ts);
    expect(await postDigestOnce(options(digestSlack, c))).toMatchObject({ result: "completed", replies: 2 });
    expect(ours(c).map((m) => m.text)).toEqual(["departures", "departures part 2", "departures part 3"]);
    expect(lookAlikes()).toHaveLength(2);
  });

  it("a dose time's reply: another app's round post and look-alike replies are ignored; Kennel Desk's reply is posted, and kept", async () => {
    const c = `C0OWN${++seq}`;
    const round = await lookAlike(OTHER_APP, c, { date: DATE, kind: "rounds:evening", part: 1, parts: 1 });
    const key = `dose_alert:late:${DATE}:evening:${DATE}T18:45:01.000Z`;
    for (const threadTs of [round.ts, undefined])
      await client(OTHER_APP).chat.postMessage({
        channel: c,
        text: "late",
        ...(threadTs ? { thread_ts: threadTs } : {}),
        metadata: { event_type: DOSE_ALERT_EVENT, event_payload: { date: DATE, round: "evening", key } },
      });
    const { digestSlack, lookAlikes } = ownSlack();
    const place = {
      slack: digestSlack,
      channel: c,
      date: DATE,
      round: "evening" as const,
      timezone: "Europe/London",
      now: new Date(now),
    };
    // No round post of Kennel Desk's, and no copy of its reply: a look-alike is neither.
    expect(await findRoundPost(place)).toBeUndefined();
    expect(await findCopies(place, key, undefined)).toEqual([]);
    // Posted in the channel (not in the look-alike's thread), and not deleted as a later copy.
    expect(await postReply(place, key, text("late"), undefined)).toMatchObject({ kept: true });
    expect(ours(c).map((m) => [m.text, m.thread_ts])).toEqual([["late", undefined]]);
    expect(lookAlikes()).toHaveLength(2); // the top-level two; the look-alike round's thread is never read
  });

  it("the notice: another app's look-alike notice does not stop Kennel Desk's", async () => {
    const c = `C0OWN${++seq}`;
    await client(OTHER_APP).chat.postMessage({
      channel: c,
      text: "could not be made",
      metadata: { event_type: NOTICE_EVENT, event_payload: { date: DATE, kind: "departures" } },
    });
    const { digestSlack, lookAlikes } = ownSlack();
    await postNotice(digestSlack, c, DATE, "departures", "Europe/London", text("notice"), new Date(now));
    expect(ours(c).map((m) => m.text)).toEqual(["notice"]);
    expect(lookAlikes()).toHaveLength(1);
  });
});

describe("who Kennel Desk is", () => {
  it("learned once from auth.test (its bot_id) and bots.info (its app's app_id); a known answer is not asked again", async () => {
    const before = slack.api.length;
    const { digestSlack } = ownSlack();
    const [a, b] = await Promise.all([digestSlack.self(), digestSlack.self()]);
    // And the workspace (auth.test's team_id: where a printed chart's QR code opens Kennel Desk).
    expect(a).toEqual({ botId: "BBOT", appId: "A1", teamId: "T1" });
    expect(b).toEqual(a);
    await digestSlack.self();
    const calls = () => slack.api.slice(before).map((r) => r.path);
    expect(calls()).toEqual(["/api/auth.test", "/api/bots.info"]);
    // The bot hands over the answer auth.test gave at start.
    const given = webClientSlack(client("xoxb-kennel-desk-0000"), { auth: () => ({ bot_id: "BBOT" }) });
    expect(await given.self()).toEqual({ botId: "BBOT", appId: "A1" });
    expect(calls()).toEqual(["/api/auth.test", "/api/bots.info", "/api/bots.info"]);
  });

  it("a message counts as its own by its bot's bot_id or its app's app_id, never by metadata or user alone", () => {
    const self = { botId: "BBOT", appId: "A1" };
    expect(postedBySelf(self, { ts: "1.1", bot_id: "BBOT", app_id: "A1" })).toBe(true);
    // The same app's bot under another bot id (the app reinstalled during the day).
    expect(postedBySelf(self, { ts: "1.1", bot_id: "B0NEW", app_id: "A1" })).toBe(true);
    expect(postedBySelf(self, { ts: "1.1", bot_id: "B0OTHER", app_id: "A0OTHER" })).toBe(false);
    expect(postedBySelf(self, { ts: "1.1", user: "UBOT" })).toBe(false);
    expect(postedBySelf({ botId: "BBOT" }, { ts: "1.1", bot_id: "B0NEW", app_id: "A1" })).toBe(false);
    expect(postedBySelf({ botId: "BBOT" }, { ts: "1.1" })).toBe(false);
  });

  it("bots.info refused: the bot_id alone decides, and the log says so; auth.test refused: nothing is posted", async () => {
    const c = `C0OWN${++seq}`;
    const { log, records } = captureLogger();
    slack.broken.add("bots.info");
    try {
      const digestSlack = webClientSlack(client("xoxb-kennel-desk-0000"), { log });
      expect(await digestSlack.self()).toEqual({ botId: "BBOT", teamId: "T1" });
      expect(records().map((r) => r.msg)).toEqual([expect.stringMatching(/could not read the app's id/)]);
      await lookAlike(OTHER_APP, c, { date: DATE, kind: "departures", part: 1, parts: 1 });
      expect(await postDigestOnce(options(digestSlack, c))).toMatchObject({ result: "posted" });
    } finally {
      slack.broken.delete("bots.info");
    }
    slack.authError = "invalid_auth";
    try {
      const refused = webClientSlack(client("xoxb-kennel-desk-0000"));
      await expect(postDigestOnce(options(refused, `C0OWN${++seq}`))).rejects.toThrow(/invalid_auth/);
    } finally {
      slack.authError = undefined;
    }
  });
});

describe("inside the bot", () => {
  it("who it is comes from auth.test at start: a look-alike posted before it started is ignored, once", async () => {
    const h = await startHarness({
      env: { DIGEST_CHANNEL: "C0LOOKALIKE" },
      beforeStart: (s) => {
        s.now = () => Date.parse("2026-11-22T08:00:00Z");
        s.add({
          via: "postMessage",
          author: "bot",
          ephemeral: false,
          channel: "C0LOOKALIKE",
          text: "Departures — nothing today",
          user: "U0OTHERBOT",
          bot_id: "B0OTHER",
          app_id: "A0OTHER",
          metadata: {
            event_type: DIGEST_EVENT,
            event_payload: { date: "2026-11-22", kind: "departures", late: false, part: 1, parts: 1 },
          },
        });
      },
    });
    try {
      const posts = () =>
        h.slack.messages.filter((m) => !m.thread_ts && m.metadata?.event_type === DIGEST_EVENT);
      // Started after 07:00: the day's departures are posted, late, beside the look-alike.
      await h.slack.waitFor(() => posts().length > 1);
      expect(posts().map((m) => m.bot_id)).toEqual(["B0OTHER", "BBOT"]);
      await h.bot.digest?.runDay("2026-11-22");
      expect(posts()).toHaveLength(2);
      const calls = (path: string) => h.slack.api.filter((a) => a.path === path).length;
      // Start-up's own auth.test and Bolt's: the posts asked none of their own; the app's id once.
      expect([calls("/api/auth.test"), calls("/api/bots.info")]).toEqual([2, 1]);
      const warned = h.lines.filter((l) => l.includes("another app or a person"));
      expect(warned).toHaveLength(1);
      expect(warned[0]).toContain("B0OTHER");
    } finally {
      await h.close();
    }
  });
});
