/**
 * An as-needed dose on every round post of its day (the real bot over HTTP, the Slack stand-in, the
 * sandbox, a SQLite care record on an injected clock): the rounds channel's morning and midday posts
 * show a pet put on Piriton as needed; a dose given from the midday post is drawn on the morning post
 * too, its effect answered in the follow-up draws both again ("helped", no longer "awaiting effect"),
 * and a dose given from the Home tab (no round post behind it) is drawn on both.
 */
import { expect, it } from "vitest";
import { roundReport } from "../../src/answers/rounds.ts";
import type { OpenedModal, TimelineEntry } from "../../src/preview/slack-standin-types.ts";
import { type Harness, homePublished, nameStaff, SIGNING_SECRET, useHarness } from "../helpers/bot.ts";
import { confirmAllPlans } from "../helpers/plans.ts";
import { type Block, type ButtonOn, prnSlack } from "../helpers/prn-slack.ts";
import { PAST_ROUNDS } from "../helpers/record-slack.ts";
import { postSigned, tapBody } from "../helpers/slack.ts";

const DATE = "2026-11-22";
let now = Date.parse(`${DATE}T09:00:00Z`);
const clock = { now: () => new Date(now) };
const at = (hhmm: string) => {
  now = Date.parse(`${DATE}T${hhmm}:00Z`);
};
const CHANNEL = "C0ROUNDS";
const PIRITON = "Piriton 4mg PRN – only if scratching, max 4 in 24h";

let h: Harness;
useHarness(
  {
    clock,
    env: { ROUNDS_CHANNEL: CHANNEL, DIGEST_SCHEDULE: "off", KENNEL_CACHE_TTL_S: "0", ...PAST_ROUNDS },
    // The follow-ups' loop makes its first pass at start, then waits: the test looks itself.
    bot: { followUps: { sleep: () => new Promise<boolean>(() => undefined) } },
  },
  (started) => {
    h = started;
    nameStaff(h, { U0JANE: "Jane" });
  },
);

it("a dose and its effect are drawn on every round post of the day holding the pet, whichever surface gave it", async () => {
  // A pet on the evening's round put on Piriton as needed, its plan confirmed; then the channel's posts.
  const evening = () => roundReport(h.bot.deps, "evening", DATE);
  const first = (await evening()).pets.find((x) => x.pet?.pet.petId !== undefined && x.plan);
  if (!first?.pet) throw new Error("no pet with a care plan on the evening's round");
  const [b, p] = [first.booking.bookingId as number, first.pet.pet.petId as number];
  const pet = h.sandbox.main.pets.find((x) => Number(x.petId) === p) as Record<string, unknown>;
  pet.medication5 = PIRITON;
  await evening();
  expect(await confirmAllPlans(h.record, h.config, clock)).toBeGreaterThan(0);
  for (const round of ["morning", "midday"])
    expect(await h.bot.digest?.runPost(`rounds:${round}`, DATE)).toMatchObject({ result: "posted" });
  const slack = prnSlack(h, CHANNEL);
  const postOf = (round: string) =>
    h.slack.timeline.filter(
      (m) => m.channel === CHANNEL && m.metadata?.event_payload?.kind === `rounds:${round}`,
    );
  /** The pet's section on the channel's post of `round`, as it is now. */
  const section = (round: string) => slack.petOn(postOf(round), b, p).section;
  const shows = (words: RegExp) => () => ["morning", "midday"].every((r) => words.test(section(r)));
  const waitShown = async (words: RegExp) => {
    await h.slack.waitFor(shows(words), 10_000).catch(() => undefined);
    for (const round of ["morning", "midday"]) expect(section(round)).toMatch(words);
  };

  // Given from the midday post at 12:20: the morning post shows it too, awaiting its effect.
  at("12:20");
  const midday = slack.petOn(postOf("midday"), b, p);
  const give = slack.button(midday.buttons, "💊 Give if needed…") as ButtonOn;
  const { trigger } = await slack.tap("U0JANE", give, midday.message);
  const modal = await slack.modalOf(trigger);
  expect(await slack.submit("U0JANE", modal, modal.view, { reason: "scratching" })).toEqual({});
  await waitShown(/Piriton 4mg given 12:20 by Jane for scratching · awaiting effect/);

  // Its effect answered in the follow-up at 13:20: both posts say "helped".
  at("13:20");
  const followUps = h.bot.deps.prnFollowUps as NonNullable<typeof h.bot.deps.prnFollowUps>;
  expect((await followUps.runOnce()).sent).toBe(1);
  const dms = () => h.slack.timeline.filter((m) => m.channel === "U0JANE" && !m.ephemeral);
  await h.slack.waitFor(() => dms().some((m) => JSON.stringify(m.blocks).includes("👍 Helped")), 10_000);
  const dm = dms().find((m) => JSON.stringify(m.blocks).includes("👍 Helped")) as TimelineEntry;
  const buttons = ((dm.blocks ?? []) as Block[]).find((x) => x.type === "actions")?.elements ?? [];
  await slack.tap("U0JANE", buttons.find((x) => x.text?.text === "👍 Helped") as ButtonOn, dm);
  await waitShown(/given 12:20 by Jane for scratching · helped/);
  for (const round of ["morning", "midday"]) expect(section(round)).not.toMatch(/awaiting effect/);

  // Given from the Home tab at 14:00 (no round post behind it): both posts show it.
  at("14:00");
  const home = await homePublished(h, "EvPrnPosts1", "U0JANE");
  const line = (home.view.blocks as Block[]).find((x) => x.accessory?.action_id === `prn_give:${b}-${p}`);
  const onHome = tapBody({
    user: "U0JANE",
    trigger: "tprnposts1",
    on: { modal: { id: "VHOME", view: { type: "home" } } },
    action: {
      action_id: line?.accessory?.action_id,
      block_id: "b",
      value: line?.accessory?.value,
      action_ts: "1.1",
    },
  });
  await postSigned(`${h.url}/slack/events`, SIGNING_SECRET, { payload: JSON.stringify(onHome) });
  const fromHome = await slack.modalOf("tprnposts1");
  const done = await slack.submit("U0JANE", fromHome, fromHome.view as OpenedModal["view"], {
    reason: "scratching at lunch",
  });
  expect(done).toEqual({});
  await waitShown(/given 14:00 by Jane for scratching at lunch · awaiting effect/);
}, 60_000);
