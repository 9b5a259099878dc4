/**
 * An answer in the asker's DM (src/listeners/dm-answer.ts): one message posted says where Slack put
 * it (the DM's own id, its ts), or nothing when there is no asker or Slack refused it (logged); a
 * round's sheet posted there keeps the messages up to the first Slack refused.
 */
import { describe, expect, it } from "vitest";
import type { Message } from "../../src/blocks/types.ts";
import { postToDm, roundToDm } from "../../src/listeners/dm-answer.ts";
import { listenerDeps } from "../helpers/bot-deps.ts";
import { captureLogger } from "../helpers/log.ts";

const DATE = "2026-11-26";
const clock = { now: () => new Date(`${DATE}T09:00:00Z`) };
const message = (text: string): Message => ({
  text,
  blocks: [{ type: "section", text: { type: "mrkdwn", text, verbatim: true } }],
});

/** Slack answering the DM to U1 as "D0U1", refusing the messages whose text is in `refuse`. */
function slack(refuse: string[] = []) {
  const posted: Array<Record<string, unknown>> = [];
  let n = 0;
  const client = {
    chat: {
      postMessage: async (m: Record<string, unknown>) => {
        if (refuse.includes(String(m.text))) throw new Error("ratelimited");
        posted.push(m);
        return { ok: true, channel: "D0U1", ts: `1764150000.00010${++n}` };
      },
    },
  };
  return { client: client as never, posted };
}

describe("an answer in the asker's DM", () => {
  it("one message: posted to the asker, saying where Slack put it", async () => {
    const { client, posted } = slack();
    const deps = listenerDeps(clock);
    const at = await postToDm({ deps, client, userId: "U1", label: "home" }, message("hello"));
    expect(at).toEqual({ channel: "D0U1", ts: "1764150000.000101" });
    expect(posted.map((m) => [m.channel, m.text])).toEqual([["U1", "hello"]]);
  });

  it("Slack refusing it: nothing said posted, the refusal logged", async () => {
    const { client } = slack(["hello"]);
    const { log, records } = captureLogger();
    const deps = listenerDeps(clock, { log });
    const at = await postToDm({ deps, client, userId: "U1", label: "home" }, message("hello"));
    expect(at).toBeUndefined();
    expect(records()).toMatchObject([
      { label: "home", err: "ratelimited", msg: "could not deliver the answer to Slack" },
    ]);
  });

  it("no asker: nothing posted", async () => {
    const { client, posted } = slack();
    const deps = listenerDeps(clock);
    expect(
      await postToDm({ deps, client, userId: undefined, label: "home" }, message("hello")),
    ).toBeUndefined();
    expect(posted).toEqual([]);
  });

  it("a round's sheet, Slack refusing its second message: the rest still shown, the first alone kept", async () => {
    const { client, posted } = slack(["part 2"]);
    const { log, records } = captureLogger();
    const deps = listenerDeps(clock, { log });
    const sheet = [message("sheet"), message("part 2"), message("part 3")];
    await roundToDm({ deps, client, userId: "U1", label: "home" }, sheet, {
      date: DATE,
      round: "morning",
      sheet: 7,
    });
    expect(posted.map((m) => m.text)).toEqual(["sheet", "part 3"]);
    expect(records().filter((r) => r.msg === "could not deliver the answer to Slack")).toHaveLength(1);
    const kept = await deps.record.log({ kind: "round_copy", date: DATE });
    expect(kept.map((e) => e.body)).toMatchObject([
      { channel: "D0U1", parts: ["1764150000.000101"], thread: false, user: "U1" },
    ]);
  });
});
