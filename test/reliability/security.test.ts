/**
 * Security under faults: guests get nothing anywhere; the kennel client talks only to the
 * configured origin; the key and tokens are in no Slack payload and no log line; contact details
 * are in no channel post and no morning post.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Harness, SIGNING_SECRET, startHarness } from "../helpers/bot.ts";
import { channelPosts, contactValues } from "../helpers/privacy.ts";
import { actionForm, commandForm, postSigned, type Recorded } from "../helpers/slack.ts";

let h: Harness;
const seen: URL[] = [];

const recordingFetch = ((input: Request | string | URL, init?: RequestInit) => {
  const request = input instanceof Request ? input : new Request(input, init);
  seen.push(new URL(request.url));
  return fetch(request);
}) as typeof fetch;

beforeAll(async () => {
  h = await startHarness({
    fetch: recordingFetch,
    timeoutMs: 1_500,
    env: { DIGEST_CHANNEL: "C0MORNING", DIGEST_CONTENT: "departures,arrivals" },
  });
  h.slack.users.set("U0GUEST", { id: "U0GUEST", is_restricted: true });
});
afterAll(() => h.close());

const isFinal = (r: Recorded) =>
  !String(r.body.text ?? "").includes("Looking up") && r.body.delete_original !== true;

/** The answer through the response_url, or (a long channel answer) the thread it posted. */
async function send(form: Record<string, string>, id: string): Promise<Recorded> {
  const since = h.slack.api.length;
  const posted = () => h.slack.api.slice(since).find((a) => a.path === "/api/chat.postMessage");
  const res = await postSigned(`${h.url}/slack/events`, SIGNING_SECRET, form);
  expect(res.status).toBe(200);
  await h.slack.waitFor(() => h.slack.responsesFor(id).some(isFinal) || posted() !== undefined);
  return (h.slack.responsesFor(id).find(isFinal) ?? posted()) as Recorded;
}

function everyCommand(): Array<[string, string]> {
  const s = h.sandbox;
  const ref = String(s.main.bookings[1]?.reference);
  const name = String(s.main.customers[3]?.secondname);
  return [
    ["/arrivals", ""],
    ["/departures", s.data.busyDays[0] as string],
    ["/booking", ref],
    ["/pet", "a"],
    ["/customer", name],
    ["/kennel", "status"],
    ["/kennel", "bookings today"],
    ["/kennel", `customers ${name}`],
    ["/kennel", "pets a"],
    ["/inhouse", ""],
    ["/rounds", "evening"],
    ["/rounds", "midday tomorrow"],
  ];
}

function everyButton(): Array<{ action_id: string; value: string }> {
  const s = h.sandbox;
  const b = s.main.bookings[1] as Record<string, unknown>;
  return [
    { action_id: "day_page_next", value: JSON.stringify({ k: "departures", d: s.data.busyDays[0], p: 2 }) },
    { action_id: "day_page_prev", value: JSON.stringify({ k: "arrivals", d: "2026-11-22", p: 1 }) },
    { action_id: `pet_open:${s.main.pets[0]?.petId}`, value: JSON.stringify({ p: s.main.pets[0]?.petId }) },
    { action_id: "customer_open", value: JSON.stringify({ c: b.customerId }) },
    { action_id: `booking_open:${b.bookingId}`, value: JSON.stringify({ b: b.bookingId }) },
    { action_id: "customer_bookings", value: JSON.stringify({ c: b.customerId, p: 1 }) },
    { action_id: "customer_bookings:next", value: JSON.stringify({ c: b.customerId, p: 2 }) },
    { action_id: "pets_page:next", value: JSON.stringify({ q: "a", p: 2 }) },
    { action_id: "customers_page:next", value: JSON.stringify({ q: "o", p: 2 }) },
    { action_id: "bookings_page:next", value: JSON.stringify({ q: "today", t: "2026-11-22", p: 2 }) },
    { action_id: "house_page:next", value: JSON.stringify({ d: s.data.busyDays[0], p: 2 }) },
    { action_id: `owner_contacts:${b.bookingId}`, value: JSON.stringify({ b: b.bookingId }) },
    { action_id: "home_list:inhouse", value: JSON.stringify({ l: "inhouse" }) },
    { action_id: "home_list:rounds", value: JSON.stringify({ l: "rounds" }) },
  ];
}

