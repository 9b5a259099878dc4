/**
 * Long command answers against Slack's real delivery limits (the stand-in enforces them): a
 * response_url takes five answers, a channel the bot is not in answers `not_in_channel`. /rounds on
 * the 150-pet day with a slow API ("Looking up…" shown) must show every pet, in the channel when
 * the bot is there, else to the asker whole; never more than five response_url uses.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { TimelineEntry } from "../../src/preview/slack-standin.ts";
import { type Harness, SIGNING_SECRET, startHarness } from "../helpers/bot.ts";
import { commandForm, postSigned } from "../helpers/slack.ts";

const FULL_HOUSE = "2026-11-24";
const CHANNEL = "C0FRONTDESK";
let h: Harness;

beforeAll(async () => {
  // "Looking up…" on every command: the answer spends a response_url use before it is ready.
  h = await startHarness({ loadingAfterMs: 0, env: { DIGEST_SCHEDULE: "off" } });
});
afterAll(() => h.close());
beforeEach(() => {
  h.slack.notInChannel.clear();
  h.slack.broken.clear();
});

/** Everything the asker can see after the command, once it stops changing. */
async function roundsSeenBy(user = "U0STAFF"): Promise<{ seen: TimelineEntry[]; id: string }> {
  const { form, id } = commandForm(h.slack, { command: "/rounds", text: `morning ${FULL_HOUSE}`, user });
  h.slack.responseTarget(id, { channel: CHANNEL, user });
  const since = h.slack.timeline.reduce((n, e) => Math.max(n, e.id), 0);
  const seen = () =>
    h.slack.timeline.filter(
      (e) =>
        e.id > since &&
        (e.channel === CHANNEL || e.channel === user) &&
        (!e.ephemeral || e.user === user) &&
        !e.text.includes("Looking up"),
    );
  expect((await postSigned(`${h.url}/slack/events`, SIGNING_SECRET, form)).status).toBe(200);
  await h.slack.waitFor(() => seen().length > 0, 20_000);
  // The parts come a second apart past the first three (the bot keeps Slack's pace): settled when
  // nothing has come for longer than that.
  let n = -1;
  while (n !== h.slack.version) {
    n = h.slack.version;
    await new Promise((r) => setTimeout(r, 1500));
  }
  return { seen: seen(), id };
}

const sections = (entries: TimelineEntry[]) =>
  entries.flatMap((e) =>
    ((e.blocks ?? []) as Array<{ type: string; text?: { text: string } }>)
      .filter((b) => b.type === "section")
      .map((b) => b.text?.text ?? ""),
  );
const petsOnSheet = (entries: TimelineEntry[]) =>
  Number(/\((\d+) pets\)/.exec(JSON.stringify(entries[0]?.blocks))?.[1]);

describe("/rounds on a big house, a slow API and Slack's limits", () => {
  it("in a channel the bot is in: a message and its thread hold every pet; at most five response_url uses, none refused", async () => {
    const { seen, id } = await roundsSeenBy();
    const posts = seen.filter((e) => e.via === "postMessage" && e.channel === CHANNEL);
    expect(posts.length).toBeGreaterThan(1);
    expect(posts.slice(1).every((p) => p.thread_ts === posts[0]?.ts)).toBe(true);
    expect(petsOnSheet(posts)).toBeGreaterThan(140);
    expect(sections(posts).length).toBe(petsOnSheet(posts));
    expect(h.slack.responsesFor(id).length).toBeLessThanOrEqual(5);
    // "Looking up…" was removed: nothing of it is left on screen.
    expect(h.slack.timeline.some((e) => e.text.includes("Looking up"))).toBe(false);
  });

  it("in a channel the bot is not in: every pet reaches the asker (their DM with the app), with a note saying where and how to invite the bot", async () => {
    h.slack.notInChannel.add(CHANNEL);
    const { seen, id } = await roundsSeenBy();
    const dm = seen.filter((e) => e.via === "postMessage" && e.channel === "U0STAFF");
    expect(petsOnSheet(dm)).toBeGreaterThan(140);
    expect(sections(dm).length).toBe(petsOnSheet(dm));
    const note = seen.find((e) => e.ephemeral && e.text.includes("/invite"));
    expect(note?.text).toContain("direct messages with Kennel Desk");
    expect(h.slack.responsesFor(id).length).toBeLessThanOrEqual(5);
    expect(h.lines.join("\n")).toContain("not in the channel");
  });

  it("not in the channel and no DM possible: the note says plainly which parts are missing (never lost in silence)", async () => {
    h.slack.notInChannel.add(CHANNEL);
    h.slack.broken.add("chat.postMessage");
    const { seen, id } = await roundsSeenBy();
    expect(h.slack.responsesFor(id).length).toBeLessThanOrEqual(5);
    const note = seen.find((e) => e.text.includes("not shown"));
    expect(note?.text).toMatch(/messages \d+–\d+ of \d+ of this answer are not shown/);
    expect(note?.text).toContain("/invite @Kennel Desk");
    const shown = seen.filter((e) => e.via === "response" && !e.ephemeral);
    expect(shown.length).toBeGreaterThan(0);
  });

  it("a one-message answer whose response_url fails, in a channel the bot is not in: it comes in the DM, not lost", async () => {
    h.slack.notInChannel.add(CHANNEL);
    const { form, id } = commandForm(h.slack, { command: "/inhouse", text: "" });
    h.slack.failing.add(id);
    const since = h.slack.timeline.reduce((n, e) => Math.max(n, e.id), 0);
    expect((await postSigned(`${h.url}/slack/events`, SIGNING_SECRET, form)).status).toBe(200);
    await h.slack.waitFor(
      () => h.slack.timeline.some((e) => e.id > since && e.channel === "U0STAFF" && /In house/.test(e.text)),
      15_000,
    );
  });
});
