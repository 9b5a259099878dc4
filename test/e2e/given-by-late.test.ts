/**
 * A giver Slack names only after the commit, end to end on both engines (the real Bolt app over
 * HTTP, the Slack stand-in, the sandbox's awkward bookings, an injected clock). users.info for the
 * giver is held (a gate, no sleep) past the second the form waits: kept by id at the commit, the
 * gate opened once the record holds the dose.
 * - Itchy's Piriton given if needed on ✏️ Record each… naming Alex: Jane's private confirmation
 *   waits for the name ("by Alex", never "someone not yet named"), and the day's other post holding
 *   Itchy is drawn with it (the doses given if needed were left out of the wait).
 * - A high-alert dose given naming Nia (held likewise), no witness: the Home tab opened meanwhile
 *   says "someone not yet named (U0NIA)"; when Slack names Nia, that tab is published again
 *   saying Nia, once.
 */
import { describe, expect, it } from "vitest";
import { loadSheet } from "../../src/answers/sheets.ts";
import { recordEach } from "../../src/blocks/buttons.ts";
import type { TimelineEntry } from "../../src/preview/slack-standin-types.ts";
import type { CareRecordStore } from "../../src/record/types.ts";
import { type Harness, homePublished, nameStaff, useHarnessOn } from "../helpers/bot.ts";
import { formOf, openPetForm, submitForm } from "../helpers/pet-form.ts";
import { awkwardRounds, petIds } from "../helpers/plan-slack.ts";
import { type Button, buttonsOf, postConfirmedRounds, tapRecord } from "../helpers/record-slack.ts";
import { useStoreEngines } from "../helpers/store-engines.ts";

let now = Date.parse("2026-11-22T22:00:00Z");
const clock = { now: () => new Date(now) };
const CHANNEL = "C0ROUNDS";
const DATE = "2026-11-22";

describe.each(useStoreEngines(clock))("a giver Slack names after the commit ($name)", ({ open, skip }) => {
  let h: Harness;
  let store: CareRecordStore;

  useHarnessOn(
    { open, skip },
    () => awkwardRounds(clock, CHANNEL),
    async (started) => {
      ({ h, store } = started);
      nameStaff(h, { U0JANE: "Jane", U0ALEX: "Alex", U0NIA: "Nia" });
    },
  );

  /** users.info for `user` held until the returned function is called. */
  function hold(user: string): () => void {
    let open = () => {};
    const gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    h.slack.latency = (method, body) => (method === "users.info" && body.user === user ? gate : 0);
    return () => {
      open();
      h.slack.latency = undefined;
    };
  }

  /** What Slack showed Jane privately containing `words`. */
  const toldJane = (words: string) => () =>
    h.slack.timeline.some((m) => m.ephemeral && String(m.text ?? "").includes(words));

  it.skipIf(skip)(
    "a dose given if needed naming Alex: Jane's confirmation waits for his name; the day's other post drawn with it",
    async () => {
      now = Date.parse("2026-11-22T22:00:00Z");
      const midday = await postConfirmedRounds(h, CHANNEL, "midday", clock);
      await postConfirmedRounds(h, CHANNEL, "evening", clock);
      const form = await openPetForm(h, store, {
        channel: CHANNEL,
        reference: "AW-PRN",
        name: "Itchy",
        latest: true,
      });
      const { petId } = petIds(h, "AW-PRN", "Itchy");
      const med = JSON.stringify(form.view).match(/"block_id":"why:(med:\d+)"/)?.[1] as string;
      expect(med).toBeDefined();
      const release = hold("U0ALEX");
      try {
        const answer = await submitForm(h, form, {
          choices: { [med]: ["given", "scratching"] },
          givenBy: "U0ALEX",
        });
        expect(answer.errors).toBeUndefined();
        const [kept] = await store.log({ kind: "prn", date: DATE, petId });
        // Kept by id: Slack had not answered within the form's second.
        expect(kept?.body).toMatchObject({ userName: "Jane", givenBy: { userId: "U0ALEX" } });
        expect((kept?.body as { givenBy?: { name?: string } } | undefined)?.givenBy?.name).toBeUndefined();
      } finally {
        release();
      }
      const named = /✅ Recorded Piriton[^\n]* given if needed 22:00 by Alex \(Itchy, Sun 22 Nov\)\./;
      const said = () => h.slack.timeline.some((m) => m.ephemeral && named.test(String(m.text ?? "")));
      await expect.poll(said, { timeout: 10_000 }).toBe(true);
      expect(toldJane("not yet named")()).toBe(false);
      const itchyAtMidday = midday.find((m) => JSON.stringify(m).includes("Itchy"));
      expect(itchyAtMidday).toBeDefined();
      const shown = () => JSON.stringify(h.slack.timeline.find((m) => m.id === itchyAtMidday?.id));
      await expect.poll(shown, { timeout: 10_000 }).toMatch(/Piriton[^"]* 22:00 by Alex/);
      expect(shown()).not.toContain("not yet named");
    },
  );

  it.skipIf(skip)(
    "a high-alert dose naming Nia: a Home tab drawn before Slack names her is published again with her name",
    async () => {
      now = Date.parse("2026-11-23T19:40:00Z");
      const messages = await postConfirmedRounds(h, CHANNEL, "evening", clock);
      const x = await highAlert(messages);
      const form = await formOf(h, (await tapRecord(h, x.message.id, x.b, "U0JANE")).trigger);
      const release = hold("U0NIA");
      let published = 0;
      const homes = () =>
        h.slack.api.filter((a) => a.path === "/api/views.publish" && a.body.user_id === "U0STAFF");
      try {
        const answer = await submitForm(h, form, { choices: { [x.med]: ["given", ""] }, givenBy: "U0NIA" });
        expect(answer.errors).toBeUndefined();
        // Past its 15 minutes, no witness: Home names the dose and its giver, not yet named.
        now = Date.parse("2026-11-23T19:56:00Z");
        const home = JSON.stringify(await homePublished(h, `EvLateName${Date.now()}`));
        expect(home).toContain("given 19:40 by someone not yet named (U0NIA)");
        published = homes().length;
      } finally {
        release();
      }
      const last = () => JSON.stringify(homes().at(-1)?.body);
      await expect
        .poll(() => homes().length > published && last(), { timeout: 10_000 })
        .toContain("given 19:40 by Nia");
      expect(last()).not.toContain("not yet named");
      // Once for the name's arrival: no more publishes follow.
      await new Promise((r) => setTimeout(r, 300));
      expect(homes().length).toBe(published + 1);
    },
  );

  /** A pet here before today with a high-alert drug at this round, nothing recorded. */
  async function highAlert(messages: TimelineEntry[]) {
    for (const m of messages)
      for (const b of await buttonsOf(store, m.blocks, recordEach)) {
        const sheet = await loadSheet({ record: store }, b.state.s);
        const pet = sheet?.pets.find((p) => p.petId === b.state.p);
        const med = pet?.due.find((d) => d.item !== "meal" && d.highAlert);
        if (pet && !pet.arrivesAt && med) return { message: m, b: b as Button, med: med.item };
      }
    throw new Error("the sandbox has no pet here with a high-alert drug this evening");
  }
});
