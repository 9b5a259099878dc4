/**
 * A dose time on the days the clocks change (issue 46, item 10), end to end through signed Slack
 * bodies: the real Bolt app, the Slack stand-in, the sandbox, a kennel in Europe/London whose
 * morning round is at 00:15. A one tap after the doses' windows closed asks when they were given:
 * - on Sun 29 Mar the clocks go forward at 01:00: "01:30" never happened, and is refused at its
 *   field ("01:30 did not happen on Sun 29 Mar: the clocks went forward"), nothing written;
 * - on Sun 25 Oct they go back at 02:00: the form asks which of the hour that came twice, "01:30"
 *   without it is asked which at that question, and the one chosen is the one kept.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordAll } from "../../src/blocks/buttons.ts";
import type { OpenedModal, TimelineEntry } from "../../src/preview/slack-standin-types.ts";
import type { CareRecordStore } from "../../src/record/types.ts";
import { type Harness, SIGNING_SECRET, startHarness } from "../helpers/bot.ts";
import { confirmAllPlans } from "../helpers/plans.ts";
import { scratchRecord } from "../helpers/record.ts";
import { actionPayload, type Button, buttonsOf, roundPostOf, viewPayload } from "../helpers/record-slack.ts";
import { commandForm, postSigned } from "../helpers/slack.ts";

const CHANNEL = "C0ROUNDS";
type Answer = { response_action?: string; errors?: Record<string, string> };

/** A kennel whose day is `today`, its clock at `now`: the morning round's late one-tap form for a pet with a medication. */
function kennelOn(today: string, now: string) {
  const clock = { now: () => new Date(now) };
  const k = { h: undefined as unknown as Harness, store: undefined as unknown as CareRecordStore };
  beforeAll(async () => {
    k.store = scratchRecord(clock);
    k.h = await startHarness({
      record: k.store,
      clock,
      sandbox: { today },
      env: { ROUNDS_CHANNEL: CHANNEL, DIGEST_SCHEDULE: "off", ROUNDS_TIMES: "00:15,12:00,19:30" },
    });
    k.h.slack.users.set("U0JANE", { id: "U0JANE", profile: { display_name: "Jane" } });
  }, 60_000);
  afterAll(async () => {
    await k.h.close();
    await k.store.close();
  });

  async function post(): Promise<TimelineEntry[]> {
    const { form, id } = commandForm(k.h.slack, { command: "/rounds", text: "morning", channel: CHANNEL });
    k.h.slack.responseTarget(id, { channel: CHANNEL, user: "U0STAFF" });
    const since = k.h.slack.timeline.at(-1)?.id ?? 0;
    await postSigned(`${k.h.url}/slack/events`, SIGNING_SECRET, form);
    return roundPostOf(k.h.slack, since);
  }

  /** The late form of a pet's one tap, with the pet's button. */
  async function lateForm(): Promise<{ form: OpenedModal; b: Button }> {
    await post();
    await confirmAllPlans(k.store, k.h.config, clock);
    const messages = await post();
    for (const m of messages) {
      for (const b of await buttonsOf(k.store, m.blocks, recordAll)) {
        if (!b.state.i.some(([item]) => item.startsWith("med:")) || b.state.a) continue;
        const tap = actionPayload(k.h.slack, m.id, b, "U0JANE");
        await postSigned(`${k.h.url}/slack/events`, SIGNING_SECRET, { payload: JSON.stringify(tap.body) });
        await k.h.slack.waitFor(
          () => [...k.h.slack.modals.values()].some((x) => x.trigger_id === tap.trigger),
          10_000,
        );
        const form = [...k.h.slack.modals.values()].find((x) => x.trigger_id === tap.trigger) as OpenedModal;
        return { form, b };
      }
    }
    throw new Error(`no pet with a medication this morning (${today})`);
  }

  async function submit(form: OpenedModal, given: { date: string; time: string }, which?: string) {
    const body = viewPayload(form, "U0JANE", {}, undefined, given);
    if (which)
      (body.view.state.values as Record<string, unknown>).given_which = {
        which: { type: "radio_buttons", selected_option: { value: which } },
      };
    const res = await postSigned(`${k.h.url}/slack/events`, SIGNING_SECRET, {
      payload: JSON.stringify(body),
    });
    expect(res.status).toBe(200);
    return (res.text ? JSON.parse(res.text) : {}) as Answer;
  }

  return { k, lateForm, submit };
}

describe("the day the clocks go forward (Sun 29 Mar)", () => {
  // 04:00 BST: every morning window (round at 00:15 GMT) has closed.
  const { k, lateForm, submit } = kennelOn("2026-03-29", "2026-03-29T03:00:00Z");

  it("a time that never happened is refused at its field, nothing written; one that did is kept", async () => {
    const { form, b } = await lateForm();
    expect(form.view.callback_id).toBe("rec_late");
    // No question of which: no hour came twice on these days.
    expect(JSON.stringify(form.view)).not.toContain("given_which");
    const refused = await submit(form, { date: "2026-03-29", time: "01:30" });
    expect(refused).toEqual({
      response_action: "errors",
      errors: {
        given_at: "01:30 did not happen on Sun 29 Mar: the clocks went forward. Say when it was given.",
      },
    });
    expect(await k.store.entries({ petId: b.state.p })).toEqual([]);
    expect(await submit(form, { date: "2026-03-29", time: "00:50" })).toEqual({});
    const given = (await k.store.entries({ petId: b.state.p })).filter((e) => e.item.startsWith("med:"));
    expect(given.length).toBeGreaterThan(0);
    for (const e of given) expect(e.givenAt).toBe("2026-03-29T00:50:00.000Z");
  });
});

describe("the day the clocks go back (Sun 25 Oct)", () => {
  // 03:00 GMT, after the hour that came twice (01:00–01:59).
  const { k, lateForm, submit } = kennelOn("2026-10-25", "2026-10-25T03:00:00Z");

  it("the form asks which of the hour that came twice; without it, asked at that question; the one chosen is kept", async () => {
    const { form, b } = await lateForm();
    const shown = JSON.stringify(form.view);
    expect(shown).toContain(
      "If it was between 01:00 and 01:59 on Sun 25 Oct (the clocks went back: that hour came twice), which time?",
    );
    expect(shown).toContain("The first (before the clocks went back)");
    const asked = await submit(form, { date: "2026-10-25", time: "01:30" });
    expect(asked).toEqual({
      response_action: "errors",
      errors: { given_which: "01:30 happened twice on Sun 25 Oct: the clocks went back. Which one?" },
    });
    expect(await k.store.entries({ petId: b.state.p })).toEqual([]);
    expect(await submit(form, { date: "2026-10-25", time: "01:30" }, "second")).toEqual({});
    const given = (await k.store.entries({ petId: b.state.p })).filter((e) => e.item.startsWith("med:"));
    expect(given.length).toBeGreaterThan(0);
    // The second 01:30: GMT, an hour after the first (00:30 UTC).
    for (const e of given) expect(e.givenAt).toBe("2026-10-25T01:30:00.000Z");
  });
});
