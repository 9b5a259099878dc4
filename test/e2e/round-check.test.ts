/**
 * The round check edited from Slack: the real bot over HTTP, the Slack stand-in and the sandbox.
 * The bot posts the evening round and, at 19:30, its check in the thread; a staff member's tap on
 * the round post (signed block_actions) is committed, and the check's reply is edited from the
 * store: the pet tapped is no longer named.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { roundReport } from "../../src/answers/rounds.ts";
import { recordAll } from "../../src/blocks/buttons.ts";
import { DIGEST_EVENT } from "../../src/digest/post.ts";
import { type Harness, SIGNING_SECRET, startHarness } from "../helpers/bot.ts";
import { confirmAllPlans } from "../helpers/plans.ts";
import { actionPayload, type Button, buttonsOf } from "../helpers/record-slack.ts";
import { postSigned } from "../helpers/slack.ts";

const CHANNEL = "C0ROUNDS";
let at = Date.parse("2026-11-22T18:00:00Z");
const clock = { now: () => new Date(at) };
let h: Harness;

beforeAll(async () => {
  h = await startHarness({ clock, env: { ROUNDS_CHANNEL: CHANNEL, DIGEST_SCHEDULE: "off" } });
}, 60_000);
afterAll(() => h.close());

it("a tap on the round post edits the round check's reply in its thread", async () => {
  const digest = h.bot.digest;
  if (!digest) throw new Error("the bot made no scheduled posts");
  // The pets' care plans drafted (as a first sheet would) and confirmed by staff: the post has one tap.
  await roundReport(h.bot.deps, "evening", "2026-11-22");
  await confirmAllPlans(h.record, h.config, clock);
  await digest.runPost("rounds:evening", "2026-11-22");
  at = Date.parse("2026-11-22T19:30:00Z");
  expect(await digest.runPost("check:evening", "2026-11-22")).toMatchObject({ result: "posted" });
  const post = h.slack.timeline.find((m) => !m.thread_ts && m.channel === CHANNEL);
  const check = () =>
    h.slack.timeline.find(
      (m) => m.metadata?.event_type === DIGEST_EVENT && m.metadata.event_payload.kind === "check:evening",
    );
  expect(check()?.thread_ts).toBe(post?.ts);
  const before = JSON.stringify(check()?.blocks);
  // A pet the check names: tap its "All given & eaten".
  const buttons = await buttonsOf(h.record, post?.blocks, recordAll);
  const named = buttons.find((b) => before.includes(`${b.state.n}: `)) as Button;
  expect(named).toBeDefined();
  const updates = () =>
    h.slack.api.filter((r) => r.path === "/api/chat.update" && r.body.ts === check()?.ts).length;
  const payload = actionPayload(h.slack, post?.id as number, named, "U0STAFF");
  const res = await postSigned(`${h.url}/slack/events`, SIGNING_SECRET, {
    payload: JSON.stringify(payload.body),
  });
  expect(res.status).toBe(200);
  await h.slack.waitFor(() => updates() > 0, 10_000);
  const after = JSON.stringify(check()?.blocks);
  expect(after).toContain("updated 19:30");
  const count = (text: string) => text.split(`${named.state.n}: `).length;
  expect(count(after)).toBe(count(before) - 1);
}, 60_000);
