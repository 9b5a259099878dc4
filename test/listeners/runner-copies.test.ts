/**
 * A round's sheet answered where Slack names each message's ts is kept as a copy of the round
 * (src/answers/round-copies.ts): Home's "Show the round" in the asker's DM (a message for each of
 * the sheet's), a /rounds in its channel (a message and its thread; one message alone too) or, the
 * bot not in it, in the asker's DM. The copy is shown even when the record cannot keep it; an answer naming no copy
 * keeps nothing.
 */
import { describe, expect, it } from "vitest";
import type { Message } from "../../src/blocks/types.ts";
import type { BotDeps } from "../../src/listeners/bot-deps.ts";
import { type Answer, run } from "../../src/listeners/runner.ts";
import { listenerDeps } from "../helpers/bot-deps.ts";
import { captureLogger } from "../helpers/log.ts";
import { withFaults } from "../helpers/record.ts";

const DATE = "2026-11-26";
const clock = { now: () => new Date(`${DATE}T09:00:00Z`) };
const message = (text: string): Message => ({
  text,
  blocks: [{ type: "section", text: { type: "mrkdwn", text, verbatim: true } }],
});
const sheet = (copy = true, parts = 3): Answer => ({
  parent: message("sheet"),
  replies: Array.from({ length: parts - 1 }, (_, i) => message(`part ${i + 2}`)),
  ...(copy ? { copy: { date: DATE, round: "morning" as const, sheet: 7 } } : {}),
});

/** The answer run as the runner runs it; Slack answering the DM to U1 as "D0U1", refusing `refuse`'s channel. */
async function answer(deps: BotDeps, work: Answer, o: { home?: boolean; refuse?: string } = {}) {
  const posted: Array<Record<string, unknown>> = [];
  let n = 0;
  const client = {
    users: { info: async () => ({ ok: true, user: { id: "U1" } }) },
    chat: {
      postMessage: async (m: Record<string, unknown>) => {
        if (m.channel === o.refuse)
          throw Object.assign(new Error("refused"), { data: { error: "not_in_channel" } });
        posted.push(m);
        return { ok: true, channel: m.channel === "U1" ? "D0U1" : m.channel, ts: `1764150000.00010${++n}` };
      },
      postEphemeral: async () => ({ ok: true }),
    },
  };
  await run({
    deps,
    respond: (async () => undefined) as never,
    client: client as never,
    userId: "U1",
    channelId: o.home ? undefined : "C1",
    label: "/test",
    visibility: o.home ? "ephemeral" : "in_channel",
    ...(o.home ? { home: true, button: true } : {}),
    work: async () => work,
  });
  return posted;
}

const copies = async (deps: BotDeps) =>
  (await deps.record.log({ kind: "round_copy", date: DATE })).map((e) => ({ ...e.body, key: e.requestKey }));

describe("a round's sheet answered: where it is, kept", () => {
  it("Home's Show the round: a message for each of the sheet's in the DM, kept under the DM's own id", async () => {
    const deps = listenerDeps(clock);
    const posted = await answer(deps, sheet(), { home: true });
    expect(posted.map((m) => [m.channel, m.text, m.thread_ts])).toEqual([
      ["U1", "sheet", undefined],
      ["U1", "part 2", undefined],
      ["U1", "part 3", undefined],
    ]);
    expect(await copies(deps)).toEqual([
      {
        v: 1,
        round: "morning",
        sheet: 7,
        channel: "D0U1",
        parts: ["1764150000.000101", "1764150000.000102", "1764150000.000103"],
        thread: false,
        user: "U1",
        key: "round_copy:D0U1:1764150000.000101",
      },
    ]);
  });

  it("a long /rounds in its channel: a message and its thread, kept as a thread", async () => {
    const deps = listenerDeps(clock);
    await answer(deps, sheet());
    expect(await copies(deps)).toMatchObject([
      { channel: "C1", thread: true, parts: ["1764150000.000101", "1764150000.000102", "1764150000.000103"] },
    ]);
  });

  it("a one-message /rounds in its channel: posted through the Web API (its ts known), kept", async () => {
    const deps = listenerDeps(clock);
    const posted = await answer(deps, sheet(true, 1));
    expect(posted.map((m) => [m.channel, m.text])).toEqual([["C1", "sheet"]]);
    expect(await copies(deps)).toMatchObject([{ channel: "C1", thread: true, parts: ["1764150000.000101"] }]);
  });

  it("a one-message /rounds, the bot not in the channel: answered through the response_url, nothing kept", async () => {
    const deps = listenerDeps(clock);
    const posted = await answer(deps, sheet(true, 1), { refuse: "C1" });
    expect(posted).toEqual([]);
    expect(await copies(deps)).toEqual([]);
  });

  it("the bot not in the channel, the sheet past the response_url's five answers: all of it in the asker's DM, kept there", async () => {
    const deps = listenerDeps(clock);
    const posted = await answer(deps, sheet(true, 6), { refuse: "C1" });
    expect(posted.map((m) => m.channel)).toEqual(["U1", "U1", "U1", "U1", "U1", "U1"]);
    expect(await copies(deps)).toMatchObject([{ channel: "D0U1", thread: true, user: "U1" }]);
  });

  it("an answer naming no copy (a later day's sheet, for reference) keeps nothing", async () => {
    const deps = listenerDeps(clock);
    await answer(deps, sheet(false), { home: true });
    await answer(deps, sheet(false));
    expect(await copies(deps)).toEqual([]);
  });

  it("the record failing: the copy is still shown whole, and the failure logged", async () => {
    const { log, records } = captureLogger();
    const base = listenerDeps(clock, { log });
    const deps = {
      ...base,
      record: withFaults(base.record, { append: () => Promise.reject(new Error("the disk is full")) }),
    };
    const posted = await answer(deps, sheet(), { home: true });
    expect(posted).toHaveLength(3);
    expect(records().some((r) => String(r.err).includes("disk is full"))).toBe(true);
  });
});
