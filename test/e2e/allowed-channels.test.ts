/**
 * ALLOWED_CHANNELS limits where people ask, not the bot's own buttons (issue 26, item 5): the
 * "Owner's contacts" button on tomorrow's check in DIGEST_CHANNEL and Next on a Home-tab list
 * answered in the DM with the app work even when those channels are not listed; commands typed
 * there, and buttons in other channels, are still refused; and the conflict is said at start.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Harness, SIGNING_SECRET, startHarness } from "../helpers/bot.ts";
import { actionForm, commandForm, postSigned, type Recorded } from "../helpers/slack.ts";

let h: Harness;
beforeAll(async () => {
  h = await startHarness({
    env: { ALLOWED_CHANNELS: "C0DESK", DIGEST_CHANNEL: "C0MORNING", DIGEST_SCHEDULE: "off" },
  });
});
afterAll(() => h.close());

const isFinal = (r: Recorded) =>
  !String(r.body.text ?? "").includes("Looking up") && r.body.delete_original !== true;

async function answer(form: Record<string, string>, id: string): Promise<string> {
  expect((await postSigned(`${h.url}/slack/events`, SIGNING_SECRET, form)).status).toBe(200);
  await h.slack.waitFor(() => h.slack.responsesFor(id).some(isFinal), 15_000);
  return JSON.stringify(h.slack.responsesFor(id).find(isFinal)?.body);
}

const REFUSED = /answers only in/;

describe("ALLOWED_CHANNELS and the bot's own buttons", () => {
  it("'Owner's contacts' in DIGEST_CHANNEL answers the clicker, though the channel is not allowed", async () => {
    const b = h.sandbox.main.bookings[1] as Record<string, unknown>;
    const { form, id } = actionForm(
      h.slack,
      { action_id: `owner_contacts:${b.bookingId}`, value: JSON.stringify({ b: b.bookingId }) },
      { channel: "C0MORNING" },
    );
    const text = await answer(form, id);
    expect(text).not.toMatch(REFUSED);
    expect(text).toMatch(/📞 /);
  });

  it("Next on a list answered in the DM with the app (a Home-tab list) answers", async () => {
    const { form, id } = actionForm(
      h.slack,
      { action_id: "day_page_next", value: JSON.stringify({ k: "arrivals", d: "2026-11-24", p: 2 }) },
      { channel: "D0STAFFDM" },
    );
    expect(await answer(form, id)).not.toMatch(REFUSED);
  });

  it("a command typed in DIGEST_CHANNEL, and a button in any other channel, are still refused", async () => {
    const typed = commandForm(h.slack, { command: "/arrivals", channel: "C0MORNING" });
    expect(await answer(typed.form, typed.id)).toMatch(REFUSED);
    const elsewhere = actionForm(
      h.slack,
      { action_id: "day_page_next", value: JSON.stringify({ k: "arrivals", d: "2026-11-24", p: 2 }) },
      { channel: "C0RANDOM" },
    );
    expect(await answer(elsewhere.form, elsewhere.id)).toMatch(REFUSED);
  });

  it("the conflict is said at start: DIGEST_CHANNEL is not in ALLOWED_CHANNELS", () => {
    expect(h.lines.join("\n")).toMatch(/DIGEST_CHANNEL C0MORNING is not in ALLOWED_CHANNELS/);
  });
});
