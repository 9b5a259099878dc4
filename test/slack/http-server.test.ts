/** The bot's HTTP server cuts a body off as soon as it passes the 1 MB limit (issue 26, item 11). */
import { request } from "node:http";
import { connect } from "node:net";
import { networkInterfaces } from "node:os";
import { afterEach, describe, expect, it } from "vitest";
import { silentLogger } from "../../src/log.ts";
import { type BotServer, type BotServerOptions, startBotServer } from "../../src/slack/http-server.ts";

let server: BotServer | undefined;
/** The bot's server on a free port, healthy and ready, its Slack events answered with nothing. */
const quiet = (): BotServerOptions => ({
  port: 0,
  log: silentLogger(),
  health: () => ({ status: 200, body: {} }),
  ready: async () => ({ status: 200, body: {} }),
  slackEvents: (_req, res) => res.end(),
});
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/**
 * Streams up to `total` bytes (chunked, no Content-Length: an upload that could go on for ever)
 * and stops when the server answers or closes. How many bytes went out, and the status.
 */
function upload(port: number, total: number): Promise<{ sent: number; status: number | undefined }> {
  return new Promise((resolve) => {
    let sent = 0;
    let status: number | undefined;
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      req.destroy();
      resolve({ sent, status });
    };
    const req = request({
      host: "127.0.0.1",
      port,
      method: "POST",
      path: "/slack/events",
      headers: { "content-type": "application/json" },
    });
    req.on("response", (res) => {
      status = res.statusCode;
      res.resume();
      res.on("end", finish);
    });
    req.on("error", finish);
    req.on("close", finish);
    const chunk = Buffer.alloc(64 * 1024, 0x20);
    const pump = () => {
      while (!done && sent < total) {
        sent += chunk.length;
        if (!req.write(chunk)) return void req.once("drain", pump);
      }
      if (!done) req.end();
    };
    pump();
  });
}

/**
 * Sends a chunked body of `total` bytes on a raw connection and reads the answer only once it has
 * sent it all (as many HTTP clients do): what it reads before the connection closes.
 */
function uploadThenRead(port: number, total: number): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1");
    socket.pause();
    let answer = "";
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      socket.destroy();
      resolve(answer);
    };
    socket.on("data", (d: Buffer) => {
      answer += d.toString("latin1");
    });
    socket.on("end", finish);
    socket.on("error", () => {
      // Reset: whatever was read before it is all there is.
      socket.resume();
      setTimeout(finish, 50);
    });
    socket.write(
      "POST /slack/events HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n",
    );
    const chunk = Buffer.concat([Buffer.from("10000\r\n"), Buffer.alloc(0x10000, 0x20), Buffer.from("\r\n")]);
    let sent = 0;
    const pump = () => {
      while (!done && sent < total) {
        sent += 0x10000;
        if (!socket.write(chunk)) return void socket.once("drain", pump);
      }
      if (done) return;
      socket.write("0\r\n\r\n");
      socket.resume();
    };
    pump();
  });
}

describe("the bot's HTTP server", () => {
  // Issue 46, item 13: the connection was closed at about 4 MB, its answer lost with it.
  it("a chunked upload of 8 MB read by a client only once sent: it gets its 413", async () => {
    server = await startBotServer(quiet());
    const answer = await uploadThenRead(server.port, 8 * 1024 * 1024);
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(answer).toContain('"error":"body_too_large"');
  });

  it("an endless upload is answered 413 and cut off just past 1 MB, never read to its end", async () => {
    let reached = false;
    server = await startBotServer({
      ...quiet(),
      slackEvents: (_req, res) => {
        reached = true;
        res.end();
      },
    });
    const { sent, status } = await upload(server.port, 64 * 1024 * 1024);
    // The socket's buffers take a few MB more before the close is seen; 64 MB is never read.
    expect(sent).toBeLessThan(16 * 1024 * 1024);
    expect(status).toBe(413);
    expect(reached).toBe(false);
  });

  it("a Content-Length over the limit is refused before any of the body is read", async () => {
    server = await startBotServer(quiet());
    const res = await fetch(`http://127.0.0.1:${server.port}/slack/events`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "x".repeat(1024 * 1024 + 1),
    });
    expect(res.status).toBe(413);
  });
});

describe("a form body read", () => {
  /** Posts a form body; what the server handed on as Slack's request, or the status it answered. */
  const post = async (
    body: string,
  ): Promise<{ status: number; seen: Record<string, unknown> | undefined }> => {
    let seen: Record<string, unknown> | undefined;
    server = await startBotServer({
      ...quiet(),
      slackEvents: (_req, res, _raw, parsed) => {
        seen = parsed;
        res.end();
      },
    });
    const res = await fetch(`http://127.0.0.1:${server.port}/slack/events`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body,
    });
    await res.arrayBuffer();
    return { status: res.status, seen };
  };

  it("a tap's payload alone is its JSON, every character as Slack sent it: + and %2B, &, %, quotes, emoji, new lines", async () => {
    const payload = {
      type: "block_actions",
      message: {
        text: 'Biscuit + Rex & "Mo" 100% 🐶 a+b\nline',
        blocks: [{ type: "section", block_id: "b 1" }],
      },
    };
    // Slack's encoding: a space as "+", a plus as "%2B".
    const body = `payload=${encodeURIComponent(JSON.stringify(payload)).replaceAll("%20", "+")}`;
    expect(body).toContain("+");
    const { status, seen } = await post(body);
    expect(status).toBe(200);
    expect(seen).toEqual(payload);
    expect(seen).toEqual(JSON.parse(new URLSearchParams(body).get("payload") as string));
  });

  it("a stray % that the strict decoder refuses is read leniently, as querystring always read it", async () => {
    const { status, seen } = await post('payload={"type":"block_actions","note":"100%"}');
    expect(status).toBe(200);
    expect(seen).toEqual({ type: "block_actions", note: "100%" });
  });

  it("any other form is its fields; two payloads are refused", async () => {
    expect((await post("command=%2Fpet&text=Biscuit+Rex")).seen).toEqual({
      command: "/pet",
      text: "Biscuit Rex",
    });
    await server?.close();
    const twice = await post("payload=%7B%7D&payload=%7B%7D");
    expect(twice.status).toBe(400);
    expect(twice.seen).toBeUndefined();
  });
});

// A machine's address other than loopback, if it has one (a container's or a LAN's).
const outside = Object.values(networkInterfaces())
  .flat()
  .find((a) => a && a.family === "IPv4" && !a.internal)?.address;

describe.skipIf(!outside)("the health server's address (HEALTH_HOST)", () => {
  const reach = (host: string, port: number) =>
    fetch(`http://${host}:${port}/healthz`).then(
      (r) => r.status,
      (e: Error) => String((e.cause as { code?: string })?.code ?? e.message),
    );
  it("on 127.0.0.1 it answers on loopback only; on 0.0.0.0 (a container) on the machine's address too", async () => {
    server = await startBotServer({ ...quiet(), host: "127.0.0.1" });
    expect(await reach("127.0.0.1", server.port)).toBe(200);
    expect(await reach(outside as string, server.port)).toBe("ECONNREFUSED");
    await server.close();
    server = await startBotServer({ ...quiet(), host: "0.0.0.0" });
    expect(await reach(outside as string, server.port)).toBe(200);
  });
});
