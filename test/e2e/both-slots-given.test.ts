/**
 * One drug in two slots of Salt & Pepper (AW-SALT): "Owner's own Metacam 1.5ml" in medication 1,
 * "Kennel stock Metacam 1.5ml" in medication 2, its plan's "one dose or two?" not answered. ✏️ Record
 * each… with "given" on both is refused at the second slot's field, nothing written; with "Both given:
 * I have checked" ticked, both are written and each entry says who checked. End to end: the real Bolt
 * app over HTTP, signed forms, the Slack stand-in and the awkward sandbox.
 */
import { describe, expect, it } from "vitest";
import type { OpenedModal } from "../../src/preview/slack-standin-types.ts";
import type { CareRecordStore } from "../../src/record/types.ts";
import { type Harness, nameStaff, useHarnessOn } from "../helpers/bot.ts";
import { openPetForm, submitForm } from "../helpers/pet-form.ts";
import { awkwardRounds, sandboxPet } from "../helpers/plan-slack.ts";
import { useStoreEngines } from "../helpers/store-engines.ts";

const CHANNEL = "C0ROUNDS";
const DATE = "2026-11-22";
let at = Date.parse(`${DATE}T07:35:00Z`);
const clock = { now: () => new Date(at) };

describe.each(useStoreEngines(clock))("both slots of one drug given on one form ($name)", (engine) => {
  let h: Harness;
  let store: CareRecordStore;

  useHarnessOn(
    engine,
    () => awkwardRounds(clock, CHANNEL),
    async (started) => {
      ({ h, store } = started);
      nameStaff(h, { U0JANE: "Jane" });
      const { pet } = sandboxPet(h, "AW-SALT", "Salt & Pepper");
      pet.medication = "Owner's own Metacam 1.5ml";
      pet.medication2 = "Kennel stock Metacam 1.5ml";
      at = Date.parse(`${DATE}T07:35:00Z`);
      await h.bot.digest?.runPost("rounds:morning", DATE, { retry: false });
    },
    90_000,
  );

  /** Salt & Pepper's ✏️ Record each… opened by Jane on the morning post. */
  const openForm = () =>
    openPetForm(h, store, { channel: CHANNEL, reference: "AW-SALT", name: "Salt & Pepper" });
  /** The form submitted with both slots given, its tick ticked or not: Slack's answer. */
  const submitBoth = (form: OpenedModal, tick: boolean) =>
    submitForm(h, form, {
      choices: { "med:1": ["given", ""], "med:2": ["given", ""] },
      tick: ["both:med:2", "both"],
      ticked: tick,
    });

  it.skipIf(engine.skip)(
    "refused at the second slot without the tick; with it, both recorded saying who checked",
    async () => {
      at = Date.parse(`${DATE}T08:05:00Z`);
      const form = await openForm();
      const ids = (form.view.blocks as { block_id?: string }[]).map((b) => b.block_id);
      expect(ids.filter((id) => id?.startsWith("both:"))).toEqual(["both:med:2"]);
      const refused = await submitBoth(form, false);
      expect(refused.response_action).toBe("errors");
      expect(refused.errors?.["it:med:2"]).toContain("Both slots of one drug given");
      expect(await store.entries({ date: DATE })).toEqual([]);
      const done = await submitBoth(form, true);
      expect(done.response_action).toBeUndefined();
      const entries = await store.entries({ date: DATE });
      expect(entries.map((e) => [e.item, e.outcome, e.note])).toEqual([
        ["med:1", "given", "both slots given: checked by Jane"],
        ["med:2", "given", "both slots given: checked by Jane"],
      ]);
    },
    120_000,
  );
});
