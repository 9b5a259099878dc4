/**
 * A welfare flag answered from the Home tab's list, end to end (the real Bolt app over HTTP, signed
 * bodies, the Slack stand-in, the sandbox, a SQLite record): two loose stools in a row (the morning
 * and midday checks) open a flag, posted in the midday post's thread. Vet advice, then the
 * resolution, recorded from the list in the tapper's DM: each time the welfare posts' messages
 * holding the pet and the flag's own message are drawn again from the record (chat.update), as a tap
 * on them would draw them. A flag opened one day, shown on the next day's post, advised on the day
 * after: that day between's post is drawn again too.
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
/** The day's round's welfare post, made by the bot's scheduled-post job: its parent as Slack shows it. */
async function post(round: string, date = DATE) {
  const outcome = await h.bot.digest?.runPost(`welfare:${round}`, date);
  expect(outcome?.result).toBe("posted");
  const parent = h.slack.timeline.find(
    (m) =>
      !m.thread_ts &&
      m.metadata?.event_payload.kind === `welfare:${round}` &&
      m.metadata?.event_payload.date === date,
  );
  if (!parent) throw new Error("no welfare post");
  return parent;
}
/** The message of a post (its parent, or a reply in its thread) holding the pet. */
function holding(parent: { ts: string }, pet: { b: number; p: number }) {
  const found = h.slack.timeline.find(
    (m) =>
      m.channel === CHANNEL &&
      (m.ts === parent.ts || m.thread_ts === parent.ts) &&
      petBlockOf(m.blocks, pet.b, pet.p) !== undefined,
  );
  if (!found) throw new Error(`no message of the post holds pet ${pet.p}`);
  return found;
}
/**
 * A pet's button on a post (`pet`, or its parent's first or last pet), tapped, and a loose stool
 * recorded through its form.
 */
async function loose(
  round: string,
  time: string,
  o: { date?: string; pet?: { b: number; p: number } | "first" } = {},
) {
  const date = o.date ?? DATE;
  at = Date.parse(`${date}T${time}:00Z`);
  const parent = await post(round, date);
  const pet = o.pet;
  const on = typeof pet === "object" ? holding(parent, pet) : parent;
  const buttons = welfareButtons(on.blocks, "wf_note");
  const b = (
    typeof pet === "object"
      ? buttons.find((x) => x.b === pet.b && x.p === pet.p)
      : pet === "first"
        ? buttons[0]
        : buttons.at(-1)
  ) as WelfareButton;
  const tap = tapPayload(h.slack, on.id, b, USER);
  await send(tap.body);
  const before = updatesOf(on.ts);
  await send(formPayload(await modalFor(tap.trigger), USER, { "sign:stool": "loose" }));
  await h.slack.waitFor(() => updatesOf(on.ts) > before, 10_000);
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

it("advice recorded days after a flag opened draws again the posts of the days between, which show it", async () => {
  const [day1, day2, day3] = ["2026-11-23", "2026-11-24", "2026-11-25"];
  // Day 1: the first pet of the morning post, loose at the morning and midday checks: a flag opens.
  const { b: pet } = await loose("morning", "08:30", { date: day1, pet: "first" });
  const { parent: midday } = await loose("midday", "12:10", { date: day1, pet });
  const adviceOf = (id: number) => welfareButtons(message(id).blocks, "wf_advice")[0];
  await h.slack.waitFor(
    () => h.slack.timeline.some((m) => m.thread_ts === midday.ts && adviceOf(m.id) !== undefined),
    10_000,
  );
  const flag = h.slack.timeline.find((m) => m.thread_ts === midday.ts && adviceOf(m.id) !== undefined);
  if (!flag) throw new Error("the flag was not posted");

  // Day 2: the morning post lists the pet, with the flag still open; no one taps it.
  at = Date.parse(`${day2}T08:30:00Z`);
  const between = holding(await post("morning", day2), pet);
  const line = () => petBlockOf(message(between.id).blocks, pet.b, pet.p)?.text?.text ?? "";
  expect(line()).toContain("🩺 vet advice sought? not yet");

  // Day 3: vet advice, recorded from the flag's own message: day 2's post is drawn again with it.
  at = Date.parse(`${day3}T09:00:00Z`);
  const before = updatesOf(between.ts);
  const tap = tapPayload(h.slack, flag.id, adviceOf(flag.id) as WelfareButton, USER);
  await send(tap.body);
  const fields = { vet: "Riverside Vets", when: "08:45", advice: "Bland diet 48 h" };
  await send(formPayload(await modalFor(tap.trigger), USER, {}, fields));
  // Recorded: the flag's own message says so (drawn before the posts showing the flag).
  await h.slack.waitFor(() => JSON.stringify(message(flag.id).blocks).includes("Riverside Vets"), 10_000);
  await h.slack.waitFor(() => updatesOf(between.ts) > before, 15_000);
  expect(line()).toContain("🩺 vet advice: Riverside Vets");
  expect(line()).not.toContain("vet advice sought? not yet");
  const update = h.slack.api.findLast((r) => r.path === "/api/chat.update" && r.body.ts === between.ts);
  expect(JSON.stringify(update?.body)).toContain("Riverside Vets");
});
