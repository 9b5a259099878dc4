/**
 * A message drawn again in place, or posted in a thread, that a long day made into several (a welfare
 * flag of a pet named in 3,000 characters, its vet in 15,000): the first part takes the message's place
 * with its buttons, every further part follows in the thread; nothing is cut. Of normal size: one
 * chat.update and nothing posted, as before.
 */
import { describe, expect, it } from "vitest";
import type { Message } from "../../src/blocks/types.ts";
import { flagMessages } from "../../src/blocks/welfare.ts";
import type { WelfareFlag } from "../../src/domain/welfare-flag.ts";
import type { BotDeps } from "../../src/listeners/bot-deps.ts";
import { replaceParts } from "../../src/listeners/replace-parts.ts";
import { WelfareRedraw } from "../../src/listeners/welfare-redraw.ts";
import { silentLogger } from "../../src/log.ts";
import { expectWhole, HUGE } from "../helpers/care-parts.ts";

const DAY = "2026-11-24";
const TZ = "Europe/London";
const deps = { log: silentLogger(), config: { timezone: TZ } } as unknown as BotDeps;

const flag = (petName: string, vet: string): WelfareFlag => ({
  id: 7,
  bookingId: 1,
  petId: 1,
  petName,
  room: "Kennel 4",
  sign: "stool:blood",
  date: DAY,
  openedAt: `${DAY}T12:00:00.000Z`,
  entries: [],
  advice: [
    {
      id: 1,
      vet,
      sought: `${DAY}T12:30:00.000Z`,
      advice: "rest",
      userId: "U",
      userName: "Jane",
      recordedAt: `${DAY}T12:40:00.000Z`,
    },
  ],
});

/** A Web API client that keeps what it was asked (no token: chat.update goes through it). */
function fakeClient() {
  const updated: Array<Message & { channel: string; ts: string }> = [];
  const posted: Array<Message & { channel: string; thread_ts?: string }> = [];
  let n = 0;
  const client = {
    chat: {
      update: async (a: Message & { channel: string; ts: string }) => {
        updated.push(a);
        return { ok: true };
      },
      postMessage: async (a: Message & { channel: string; thread_ts?: string }) => {
        posted.push(a);
        return { ok: true, ts: `2.${++n}` };
      },
    },
  };
  return { client: client as never, updated, posted };
}

const asMessage = (m: Message) => ({ text: m.text, blocks: m.blocks });

describe("a flag drawn again in place", () => {
  it("too long for one message: the first part in its place, with its buttons; the rest in its thread, every word", async () => {
    const { client, updated, posted } = fakeClient();
    const messages = flagMessages(flag(HUGE.name, HUGE.drug), TZ);
    const at = { channel: "C1", ts: "1.5", threadTs: "1.1" };
    expect(await replaceParts(deps, client, at, messages, "update a welfare message")).toBe(true);
    expect(updated.map((u) => [u.channel, u.ts])).toEqual([["C1", "1.5"]]);
    expect(posted.length).toBeGreaterThan(0);
    expect(posted.every((p) => p.channel === "C1" && p.thread_ts === "1.1")).toBe(true);
    const sent = [...updated, ...posted].map(asMessage);
    expectWhole(sent, HUGE.name, HUGE.drug);
    expect(JSON.stringify(sent).match(/"action_id":"wf_(advice|resolve)/g)).toHaveLength(2);
  });

  it("of normal size: one chat.update, nothing posted", async () => {
    const { client, updated, posted } = fakeClient();
    const at = { channel: "C1", ts: "1.5" };
    expect(await replaceParts(deps, client, at, flagMessages(flag("Biscuit", "Vets"), TZ), "x")).toBe(true);
    expect(updated).toHaveLength(1);
    expect(posted).toEqual([]);
  });
});

describe("a flag just opened, posted in the check's thread", () => {
  it("too long for one message: every part in the thread, every word", async () => {
    const { client, posted } = fakeClient();
    await new WelfareRedraw(deps).postFlags(client, [flag(HUGE.name, HUGE.drug)], {
      channel: "C1",
      ts: "1.5",
    });
    expect(posted.length).toBeGreaterThan(1);
    expect(posted.every((p) => p.thread_ts === "1.5")).toBe(true);
    expectWhole(posted.map(asMessage), HUGE.name, HUGE.drug);
  });

  it("of normal size: one message", async () => {
    const { client, posted } = fakeClient();
    await new WelfareRedraw(deps).postFlags(client, [flag("Biscuit", "Vets")], { channel: "C1", ts: "1.5" });
    expect(posted).toHaveLength(1);
  });
});
