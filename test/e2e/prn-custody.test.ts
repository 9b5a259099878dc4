/**
 * "💊 Give if needed…" asks first about the medicine it is given from, as a round dose does (the real
 * bot over HTTP, the Slack stand-in, the sandbox, a SQLite care record on an injected clock): a pet's
 * Piriton counted in opened 40 days ago with 28 days after opening (past its discard-by) is asked
 * said in the form as it opens and asked about at its submission, nothing recorded until "I have
 * checked: give it anyway" is ticked; once that supply is handed
 * back (its custody closed), a dose is asked about again, as handed back, and recorded only ticked.
 * What was checked is kept with the dose and said in its reply and on the round post; every round
 * post offering the as-needed item warns of the supply past its discard-by, not only one with a dose
 * of it due.
 */
import { expect, it } from "vitest";
import { countIn, handBack } from "../../src/answers/custody-write.ts";
import { prnDoses } from "../../src/answers/prn.ts";
import { roundReport } from "../../src/answers/rounds.ts";
import type { PrnChecked } from "../../src/domain/prn.ts";
import type { OpenedModal } from "../../src/preview/slack-standin-types.ts";
import { addDays } from "../../src/time.ts";
import { type Harness, nameStaff, useHarness } from "../helpers/bot.ts";
import { confirmAllPlans } from "../helpers/plans.ts";
import { type Block, type ButtonOn, type GiveFields, prnSlack } from "../helpers/prn-slack.ts";
import { PAST_ROUNDS } from "../helpers/record-slack.ts";

const DATE = "2026-11-22";
let now = Date.parse(`${DATE}T09:00:00Z`);
const clock = { now: () => new Date(now) };
const CHANNEL = "C0ROUNDS";
const PIRITON = "Piriton 4mg PRN – only if scratching, max 2 in 24h";
const jane = { userId: "U0JANE", userName: "Jane" };

let h: Harness;
useHarness(
  {
    clock,
    env: { ROUNDS_CHANNEL: CHANNEL, DIGEST_SCHEDULE: "off", KENNEL_CACHE_TTL_S: "0", ...PAST_ROUNDS },
  },
  (started) => {
    h = started;
    nameStaff(h, { U0JANE: "Jane" });
  },
);