describe("guests", () => {
  it("are refused in every command and every button, and no kennel data is fetched", async () => {
    // The morning post's catch-up (both kinds) runs at start: let it finish before counting requests.
    await h.slack.waitFor(
      () => h.slack.messages.filter((m) => m.metadata?.event_type === "kennel_digest").length === 2,
    );
    await new Promise((r) => setTimeout(r, 200));
    const before = h.sandbox.requests.length;
    for (const [command, text] of everyCommand()) {
      const { form, id } = commandForm(h.slack, { command, text, user: "U0GUEST" });
      const answer = await send(form, id);
      expect(JSON.stringify(answer.body), `${command} ${text}`).toMatch(/not available to guest accounts/);
      expect(answer.body.response_type).toBe("ephemeral");
    }
    for (const button of everyButton()) {
      const { form, id } = actionForm(h.slack, button, { user: "U0GUEST" });
      const answer = await send(form, id);
      expect(JSON.stringify(answer.body), button.action_id).toMatch(/not available to guest accounts/);
      expect(answer.body.replace_original).not.toBe(true);
    }
    expect(h.sandbox.requests.length).toBe(before);
  });
});

describe("under faults", () => {
  it("the kennel client reaches only the configured origin; no key or token in any payload or log; no contacts in the channel", async () => {
    const faults = [
      {},
      { forceStatus: 500 as const },
      { forceStatus: 401 as const },
      { malformedRate: 1 },
      { wrongAddress: true },
      { corruptRate: 1 },
      { rateLimitRate: 1, retryAfterSeconds: 0 },
    ];
    for (const f of faults) {
      h.sandbox.setFaults(f);
      for (const [command, text] of everyCommand()) {
        const { form, id } = commandForm(h.slack, { command, text });
        await send(form, id);
      }
      for (const button of everyButton()) {
        const { form, id } = actionForm(h.slack, button);
        await send(form, id);
      }
    }
    h.sandbox.setFaults({});
    await h.bot.digest?.runDay(h.sandbox.data.busyDays[0] as string);

    const origin = new URL(h.sandbox.url).origin;
    expect(seen.length).toBeGreaterThan(100);
    expect(seen.filter((u) => u.origin !== origin)).toEqual([]);

    // What people see (response_url answers, posted messages) and what the Web API calls carry
    // besides Slack's own credentials: no key, no secret, no token.
    const apiBodies = h.slack.api.map((a) => {
      const { token: _credentials, ...rest } = a.body;
      return rest;
    });
    const payloads = JSON.stringify([h.slack.responses.map((r) => r.body), apiBodies, h.slack.messages]);
    for (const secret of [h.sandbox.keys.main, SIGNING_SECRET, "xoxb-test-0000-bottoken"]) {
      expect(payloads).not.toContain(secret);
      for (const line of h.lines) expect(line).not.toContain(secret);
    }
    // The bot token goes to Slack only, as its credentials: the Authorization header (and, for
    // Bolt's auth.test, the token field Slack defines), never anything else.
    expect(h.slack.api.every((a) => a.authorization === "Bearer xoxb-test-0000-bottoken")).toBe(true);
    expect(h.slack.api.filter((a) => a.body.token !== undefined).map((a) => a.path)).toEqual(
      h.slack.api.filter((a) => a.body.token !== undefined).map(() => "/api/auth.test"),
    );
    // The kennel key never goes to Slack at all, nor the signing secret anywhere.
    expect(JSON.stringify(h.slack.api)).not.toContain(h.sandbox.keys.main);

    const contacts = contactValues(h.sandbox);
    const posts = channelPosts(h.slack);
    expect(posts.length).toBeGreaterThan(10);
    expect(
      h.slack.messages.filter((m) => m.metadata?.event_type === "kennel_digest").length,
    ).toBeGreaterThanOrEqual(2);
    for (const post of posts) {
      for (const contact of contacts) {
        if (post.includes(contact)) throw new Error(`contact detail "${contact}" in a channel post`);
      }
    }
  }, 120_000);
});
