/**
 * As-needed doses under attack, fifth pass (issue 46), end to end through signed Slack bodies on
 * both engines: the real Bolt app, the Slack stand-in, the sandbox.
 * - item 2: a dose said to be given an hour ago, after one given now, is counted against it;
 * - item 4: a high-alert drug given if needed (Tramadol) asks for a witness: "👀 Witnessed" on the
 *   round post, the giver refused, a second person recorded, the audit counting it;
 * - item 5: the kennel system's words changed to "STOPPED by vet — do not give" after the plan was
 *   confirmed: nothing given, at opening nor at submission, until the plan is confirmed again (the
 *   pet's record read now, not from the care cache, which is on here);
 * - item 11: a time given after the pet went home (its booking's check-out) is refused at its field;
 * - item 13: a form's submission without its view, or without its fields, or sealed before the
 *   signing secret changed, each answered for what it is.
 */
import { describe, expect, it } from "vitest";
import { recordAudit } from "../../src/answers/audit.ts";
import { prnDoses } from "../../src/answers/prn.ts";
import type { OpenedModal } from "../../src/preview/slack-standin-types.ts";
import type { CareRecordStore } from "../../src/record/types.ts";
import { createSeal } from "../../src/slack/seal.ts";
import { type Harness, nameStaff, SIGNING_SECRET, useHarnessOn } from "../helpers/bot.ts";
import { confirmAllPlans } from "../helpers/plans.ts";
import { firstPet, prnSlack } from "../helpers/prn-slack.ts";
import { PAST_ROUNDS } from "../helpers/record-slack.ts";
import { postSigned, submissionBody } from "../helpers/slack.ts";
import { useStoreEngines } from "../helpers/store-engines.ts";

let now = Date.parse("2026-11-22T09:00:00Z");
const clock = { now: () => new Date(now) };
const at = (hhmm: string) => {
  now = Date.parse(`2026-11-22T${hhmm}:00Z`);
};
const seconds = (hhmm: string) => Date.parse(`2026-11-22T${hhmm}:00Z`) / 1000;
const CHANNEL = "C0ROUNDS";
const PIRITON = "Piriton 4mg PRN – only if scratching, max 2 in 24h, at least 4 hours apart";
const TRAMADOL = "Tramadol 50mg PRN for pain, max 2 in 24h";
const engines = useStoreEngines(clock);

