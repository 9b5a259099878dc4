import { once } from "node:events";
import { type AddressInfo, connect, createServer, type Socket } from "node:net";
import { describe, expect, it, vi } from "vitest";
import type { BotDeps } from "../../src/listeners/bot-deps.ts";
import { MessageRedraw } from "../../src/listeners/message-redraw.ts";
import { silentLogger } from "../../src/log.ts";

const deps = { log: silentLogger() } as unknown as BotDeps;
const at = { channel: "C1", ts: "1.1" };

/** Draws held until the test lets each finish; `finish` has one per draw begun. */
function heldDraws() {
  const finish: Array<(ok: boolean) => void> = [];
  const draw = () => new Promise<boolean>((done) => finish.push(done));
  return { finish, draw };
}

describe("one message redrawn at a time", () => {
  it("with join, redraws asked for behind the one in flight share the next: two draws for five", async () => {
    const redraw = new MessageRedraw(deps, { join: true });
    const { finish, draw } = heldDraws();
    const first = redraw.redraw(at, "the message", draw);
    await vi.waitFor(() => expect(finish).toHaveLength(1));
    const more = [1, 2, 3, 4].map(() => redraw.redraw(at, "the message", draw));
    finish[0]?.(true);
    await vi.waitFor(() => expect(finish).toHaveLength(2));
    finish[1]?.(true);
    expect(await Promise.all([first, ...more])).toEqual([true, true, true, true, true]);
    expect(finish).toHaveLength(2);
  });

  it("without join, each redraw runs after the one before, none shared; another message is not held", async () => {
    const redraw = new MessageRedraw(deps, { join: false });
    const { finish, draw } = heldDraws();
    const first = redraw.redraw(at, "the message", draw);
    const second = redraw.redraw(at, "the message", draw);
    const other = redraw.redraw({ channel: "C1", ts: "2.2" }, "the message", draw);
    await vi.waitFor(() => expect(finish).toHaveLength(2));
    finish[0]?.(true);
    finish[1]?.(true);
    await vi.waitFor(() => expect(finish).toHaveLength(3));
    finish[2]?.(false);
    expect(await Promise.all([first, other, second])).toEqual([true, true, false]);
  });

  it("a draw that throws is false, and the next still runs", async () => {
    const redraw = new MessageRedraw(deps, { join: true });
    const failed = redraw.redraw(at, "the message", () => Promise.reject(new Error("boom")));
    expect(await failed).toBe(false);
    expect(await redraw.redraw(at, "the message", () => Promise.resolve(true))).toBe(true);
  });
});

/**
 * A server on loopback and a client connected to it, as Slack's next request: `order` gets "the next
 * tap read" when the server reads what the client writes. Both closed after `run`.
 */
async function withNextTap(run: (client: Socket, order: string[]) => Promise<void>): Promise<void> {
  const order: string[] = [];
  const server = createServer((socket) => socket.on("data", () => order.push("the next tap read")));
  await new Promise<void>((listening) => server.listen(0, "127.0.0.1", listening));
  const accepted = once(server, "connection");
  const client: Socket = connect((server.address() as AddressInfo).port, "127.0.0.1");
  await Promise.all([accepted, once(client, "connect")]);
  try {
    await run(client, order);
  } finally {
    client.destroy();
    server.close();
  }
}

describe("a burst's taps read before the drawing of the ones before them", () => {
  it("a request already waiting on a socket is read before a redraw draws", async () => {
    await withNextTap(async (client, order) => {
      // The next tap arrives (its bytes are on the server's socket) as a committed tap asks for its redraw.
      client.write("POST /slack/events");
      const redraw = new MessageRedraw(deps, { join: true });
      const drawn = await redraw.redraw(at, "the message", async () => {
        order.push("the message drawn");
        return true;
      });
      expect(drawn).toBe(true);
      expect(order).toEqual(["the next tap read", "the message drawn"]);
    });
  });

  it("draws of two messages asked for in one turn take turns: a request that arrives during the first is read before the second draws", async () => {
    await withNextTap(async (client, order) => {
      const redraw = new MessageRedraw(deps, { join: true });
      // Two taps on two messages, committed in the same turn: each asks for its message's redraw.
      const first = redraw.redraw(at, "the message", async () => {
        order.push("the first message drawn");
        // The next tap arrives while the first message is drawn (its drawing is on the event loop).
        client.write("POST /slack/events");
        const until = performance.now() + 20;
        while (performance.now() < until) {
          // drawing
        }
        return true;
      });
      const second = redraw.redraw({ channel: "C1", ts: "2.2" }, "the message", async () => {
        order.push("the second message drawn");
        return true;
      });
      expect(await Promise.all([first, second])).toEqual([true, true]);
      expect(order).toEqual(["the first message drawn", "the next tap read", "the second message drawn"]);
    });
  });
});
