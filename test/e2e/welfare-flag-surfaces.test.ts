/**
 * A welfare flag answered from the Home tab's list, end to end (the real Bolt app over HTTP, signed
 * bodies, the Slack stand-in, the sandbox, a SQLite record): two loose stools in a row (the morning
 * and midday checks) open a flag, posted in the midday post's thread. Vet advice, then the
 * resolution, recorded from the list in the tapper's DM: each time the welfare posts' messages
 * holding the pet and the flag's own message are drawn again from the record (chat.update), as a tap
 * on them would draw them.
 */
import { expect, it } from "vitest";
import { type Harness, SIGNING_SECRET, useHarness } from "../helpers/bot.ts";
import { postSigned, tapBody } from "../helpers/slack.ts";
import {
  formPayload,
  petBlockOf,
  tapPayload,
  type WelfareButton,
  welfareButtons,
} from "../helpers/welfare-slack.ts";

const DATE = "2026-11-22";
let at = Date.parse(`${DATE}T08:30:00Z`);
const clock = { now: () => new Date(at) };
const CHANNEL = "C0WELFARE";
const USER = "U0JANE";

let h: Harness;
useHarness(
  {
    clock,
    env: {
      WELFARE_CHANNEL: CHANNEL,
      WELFARE_ROUNDS: "morning,midday,evening",
      ROUNDS_TIMES: "08:00,12:00,17:00",
      DIGEST_SCHEDULE: "off",
    },
  },
  (started) => {
    h = started;
    h.slack.users.set(USER, { id: USER, real_name: "Jane Doe", profile: { display_name: "Jane" } });
  },
);

const events = () => `${h.url}/slack/events`;
const message = (id: number) =>
  h.slack.timeline.find((m) => m.id === id) as NonNullable<ReturnType<typeof h.slack.timeline.find>>;
const updatesOf = (ts: string) =>
  h.slack.api.filter((r) => r.path === "/api/chat.update" && r.body.ts === ts).length;

async function send(payload: unknown) {
  const res = await postSigned(events(), SIGNING_SECRET, { payload: JSON.stringify(payload) });
  expect(res.status).toBe(200);
  return res;
}
async function modalFor(trigger: string) {
  await h.slack.waitFor(() => [...h.slack.modals.values()].some((m) => m.trigger_id === trigger), 10_000);
  return [...h.slack.modals.values()].find((m) => m.trigger_id === trigger) as NonNullable<
    ReturnType<typeof h.slack.modals.get>
  >;
}
/** The round's welfare post, made by the bot's scheduled-post job: its parent as Slack shows it. */
async function post(round: string) {
  const outcome = await h.bot.digest?.runPost(`welfare:${round}`, DATE);
  expect(outcome?.result).toBe("posted");
  const parent = h.slack.timeline.find(
    (m) => !m.thread_ts && m.metadata?.event_payload.kind === `welfare:${round}`,
  );
  if (!parent) throw new Error("no welfare post");
  return parent;
}
/** The pet's last button on a post, tapped, and a loose stool recorded through its form. */
async function loose(round: string, time: string) {
  at = Date.parse(`${DATE}T${time}:00Z`);
  const parent = await post(round);
  const b = welfareButtons(message(parent.id).blocks, "wf_note").at(-1) as WelfareButton;
  const tap = tapPayload(h.slack, parent.id, b, USER);
  await send(tap.body);
  const before = updatesOf(parent.ts);
  await send(formPayload(await modalFor(tap.trigger), USER, { "sign:stool": "loose" }));
  await h.slack.waitFor(() => updatesOf(parent.ts) > before, 10_000);
  return { parent, b };
}
/** The Home tab's "🚩 welfare flags open" list, in the tapper's DM: its newest message. */
async function homeList(n: number) {
  const inDm = () => h.slack.timeline.filter((m) => m.via === "postMessage" && m.channel === USER);
  const tap = tapBody({
    user: USER,
    trigger: `thome${n}`,
    on: { modal: { id: `V${USER}`, view: { type: "home", blocks: [] } } },
    action: {
      action_id: "home_list:welfare",
      block_id: "home",
      value: JSON.stringify({ l: "welfare" }),
      action_ts: `176410000${n}.0001`,
    },
  });
  const before = inDm().length;
  await send(tap);
  await h.slack.waitFor(() => inDm().length > before, 15_000);
  return inDm().at(-1) as NonNullable<ReturnType<typeof inDm>[number]>;
}
/** A flag's form opened from the Home tab's list and submitted. */
async function fromHome(n: number, stem: string, fields: Record<string, string>) {
  const list = await homeList(n);
  const [button] = welfareButtons(list.blocks, stem);
  if (!button) throw new Error(`no ${stem} button on the Home tab's list`);
  const tap = tapPayload(h.slack, list.id, button, USER);
  await send(tap.body);
  await send(formPayload(await modalFor(tap.trigger), USER, {}, fields));
}

