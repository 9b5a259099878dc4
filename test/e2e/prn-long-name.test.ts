/**
 * "💊 Give if needed…" for a pet whose name is 1,500 characters (issue 47: names kept whole up to
 * 2,000), end to end on both engines: the form opens with the whole name, its submission is not
 * taken for a forged form, the dose is recorded with the whole name and the giver is told it whole.
 * A name that leaves the form's metadata no room is left out of it and read again from the plan.
 */
import { describe, expect, it } from "vitest";
import { prnDoses } from "../../src/answers/prn.ts";
import type { OpenedModal, TimelineEntry } from "../../src/preview/slack-standin-types.ts";
import type { CareRecordStore } from "../../src/record/types.ts";
import { type Harness, nameStaff, useHarnessOn } from "../helpers/bot.ts";
import { confirmAllPlans } from "../helpers/plans.ts";
import { type Block, type ButtonOn, prnSlack } from "../helpers/prn-slack.ts";
import { PAST_ROUNDS } from "../helpers/record-slack.ts";
import { useStoreEngines } from "../helpers/store-engines.ts";

const START = Date.parse("2026-11-22T09:00:00Z");
let now = START;
const clock = { now: () => new Date(now) };
const CHANNEL = "C0ROUNDS";
const PIRITON = "Piriton 4mg PRN – only if scratching, max 2 in 24h, at least 4 hours apart";
const nameOf = (n: number, tag: string) =>
  Array.from({ length: n }, (_, i) => `${tag}${i}`)
    .join(" ")
    .slice(0, n)
    .trim();
const engines = useStoreEngines(clock);

describe.each(engines)("give if needed for a pet with a long name ($name)", ({ open, skip }) => {
  let h: Harness;
  let store: CareRecordStore;

  useHarnessOn(
    { open, skip },
    () => {
      now = START;
      return {
        clock,
        env: { ROUNDS_CHANNEL: CHANNEL, DIGEST_SCHEDULE: "off", KENNEL_CACHE_TTL_S: "0", ...PAST_ROUNDS },
        bot: { followUps: { sleep: () => new Promise<boolean>(() => undefined) } },
      };
    },
    async (started) => {
      ({ h, store } = started);
      nameStaff(h, { U0JANE: "Jane" });
    },
  );

  const slack = () => prnSlack(h, CHANNEL);

  /** The round post's "💊 Give if needed…" of pet `p`, and the message it is on. */
  function giveOn(post: TimelineEntry[], b: number, p: number): { button: ButtonOn; message: TimelineEntry } {
    for (const m of post) {
      const actions = ((m.blocks ?? []) as Block[]).find((x) => x.block_id === `kd_act:${b}:${p}`);
      const button = slack().button(actions?.elements, "💊 Give if needed…");
      if (button) return { button, message: m };
    }
    throw new Error(`no give button for pet ${p}`);
  }

  /** A pet of the round post named `name`, on Piriton as needed, its plan confirmed. */
  async function petNamed(name: string): Promise<{ b: number; p: number }> {
    const first = await slack().rounds("evening");
    const ids = first
      .flatMap((m) => (m.blocks ?? []) as Block[])
      .filter((x) => x.block_id?.startsWith("kd_pet:"))
      .map((x) => (x.block_id as string).split(":").slice(1, 3).map(Number) as [number, number]);
    const taken = new Set((await store.log({ kind: "prn" })).map((e) => e.petId));
    const [b, p] = ids.find(([, pet]) => !taken.has(pet)) as [number, number];
    const pet = h.sandbox.main.pets.find((x) => Number(x.petId) === p) as Record<string, unknown>;
    pet.name = name;
    const booking = h.sandbox.main.bookings.find((x) => Number(x.bookingId) === b) as Record<string, unknown>;
    booking.petNames = name;
    pet.medication5 = PIRITON;
    await slack().rounds("evening");
    expect(await confirmAllPlans(store, h.config, clock)).toBeGreaterThan(0);
    return { b, p };
  }

  async function giveTo(name: string): Promise<{ modal: OpenedModal; b: number; p: number; told: string }> {
    const { b, p } = await petNamed(name);
    const { button, message } = giveOn(await slack().rounds("evening"), b, p);
    const { trigger, responseId } = await slack().tap("U0JANE", button, message);
    const modal = await slack().modalOf(trigger);
    expect(modal.view.callback_id).toBe("prn_modal");
    expect(String(modal.view.private_metadata).length).toBeLessThanOrEqual(3000);
    const shown = ((modal.view.blocks ?? []) as Block[])
      .flatMap((x) => (x.type === "section" && x.text?.text ? [x.text.text] : []))
      .join(" ");
    expect(shown.replace(/\*/g, "").replace(/\s+/g, " ")).toContain(name);
    const answer = await slack().submit("U0JANE", modal, modal.view, { reason: "scratching" });
    expect(answer.response_action).toBeUndefined();
    // Told privately: by the tap's response_url, or (one the metadata had no room for) in the channel.
    const told = () =>
      [
        ...h.slack.responsesFor(responseId).map((r) => String(r.body.text ?? "")),
        ...h.slack.timeline.filter((m) => m.ephemeral).map((m) => String(m.text ?? "")),
      ].filter((t) => t.startsWith("💊 Recorded") && t.includes(name));
    await h.slack.waitFor(() => told().length > 0, 10_000);
    return { modal, b, p, told: told().join("\n") };
  }

  it.skipIf(skip)("a name of 1,500 characters: the form whole, the dose recorded with it whole", async () => {
    const name = nameOf(1500, "Rex");
    expect(name.length).toBeGreaterThan(1490);
    const { b, p, told } = await giveTo(name);
    const [dose] = await prnDoses({ record: store, clock }, { bookingId: b, petId: p });
    expect(dose).toBeDefined();
    const [row] = await store.log({ kind: "prn", id: dose?.id as number });
    expect(row?.body).toMatchObject({ petName: name, reason: "scratching" });
    expect(told).toContain(`(${name})`);
    expect(told).not.toContain("not one Kennel Desk opened");
  });

  it.skipIf(skip)(
    "a name of 2,000 characters with quotes the metadata has no room for: read again from the plan, whole",
    async () => {
      const name = '"Q" '.repeat(500).trim();
      expect(name.length).toBeGreaterThan(1990);
      const { modal, b, p, told } = await giveTo(name);
      const sealed = String(modal.view.private_metadata);
      expect(JSON.parse(sealed.slice(0, sealed.lastIndexOf(".")))).not.toHaveProperty("n");
      const [dose] = await prnDoses({ record: store, clock }, { bookingId: b, petId: p });
      const [row] = await store.log({ kind: "prn", id: dose?.id as number });
      expect(row?.body).toMatchObject({ petName: name });
      expect(told).toContain(`(${name})`);
    },
  );
});
