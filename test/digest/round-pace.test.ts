/**
 * A 500-pet round posted at Slack's pace (issue 47): over the loopback Slack stand-in, which answers
 * 429 past a burst of ten and one message a second per channel, on a fake clock shared by the
 * stand-in's pace and the bot's, every part of the round goes out once, in order, with no 429; and a
 * 429 that comes anyway is waited out for as long as its Retry-After says.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RoundReport } from "../../src/answers/rounds.ts";
import { sheetForSlack, sheetMessages } from "../../src/blocks/round-sheet.ts";
import { DIGEST_EVENT, postDigestOnce } from "../../src/digest/post.ts";
import { webClientSlack } from "../../src/digest/slack.ts";
import type { Booking, Pet } from "../../src/kennel/schemas.ts";
import { silentLogger } from "../../src/log.ts";
import { draftSheet } from "../../src/present/round-sheet.ts";
import { channelPacer } from "../../src/slack/pace.ts";
import { createWebClient } from "../../src/slack/web-client.ts";
import { type SlackStandIn, startSlackStandIn } from "../helpers/slack.ts";
import { roundOf } from "../text/fixtures.ts";

const DATE = "2026-11-24";
const CHANNEL = "C0ROUNDS";
let t = Date.parse(`${DATE}T18:00:00Z`);
let slack: SlackStandIn;

beforeAll(async () => {
  slack = await startSlackStandIn({ rateNow: () => t });
  slack.now = () => t;
});
afterAll(() => slack.close());

/** A round of `n` pets, each with a dose and a diet this evening. */
function round(n: number): RoundReport {
  return roundOf(
    "evening",
    Array.from({ length: n }, (_, i) => [
      { bookingId: 20_000 + i, roomName: `Kennel ${i + 1}`, customerName: `Owner ${i + 1}` } as Booking,
      {
        petId: 10_000 + i,
        name: `Pet ${i + 1}`,
        medication: `Rimadyl ${i % 5 ? 50 : 100} mg, half a tablet with food`,
        medicationPm: "half a tablet with dinner",
        dietaryRequirementsPm: "1 cup of kibble, soaked",
      } as Pet,
    ]),
  );
}

describe("a 500-pet round at Slack's pace", () => {
  it("every part once, in order, no 429, a part a second past the burst", async () => {
    const messages = sheetMessages(sheetForSlack(draftSheet(round(500), { timezone: "UTC" })), {
      entries: [],
      timezone: "UTC",
    });
    const parts = 1 + messages.replies.length;
    expect(parts).toBeGreaterThan(15);
    const pace = channelPacer({
      now: () => t,
      sleep: async (ms) => {
        t += ms;
      },
    });
    const client = createWebClient("xoxb-test-0000-pace", { apiUrl: slack.apiUrl, log: silentLogger() });
    const start = t;
    const outcome = await postDigestOnce({
      slack: webClientSlack(client, { pace }),
      channel: CHANNEL,
      date: DATE,
      kind: "rounds:evening",
      timezone: "UTC",
      now: () => new Date(t),
      compose: async () => messages,
      late: false,
      settle: async () => undefined,
    });
    expect(outcome).toMatchObject({ result: "posted", replies: parts - 1 });
    // No 429: each part asked for once (the stand-in answers 429 past its pace, and the client asks again).
    const posts = slack.api.filter((r) => r.path === "/api/chat.postMessage");
    expect(posts).toHaveLength(parts);
    // In order: the thread's parts numbered 2, 3, … as they were posted.
    const numbers = slack.messages
      .filter((m) => m.metadata?.event_type === DIGEST_EVENT)
      .map((m) => (m.metadata?.event_payload as { part?: number } | undefined)?.part);
    expect(numbers).toEqual(Array.from({ length: parts }, (_, i) => i + 1));
    // At the pace: three at once, then one a second (on the fake clock; no real second waited).
    expect(t - start).toBe((parts - 3) * 1000);
  });

  it("a 429 that comes anyway is waited out, as its Retry-After says, and the part posted once", async () => {
    slack.rateLimited.set("chat.postMessage", 1);
    const client = createWebClient("xoxb-test-0000-pace", { apiUrl: slack.apiUrl, log: silentLogger() });
    const before = slack.api.filter((r) => r.path === "/api/chat.postMessage").length;
    const began = Date.now();
    const ts = await webClientSlack(client).post("C0OTHER", { text: "Evening round", blocks: [] });
    expect(slack.messages.filter((m) => m.ts === ts)).toHaveLength(1);
    expect(slack.api.filter((r) => r.path === "/api/chat.postMessage").length - before).toBe(2);
    // The stand-in's Retry-After is one second.
    expect(Date.now() - began).toBeGreaterThanOrEqual(900);
  });
});
