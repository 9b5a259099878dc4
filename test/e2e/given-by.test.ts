/**
 * Who gave a dose, when it is not who records it, end to end on both engines (the real Bolt app over
 * HTTP, signed bodies, the Slack stand-in, the sandbox's awkward bookings, an injected clock): Jane
 * records at 22:00, on ✏️ Record each…, a dose Sam gave at 21:05, naming Sam in "Given by (if not
 * you)". A guest account chosen is refused at the field, nothing written. Sam, never seen by Kennel
 * Desk, is kept by id, asked of Slack after the ack, and named by the follow-up; the entry stays
 * Jane's, the stay record says both. The one "Given by" means every dose the form says given: Itchy's
 * Piriton given if needed on it is Tom's too. A giver Slack does not know at all (users.info answers
 * user_not_found) is said not staff, as a guest is, and Jane told privately.
 */
import { describe, expect, it } from "vitest";
import { markedEntries } from "../../src/answers/paper-marks.ts";
import { loadSheet } from "../../src/answers/sheets.ts";
import { recordEach } from "../../src/blocks/buttons.ts";
import type { OpenedModal, TimelineEntry } from "../../src/preview/slack-standin-types.ts";
import type { CareRecordStore } from "../../src/record/types.ts";
import { type Harness, nameStaff, useHarnessOn } from "../helpers/bot.ts";
import { type FormAnswer, formOf, openPetForm, submitForm } from "../helpers/pet-form.ts";
import { awkwardRounds, petIds } from "../helpers/plan-slack.ts";
import { type Button, buttonsOf, postConfirmedRounds, tapRecord } from "../helpers/record-slack.ts";
import { stayRecordAnswer } from "../helpers/stay-record-button.ts";
import { useStoreEngines } from "../helpers/store-engines.ts";

let now = Date.parse("2026-11-22T22:00:00Z");
const clock = { now: () => new Date(now) };
const CHANNEL = "C0ROUNDS";
const DATE = "2026-11-22";

