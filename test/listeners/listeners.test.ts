/**
 * Listeners with injected dependencies: no network, no Bolt app; the handler is called with
 * recording stand-ins for ack, respond and the Web API client, and a stub kennel client.
 */
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { defineButton } from "../../src/blocks/buttons.ts";
import { noticeMessage } from "../../src/blocks/notice.ts";
import type { KennelClient } from "../../src/kennel/client.ts";
import { AuthenticationError } from "../../src/kennel/errors.ts";
import { type ButtonSpec, onButton } from "../../src/listeners/actions/button.ts";
import type { BotDeps } from "../../src/listeners/bot-deps.ts";
import { dateCommand } from "../../src/listeners/commands/day.ts";
import { ephemeralCommand } from "../../src/listeners/commands/ephemeral.ts";
import { InFlight } from "../../src/listeners/in-flight.ts";
import { bookingCard, dayMessages } from "../../src/listeners/replies.ts";
import { listenerDeps } from "../helpers/bot-deps.ts";

const NOW = new Date("2026-11-22T09:00:00Z");

function setup(
  kennel: Partial<KennelClient>,
  options: { guest?: boolean; allowed?: string[]; usersInfoFails?: boolean; loadingAfterMs?: number } = {},
) {
  const events: string[] = [];
  const responses: Array<Record<string, unknown>> = [];
  let usersInfoCalls = 0;
  // "Looking up…" held back unless a test is about it, so no other test depends on timing.
  const deps = listenerDeps(
    { now: () => NOW },
    {
      // No booking seen in a list before: a reference is asked by reference.
      kennel: { bookingIdOf: () => undefined, ...kennel },
      ...(options.allowed ? { allowed: options.allowed } : {}),
      ...(options.loadingAfterMs !== undefined ? { loadingAfterMs: options.loadingAfterMs } : {}),
    },
  );
  const client = {
    users: {
      info: async () => {
        usersInfoCalls++;
        events.push("users.info");
        if (options.usersInfoFails) throw new Error("slack down");
        return { ok: true, user: { id: "U1", is_restricted: options.guest === true } };
      },
    },
    chat: {
      postEphemeral: async (_m: unknown) => ({ ok: true }),
      postMessage: async (_m: unknown) => ({ ok: true }),
    },
  };
  const args = (text: string, command = "/arrivals") => ({
    command: { text, user_id: "U1", channel_id: "C1", command },
    ack: async () => {
      events.push("ack");
    },
    respond: async (m: Record<string, unknown>) => {
      events.push("respond");
      responses.push(m);
    },
    client,
  });
  return { deps, events, responses, args, usersInfo: () => usersInfoCalls };
}

// biome-ignore lint/suspicious/noExplicitAny: handlers take Bolt's wide argument type.
const call = (handler: (a: any) => Promise<void>, a: unknown) => handler(a);

const dayCommand = (deps: BotDeps, kind: "arrivals" | "departures") =>
  dateCommand(deps, (date) => dayMessages(deps, kind, date));

/** The handler a button registers, caught from a stand-in for the app. */
function buttonHandler<S>(deps: BotDeps, spec: ButtonSpec<S>) {
  // biome-ignore lint/suspicious/noExplicitAny: handlers take Bolt's wide argument type.
  let handler: (a: any) => Promise<void> = async () => undefined;
  const app = { action: (_pattern: RegExp, h: typeof handler) => (handler = h) };
  onButton(app as never, deps, spec);
  return handler;
}

const pageButton = defineButton("x_page", () => z.object({ p: z.number() }));

/** A kennel API with no arrivals, counting the calls to it: `calls()`. */
function noArrivals() {
  let n = 0;
  const listArrivals = async () => {
    n++;
    return { data: [], raw: [], requestId: "r" };
  };
  return { listArrivals, calls: () => n };
}

