/** The bot's HTTP server cuts a body off as soon as it passes the 1 MB limit (issue 26, item 11). */
import { request } from "node:http";
import { afterEach, describe, expect, it } from "vitest";
import { silentLogger } from "../../src/log.ts";
import { type BotServer, startBotServer } from "../../src/slack/http-server.ts";

let server: BotServer | undefined;
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

describe("the bot's HTTP server", () => {
  it("an endless upload is answered 413 and cut off just past 1 MB, never read to its end", async () => {
    let reached = false;
    server = await startBotServer({
      port: 0,
      log: silentLogger(),
      health: () => ({ status: 200, body: {} }),
      ready: async () => ({ status: 200, body: {} }),
      slackEvents: (_req, res) => {
        reached = true;
        res.end();
      },
    });
    const { sent, status } = await upload(server.port, 64 * 1024 * 1024);
    // The socket's buffers take a few MB more before the close is seen; 64 MB is never read.
    expect(sent).toBeLessThan(16 * 1024 * 1024);
    expect(status === 413 || status === undefined).toBe(true);
    expect(reached).toBe(false);
  });

  it("a Content-Length over the limit is refused before any of the body is read", async () => {
    server = await startBotServer({
      port: 0,
      log: silentLogger(),
      health: () => ({ status: 200, body: {} }),
      ready: async () => ({ status: 200, body: {} }),
      slackEvents: (_req, res) => res.end(),
    });
    const res = await fetch(`http://127.0.0.1:${server.port}/slack/events`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "x".repeat(1024 * 1024 + 1),
    });
    expect(res.status).toBe(413);
  });
});
