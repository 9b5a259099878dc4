/**
 * Home's "🔴 Departures with money to take: N bookings" opens those N and no other, end to end (the
 * real Bolt app over HTTP, the sandbox kennel, the Slack stand-in): tapped as Home draws it, the list
 * in the tapper's messages with the app is titled for what it holds ("(N of M)"), says it is not the
 * whole day, lists no paid departure, and its pages keep to those N. "🏠 Departures" still opens them all.
 */
import { expect, it } from "vitest";
import { type Harness, homePublished, SIGNING_SECRET, useHarness } from "../helpers/bot.ts";
import { postSigned, tapBody } from "../helpers/slack.ts";

const clock = { now: () => new Date("2026-11-22T09:00:00Z") };
const USER = "U0STAFF";

let h: Harness;
useHarness({ clock, env: { DIGEST_SCHEDULE: "off" } }, (started) => {
  h = started;
});

interface Button {
  action_id: string;
  value: string;
  text: { text: string };
}
type Block = { type: string; text?: { text: string }; accessory?: Button; elements?: Button[] };

/** The Home section whose words begin with `label`, with its button. */
function homeRow(blocks: Block[], label: string): { text: string; button: Button } {
  const b = blocks.find((x) => x.text?.text.includes(label) && x.accessory);
  if (!b?.text || !b.accessory) throw new Error(`no Home row "${label}"`);
  return { text: b.text.text, button: b.accessory };
}

let taps = 0;
/** Taps a Home button; the messages it answers in the tapper's DM with the app, once they stop coming. */
async function tapHome(button: Button) {
  const since = h.slack.timeline.length;
  const tap = tapBody({
    user: USER,
    trigger: `tmoney${++taps}`,
    on: { modal: { id: `V${USER}`, view: { type: "home", blocks: [] } } },
    action: {
      action_id: button.action_id,
      block_id: "home",
      value: button.value,
      action_ts: `1764100000.000${taps}`,
    },
  });
  const res = await postSigned(`${h.url}/slack/events`, SIGNING_SECRET, { payload: JSON.stringify(tap) });
  expect(res.status).toBe(200);
  const mine = () => h.slack.timeline.slice(since).filter((m) => m.channel === USER);
  await h.slack.waitFor(() => mine().length > 0, 30_000);
  return mine();
}

it("the money-to-take button opens only the departures with money to take, paged as such", async () => {
  const home = await homePublished(h, "Ev-money-1");
  const blocks = home.view.blocks as Block[];
  const money = homeRow(blocks, "Departures with money to take");
  const owed = Number(/(\d+) bookings?/.exec(money.text)?.[1]);
  const all = Number(/(\d+) bookings?/.exec(homeRow(blocks, "🏠 Departures").text)?.[1]);
  // The sandbox's day has paid departures too, or the test would prove nothing.
  expect(owed).toBeGreaterThan(0);
  expect(all).toBeGreaterThan(owed);

  const sent = await tapHome(money.button);
  const text = JSON.stringify(sent.map((m) => m.blocks));
  expect(text).toContain(`Departures with money to take — Sun 22 Nov (${owed} of ${all})`);
  expect(text).toContain("Only the departures with money to take");
  // No paid departure on the list; every entry owes money.
  expect(text).not.toContain("✅ paid");
  const entries = (text.match(/Stay record|🔴 \*?UNPAID|🟠 PART-PAID/gi) ?? []).length;
  expect(entries).toBeGreaterThan(0);
  // A Next button keeps to the same list.
  for (const m of sent)
    for (const b of (m.blocks ?? []) as Block[])
      for (const e of b.elements ?? [])
        if (e.action_id?.startsWith("day_page")) expect(JSON.parse(e.value).o).toBe("money");

  // "🏠 Departures" still opens every departure.
  const every = JSON.stringify((await tapHome(homeRow(blocks, "🏠 Departures").button)).map((m) => m.blocks));
  expect(every).toContain(`Departures — Sun 22 Nov (${all})`);
  expect(every).not.toContain("Only the departures");
});
