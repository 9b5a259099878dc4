/**
 * Who can read the channel posts: at start the bot reads the members of DIGEST_CHANNEL and
 * ROUNDS_CHANNEL (conversations.members, paged; users.info each, bounded) and logs a guest account
 * among them, and /kennel status says so. Against the loopback Slack stand-in with a real WebClient;
 * the last test runs the whole bot's start-up.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config.ts";
import { ChannelGuests } from "../../src/listeners/channel-guests.ts";
import { createWebClient } from "../../src/slack/web-client.ts";
import { startHarness } from "../helpers/bot.ts";
import { captureLogger } from "../helpers/log.ts";
import { commandForm, postSigned, type SlackStandIn, startSlackStandIn } from "../helpers/slack.ts";

const POSTS = "C0POSTS";
const ROUNDS = "C0ROUNDS";
const WORKSPACE = { teamId: "T1" };

let slack: SlackStandIn;
beforeAll(async () => {
  slack = await startSlackStandIn();
});
afterAll(() => slack.close());

/** Staff U0S0…, each a full member of the workspace. */
function staff(channel: string, n: number): string[] {
  const ids = Array.from({ length: n }, (_, i) => `U0${channel}S${i}`);
  for (const id of ids) slack.users.set(id, { id, team_id: "T1" });
  return ids;
}

function setUp(env: Record<string, string>) {
  const config = loadConfig({ DIGEST_CHANNEL: POSTS, ...env });
  const { log, records } = captureLogger();
  const client = createWebClient("xoxb-test", {
    apiUrl: slack.apiUrl,
    log,
    retryConfig: { retries: 0 },
  });
  return { guests: new ChannelGuests(config, log), client, records };
}

const calls = (method: string) => slack.api.filter((r) => r.path === `/api/${method}`);

describe("the members of the channels the bot posts in", () => {
  it("a guest, a single-channel guest and an outsider among 450 members: read over 3 pages, logged, and said", async () => {
    const members = staff("P", 447);
    slack.users.set("U0GUEST1", { id: "U0GUEST1", team_id: "T1", is_restricted: true });
    slack.users.set("U0GUEST2", { id: "U0GUEST2", team_id: "T1", is_ultra_restricted: true });
    slack.users.set("U0OTHER", { id: "U0OTHER", team_id: "T9" });
    // The guests last, on the third page.
    slack.channelMembers.set(POSTS, [...members, "U0GUEST1", "U0OTHER", "U0GUEST2"]);
    slack.channelMembers.set(ROUNDS, staff("R", 5));
    const before = calls("conversations.members").length;
    const { guests, client, records } = setUp({ ROUNDS_CHANNEL: ROUNDS });
    await guests.check(client, WORKSPACE);

    const pages = calls("conversations.members").slice(before);
    expect(pages.filter((r) => r.body.channel === POSTS)).toHaveLength(3);
    expect(pages.filter((r) => r.body.channel === ROUNDS)).toHaveLength(1);
    const [posts, rounds] = guests.audiences;
    expect(posts).toMatchObject({
      channel: POSTS,
      settings: ["DIGEST_CHANNEL"],
      members: 450,
      checked: 450,
      guests: ["U0GUEST1", "U0GUEST2"],
      outsiders: ["U0OTHER"],
      problem: undefined,
    });
    expect(rounds).toMatchObject({ channel: ROUNDS, members: 5, guests: [], outsiders: [] });

    const warning = records().find((r) => r.level === "warn" && r.channel === POSTS);
    expect(warning?.msg).toMatch(
      /channel C0POSTS \(DIGEST_CHANNEL\): 2 guest accounts and 1 user from outside the workspace can read every post there/,
    );
    expect(warning?.users).toEqual(["U0GUEST1", "U0GUEST2", "U0OTHER"]);
    expect(records().some((r) => r.level === "warn" && r.channel === ROUNDS)).toBe(false);

    const words = guests.describe() ?? "";
    expect(words).toMatch(/⚠️ channel C0POSTS \(DIGEST_CHANNEL\): 2 guest accounts and 1 user from outside/);
    expect(words).toMatch(/Remove them from the channel, or post in a channel without guests/);
    expect(words).toMatch(/channel C0ROUNDS \(ROUNDS_CHANNEL\): no guest accounts among its 5 members/);
  });

  it("one channel for both settings is read once", async () => {
    slack.channelMembers.set(POSTS, staff("B", 3));
    const before = calls("conversations.members").length;
    const { guests, client } = setUp({ ROUNDS_CHANNEL: POSTS });
    await guests.check(client, WORKSPACE);
    expect(calls("conversations.members").length - before).toBe(1);
    expect(guests.audiences).toHaveLength(1);
    expect(guests.describe()).toMatch(
      /channel C0POSTS \(DIGEST_CHANNEL, ROUNDS_CHANNEL\): no guest accounts/,
    );
  });

  it("a channel with no members found says so, never 'no guest accounts among its 0 members'", async () => {
    slack.channelMembers.set(POSTS, []);
    const { guests, client } = setUp({});
    await guests.check(client, WORKSPACE);
    expect(guests.describe()).toMatch(
      /channel C0POSTS \(DIGEST_CHANNEL\): no members found .*check that the bot is in the channel/,
    );
    expect(guests.describe()).not.toContain("0 members");
  });

  it("bounded: a 3,000-member channel reads at most 10 pages and looks up at most 500 members", async () => {
    slack.channelMembers.set(POSTS, staff("L", 3000));
    const pagesBefore = calls("conversations.members").length;
    const infoBefore = calls("users.info").length;
    const { guests, client } = setUp({});
    await guests.check(client, WORKSPACE);
    expect(calls("conversations.members").length - pagesBefore).toBe(10);
    expect(calls("users.info").length - infoBefore).toBe(500);
    expect(guests.audiences[0]).toMatchObject({ members: 2000, checked: 500 });
    expect(guests.describe()).toMatch(/500 of 2000 members checked/);
  });

  it("a look-up that fails is logged and said, never thrown", async () => {
    slack.broken.add("conversations.members");
    try {
      const { guests, client, records } = setUp({});
      await expect(guests.check(client, WORKSPACE)).resolves.toBeUndefined();
      expect(guests.audiences[0]?.problem).toBeTruthy();
      const warning = records().find((r) => r.level === "warn");
      expect(warning?.msg).toMatch(/could not check who can read the posts in channel C0POSTS/);
      expect(guests.describe()).toMatch(/channel C0POSTS \(DIGEST_CHANNEL\): could not check its members/);
    } finally {
      slack.broken.delete("conversations.members");
    }
  });

  it("no posting channel: nothing is looked up and status says nothing of it", async () => {
    const config = loadConfig({});
    const { log } = captureLogger();
    const guests = new ChannelGuests(config, log);
    const before = slack.api.length;
    await guests.check(createWebClient("xoxb-test", { apiUrl: slack.apiUrl, log }), WORKSPACE);
    expect(slack.api.length).toBe(before);
    expect(guests.describe()).toBeUndefined();
  });
});