describe.each(engines)("as-needed doses under attack ($name)", ({ open, skip }) => {
  let h: Harness;
  let store: CareRecordStore;
  let slack: ReturnType<typeof prnSlack>;
  /** Itchy (Piriton) and Sore (Tramadol): their booking and pet ids. */
  let itchy = { b: 0, p: 0 };
  let sore = { b: 0, p: 0 };

  const petRecord = (p: number) =>
    h.sandbox.main.pets.find((x) => Number(x.petId) === p) as Record<string, unknown>;
  const doses = async (pet: { b: number; p: number }, item = "med:5") =>
    (await prnDoses({ record: store, clock }, { bookingId: pet.b, petId: pet.p })).filter(
      (d) => d.item === item,
    );

  useHarnessOn(
    { open, skip },
    () => {
      now = Date.parse("2026-11-22T09:00:00Z");
      return {
        clock,
        // The care cache on (its default 300 s): giving reads the pet's words now all the same.
        env: { ROUNDS_CHANNEL: CHANNEL, DIGEST_SCHEDULE: "off", ...PAST_ROUNDS },
        bot: { followUps: { sleep: () => new Promise<boolean>(() => undefined) } },
      };
    },
    async (started) => {
      ({ h, store } = started);
      nameStaff(h, { U0JANE: "Jane", U0TOM: "Tom" });
      slack = prnSlack(h, CHANNEL);
      // Every pet on Piriton and Tramadol (a controlled drug: its plan confirmed by two people) if
      // needed, before the first post drafts the plans (the care cache holds what it read).
      for (const pet of h.sandbox.main.pets)
        Object.assign(pet, { medication4: TRAMADOL, medication5: PIRITON });
      const first = await slack.rounds();
      itchy = firstPet(first);
      const other = first
        .flatMap((m) => (m.blocks ?? []) as Array<{ block_id?: string }>)
        .map((x) => x.block_id?.split(":") ?? [])
        .find((x) => x[0] === "kd_pet" && Number(x[2]) !== itchy.p) as string[];
      sore = { b: Number(other[1]), p: Number(other[2]) };
      expect(await confirmAllPlans(store, h.config, clock)).toBeGreaterThan(1);
    },
    90_000,
  );

  /** Opens the give form for a pet from the round post now. */
  async function openGive(user: string, pet: { b: number; p: number }) {
    const shown = slack.petOn(await slack.rounds(), pet.b, pet.p);
    const give = slack.button(shown.buttons, "💊 Give if needed…");
    if (!give) throw new Error("no 💊 Give if needed… beside the pet");
    const { trigger, responseId } = await slack.tap(user, give, shown.message);
    return { modal: await slack.modalOf(trigger), responseId, message: shown.message };
  }

  /** A dose given now from a pet's give form (opened from the round post), kept at once: the form. */
  async function giveNow(user: string, pet: { b: number; p: number }, item: string, reason: string) {
    const form = await openGive(user, pet);
    expect(await slack.submit(user, form.modal, form.modal.view, { item, reason })).toEqual({});
    return form;
  }

  it.skipIf(skip)(
    "item 2: a dose said to be given an hour ago, after one given now, is warned of the one after it",
    async () => {
      at("10:00");
      await giveNow("U0JANE", itchy, "med:5", "scratching");
      at("10:05");
      const tom = await openGive("U0TOM", itchy);
      const warned = await slack.submit("U0TOM", tom.modal, tom.modal.view, {
        item: "med:5",
        reason: "scratching",
        at: seconds("09:00"),
      });
      expect(warned.response_action).toBe("update");
      expect(JSON.stringify(warned.view?.blocks)).toContain(
        "the next at 10:00, 1 h after it: the plan says at least 4 h between",
      );
      expect(await doses(itchy)).toHaveLength(1);
      // Checked, with a note: kept with the acknowledgement of the dose after it.
      const given = await slack.submit("U0TOM", tom.modal, warned.view as OpenedModal["view"], {
        item: "med:5",
        reason: "scratching",
        at: seconds("09:00"),
        ack: true,
        note: "Jane's dose was not seen: vet says fine",
      });
      expect(given).toEqual({});
      expect((await doses(itchy)).map((d) => [d.givenAt, d.ack?.rule])).toEqual([
        ["2026-11-22T09:00:00.000Z", "min_interval"],
        ["2026-11-22T10:00:00.000Z", undefined],
      ]);
    },
  );

  it.skipIf(skip)("item 11: a time after the pet went home is refused at its field", async () => {
    at("11:30");
    const form = await openGive("U0JANE", itchy);
    const booking = h.sandbox.main.bookings.find((x) => Number(x.bookingId) === itchy.b) as Record<
      string,
      unknown
    >;
    const checkOut = booking.checkOutDate;
    // Gone home at 11:00 (the booking's check-out in the kennel system), while the form was open.
    booking.checkOutDate = "2026-11-22T11:00:00.000Z";
    try {
      const refused = await slack.submit("U0JANE", form.modal, form.modal.view, {
        item: "med:5",
        reason: "scratching",
        at: seconds("11:15"),
      });
      expect(refused.response_action).toBe("errors");
      expect(refused.errors?.at).toBe(
        "That is after the pet went home (Sun 22 Nov, 11:00, the booking's check-out): a dose is recorded only while it is here.",
      );
      expect(await doses(itchy)).toHaveLength(2);
    } finally {
      booking.checkOutDate = checkOut;
    }
  });

  it.skipIf(skip)(
    "item 4: a high-alert drug given if needed asks for a witness: the giver cannot, a second person can, the audit counts it",
    async () => {
      at("12:00");
      const form = await giveNow("U0JANE", sore, "med:4", "limping");
      const [dose] = await doses(sore, "med:4");
      expect(dose).toMatchObject({ label: "Tramadol 50mg", highAlert: true, witness: { state: "awaiting" } });
      expect(await slack.told(form.responseId)).toContain(
        "💉 A high-alert drug: a second person taps 👀 Witnessed beside the pet on the round post within 15 minutes.",
      );
      // The round post, drawn again: the dose awaiting its witness, and the button.
      await h.slack.waitFor(() =>
        slack.again(form.message, sore.b, sore.p).section.includes("awaiting a witness"),
      );
      const shown = slack.again(form.message, sore.b, sore.p);
      expect(shown.section).toContain(
        "Tramadol 50mg given 12:00 by Jane for limping · 💉 awaiting a witness until 12:15",
      );
      const witness = slack.button(shown.buttons, "👀 Witnessed: Tramadol 50mg");
      expect(witness).toBeDefined();
      // The giver's own tap: refused, nothing written.
      const self = await slack.tap("U0JANE", witness as NonNullable<typeof witness>, shown.message);
      expect(await slack.told(self.responseId)).toMatch(/^A second, different person witnesses it/);
      expect((await doses(sore, "med:4"))[0]?.witness?.state).toBe("awaiting");
      at("12:05");
      await slack.tap("U0TOM", witness as NonNullable<typeof witness>, shown.message);
      await h.slack.waitFor(() =>
        slack.again(form.message, sore.b, sore.p).section.includes("witnessed by Tom"),
      );
      expect(slack.again(form.message, sore.b, sore.p).section).toContain("💉 witnessed by Tom 12:05");
      expect(slack.again(form.message, sore.b, sore.p).buttons.map((x) => x.text?.text)).not.toContain(
        "👀 Witnessed: Tramadol 50mg",
      );
      expect((await doses(sore, "med:4"))[0]?.witness).toMatchObject({ state: "witnessed", by: "Tom" });
      const audit = await recordAudit({ record: store, config: h.config, clock }, 1, "the test's record");
      expect(audit.highAlert).toEqual({
        given: 1,
        witnessed: 1,
        unwitnessed: 0,
        noPaperWitness: 0,
        awaiting: 0,
      });
    },
  );

  it.skipIf(skip)(
    "item 5: the words changed to 'STOPPED by vet — do not give': nothing is given, from a form opened before nor a new tap",
    async () => {
      at("15:00");
      const before = (await doses(itchy)).length;
      const stopped = "Piriton STOPPED by vet <!channel> — do not give & call";
      // The kennel system's words, escaped: they ping no one.
      const shown = "Piriton STOPPED by vet &lt;!channel&gt; — do not give &amp; call";
      const form = await openGive("U0TOM", itchy);
      // Changed in the kennel system while the form is open (the round post, from the care cache, does not know yet).
      petRecord(itchy.p).medication5 = stopped;
      const refused = await slack.submit("U0TOM", form.modal, form.modal.view, {
        item: "med:5",
        reason: "scratching",
      });
      expect(refused.response_action).toBe("update");
      const words = JSON.stringify(refused.view?.blocks);
      expect(words).toContain("changed in the kennel system since its plan was confirmed");
      expect(words).toContain(`medication 5 now \\"${shown}\\"`);
      expect(words).not.toContain("<!channel>");
      expect(words).toContain("Nothing was recorded");
      expect(await doses(itchy)).toHaveLength(before);
      // A tap on the post: told the same, and no form opens.
      const give = slack.button(slack.petOn([form.message], itchy.b, itchy.p).buttons, "💊 Give if needed…");
      const tapped = await slack.tap("U0JANE", give as NonNullable<typeof give>, form.message);
      expect(await slack.told(tapped.responseId)).toContain(
        `changed in the kennel system since its plan was confirmed: medication 5 now "${shown}"`,
      );
      expect([...h.slack.modals.values()].some((m) => m.trigger_id === tapped.trigger)).toBe(false);
      expect(await doses(itchy)).toHaveLength(before);
    },
  );
  it.skipIf(skip)(
    "item 13: a form without its view is a 400; one without its fields is told it could not be read; one opened before the signing secret changed is told the keys changed",
    async () => {
      at("16:00");
      const form = await openGive("U0JANE", sore);
      const post = (body: unknown) =>
        postSigned(`${h.url}/slack/events`, SIGNING_SECRET, { payload: JSON.stringify(body) });
      const base = submissionBody(form.modal, { user: "U0JANE", trigger: "tv-h13", values: {} });
      // No view at all, or a null one: refused before Bolt (it threw reading it: a 500).
      const { view: _, ...noView } = base;
      expect((await post(noView)).status).toBe(400);
      expect((await post({ ...base, view: null })).status).toBe(400);
      // A null state: told the form could not be read, not that the record did not answer.
      const unread = await post({ ...base, view: { ...base.view, state: null } });
      expect(unread.status).toBe(200);
      const said = JSON.stringify((JSON.parse(unread.text) as { view?: unknown }).view);
      expect(said).toContain(
        "This form could not be read (it came without its fields): nothing was recorded",
      );
      expect(said).not.toContain("did not answer");
      // Sealed by the bot as it was before its signing secret was replaced.
      const meta = form.modal.view.private_metadata as string;
      const old = createSeal("the-signing-secret-before").sign(meta.slice(0, meta.lastIndexOf(".")));
      const rotated = await slack.submit(
        "U0JANE",
        form.modal,
        { ...form.modal.view, private_metadata: old },
        {
          item: "med:4",
          reason: "limping",
        },
      );
      const words = JSON.stringify(rotated.view?.blocks);
      expect(words).toContain("Kennel Desk's keys changed since this form was opened");
      expect(words).not.toContain("not one Kennel Desk opened");
      expect(await doses(sore, "med:4")).toHaveLength(1);
    },
  );
});
