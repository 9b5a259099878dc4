/**
 * A dose a round sheet prints "every other day: was it given yesterday? check the record", its care
 * plan not confirmed, recorded from ✏️ Record each… end to end: the real Bolt app over HTTP, signed
 * `block_actions` and `view_submission` bodies, the Slack stand-in and the awkward sandbox. The
 * evening round of Sun 22 Nov (19:30): Salt & Pepper (AW-SALT), on Felimazole and Semintra "every
 * other day PM". The form lists the Semintra, recorded only if given; given, its entry is in the
 * record, and the late and missed replies name the Felimazole not recorded, never the Semintra.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { recordEach } from "../../src/blocks/buttons.ts";
import { DOSE_ALERT_EVENT } from "../../src/digest/post.ts";
import type { OpenedModal, TimelineEntry } from "../../src/preview/slack-standin-types.ts";
import type { CareRecordStore } from "../../src/record/types.ts";
import { type Harness, nameStaff, SIGNING_SECRET, useHarnessOn } from "../helpers/bot.ts";
import { awkwardRounds, petIds, sandboxPet } from "../helpers/plan-slack.ts";
import { actionPayload, buttonsOf, viewPayload } from "../helpers/record-slack.ts";
import { blocksOf, postSigned } from "../helpers/slack.ts";
import { useStoreEngines } from "../helpers/store-engines.ts";

const CHANNEL = "C0ROUNDS";
const DATE = "2026-11-22";
let at = Date.parse(`${DATE}T19:35:00Z`);
const clock = { now: () => new Date(at) };
const SEMINTRA = "Semintra 4 mg/ml 1 ml every other day PM";

describe.each(useStoreEngines(clock))(
  "an every-other-day dose recorded from Record each… ($name)",
  (engine) => {
    let h: Harness;
    let store: CareRecordStore;
    beforeEach(() => {
      at = Date.parse(`${DATE}T19:35:00Z`);
    });

    useHarnessOn(
      engine,
      () => awkwardRounds(clock, CHANNEL),
      async (started) => {
        ({ h, store } = started);
        nameStaff(h, { U0JANE: "Jane" });
        sandboxPet(h, "AW-SALT", "Salt & Pepper").pet.medication2 = SEMINTRA;
        await h.bot.digest?.runPost("rounds:evening", DATE, { retry: false });
      },
      90_000,
    );

    /** The round post's message holding Salt & Pepper, its section and its buttons. */
    function onRoundPost() {
      const { bookingId, petId } = petIds(h, "AW-SALT", "Salt & Pepper");
      const head = `kd_pet:${bookingId}:${petId}:`;
      const m = h.slack.timeline.find(
        (x) => x.channel === CHANNEL && !x.ephemeral && blocksOf(x).some((b) => b.block_id?.startsWith(head)),
      ) as TimelineEntry;
      const blocks = blocksOf(m);
      const i = blocks.findIndex((b) => b.block_id?.startsWith(head));
      const next = blocks[i + 1];
      const buttons = next?.block_id === `kd_act:${bookingId}:${petId}` ? (next.elements ?? []) : [];
      return { message: m, section: blocks[i]?.text?.text ?? "", buttons };
    }
    const replyOf = (kind: "late" | "missed") =>
      h.slack.timeline
        .filter(
          (m) =>
            m.metadata?.event_type === DOSE_ALERT_EVENT &&
            String(m.metadata.event_payload.key).startsWith(`dose_alert:${kind}:${DATE}:evening:`),
        )
        .map((m) => JSON.stringify(m.blocks))
        .join("\n");

    it.skipIf(engine.skip)(
      "listed on the form, recorded as given; the late and missed replies never name it",
      async () => {
        const salt = onRoundPost();
        expect(salt.section).toContain("every other day");
        const [button] = await buttonsOf(store, [{ elements: salt.buttons }], recordEach);
        if (!button) throw new Error("no Record each… for Salt & Pepper");
        const { trigger } = actionPayload(h.slack, salt.message.id, button, "U0JANE");
        await postSigned(`${h.url}/slack/events`, SIGNING_SECRET, {
          payload: JSON.stringify(
            actionPayload(h.slack, salt.message.id, button, "U0JANE", { trigger }).body,
          ),
        });
        await h.slack.waitFor(
          () => [...h.slack.modals.values()].some((m) => m.trigger_id === trigger),
          10_000,
        );
        const form = [...h.slack.modals.values()].find((m) => m.trigger_id === trigger) as OpenedModal;
        const shown = JSON.stringify(form.view.blocks);
        expect(shown).toContain("Semintra 4 mg/ml 1 ml: every other day — record it if you give it");
        expect(shown).toContain('"block_id":"it:med:2"');
        const res = await postSigned(`${h.url}/slack/events`, SIGNING_SECRET, {
          payload: JSON.stringify(viewPayload(form, "U0JANE", { "med:2": ["given", ""] })),
        });
        expect(res.status).toBe(200);
        const ids = petIds(h, "AW-SALT", "Salt & Pepper");
        const entries = await store.entries({ date: DATE, round: "evening", ...ids });
        expect(entries.map((e) => [e.item, e.outcome, e.itemText])).toEqual([["med:2", "given", SEMINTRA]]);
        // Never added to the round as owed.
        const changes = await store.log({ kind: "obligation_change", date: DATE, ...ids });
        expect(JSON.stringify(changes.map((c) => c.body))).not.toContain("med:2");
        // The Felimazole not recorded is chased; the Semintra never.
        at = Date.parse(`${DATE}T20:15:01Z`);
        await h.bot.doseAlerts?.check();
        expect(replyOf("late")).toContain("Felimazole");
        at = Date.parse(`${DATE}T21:30:01Z`);
        await h.bot.doseAlerts?.check();
        expect(replyOf("missed")).toContain("Felimazole");
        expect(`${replyOf("late")}${replyOf("missed")}`).not.toContain("Semintra");
        const claims = await store.log({ kind: "dose_alert", date: DATE });
        const chased = claims.some((c) =>
          ((c.body as { doses?: Array<Record<string, unknown>> }).doses ?? []).some(
            (d) => d.b === ids.bookingId && d.p === ids.petId && d.item === "med:2",
          ),
        );
        expect(chased).toBe(false);
      },
      120_000,
    );
  },
);
