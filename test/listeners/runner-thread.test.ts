/**
 * Only a thread is threaded (issue 33): the runner answers a channel command's messages through
 * the response_url one by one, and a thread (a parent and its replies: a big round sheet) as a
 * message and its thread through the Web API; the answer's type says which, never its length.
 */
import { describe, expect, it } from "vitest";
import type { Threaded } from "../../src/blocks/thread.ts";
import type { Message } from "../../src/blocks/types.ts";
import { type Answer, run } from "../../src/listeners/runner.ts";
import { listenerDeps } from "../helpers/bot-deps.ts";

const clock = { now: () => new Date("2026-11-26T09:00:00Z") };
const deps = listenerDeps(clock);
const message = (text: string): Message => ({
  text,
  blocks: [{ type: "section", text: { type: "mrkdwn", text, verbatim: true } }],
});

async function answer(work: Answer) {
  const responded: Array<Record<string, unknown>> = [];
  const posted: Array<Record<string, unknown>> = [];
  let n = 0;
  const client = {
    users: { info: async () => ({ ok: true, user: { id: "U1" } }) },
    chat: {
      postMessage: async (m: Record<string, unknown>) => {
        posted.push(m);
        return { ok: true, ts: `1764150000.00010${++n}` };
      },
      postEphemeral: async () => ({ ok: true }),
    },
  };
  await run({
    deps,
    respond: (async (m: Record<string, unknown>) => {
      responded.push(m);
    }) as never,
    client: client as never,
    userId: "U1",
    channelId: "C1",
    label: "/test",
    visibility: "in_channel",
    work: async () => work,
  });
  return { responded, posted };
}

describe("the runner's answer in a channel", () => {
  it("three messages that are not a thread: answered one by one, none threaded", async () => {
    const r = await answer([message("one"), message("two"), message("three")]);
    expect(r.responded.map((m) => m.text)).toEqual(["one", "two", "three"]);
    expect(r.posted).toEqual([]);
  });

  it("a thread: its parent posted, its replies in the parent's thread", async () => {
    const thread: Threaded = { parent: message("sheet"), replies: [message("part 2"), message("part 3")] };
    const r = await answer(thread);
    expect(r.posted.map((m) => [m.text, m.thread_ts])).toEqual([
      ["sheet", undefined],
      ["part 2", "1764150000.000101"],
      ["part 3", "1764150000.000101"],
    ]);
    expect(r.responded).toEqual([]);
  });

  it("a thread with no replies: one message, through the response_url", async () => {
    const r = await answer({ parent: message("small sheet"), replies: [] });
    expect(r.responded.map((m) => m.text)).toEqual(["small sheet"]);
    expect(r.posted).toEqual([]);
  });
});