it("advice and the resolution recorded from the Home tab's list draw the welfare posts and the flag's message again", async () => {
  const { parent: morning, b } = await loose("morning", "08:30");
  const { parent: midday } = await loose("midday", "12:10");
  const flagMessages = () =>
    h.slack.timeline.filter(
      (m) => m.channel === CHANNEL && JSON.stringify(m.blocks ?? []).includes("wf_advice:"),
    );
  await h.slack.waitFor(() => flagMessages().length > 0, 10_000);
  const [flag] = flagMessages();
  if (!flag) throw new Error("the flag was not posted");
  expect(flag.thread_ts).toBe(midday.ts);
  const line = (id: number) => petBlockOf(message(id).blocks, b.b, b.p)?.text?.text ?? "";
  // The midday post, drawn after the check that opened the flag, shows it; so does the morning's,
  // whose check began the run, drawn again once the flag opened (no tap on it).
  for (const p of [midday, morning]) {
    await h.slack.waitFor(() => line(p.id).includes("🩺 vet advice sought? not yet"), 10_000);
    expect(JSON.stringify(message(p.id).blocks)).toContain("🚩 1 pet flagged");
  }

  // Vet advice, from the Home tab's list: the posts' messages holding the pet, and the flag's own.
  at = Date.parse(`${DATE}T12:40:00Z`);
  const shown = [morning.ts, midday.ts, flag.ts];
  let before = shown.map(updatesOf);
  await fromHome(1, "wf_advice", { vet: "Riverside Vets", when: "12:30", advice: "Bland diet 48 h" });
  await h.slack.waitFor(() => shown.every((ts, i) => updatesOf(ts) > (before[i] ?? 0)), 15_000);
  for (const p of [morning, midday]) {
    expect(line(p.id)).toContain("🩺 vet advice: Riverside Vets");
    expect(JSON.stringify(message(p.id).blocks)).toContain("🚩 1 pet flagged");
  }
  expect(JSON.stringify(message(flag.id).blocks)).toContain("Vet advice from Riverside Vets");
  expect(JSON.stringify(message(flag.id).blocks)).toContain("wf_resolve:");

  // Resolved, from the Home tab's list: the flag gone from the posts, its message says who and why.
  before = shown.map(updatesOf);
  await fromHome(2, "wf_resolve", { why: "Stools normal since the bland diet" });
  await h.slack.waitFor(() => shown.every((ts, i) => updatesOf(ts) > (before[i] ?? 0)), 15_000);
  for (const p of [morning, midday]) {
    expect(line(p.id)).not.toContain("🚩");
    expect(JSON.stringify(message(p.id).blocks)).not.toContain("pet flagged");
  }
  const own = JSON.stringify(message(flag.id).blocks);
  expect(own).toContain("✔️ Resolved");
  expect(own).toContain("Stools normal since the bland diet");
  expect(own).not.toContain("wf_resolve:");
});