describe("commands", () => {
  it("acks before anything else, then answers for the channel", async () => {
    const t = setup({
      listArrivals: async () => ({ data: [], raw: [], requestId: "r1" }),
    });
    await call(dayCommand(t.deps, "arrivals"), t.args("tomorrow"));
    expect(t.events[0]).toBe("ack");
    expect(t.responses).toHaveLength(1);
    expect(t.responses[0]).toMatchObject({ response_type: "in_channel" });
    expect(JSON.stringify(t.responses[0])).toContain("Arrivals — Mon 23 Nov (0)");
  });

  it("a bad date: a message for the asker only, and no API call", async () => {
    const { listArrivals, calls } = noArrivals();
    const t = setup({
      listArrivals,
    });
    await call(dayCommand(t.deps, "arrivals"), t.args("32 Jan"));
    expect(calls()).toBe(0);
    expect(t.responses[0]).toMatchObject({ response_type: "ephemeral" });
    expect(JSON.stringify(t.responses[0])).toContain("32 Jan is not a real date: there is no 32 January.");
  });

  it("a guest is refused before any kennel call; the check is cached", async () => {
    const { listArrivals, calls } = noArrivals();
    const t = setup({ listArrivals }, { guest: true });
    await call(dayCommand(t.deps, "arrivals"), t.args(""));
    await call(dayCommand(t.deps, "arrivals"), t.args(""));
    expect(calls()).toBe(0);
    expect(t.usersInfo()).toBe(1);
    expect(JSON.stringify(t.responses[0])).toMatch(/not available to guest accounts/);
    expect(t.responses[0]).toMatchObject({ response_type: "ephemeral" });
  });

  it("when Slack cannot say who is asking, nothing is shown (fails closed)", async () => {
    const { listArrivals, calls } = noArrivals();
    const t = setup({ listArrivals }, { usersInfoFails: true });
    await call(dayCommand(t.deps, "arrivals"), t.args(""));
    expect(calls()).toBe(0);
    expect(JSON.stringify(t.responses[0])).toMatch(/could not confirm your account/);
  });

  it("a channel outside ALLOWED_CHANNELS is refused politely", async () => {
    const t = setup({}, { allowed: ["C0OTHER"] });
    await call(dayCommand(t.deps, "arrivals"), t.args(""));
    expect(JSON.stringify(t.responses[0])).toMatch(/answers only in <#C0OTHER>/);
  });

  it("an API failure answers the asker in words, with the request id", async () => {
    const t = setup({
      getBookingByReference: async () => {
        throw new AuthenticationError({ requestId: "req-401" });
      },
    });
    await call(
      ephemeralCommand(t.deps, (text) => bookingCard(t.deps, text)),
      t.args("HP-1", "/booking"),
    );
    const text = JSON.stringify(t.responses[0]);
    expect(t.responses[0]).toMatchObject({ response_type: "ephemeral" });
    expect(text).toMatch(/rejected the API key/);
    expect(text).toMatch(/generate a new key/);
    expect(text).toContain("req-401");
  });

  it("a 200,000-character reference: the asker is told what was too long, and no API call is made", async () => {
    let calls = 0;
    const t = setup({
      getBookingByReference: async () => {
        calls++;
        throw new Error("must not be called");
      },
    });
    await call(
      ephemeralCommand(t.deps, (text) => bookingCard(t.deps, text)),
      t.args("X".repeat(200_000), "/booking"),
    );
    expect(calls).toBe(0);
    const text = JSON.stringify(t.responses[0]);
    expect(t.responses[0]).toMatchObject({ response_type: "ephemeral" });
    expect(text).toContain("too long for a booking reference or id: 200,000 characters, at most 64");
    expect(text).not.toMatch(/page size/);
  });

  it("slow work shows Looking up… and is then replaced, for the asker", async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    const t = setup({}, { loadingAfterMs: 30 });
    const handler = ephemeralCommand(t.deps, async () => {
      await gate;
      return [noticeMessage("done")];
    });
    const pending = call(handler, t.args("x", "/pet"));
    // The work waits at the gate until "Looking up…" has been shown: a condition, not a sleep.
    await expect.poll(() => JSON.stringify(t.responses)).toContain("Looking up");
    release();
    await pending;
    expect(JSON.stringify(t.responses[0])).toContain("Looking up");
    expect(t.responses[1]).toMatchObject({ replace_original: true, response_type: "ephemeral" });
  });

  it("slow work for the channel: Looking up… is deleted, then the answer is posted for the channel", async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    const t = setup(
      {
        listDepartures: async () => {
          await gate;
          return { data: [], raw: [], requestId: "r" };
        },
      },
      { loadingAfterMs: 30 },
    );
    const pending = call(dayCommand(t.deps, "departures"), t.args(""));
    await expect.poll(() => JSON.stringify(t.responses)).toContain("Looking up");
    release();
    await pending;
    expect(JSON.stringify(t.responses[0])).toContain("Looking up");
    expect(t.responses[1]).toEqual({ delete_original: true });
    expect(t.responses[2]).toMatchObject({ response_type: "in_channel" });
  });

  it("while stopping, new commands are told to try again, privately, by the guard buttons and forms use", async () => {
    const t = setup({});
    t.deps.inflight.draining = true;
    await call(dayCommand(t.deps, "arrivals"), t.args(""));
    expect(t.responses).toEqual([
      {
        response_type: "ephemeral",
        replace_original: false,
        text: "Kennel Desk is restarting. Try again in a minute.",
      },
    ]);
    expect(t.usersInfo()).toBe(0);
  });

  it("when the response_url fails, a refusal still reaches the asker alone (an ephemeral message)", async () => {
    const t = setup({}, { guest: true });
    const ephemeral: unknown[] = [];
    const a = t.args("");
    a.client.chat.postEphemeral = async (m: unknown) => {
      ephemeral.push(m);
      return { ok: true };
    };
    a.respond = async () => {
      throw new Error("response_url expired");
    };
    await call(dayCommand(t.deps, "arrivals"), a);
    expect(ephemeral).toEqual([
      expect.objectContaining({ channel: "C1", user: "U1", text: expect.stringMatching(/^🔒 .*guest/) }),
    ]);
  });
});

