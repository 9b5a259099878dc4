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
import { postSigned, tapBody } from "../helpers/slack.ts";
import {
  formPayload,
  petBlockOf,
  tapPayload,
  type WelfareButton,
  welfareButtons,
} from "../helpers/welfare-slack.ts";

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

it("vet advice recorded from the Home tab's list draws the round posts' welfare replies and the flag's message again", async () => {
  const updatesOf = (ts: string) =>
    h.slack.api.filter((r) => r.path === "/api/chat.update" && r.body.ts === ts).length;
  const send = async (payload: unknown) =>
    expect(
      (await postSigned(`${h.url}/slack/events`, SIGNING_SECRET, { payload: JSON.stringify(payload) }))
        .status,
    ).toBe(200);
  const modalFor = async (trigger: string) => {
    await h.slack.waitFor(() => [...h.slack.modals.values()].some((m) => m.trigger_id === trigger), 10_000);
    return [...h.slack.modals.values()].find((m) => m.trigger_id === trigger) as NonNullable<
      ReturnType<typeof h.slack.modals.get>
    >;
  };
  /** The evening round post of a day, and its welfare replies (the check in its thread). */
  const evening = async (date: string) => {
    at = Date.parse(`${date}T18:05:00Z`);
    expect(await h.bot.digest?.runPost("rounds:evening", date)).toMatchObject({ result: "posted" });
    const round = h.slack.timeline.find(
      (m) =>
        !m.thread_ts &&
        m.metadata?.event_payload.kind === "rounds:evening" &&
        m.metadata.event_payload.date === date,
    );
    return h.slack.timeline.filter(
      (m) => m.thread_ts === round?.ts && welfareButtons(m.blocks, "wf_note").length > 0,
    );
  };
  const now = (id: number) => h.slack.timeline.find((m) => m.id === id);
  /** A loose stool for the pet, through the form on the reply holding it. */
  const loose = async (replies: Awaited<ReturnType<typeof evening>>, petId: number) => {
    const m = replies.find((r) => welfareButtons(r.blocks, "wf_note").some((x) => x.p === petId));
    const b = welfareButtons(m?.blocks, "wf_note").find((x) => x.p === petId);
    if (!m || !b) throw new Error("the pet is not on the post");
    const tap = tapPayload(h.slack, m.id, b, "U0STAFF");
    await send(tap.body);
    await send(formPayload(await modalFor(tap.trigger), "U0STAFF", { "sign:stool": "loose" }));
    return m;
  };
  const first = await evening("2026-11-20");
  const second = await evening("2026-11-21");
  const pets = (r: typeof first) => r.flatMap((m) => welfareButtons(m.blocks, "wf_note").map((x) => x.p));
  const petId = pets(second).find((p) => pets(first).includes(p));
  if (petId === undefined) throw new Error("no pet on both evenings");
  at = Date.parse("2026-11-20T18:10:00Z");
  const one = await loose(first, petId);
  at = Date.parse("2026-11-21T18:10:00Z");
  const two = await loose(second, petId);
  const flagged = () => h.slack.timeline.filter((m) => JSON.stringify(m.blocks ?? []).includes("wf_advice:"));
  await h.slack.waitFor(() => flagged().length > 0, 10_000);
  const flag = flagged()[0] as NonNullable<ReturnType<typeof flagged>[0]>;
  expect(flag.thread_ts).toBe(two.thread_ts);

  at = Date.parse("2026-11-21T18:30:00Z");
  const inDm = () => h.slack.timeline.filter((m) => m.via === "postMessage" && m.channel === "U0STAFF");
  await send(
    tapBody({
      user: "U0STAFF",
      trigger: "thome",
      on: { modal: { id: "VU0STAFF", view: { type: "home", blocks: [] } } },
      action: {
        action_id: "home_list:welfare",
        block_id: "home",
        value: '{"l":"welfare"}',
        action_ts: "1763750000.0001",
      },
    }),
  );
  await h.slack.waitFor(() => inDm().length > 0, 15_000);
  const list = inDm()[0] as NonNullable<ReturnType<typeof inDm>[0]>;
  const [advice] = welfareButtons(list.blocks, "wf_advice");
  const tap = tapPayload(h.slack, list.id, advice as WelfareButton, "U0STAFF");
  await send(tap.body);
  const shown = [one.ts, two.ts, flag.ts];
  const before = shown.map(updatesOf);
  await send(
    formPayload(
      await modalFor(tap.trigger),
      "U0STAFF",
      {},
      { vet: "Riverside Vets", when: "18:20", advice: "Bland diet" },
    ),
  );
  await h.slack.waitFor(() => shown.every((ts, i) => updatesOf(ts) > (before[i] ?? 0)), 15_000);
  for (const m of [one, two])
    expect(JSON.stringify(now(m.id)?.blocks)).toContain("🩺 vet advice: Riverside Vets");
  expect(JSON.stringify(now(flag.id)?.blocks)).toContain("Vet advice from Riverside Vets");
  // The round sheets of both evenings (kept before the flag opened, never tapped since) are drawn
  // again too: the pet's flag line as the flag stands, as the pet's card and Home say it.
  const sheetHolding = (date: string) => {
    const parent = h.slack.timeline.find(
      (m) =>
        !m.thread_ts &&
        m.metadata?.event_payload.kind === "rounds:evening" &&
        m.metadata.event_payload.date === date,
    );
    return () =>
      h.slack.timeline
        .filter((m) => m.ts === parent?.ts || m.thread_ts === parent?.ts)
        .filter((m) => welfareButtons(m.blocks, "wf_note").length === 0)
        .map((m) => JSON.stringify(m.blocks ?? []))
        .find((b) => b.includes(`"p":${petId}`) || b.includes(`-${petId}`));
  };
  for (const date of ["2026-11-20", "2026-11-21"]) {
    const sheet = sheetHolding(date);
    await h.slack.waitFor(() => sheet()?.includes("🩺 vet advice: Riverside Vets") === true, 15_000);
    expect(sheet()).toContain("🚩 Loose stool, 2 checks in a row · 🩺 vet advice: Riverside Vets");
  }
}, 60_000);