describe.each(useStoreEngines(clock))(
  "a dose given by someone other than who records it ($name)",
  ({ open, skip }) => {
    let h: Harness;
    let store: CareRecordStore;

    useHarnessOn(
      { open, skip },
      () => awkwardRounds(clock, CHANNEL),
      async (started) => {
        ({ h, store } = started);
        nameStaff(h, { U0JANE: "Jane", U0SAM: "Sam", U0TOM: "Tom" });
      },
    );

    const submit = (modal: OpenedModal, med: string, givenBy: string): Promise<FormAnswer> =>
      submitForm(h, modal, {
        choices: { [med]: ["given", ""] },
        given: { date: DATE, time: "21:05" },
        givenBy,
      });

    /** A pet here since before today with a medication that is not high-alert, nothing recorded yet. */
    async function candidate(messages: TimelineEntry[]) {
      for (const m of messages)
        for (const b of await buttonsOf(store, m.blocks, recordEach)) {
          const sheet = await loadSheet({ record: store }, b.state.s);
          const pet = sheet?.pets.find((p) => p.petId === b.state.p);
          const booking = h.sandbox.main.bookings.find((bk) => Number(bk.bookingId) === b.state.b);
          const med = pet?.due.find((d) => d.item !== "meal" && !d.highAlert);
          if (!med || pet?.arrivesAt || String(booking?.checkInDate ?? "9") >= DATE) continue;
          return { message: m, b: b as Button, med: med.item };
        }
      throw new Error("the sandbox has no pet on medication here before 22 Nov");
    }

    /** The stay record of a booking, as the "Stay record" button answers it. */
    const stayRecord = (bookingId: number) => stayRecordAnswer(h, bookingId);

    it.skipIf(skip)(
      "the giver named on the form: a guest refused at the field; Sam kept, then named",
      async () => {
        now = Date.parse("2026-11-22T22:00:00Z");
        const messages = await postConfirmedRounds(h, CHANNEL, "evening", clock);
        const x = await candidate(messages);
        // A guest who once tapped (refused) is known as one.
        await tapRecord(h, x.message.id, x.b, "U0GUEST");
        const form = await formOf(h, (await tapRecord(h, x.message.id, x.b, "U0JANE")).trigger);
        expect(JSON.stringify(form.view).split('"block_id":"given_by"')).toHaveLength(2);

        const guest = await submit(form, x.med, "U0GUEST");
        expect(guest.response_action).toBe("errors");
        expect(guest.errors?.given_by).toMatch(/^That is a guest account/);
        expect(await store.entries({ date: DATE, petId: x.b.state.p })).toEqual([]);

        expect((await submit(form, x.med, "U0SAM")).errors).toBeUndefined();
        const [kept] = await store.log({ kind: "given_by", date: DATE });
        expect(kept?.body).toMatchObject({ userId: "U0SAM", items: [x.med] });
        // Named after the ack, as Slack says.
        const named = async () =>
          (await store.log({ kind: "staff_name", date: DATE })).some((l) => l.body.userId === "U0SAM");
        await expect.poll(named, { timeout: 10_000 }).toBe(true);
        const entry = (await markedEntries({ record: store }, { date: DATE, petId: x.b.state.p })).find(
          (e) => e.item === x.med,
        );
        expect(entry).toMatchObject({
          userId: "U0JANE",
          userName: "Jane",
          givenBy: { userId: "U0SAM", name: "Sam" },
        });
        expect(await stayRecord(x.b.state.b)).toContain("given 21:05 by Sam · recorded 22:00 by Jane");
        expect((await store.verify()).ok).toBe(true);
      },
    );

    it.skipIf(skip)(
      "the form's giver gave its dose given if needed too: Itchy's Piriton is Tom's, recorded by Jane",
      async () => {
        now = Date.parse("2026-11-22T22:00:00Z");
        await postConfirmedRounds(h, CHANNEL, "evening", clock);
        const form = await openPetForm(h, store, {
          channel: CHANNEL,
          reference: "AW-PRN",
          name: "Itchy",
          latest: true,
        });
        const { bookingId, petId } = petIds(h, "AW-PRN", "Itchy");
        const block = JSON.stringify(form.view).match(/"block_id":"why:(med:\d+)"/);
        const med = block?.[1] as string;
        expect(med).toBeDefined();
        const answer = await submitForm(h, form, {
          choices: { [med]: ["given", "scratching"] },
          givenBy: "U0TOM",
        });
        expect(answer.errors).toBeUndefined();
        const [kept] = await store.log({ kind: "prn", date: DATE, petId });
        expect(kept?.body).toMatchObject({ userName: "Jane", givenBy: { userId: "U0TOM" } });
        expect(kept?.userId).toBe("U0JANE");
        // Tom, never seen, named after the ack: the stay record says both.
        const named = async () =>
          (await store.log({ kind: "staff_name", date: DATE })).some((l) => l.body.userId === "U0TOM");
        await expect.poll(named, { timeout: 10_000 }).toBe(true);
        expect(await stayRecord(bookingId)).toMatch(
          /Piriton[^\n]* given 22:00 by Tom · recorded 22:00 by Jane/,
        );
        expect((await store.verify()).ok).toBe(true);
      },
    );

    it.skipIf(skip)(
      "a giver Slack does not know (users.info: user_not_found): said not staff, and Jane told privately",
      async () => {
        now = Date.parse("2026-11-22T22:10:00Z");
        await postConfirmedRounds(h, CHANNEL, "evening", clock);
        const form = await openPetForm(h, store, {
          channel: CHANNEL,
          reference: "AW-PRN",
          name: "Itchy",
          latest: true,
        });
        const { bookingId, petId } = petIds(h, "AW-PRN", "Itchy");
        const med = JSON.stringify(form.view).match(/"block_id":"why:(med:\d+)"/)?.[1] as string;
        const answer = await submitForm(h, form, {
          choices: { [med]: ["given", "still scratching"] },
          givenBy: "U0GONE",
        });
        expect(answer.errors).toBeUndefined();
        const flagged = async () =>
          (await store.log({ kind: "staff_name", date: DATE })).find((l) => l.body.userId === "U0GONE")?.body
            .notStaff;
        await expect.poll(flagged, { timeout: 10_000 }).toBe("unknown");
        const told = () =>
          h.slack.timeline.some((m) =>
            String(m.text ?? "").includes("Slack does not know the person you chose"),
          );
        await expect.poll(told, { timeout: 10_000 }).toBe(true);
        const doses = await store.log({ kind: "prn", date: DATE, petId });
        expect(doses.at(-1)?.body).toMatchObject({ userName: "Jane", givenBy: { userId: "U0GONE" } });
        expect(await stayRecord(bookingId)).toContain(
          "by someone Slack never named (U0GONE) (not staff: Slack does not know them) · recorded 22:10 by Jane",
        );
      },
    );
  },
);
