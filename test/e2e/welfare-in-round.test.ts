/**
 * WELFARE_IN_ROUND: the evening round post carries the welfare check in its thread instead of a post
 * of its own (the real bot over HTTP, the Slack stand-in, the sandbox). Its messages are replies of
 * the round post, each pet with its one-tap "✅ All normal"; a tap there is recorded and redraws that
 * reply; at WELFARE_CHECK_BY the pets not checked are named once, in the round post's thread.
 */
import { expect, it } from "vitest";
import { KINDS } from "../../src/answers/welfare-store.ts";
import { DIGEST_EVENT } from "../../src/digest/post.ts";
import { type Harness, SIGNING_SECRET, useHarness } from "../helpers/bot.ts";
import { postSigned } from "../helpers/slack.ts";
import { petBlockOf, tapPayload, type WelfareButton, welfareButtons } from "../helpers/welfare-slack.ts";

const CHANNEL = "C0ROUNDS";
const DATE = "2026-11-22";
let at = Date.parse(`${DATE}T18:05:00Z`);
const clock = { now: () => new Date(at) };
let h: Harness;
useHarness(
  { clock, env: { ROUNDS_CHANNEL: CHANNEL, WELFARE_IN_ROUND: "true", DIGEST_SCHEDULE: "off" } },
  (started) => {
    h = started;
  },
);

it("the round post's thread carries the check; a tap there records it; the pets not checked are named there once", async () => {
  const kinds = h.bot.digest?.posts.map((p) => p.kind) ?? [];
  expect(kinds).toContain("welfare-due:evening");
  expect(kinds.filter((k) => k.startsWith("welfare:"))).toEqual([]);
  expect(await h.bot.digest?.runPost("rounds:evening", DATE)).toMatchObject({ result: "posted" });
  const round = h.slack.timeline.find((m) => m.channel === CHANNEL && !m.thread_ts);
  const replies = h.slack.timeline.filter((m) => m.thread_ts === round?.ts);
  const welfare = replies.filter((m) => welfareButtons(m.blocks, "wf_ok").length > 0);
  expect(welfare.length).toBeGreaterThan(0);
  // Each welfare message is a numbered part of the round post (exactly once, as every part).
  for (const m of welfare)
    expect(m.metadata?.event_payload).toMatchObject({ kind: "rounds:evening", date: DATE });
  const message = welfare[0] as NonNullable<(typeof welfare)[0]>;
  const [b] = welfareButtons(message.blocks, "wf_ok");
  const tap = tapPayload(h.slack, message.id, b as WelfareButton, "U0STAFF");
  const before = h.slack.api.filter((r) => r.path === "/api/chat.update" && r.body.ts === message.ts).length;
  const res = await postSigned(`${h.url}/slack/events`, SIGNING_SECRET, {
    payload: JSON.stringify(tap.body),
  });
  expect(res.status).toBe(200);
  expect(await h.record.log({ kind: KINDS.check, petId: (b as WelfareButton).p })).toHaveLength(1);
  await h.slack.waitFor(
    () =>
      h.slack.api.filter((r) => r.path === "/api/chat.update" && r.body.ts === message.ts).length > before,
    10_000,
  );
  const now = h.slack.timeline.find((m) => m.id === message.id);
  expect(petBlockOf(now?.blocks, (b as WelfareButton).b, (b as WelfareButton).p)?.text?.text).toMatch(
    /✅ all normal/,
  );

  at = Date.parse(`${DATE}T20:01:00Z`);
  expect(await h.bot.digest?.runPost("welfare-due:evening", DATE)).toMatchObject({ result: "posted" });
  expect(await h.bot.digest?.runPost("welfare-due:evening", DATE)).toMatchObject({
    result: "already-posted",
  });
  const due = h.slack.timeline.filter(
    (m) => m.metadata?.event_type === DIGEST_EVENT && m.metadata.event_payload.kind === "welfare-due:evening",
  );
  expect(due).toHaveLength(1);
  expect(due[0]?.thread_ts).toBe(round?.ts);
  expect(JSON.stringify(due[0]?.blocks)).toMatch(/Not checked by 20:00/);
}, 60_000);
