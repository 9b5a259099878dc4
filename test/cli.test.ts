import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  PREVIEW_STATE_FILE,
  type PreviewInFolder,
  previewInFolder,
  previewNote,
} from "../src/preview/folder-state.ts";
import { runCommand } from "./cli/helpers.ts";

const KEY = "cli-test-key-5d1e";
let server: Server;
let base: string;
let mode = "ok";

/** `kennel-desk ARGS` in-process, with exactly this environment. */
const run = (args: string[], env: Record<string, string>, options: { previewHere?: boolean } = {}) =>
  runCommand(args, env, options);

beforeAll(async () => {
  server = createServer((req, res) => {
    // A running bot's /readyz on the same port (PORT), for the Slack line.
    if (req.url === "/readyz") {
      const slack = {
        mode: "socket",
        state: "reconnecting",
        since: "2026-11-23T07:00:00.000Z",
        attempts: 3,
        lastError: "ENOTFOUND",
      };
      res
        .writeHead(503, { "content-type": "application/json" })
        .end(JSON.stringify({ state: "reconnecting", slack }));
      return;
    }
    const key = req.headers["x-api-key"];
    if (mode === "html") {
      res.writeHead(200, { "content-type": "text/html" }).end("<html><body>Welcome</body></html>");
      return;
    }
    if (mode === "down") {
      res.writeHead(503, { "content-type": "application/json", "x-request-id": "srv-down" }).end("{}");
      return;
    }
    if (key !== KEY) {
      res
        .writeHead(401, { "content-type": "application/json", "x-request-id": "srv-401" })
        .end(JSON.stringify({ code: "authentication_failed" }));
      return;
    }
    if (req.url === "/api/v1/health") {
      res
        .writeHead(200, { "content-type": "application/json", "x-request-id": "srv-ok" })
        .end('{"status":"ok"}');
      return;
    }
    res.writeHead(404, { "content-type": "application/json" }).end('{"code":"not_found"}');
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`;
});

afterAll(() => new Promise<void>((r) => server.close(() => r())));

describe("kennel-desk status", () => {
  it("OK: exit 0, the address and the request id, never the key", async () => {
    mode = "ok";
    const r = await run(["status"], { KENNEL_API_KEY: KEY, KENNEL_API_BASE_URL: base });
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^✅ OK: The kennel API is up and accepted the key\./m);
    expect(r.stdout).toContain(`Address: ${base}`);
    expect(r.stdout).toContain("Request id: srv-ok");
    expect(r.stdout + r.stderr).not.toContain(KEY);
  });

  it("a care record retention under a year (KENNEL_RECORD_RETENTION_SHORT=1) is said loudly", async () => {
    mode = "ok";
    const env = { KENNEL_API_KEY: KEY, KENNEL_API_BASE_URL: base };
    const short = await run(["status"], {
      ...env,
      KENNEL_RECORD_RETENTION_DAYS: "7",
      KENNEL_RECORD_RETENTION_SHORT: "1",
    });
    expect(short.code).toBe(0);
    expect(short.stderr).toContain("⚠️ KENNEL_RECORD_RETENTION_DAYS=7 (with KENNEL_RECORD_RETENTION_SHORT=1)");
    expect((await run(["status"], env)).stderr).not.toContain("RETENTION");
  });

  it("says whether the running bot is connected to Slack (read from its /readyz on PORT), or that none answered", async () => {
    mode = "ok";
    const port = String((server.address() as AddressInfo).port);
    const r = await run(["status"], { KENNEL_API_KEY: KEY, KENNEL_API_BASE_URL: base, PORT: port });
    expect(r.stdout).toContain(
      "Slack: reconnecting since 2026-11-23T07:00:00.000Z (3 failed attempts; last error: ENOTFOUND)",
    );
    const none = await run(["status"], { KENNEL_API_KEY: KEY, KENNEL_API_BASE_URL: base, PORT: "9" });
    expect(none.stdout).toContain("Slack: no running bot answered at http://127.0.0.1:9 (PORT 9");
  });

  it("beside a preview started on another PORT: asks the preview's port, and says it is the preview", async () => {
    mode = "ok";
    // The preview's own server: its /healthz says it is the preview; it has no /readyz (no Slack).
    const preview = createServer((req, res) => {
      if (req.url === "/healthz")
        return res
          .writeHead(200, { "content-type": "application/json" })
          .end('{"status":"ok","preview":true}');
      res.writeHead(404, { "content-type": "application/json" }).end('{"ok":false,"error":"not found"}');
    });
    await new Promise<void>((r) => preview.listen(0, "127.0.0.1", r));
    const port = (preview.address() as AddressInfo).port;
    const folder = mkdtempSync(join(tmpdir(), "kennel-desk-status-"));
    try {
      // The note `npm start` leaves in its folder (src/preview/folder-state.ts), with its port.
      const note = {
        pid: 1,
        timezone: "UTC",
        clockOffsetMs: 0,
        apiBaseUrl: base,
        apiKey: KEY,
        dataDir: folder,
        port,
      };
      writeFileSync(join(folder, PREVIEW_STATE_FILE), JSON.stringify(note));
      const beside = previewInFolder(folder, {}, undefined, () => true);
      expect(previewNote(beside as PreviewInFolder, "now")).toContain(`(pid 1, port ${port})`);
      // Run in its folder, the command reads the preview (as src/cli/program.ts passes it).
      const r = await run(["status"], beside?.env as Record<string, string>, { previewHere: true });
      expect(r.stdout).toContain(
        `Slack: the preview answered at http://127.0.0.1:${port} (PORT ${port}): it has no link to Slack`,
      );
      expect(r.stdout).not.toContain(":3000");
      // Another folder with settings of its own, asking the same port (PORT's default, say): a preview
      // answers there, but it is not this folder's: said so, never taken for this folder's bot.
      const elsewhere = await run(["status"], {
        KENNEL_API_KEY: KEY,
        KENNEL_API_BASE_URL: base,
        PORT: String(port),
      });
      expect(elsewhere.stdout).toContain(
        `Slack: a preview answered at http://127.0.0.1:${port} (PORT ${port}), not the one running in this folder: it may be another folder's, with its own kennel API and record; it has no link to Slack`,
      );
      expect(elsewhere.stdout).not.toContain("Slack: the preview answered");
      // PORT=3000 set here: not used, and said so by status (as a KENNEL_API_KEY set here is said).
      const own = previewInFolder(folder, { PORT: "3000" }, undefined, () => true) as PreviewInFolder;
      expect(previewNote(own, "now", "status")).toContain(
        `kennel-desk: PORT=3000 set here is not used: status asks the preview on its own port (${port}). To ask a bot of your own on PORT 3000, set KENNEL_API_BASE_URL too`,
      );
      // Only status reads PORT; the preview's own port set here is used, and nothing is said.
      expect(previewNote(own, "now", "arrivals")).not.toContain("PORT");
      const same = previewInFolder(folder, { PORT: String(port) }, undefined, () => true) as PreviewInFolder;
      expect(previewNote(same, "now", "status")).not.toContain("PORT");
      const r3000 = await run(["status"], own.env as Record<string, string>, { previewHere: true });
      expect(r3000.stdout).toContain(
        `Slack: the preview answered at http://127.0.0.1:${port} (PORT ${port})`,
      );
    } finally {
      await new Promise<void>((r) => preview.close(() => r()));
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it("key rejected: exit 1 with the remedy", async () => {
    mode = "ok";
    const r = await run(["status"], { KENNEL_API_KEY: "wrong-key-123", KENNEL_API_BASE_URL: base });
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/rejected the API key/);
    expect(r.stdout).toMatch(/generate a new key/);
    expect(r.stdout).toContain("Request id: srv-401");
  });

  it("wrong address: exit 1", async () => {
    mode = "html";
    const r = await run(["status"], { KENNEL_API_KEY: KEY, KENNEL_API_BASE_URL: base });
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/does not lead to the kennel API/);
    expect(r.stdout).toMatch(/KENNEL_API_BASE_URL/);
  });

  it("unreachable (down, and nothing listening): exit 1", async () => {
    mode = "down";
    const down = await run(["status"], { KENNEL_API_KEY: KEY, KENNEL_API_BASE_URL: base });
    expect(down.code).toBe(1);
    // It answered (503): failing on its side, never "cannot be reached… check the internet connection".
    expect(down.stdout).toMatch(/answered at this address, but is failing on its side \(HTTP 503\)/);
    expect(down.stdout).not.toMatch(/cannot be reached|internet connection/);
    expect(down.stdout).toContain("Request id: srv-down");
    const closed = createServer();
    await new Promise<void>((r) => closed.listen(0, "127.0.0.1", r));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((r) => closed.close(() => r()));
    const nothing = await run(["status", "--json"], {
      KENNEL_API_KEY: KEY,
      KENNEL_API_BASE_URL: `http://127.0.0.1:${port}/api/v1`,
    });
    expect(nothing.code).toBe(1);
    // --json prints the answer's data: the report, and its words.
    const json = JSON.parse(nothing.stdout);
    expect(json.report.state).toBe("unreachable");
    expect(json.words.ok).toBe(false);
    expect(json.words.detail).toMatch(/connection was refused/);
    expect(json.report.error.message).toMatch(/connection was refused/);
  });

  it("invalid settings: exit 2, every problem listed, no stack trace", async () => {
    const r = await run(["status"], {
      KENNEL_API_KEY: ` ${KEY}`,
      KENNEL_API_BASE_URL: "http://kennel.example.com/api/v1",
      KENNEL_TIMEZONE: "Atlantis/Capital",
    });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/3 problems/);
    expect(r.stderr).toMatch(/KENNEL_API_KEY: has spaces/);
    expect(r.stderr).toMatch(/KENNEL_API_BASE_URL: plain http/);
    expect(r.stderr).toMatch(/KENNEL_TIMEZONE/);
    expect(r.stderr).not.toMatch(/\n\s+at /);
    expect(r.stderr + r.stdout).not.toContain(KEY);
  });

  it("a house routine that cannot be read (KENNEL_HOUSE_MEALS): exit 2, one line saying which word and how to write it", async () => {
    const r = await run(["status"], {
      KENNEL_API_KEY: KEY,
      KENNEL_API_BASE_URL: base,
      KENNEL_HOUSE_MEALS: "dog:morning,evening;cat:brunch",
    });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/1 problem with the settings/);
    expect(r.stderr).toMatch(
      /\n- KENNEL_HOUSE_MEALS: "brunch" is not a round [^\n]*dog:morning,evening;cat:morning,midday,evening\.\n/,
    );
    expect(r.stdout).toBe("");
  });

  it("an unknown option: exit 2 (usage), not 3, before any request", async () => {
    mode = "ok";
    const r = await run(["status", "--bogus"], { KENNEL_API_KEY: KEY, KENNEL_API_BASE_URL: base });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/Unknown option '--bogus'/);
    expect(r.stdout).toBe("");
  });

  it("missing settings: exit 2 naming what to set", async () => {
    const r = await run(["status"], {});
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/KENNEL_API_KEY: is not set/);
  });
});
