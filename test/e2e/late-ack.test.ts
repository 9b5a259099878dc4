/**
 * The ack's deadline counted from the request's arrival, end to end: the real Bolt app over HTTP,
 * signed taps, the Slack stand-in and the sandbox. A just-started bot's event loop is held busy
 * (a test's own middleware, a synchronous wait of 3.2 s) between a tap's arrival and its listener:
 * Slack's 3 s are spent before the listener can ask for its ack. The tap is still answered 200
 * (never Bolt's 404, "not acknowledged within 3 seconds"), its entries are committed, and the
 * tapper is told privately that it was recorded.
 */
import type { AnyMiddlewareArgs, Middleware } from "@slack/bolt";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordAll } from "../../src/blocks/buttons.ts";
import { type Harness, SIGNING_SECRET, startHarness } from "../helpers/bot.ts";
import {
  actionPayload,
  atOnce,
  type Button,
  buttonsOf,
  PAST_ROUNDS,
  postConfirmedRounds,
} from "../helpers/record-slack.ts";
import { postSigned } from "../helpers/slack.ts";

const clock = { now: () => new Date("2026-11-22T09:00:00Z") };
const CHANNEL = "C0ROUNDS";
/** Longer than Slack's 3 s: the loop is starved past both deadlines before the listener runs. */
const BLOCKED_MS = 3_200;

describe("a tap whose listener starts after Slack's 3 s", () => {
  let h: Harness;
  /** The action id whose next tap holds the event loop; undefined: none. */
  let hold: string | undefined;
  const holdTheLoop: Middleware<AnyMiddlewareArgs> = async ({ body, next }) => {
    const actions = (body as { actions?: Array<{ action_id?: string }> }).actions;
    if (hold !== undefined && actions?.some((a) => a.action_id === hold)) {
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

  it("is acknowledged 200, recorded, and the tapper told privately", async () => {
    const [msg] = await postConfirmedRounds(h, CHANNEL, "evening", clock);
    const m = msg as NonNullable<typeof msg>;
    const button = atOnce(await buttonsOf(h.record, m.blocks, recordAll))[0] as Button;
    hold = button.action_id;
    const tap = actionPayload(h.slack, m.id, button, "U0JANE");
    const res = await postSigned(`${h.url}/slack/events`, SIGNING_SECRET, {
      payload: JSON.stringify(tap.body),
    });
    expect(hold).toBeUndefined();
    expect(res.status).toBe(200);
    await expect
      .poll(async () => (await h.record.entries({ date: button.state.d, petId: button.state.p })).length, {
        timeout: 10_000,
      })
      .toBeGreaterThan(0);
    const told = () => h.slack.responsesFor(tap.responseId).map((r) => String(r.body.text ?? ""));
    await h.slack.waitFor(() => told().some((t) => t.startsWith("✅ Recorded:")), 10_000);
    expect(told().find((t) => t.startsWith("✅ Recorded:"))).toContain(button.state.n);
    expect(h.lines.join("\n")).not.toMatch(/not acknowledged within 3 seconds/);
  }, 120_000);
});
