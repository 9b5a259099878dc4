/**
 * The Home tab's list of open welfare flags on a day with so many that it takes three messages, end
 * to end (the real Bolt app over HTTP, signed bodies, the Slack stand-in, a SQLite record): the list
 * goes to the tapper's DM with the app as one message in marked parts, the first `kd_parts:3`, the
 * others in its thread `kd_part:<i>:3:<first part's ts>`. A flag resolved from a button on part 3
 * draws the whole list again where it is: every part updated in place, nothing posted twice.
 */
import { expect, it } from "vitest";
import { openWelfareFlags } from "../../src/answers/welfare-flags.ts";
import { KINDS } from "../../src/answers/welfare-store.ts";
import { firstPart, furtherParts, partPlace } from "../../src/blocks/parts.ts";
import { flagsListMessages } from "../../src/blocks/welfare.ts";
import { type Harness, SIGNING_SECRET, useHarness } from "../helpers/bot.ts";
import { postSigned, tapBody } from "../helpers/slack.ts";
import { formPayload, tapPayload, type WelfareButton, welfareButtons } from "../helpers/welfare-slack.ts";

const DATE = "2026-11-22";
const TZ = "Europe/London";
const clock = { now: () => new Date(`${DATE}T17:30:00Z`) };
const USER = "U0STAFF";
const FLAGS = 45;

let h: Harness;
useHarness({ clock, env: { DIGEST_SCHEDULE: "off" } }, async (started) => {
  h = started;
  const store = h.record;
  for (let i = 1; i <= FLAGS; i++)
    await store.append({
      kind: KINDS.flag,
      date: DATE,
      petId: 9000 + i,
      bookingId: 8000 + i,
      requestKey: `test-flag:${i}`,
      body: {
        v: 1,
        bookingId: 8000 + i,
        petId: 9000 + i,
        petName: `Pet ${i}`,
        sign: "drinking:none",
        entries: [1, 2].map((id) => ({
          kind: "check",
          id,
          date: DATE,
          round: "morning",
          at: `${DATE}T08:00:00.000Z`,
        })),
      },
    });
});

const events = () => `${h.url}/slack/events`;
/** The bot's messages in the tapper's DM with the app, oldest first. */
const inDm = () => h.slack.timeline.filter((m) => m.via === "postMessage" && m.channel === USER);
/** The list as the record draws it now, in the parts Slack should show. */
const drawn = async () => {
  const deps = { record: h.record, log: h.bot.deps.log };
  return flagsListMessages(await openWelfareFlags(deps, DATE), DATE, TZ);
};
const shown = (m: { text?: string; blocks?: unknown }) => ({ text: m.text, blocks: m.blocks });

it("the list in three parts, marked and in one thread; a flag resolved from part 3 updates every part in place", async () => {
  const expected = await drawn();
  expect(expected).toHaveLength(3);
  // "🚩 N welfare flags open" on the Home tab: its button, tapped in the view (no channel, no response_url).
  const tap = tapBody({
    user: USER,
    trigger: "thome1",
    on: { modal: { id: `V${USER}`, view: { type: "home", blocks: [] } } },
    action: {
      action_id: "home_list:welfare",
      block_id: "home",
      value: JSON.stringify({ l: "welfare" }),
      action_ts: "1764100000.0001",
    },
  });
  expect((await postSigned(events(), SIGNING_SECRET, { payload: JSON.stringify(tap) })).status).toBe(200);
  await h.slack.waitFor(() => inDm().length >= 3, 15_000);
  const sent = inDm();
  expect(sent).toHaveLength(3);
  const [first, , third] = sent;
  if (!first || !third) throw new Error("the list is not in the DM");
  expect(first.thread_ts).toBeUndefined();
  expect(sent.slice(1).map((m) => m.thread_ts)).toEqual([first.ts, first.ts]);
  expect(sent.map((m) => partPlace(m.blocks))).toEqual([
    { i: 1, n: 3 },
    { i: 2, n: 3, firstTs: first.ts },
    { i: 3, n: 3, firstTs: first.ts },
  ]);
  expect(sent.map(shown)).toEqual([firstPart(expected), ...furtherParts(expected, first.ts)].map(shown));

  // A flag whose buttons are on part 3, resolved there.
  const [resolve] = welfareButtons(third.blocks, "wf_resolve");
  if (!resolve) throw new Error("no flag's buttons on part 3");
  const opened = tapPayload(h.slack, third.id, resolve as WelfareButton, USER);
  expect((await postSigned(events(), SIGNING_SECRET, { payload: JSON.stringify(opened.body) })).status).toBe(
    200,
  );
  await h.slack.waitFor(
    () => [...h.slack.modals.values()].some((m) => m.trigger_id === opened.trigger),
    10_000,
  );
  const modal = [...h.slack.modals.values()].find((m) => m.trigger_id === opened.trigger);
  if (!modal) throw new Error("the form did not open");
  const updates = () => h.slack.api.filter((r) => r.path === "/api/chat.update").length;
  const before = updates();
  const submitted = formPayload(modal, USER, {}, { why: "Drinking well since noon" });
  expect((await postSigned(events(), SIGNING_SECRET, { payload: JSON.stringify(submitted) })).status).toBe(
    200,
  );
  await h.slack.waitFor(() => updates() >= before + 3, 15_000);

  const after = await drawn();
  expect(after).toHaveLength(3);
  expect(JSON.stringify(after)).not.toContain(JSON.stringify(resolve.value));
  const now = inDm();
  // The same three messages, nothing posted twice, each drawn again where it is from the record.
  expect(now.map((m) => m.ts)).toEqual(sent.map((m) => m.ts));
  expect(now.map((m) => m.thread_ts)).toEqual(sent.map((m) => m.thread_ts));
  expect(now.map(shown)).toEqual([firstPart(after), ...furtherParts(after, first.ts)].map(shown));
});