it("a dose from a medicine past its discard-by, or handed back, is asked about first and recorded only once ticked", async () => {
  const evening = () => roundReport(h.bot.deps, "evening", DATE);
  const first = (await evening()).pets.find((x) => x.pet?.pet.petId !== undefined && x.plan);
  if (!first?.pet) throw new Error("no pet with a care plan on the evening's round");
  const [b, p] = [first.booking.bookingId as number, first.pet.pet.petId as number];
  const pet = h.sandbox.main.pets.find((x) => Number(x.petId) === p) as Record<string, unknown>;
  pet.medication5 = PIRITON;
  await evening();
  expect(await confirmAllPlans(h.record, h.config, clock)).toBeGreaterThan(0);
  const counted = await countIn(h.bot.deps, {
    bookingId: b,
    petId: p,
    item: "med:5",
    label: "Piriton 4mg",
    unit: "tablet",
    quantity: 10,
    ownerNameChecked: true,
    openedOn: addDays(DATE, -40),
    discardDays: 28,
    storage: "room",
    controlled: false,
    by: jane,
    requestKey: "k-piriton",
  });
  if (counted.status !== "recorded") throw new Error("Piriton was not counted in");
  const slack = prnSlack(h, CHANNEL);
  const kept = () => prnDoses({ record: h.record }, { bookingId: b, petId: p });
  const doses = async () => (await kept()).length;

  // Every round post offering "💊 Give if needed…" for Piriton says its supply is past its discard-by.
  for (const round of ["morning", "midday", "evening"]) {
    const shown = slack.petOn(await slack.rounds(round), b, p);
    expect(slack.button(shown.buttons, "💊 Give if needed…")).toBeDefined();
    expect(shown.section).toContain("Piriton 4mg");
    expect(shown.section).toContain("⚠️ past its discard-by (Tue 10 Nov)");
  }

  /** The give form opened from the evening's /rounds post, submitted with `f`: the first answer, the form. */
  async function give(f: GiveFields) {
    const shown = slack.petOn(await slack.rounds(), b, p);
    const { trigger, responseId } = await slack.tap(
      "U0JANE",
      slack.button(shown.buttons, "💊 Give if needed…") as ButtonOn,
      shown.message,
    );
    const modal = await slack.modalOf(trigger);
    return { modal, responseId, shown, answer: await slack.submit("U0JANE", modal, modal.view, f) };
  }
  /** Asked with `words`; ticked, recorded with `checked` kept, its reply and the post saying `said`. */
  const asked = async (f: GiveFields, words: RegExp, checked: PrnChecked, said: string) => {
    const { modal, answer, responseId, shown } = await give(f);
    // Said as the form opens, before anything is submitted; the box is asked at the submission.
    const opened = JSON.stringify(modal.view.blocks);
    expect(opened).toMatch(words);
    expect(opened).not.toContain("I have checked: give it anyway");
    expect(answer.response_action).toBe("update");
    const view = answer.view as OpenedModal["view"];
    expect(JSON.stringify(view.blocks)).toMatch(words);
    expect(JSON.stringify(view.blocks)).toContain("I have checked: give it anyway");
    expect(await doses()).toBe(0 + given);
    // Not ticked: refused on the box, nothing written; ticked: recorded.
    const unticked = await slack.submit("U0JANE", modal, view, { ...f, custody: false });
    expect(unticked).toMatchObject({
      response_action: "errors",
      errors: { custody: expect.stringContaining("Tick") },
    });
    expect(await doses()).toBe(given);
    expect(await slack.submit("U0JANE", modal, view, { ...f, custody: true })).toEqual({});
    given += 1;
    expect(await doses()).toBe(given);
    expect((await kept()).at(-1)?.checked).toEqual(checked);
    expect(await slack.told(responseId)).toContain(`, medicine checked first: ${said}.`);
    await h.slack.waitFor(() => slack.again(shown.message, b, p).section.includes(said), 10_000);
  };
  let given = 0;

  // Past its discard-by (opened 13 Oct, 28 days after opening: discard by Tue 10 Nov).
  await asked(
    { reason: "scratching" },
    /Piriton 4mg: discard by Tue 10 Nov, past it/,
    { discardBy: "2026-11-10" },
    "discard by Tue 10 Nov, past it",
  );

  // Handed back to the owner: its custody closed, the kennel holds none.
  now = Date.parse(`${DATE}T12:00:00Z`);
  const back = await handBack(h.bot.deps, {
    custodyId: counted.value.id,
    quantity: 9,
    to: "Mrs Smith",
    by: jane,
  });
  expect(back.status).toBe("recorded");
  await asked(
    { reason: "scratching again" },
    /Piriton 4mg: handed back to Mrs Smith on Sun 22 Nov, its custody closed/,
    { handedBack: { to: "Mrs Smith", date: DATE } },
    "handed back to Mrs Smith on Sun 22 Nov, its custody closed",
  );

  // A third past the plan's most per 24 h: once the medicine's box is ticked, the form comes back for
  // the limit with that box still ticked; acknowledged with a note, it is recorded.
  now = Date.parse(`${DATE}T13:00:00Z`);
  const { modal, answer } = await give({ reason: "scratching at lunch" });
  const ticked = await slack.submit("U0JANE", modal, answer.view as OpenedModal["view"], {
    reason: "scratching at lunch",
    custody: true,
  });
  expect(ticked.response_action).toBe("update");
  const limit = JSON.stringify(ticked.view?.blocks);
  expect(limit).toContain("2 already in the last 24 h: the plan says at most 2");
  expect(limit).toContain("handed back to Mrs Smith");
  const box = ((ticked.view?.blocks ?? []) as Block[]).find((x) => x.block_id === "custody");
  expect(box?.element?.initial_options).toHaveLength(1);
  expect(await doses()).toBe(given);
  const done = await slack.submit("U0JANE", modal, ticked.view as OpenedModal["view"], {
    reason: "scratching at lunch",
    ack: true,
    note: "Owner's own supply, vet agreed",
  });
  expect(done).toEqual({});
  expect(await doses()).toBe(given + 1);
}, 60_000);
