/**
 * No wait on Slack before a commit (issue 48, item 3), end to end: the real Bolt app over HTTP,
 * signed taps, the Slack stand-in answering users.info only after 3 s, the sandbox kennel API, one
 * SQLite record across a restart. A member's first tap is looked up; after the restart the bot knows
 * her from the store: her tap commits and acks at once under the name Slack gave before; once her
 * verdict is old, she is still admitted at once and looked up after the ack, and the new name Slack
 * gives becomes a follow-up record naming the entries (the entries unchanged). A guest never seen
 * is refused before anything is written; an admin making a member a guest (Slack's user_change) is
 * refused from her next tap on, without a look-up.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordAll } from "../../src/blocks/buttons.ts";
import { postSignedEvent } from "../../src/preview/slack-http.ts";
import type { CareRecordStore } from "../../src/record/types.ts";
import { type Harness, SIGNING_SECRET, startHarness } from "../helpers/bot.ts";
import { scratchRecord } from "../helpers/record.ts";
import {
  atOnce,
  type Button,
  buttonsOf,
  PAST_ROUNDS,
  postConfirmedRounds,
  tapRecord,
} from "../helpers/record-slack.ts";

let at = Date.parse("2026-11-22T09:00:00Z");
const clock = { now: () => new Date(at) };
const CHANNEL = "C0ROUNDS";
const SLOW_MS = 3_000;
const ENV = { ROUNDS_CHANNEL: CHANNEL, DIGEST_SCHEDULE: "off", ...PAST_ROUNDS };

describe("a tap commits without waiting on Slack for staff seen before", () => {
  let store: CareRecordStore;
  let h: Harness;
  beforeAll(() => {
    store = scratchRecord(clock);
  });
  afterAll(async () => {
    await h?.close();
    await store.close();
  });

  async function roundButtons(): Promise<{ id: number; buttons: Button[] }> {
    const [msg] = await postConfirmedRounds(h, CHANNEL, "evening", clock);
    const m = msg as NonNullable<typeof msg>;
    return { id: m.id, buttons: atOnce(await buttonsOf(store, m.blocks, recordAll)) };
  }

  async function tap(messageId: number, button: Button, user: string) {
    return (await tapRecord(h, messageId, button, user)).ms;
  }

  const lookUps = () => h.slack.api.filter((r) => r.path === "/api/users.info");

  it("knows her after a restart, commits at once, and records the name Slack gives after the ack as a follow-up", async () => {
    h = await startHarness({ record: store, clock, env: ENV });
    h.slack.users.set("U0JANE", { id: "U0JANE", profile: { display_name: "Jane" } });
    const first = await roundButtons();
    await tap(first.id, first.buttons[0] as Button, "U0JANE");
    expect(lookUps().map((r) => r.body.user)).toContain("U0JANE");
    expect((await store.staff()).find((s) => s.userId === "U0JANE")).toMatchObject({
      name: "Jane",
      verdict: "member",
    });
    await h.close();

    // A restart: a new bot on the same record; Slack slow to say who anyone is, and Jane renamed.
    h = await startHarness({ record: store, clock, env: ENV });
    h.slack.users.set("U0JANE", { id: "U0JANE", profile: { display_name: "Jane Doe" } });
    h.slack.latency = (method) => (method === "users.info" ? SLOW_MS : 0);
    const again = await roundButtons();
    const [pet2, pet3] = again.buttons.slice(1, 3) as [Button, Button];
    const ms = await tap(again.id, pet2, "U0JANE");
    expect(ms).toBeLessThan(SLOW_MS);
    // Committed before Slack was asked anything: under the name kept from before the restart.
    const second = await store.entries({ date: pet2.state.d, petId: pet2.state.p });
    expect(second.map((e) => [e.userId, e.userName])).toEqual(second.map(() => ["U0JANE", "Jane"]));
    expect(lookUps().some((r) => r.body.user === "U0JANE")).toBe(false);

    // Eleven minutes on, her verdict is old: admitted at once all the same, looked up after the ack.
    at += 11 * 60_000;
    expect(await tap(again.id, pet3, "U0JANE")).toBeLessThan(SLOW_MS);
    const third = await store.entries({ date: pet3.state.d, petId: pet3.state.p });
    expect(third.every((e) => e.userName === "Jane")).toBe(true);
    await h.slack.waitFor(() => lookUps().some((r) => r.body.user === "U0JANE"), 10_000);
    await expect
      .poll(async () => (await store.log({ kind: "staff_name" })).length, { timeout: 10_000 })
      .toBe(1);
    const [follow] = await store.log({ kind: "staff_name" });
    expect(follow?.body).toEqual({
      userId: "U0JANE",
      name: "Jane Doe",
      committedAs: "Jane",
      entryIds: third.map((e) => e.id),
      recordIds: [],
    });
    // The entries themselves are never rewritten.
    expect((await store.entries({ date: pet3.state.d, petId: pet3.state.p })).map((e) => e.userName)).toEqual(
      third.map(() => "Jane"),
    );
    expect((await store.verify()).ok).toBe(true);
  }, 120_000);

  it("refuses a guest never seen before anything is written, and a member made a guest at once (user_change)", async () => {
    const { id, buttons } = await roundButtons();
    const [pet4, pet5] = buttons.slice(3, 5) as [Button, Button];
    await tap(id, pet4, "U0GUEST");
    // Looked up before anything is written (the tap acknowledged by its deadline meanwhile): refused.
    await expect
      .poll(async () => (await store.staff()).find((s) => s.userId === "U0GUEST")?.verdict, {
        timeout: 10_000,
      })
      .toBe("guest");
    expect(await store.entries({ date: pet4.state.d, petId: pet4.state.p })).toEqual([]);

    // An admin makes Jane a guest: Slack says so at once, and her next tap writes nothing.
    await postSignedEvent(`${h.url}/slack/events`, SIGNING_SECRET, {
      token: "x",
      team_id: "T1",
      api_app_id: "A1",
      type: "event_callback",
      event_id: "Ev-user-change-1",
      event_time: 1_700_000_000,
      event: {
        type: "user_change",
        user: { id: "U0JANE", team_id: "T1", is_restricted: true, name: "jane" },
      },
    });
    await expect
      .poll(async () => (await store.staff()).find((s) => s.userId === "U0JANE")?.verdict)
      .toBe("guest");
    const looked = lookUps().length;
    expect(await tap(id, pet5, "U0JANE")).toBeLessThan(SLOW_MS);
    expect(await store.entries({ date: pet5.state.d, petId: pet5.state.p })).toEqual([]);
    expect(lookUps().length).toBe(looked);
  }, 120_000);
});