describe("buttons", () => {
  function clickArgs(t: ReturnType<typeof setup>, value: string) {
    return {
      ack: async () => {
        t.events.push("ack");
      },
      body: { user: { id: "U1" }, channel: { id: "C1" } },
      action: { action_id: "x_page:next", value },
      respond: async (m: Record<string, unknown>) => {
        t.events.push("respond");
        t.responses.push(m);
      },
      client: t.args("").client as unknown,
    };
  }

  it("reads the state from the value and replaces the message", async () => {
    const t = setup({});
    const seen: unknown[] = [];
    const handler = buttonHandler(t.deps, {
      kind: pageButton,
      replace: true,
      visibility: "ephemeral",
      answer: async (s) => {
        seen.push(s);
        return [noticeMessage(`page ${s.p}`)];
      },
    });
    await call(handler, clickArgs(t, JSON.stringify({ p: 3 })));
    expect(t.events[0]).toBe("ack");
    expect(seen).toEqual([{ p: 3 }]);
    expect(t.responses[0]).toMatchObject({ replace_original: true });
  });

  it("a tampered or stale value is refused in words, with no work done", async () => {
    const t = setup({});
    let worked = false;
    const handler = buttonHandler(t.deps, {
      kind: pageButton,
      replace: true,
      visibility: "ephemeral",
      answer: async () => {
        worked = true;
        return [];
      },
    });
    await call(handler, clickArgs(t, "{not json"));
    await call(handler, clickArgs(t, JSON.stringify({ p: "DROP TABLE" })));
    expect(worked).toBe(false);
    expect(JSON.stringify(t.responses)).toMatch(/out of date/);
    expect(t.responses.every((r) => r.replace_original !== true)).toBe(true);
  });
});

describe("InFlight", () => {
  it("drains the work in flight, and says when time ran out", async () => {
    const inflight = new InFlight();
    let done = false;
    inflight.track(
      new Promise<void>((r) =>
        setTimeout(() => {
          done = true;
          r();
        }, 30),
      ),
    );
    expect(await inflight.drain(1_000)).toBe(true);
    expect(done).toBe(true);
    inflight.track(new Promise<void>(() => undefined));
    expect(await inflight.drain(20)).toBe(false);
  });
});