describe("at start-up", () => {
  it("the bot starts without waiting for the look-up, logs the guest, and /kennel status says it", async () => {
    const h = await startHarness({
      env: { DIGEST_CHANNEL: "C0DIGEST", DIGEST_SCHEDULE: "false" },
      beforeStart: (s) => {
        s.users.set("U0DESK", { id: "U0DESK" });
        s.users.set("U0VISITOR", { id: "U0VISITOR", is_restricted: true });
        s.channelMembers.set("C0DIGEST", ["U0DESK", "U0VISITOR"]);
        // Slack asks the bot to wait a second before the members: start-up does not wait with it.
        s.rateLimited.set("conversations.members", 1);
      },
    });
    try {
      expect(h.bot.deps.channelGuests?.describe()).toMatch(/being checked/);
      await h.slack.waitFor(() => h.bot.deps.channelGuests?.audiences.length === 1, 8_000);
      expect(h.lines.some((l) => l.includes("C0DIGEST") && l.includes("1 guest account can read"))).toBe(
        true,
      );
      h.slack.users.set("U0STAFF", { id: "U0STAFF" });
      const { form, id } = commandForm(h.slack, { command: "/kennel", text: "status" });
      expect(
        (await postSigned(`${h.url}/slack/events`, "8f14e45fceea167a5a36dedd4bea2543", form)).status,
      ).toBe(200);
      await h.slack.waitFor(() =>
        h.slack.responsesFor(id).some((r) => !String(r.body.text).includes("Looking up")),
      );
      const answer = JSON.stringify(h.slack.responsesFor(id).at(-1)?.body);
      expect(answer).toContain(
        "*👥 Who can read the posts:* ⚠️ channel C0DIGEST (DIGEST_CHANNEL): 1 guest account",
      );
    } finally {
      await h.close();
    }
  });
});
