/**
 * The ack's deadline counted from the request's arrival, end to end: the real Bolt app over HTTP,
 * signed taps, the Slack stand-in and the sandbox. A just-started bot's event loop is held busy
 * (a test's own middleware, a synchronous wait of 3.2 s) between a tap's or a form's arrival and
 * its listener: Slack's 3 s are spent before the listener can ask for its ack. The request is still
 * answered 200 (never Bolt's 404, "not acknowledged within 3 seconds"), its entries are committed,
 * and the person is told privately that it was recorded.
 */
import type { AnyMiddlewareArgs, Middleware } from "@slack/bolt";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordAll, recordEach } from "../../src/blocks/buttons.ts";
import { type Harness, SIGNING_SECRET, startHarness } from "../helpers/bot.ts";
import {
  actionPayload,
  atOnce,
  type Button,
  buttonsOf,
  PAST_ROUNDS,
  postConfirmedRounds,
  tapRecord,
  viewPayload,
} from "../helpers/record-slack.ts";
import { postSigned } from "../helpers/slack.ts";

const clock = { now: () => new Date("2026-11-22T09:00:00Z") };
const CHANNEL = "C0ROUNDS";
/** Longer than Slack's 3 s: the loop is starved past both deadlines before the listener runs. */
const BLOCKED_MS = 3_200;

describe("a tap whose listener starts after Slack's 3 s", () => {
  let h: Harness;
  /** The action id (or the form's callback_id) whose next request holds the event loop; undefined: none. */
  let hold: string | undefined;
  const holdTheLoop: Middleware<AnyMiddlewareArgs> = async ({ body, next }) => {
    const b = body as { actions?: Array<{ action_id?: string }>; view?: { callback_id?: string } };
    const ids = [...(b.actions ?? []).map((a) => a.action_id), b.view?.callback_id];
    if (hold !== undefined && ids.includes(hold)) {
      hold = undefined;
      const until = performance.now() + BLOCKED_MS;
      while (performance.now() < until) {
        // Held synchronously: no timer, no I/O runs meanwhile.
      }
    }
    await next();
  };

  beforeAll(async () => {
    h = await startHarness({
      clock,
      env: { ROUNDS_CHANNEL: CHANNEL, DIGEST_SCHEDULE: "off", ...PAST_ROUNDS },
    });
    h.slack.users.set("U0JANE", { id: "U0JANE", profile: { display_name: "Jane" } });
    h.bot.app.use(holdTheLoop);
  });
  afterAll(async () => {
    await h?.close();
  });

  async function roundPost() {
    const [msg] = await postConfirmedRounds(h, CHANNEL, "evening", clock);
    return msg as NonNullable<typeof msg>;
  }
  const entriesOf = async (b: Button) =>
    (await h.record.entries({ date: b.state.d, petId: b.state.p })).length;
  /** What Jane was told privately: through the tap's response_url, or an ephemeral message. */
  const toldOf =
    (responseId: string, since = h.slack.api.length) =>
    () =>
      [
        ...h.slack.responsesFor(responseId),
        ...h.slack.api
          .slice(since)
          .filter((r) => r.path === "/api/chat.postEphemeral" && r.body.user === "U0JANE"),
      ].map((r) => String(r.body.text ?? ""));

  it("a tap is acknowledged 200, recorded, and the tapper told privately", async () => {
    const m = await roundPost();
    const button = atOnce(await buttonsOf(h.record, m.blocks, recordAll))[0] as Button;
    hold = button.action_id;
    const tap = actionPayload(h.slack, m.id, button, "U0JANE");
    const told = toldOf(tap.responseId);
    const res = await postSigned(`${h.url}/slack/events`, SIGNING_SECRET, {
      payload: JSON.stringify(tap.body),
    });
    expect(hold).toBeUndefined();
    expect(res.status).toBe(200);
    await expect.poll(() => entriesOf(button), { timeout: 10_000 }).toBeGreaterThan(0);
    await h.slack.waitFor(() => told().some((t) => t.startsWith("✅ Recorded:")), 10_000);
    expect(told().find((t) => t.startsWith("✅ Recorded:"))).toContain(button.state.n);
    expect(h.lines.join("\n")).not.toMatch(/not acknowledged within 3 seconds/);
  }, 120_000);

  it("a form is acknowledged 200, recorded, and its sender told privately", async () => {
    const m = await roundPost();
    const button = atOnce(await buttonsOf(h.record, m.blocks, recordEach)).find((b) =>
      b.state.i.some(([i]) => i !== "meal"),
    ) as Button;
    const { trigger, responseId } = await tapRecord(h, m.id, button, "U0JANE");
    await h.slack.waitFor(() => [...h.slack.modals.values()].some((x) => x.trigger_id === trigger), 10_000);
    const modal = [...h.slack.modals.values()].find((x) => x.trigger_id === trigger) as NonNullable<
      ReturnType<typeof h.slack.modals.get>
    >;
    const med = button.state.i.find(([i]) => i !== "meal")?.[0] as string;
    hold = String(modal.view.callback_id);
    const told = toldOf(responseId);
    const res = await postSigned(`${h.url}/slack/events`, SIGNING_SECRET, {
      payload: JSON.stringify(viewPayload(modal, "U0JANE", { [med]: ["given", ""] })),
    });
    expect(hold).toBeUndefined();
    expect(res.status).toBe(200);
    await expect.poll(() => entriesOf(button), { timeout: 10_000 }).toBeGreaterThan(0);
    await h.slack.waitFor(() => told().some((t) => t.startsWith("✅ Recorded:")), 10_000);
    expect(told().find((t) => t.startsWith("✅ Recorded:"))).toContain(button.state.n);
    expect(h.lines.join("\n")).not.toMatch(/not acknowledged within 3 seconds/);
  }, 120_000);
});
