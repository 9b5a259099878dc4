/**
 * A dose recorded on the wrong pet, put right in Slack end to end on both engines: the real Bolt app
 * over HTTP, the signed "✏️ Record each…" form. Before, the one way was "not given · other: recorded
 * on the wrong pet", which said the dose was withheld and settled its slot. Now the correction form of
 * a dose recorded offers "❎ Recorded in error", asks why, strikes the entry (kept) and leaves the slot
 * open: the round message shows the struck entry and why, and the dose is recorded again over it.
 */
import { describe, expect, it } from "vitest";
import { recordEach } from "../../src/blocks/buttons.ts";
import type { CareRecordStore } from "../../src/record/types.ts";
import { IN_ERROR_CHOICE } from "../../src/words/record.ts";
import { type Harness, SIGNING_SECRET, useHarnessOn } from "../helpers/bot.ts";
import {
  atOnce,
  type Button,
  buttonsOf,
  PAST_ROUNDS,
  postConfirmedRounds,
  sectionOf,
  tapRecord,
  viewPayload,
} from "../helpers/record-slack.ts";
import { postSigned } from "../helpers/slack.ts";
import { useStoreEngines } from "../helpers/store-engines.ts";

const clock = { now: () => new Date("2026-11-22T09:00:00Z") };
const CHANNEL = "C0ROUNDS";
const WHY = "recorded on the wrong pet: it was Bramble's";

describe.each(useStoreEngines(clock))("recorded in error, in Slack ($name)", ({ open, skip }) => {
  let h: Harness;
  let store: CareRecordStore;
  useHarnessOn(
    { open, skip },
    () => ({ clock, env: { ROUNDS_CHANNEL: CHANNEL, DIGEST_SCHEDULE: "off", ...PAST_ROUNDS } }),
    async (started) => {
      ({ h, store } = started);
      h.slack.users.set("U0JANE", { id: "U0JANE", real_name: "Jane Doe", profile: { display_name: "Jane" } });
      h.slack.users.set("U0TOM", { id: "U0TOM" });
    },
  );

  const updatesOf = (ts: string) =>
    h.slack.api.filter((r) => r.path === "/api/chat.update" && r.body.ts === ts).length;

  /** The pet's "Record each…" form opened by `user`, and what submitting `choices` answers (the message redrawn). */
  async function form(entry: { id: number; ts: string }, p: Button, user: string) {
    const { trigger } = await tapRecord(h, entry.id, p, user, {});
    await h.slack.waitFor(() => [...h.slack.modals.values()].some((m) => m.trigger_id === trigger), 10_000);
    const modal = [...h.slack.modals.values()].find((m) => m.trigger_id === trigger) as NonNullable<
      ReturnType<typeof h.slack.modals.get>
    >;
    const submit = async (choices: Record<string, [string, string]>, redrawn = true) => {
      const before = updatesOf(entry.ts);
      const body = { payload: JSON.stringify(viewPayload(modal, user, choices)) };
      const answer = await postSigned(`${h.url}/slack/events`, SIGNING_SECRET, body);
      if (redrawn) await h.slack.waitFor(() => updatesOf(entry.ts) > before, 10_000);
      return answer.text;
    };
    return { modal, submit };
  }

  it.skipIf(skip)(
    "strikes the entry with why, opens the slot, and the dose is recorded again over it",
    async () => {
      const [msg] = await postConfirmedRounds(h, CHANNEL, "evening", clock);
      const entry = msg as NonNullable<typeof msg>;
      const withMed = atOnce(await buttonsOf(store, entry.blocks, recordEach)).filter((b) =>
        b.state.i.some(([i]) => i !== "meal"),
      );
      const p = withMed[0] as Button;
      const med = p.state.i.find(([i]) => i !== "meal")?.[0] as string;
      const entries = () => store.entries({ date: p.state.d, petId: p.state.p });
      const shown = () => sectionOf(h.slack.timeline.find((m) => m.id === entry.id)?.blocks, p.state);

      // Never recorded: the form offers no "recorded in error".
      const first = await form(entry, p, "U0JANE");
      expect(JSON.stringify(first.modal.view.blocks)).not.toContain(IN_ERROR_CHOICE);
      await first.submit({ [med]: ["given", ""] });
      const [given] = await entries();

      // Recorded: offered; without a why, refused on its field, nothing written.
      const fix = await form(entry, p, "U0TOM");
      expect(JSON.stringify(fix.modal.view.blocks)).toContain(IN_ERROR_CHOICE);
      expect(await fix.submit({ [med]: ["in_error", ""] }, false)).toContain(
        "Say why it was recorded in error",
      );
      expect(await entries()).toHaveLength(1);
      await fix.submit({ [med]: ["in_error", WHY] });
      const [, wrong] = await entries();
      expect(wrong).toMatchObject({
        outcome: "in_error",
        reason: WHY,
        supersedes: given?.id,
        userId: "U0TOM",
      });
      expect(shown()).toMatch(/~✅ .+ given 09:00 Jane~/);
      expect(shown()).toContain(`recorded in error: ${WHY} · tom 09:00`);
      expect(shown()).not.toMatch(/not given/);

      // The slot is open: recorded again, the new entry superseding the one in error.
      const again = await form(entry, p, "U0JANE");
      await again.submit({ [med]: ["given", ""] });
      const all = await entries();
      expect(all.map((e) => [e.outcome, e.supersedes])).toEqual([
        ["given", undefined],
        ["in_error", given?.id],
        ["given", wrong?.id],
      ]);
      expect((await store.verify()).ok).toBe(true);
    },
  );
});
