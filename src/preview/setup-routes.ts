/**
 * The preview's "Connect to Slack" page (/setup) and the routes its steps call: the manifest and the
 * create-an-app link, a check per box (src/preview/setup-checks.ts), and Save, which checks
 * everything once more, validates the whole file as the bot will read it, and writes .env.
 *
 * Safe by construction: the preview listens on 127.0.0.1 only, and `foreignRequest` refuses any
 * request whose Host or Origin is not that local address (DNS rebinding, another site's page). POSTs
 * must be JSON (a plain form from another site cannot send it). Secrets come in from the page, are
 * checked and written, and never go back out: no answer, no log line and no page holds one.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { ConfigError, loadConfig, requireKennel, requireSlack } from "../config.ts";
import type { Logger } from "../log.ts";
import { asset, fillTemplate } from "./assets.ts";
import { readEnvFile, writeEnvFile } from "./env-file.ts";
import { appManifest, createAppLink, manifestScopes } from "./manifest.ts";
import {
  type CheckResult,
  checkAppToken,
  checkBotToken,
  checkKennel,
  checkPort,
  checkSigningSecret,
  checkTimezone,
  listChannels,
  type SetupEnv,
} from "./setup-checks.ts";
import { readBody } from "./slack-http.ts";

export interface SetupOptions {
  /** The env file Save writes (.env in the folder npm start runs in). */
  envFile: string;
  /** SLACK_API_URL when set; else Slack's. */
  slackApiUrl: string | undefined;
  log: Logger;
  fetch?: typeof fetch;
  /** Stops the preview and starts the bot with the saved settings (`npm start` gives it). */
  startBot?: (() => void) | undefined;
}

/**
 * Why a request is refused: its Host is not a loopback name (DNS rebinding: another site's name
 * pointed at 127.0.0.1), or its Origin is not the page's own (another site, or another program on
 * this computer). Any port is accepted in Host, so a tunnel (ssh -L 8080:localhost:3000) still works;
 * the Origin must then be that same address.
 */
export function foreignRequest(req: IncomingMessage): string | undefined {
  const host = (req.headers.host ?? "").toLowerCase();
  if (!/^(localhost|127\.0\.0\.1)(:\d{1,5})?$/.test(host))
    return "This page answers only at a local address (http://localhost or http://127.0.0.1).";
  const origin = req.headers.origin;
  if (origin !== undefined && origin.toLowerCase() !== `http://${host}`)
    return "Requests from another site are refused.";
  return undefined;
}

function send(res: ServerResponse, status: number, body: unknown, type = "application/json; charset=utf-8") {
  res.writeHead(status, {
    "content-type": type,
    "cache-control": "no-store",
    "x-content-type-options": "nosniff",
    "x-frame-options": "DENY",
    "referrer-policy": "no-referrer",
  });
  res.end(typeof body === "string" ? body : JSON.stringify(body));
}

const text = (v: unknown): string => (typeof v === "string" ? v.slice(0, 2_000) : "");

type Mode = "socket" | "http";
const modeOf = (v: unknown): Mode => (v === "http" ? "http" : "socket");

export interface SetupRoutes {
  /** Answers the request when it is one of the setup page's; false otherwise. */
  handle(req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean>;
}

export function setupRoutes(options: SetupOptions, previewPort: () => number): SetupRoutes {
  const env = (): SetupEnv => ({
    fetch: options.fetch ?? globalThis.fetch,
    slackApiUrl: options.slackApiUrl ?? "https://slack.com/api/",
    log: options.log,
    previewPort: previewPort(),
  });
  let saving: Promise<unknown> = Promise.resolve();
  let saved = false;

  async function save(body: Record<string, unknown>) {
    const mode = modeOf(body.mode);
    const e = env();
    const checks: Record<string, CheckResult> = {
      bot: await checkBotToken(e, text(body.botToken)),
      ...(mode === "socket"
        ? { app: await checkAppToken(e, text(body.appToken)) }
        : { signing: checkSigningSecret(text(body.signingSecret)) }),
      kennel: await checkKennel(e, text(body.kennelUrl), text(body.kennelKey)),
      timezone: checkTimezone(text(body.timezone)),
      port: await checkPort(e, text(body.port)),
    };
    if (Object.values(checks).some((c) => !c.ok)) {
      const failed = Object.fromEntries(Object.entries(checks).filter(([, c]) => !c.ok));
      return { status: 422, answer: { ok: false, checks: failed } };
    }
    const values: Array<[string, string]> = [["SLACK_BOT_TOKEN", text(body.botToken).trim()]];
    const existing = await readEnvFile(options.envFile);
    if (mode === "socket") values.push(["SLACK_APP_TOKEN", text(body.appToken).trim()]);
    else {
      values.push(["SLACK_SIGNING_SECRET", text(body.signingSecret).trim()]);
      // An app-level token left in the file would turn Socket Mode back on.
      if (existing.SLACK_APP_TOKEN) values.push(["SLACK_APP_TOKEN", ""]);
    }
    values.push(
      ["KENNEL_API_BASE_URL", text(body.kennelUrl).trim()],
      ["KENNEL_API_KEY", text(body.kennelKey).trim()],
      ["KENNEL_TIMEZONE", text(body.timezone).trim()],
    );
    for (const [name, field] of [
      ["DIGEST_CHANNEL", "digestChannel"],
      ["ROUNDS_CHANNEL", "roundsChannel"],
    ] as const) {
      const channel = text(body[field]).trim();
      if (channel || existing[name]) values.push([name, channel]);
    }
    const port = text(body.port).trim();
    if ((port && port !== "3000") || existing.PORT) values.push(["PORT", port]);
    // The whole file as the bot will read it: any problem (this page's or an older line's) stops here.
    const merged = { ...existing, ...Object.fromEntries(values) };
    try {
      const config = loadConfig(merged);
      requireSlack(config, merged);
      requireKennel(config, merged);
    } catch (error) {
      if (!(error instanceof ConfigError)) throw error;
      return { status: 422, answer: { ok: false, problems: error.problems } };
    }
    const wrote = await writeEnvFile(options.envFile, values);
    saved = true;
    return {
      status: 200,
      answer: {
        ok: true,
        file: options.envFile,
        written: wrote.written,
        backup: wrote.backup,
        settings: values.map(([name]) => name),
        canStart: options.startBot !== undefined,
        next: options.startBot
          ? "Start Kennel Desk now (the preview stops and the bot connects), or later: stop the preview (Ctrl+C in the terminal where npm start runs) and run npm start again."
          : "Stop the preview (Ctrl+C in the terminal where npm start runs), then run npm start again: Kennel Desk starts as your bot, connected to your workspace and your kennel.",
      },
    };
  }

  return {
    async handle(req, res, url) {
      const path = url.pathname;
      if (path !== "/setup" && !path.startsWith("/setup/")) return false;
      if (req.method === "GET" && path === "/setup") {
        send(
          res,
          200,
          fillTemplate("setup.html", { STYLE: asset("setup.css"), SCRIPT: asset("setup.js") }),
          "text/html; charset=utf-8",
        );
        return true;
      }
      if (req.method === "GET" && path === "/setup/manifest") {
        const manifest = appManifest({
          name: url.searchParams.get("name") ?? undefined,
          mode: modeOf(url.searchParams.get("mode")),
          publicUrl: url.searchParams.get("publicUrl") ?? undefined,
        });
        send(res, 200, { manifest, link: createAppLink(manifest), scopes: manifestScopes() });
        return true;
      }
      if (req.method === "GET" && path === "/setup/state") {
        // Which settings the env file already has: names only, never a value.
        const existing = await readEnvFile(options.envFile);
        const set = Object.keys(existing).filter((k) => existing[k]?.trim());
        send(res, 200, { envFile: options.envFile, set, previewPort: previewPort() });
        return true;
      }
      if (req.method !== "POST") {
        send(res, 405, { ok: false, error: "method not allowed" });
        return true;
      }
      if (!/^application\/json\b/i.test(req.headers["content-type"] ?? "")) {
        send(res, 415, { ok: false, error: "send JSON" });
        return true;
      }
      let body: Record<string, unknown>;
      try {
        const parsed: unknown = JSON.parse(await readBody(req, 50_000));
        body = parsed && typeof parsed === "object" ? (parsed as Record<string, unknown>) : {};
      } catch {
        send(res, 400, { ok: false, error: "not JSON" });
        return true;
      }
      const e = env();
      let answer: unknown;
      switch (path) {
        case "/setup/check/bot":
          answer = await checkBotToken(e, text(body.token));
          break;
        case "/setup/check/app":
          answer = await checkAppToken(e, text(body.token));
          break;
        case "/setup/check/signing":
          answer = checkSigningSecret(text(body.secret));
          break;
        case "/setup/check/channels":
          answer = await listChannels(e, text(body.token));
          break;
        case "/setup/check/kennel":
          answer = await checkKennel(e, text(body.url), text(body.key));
          break;
        case "/setup/check/timezone":
          answer = checkTimezone(text(body.timezone));
          break;
        case "/setup/check/port":
          answer = await checkPort(e, text(body.port));
          break;
        case "/setup/start": {
          if (!options.startBot || !saved) {
            send(res, 409, {
              ok: false,
              headline: saved
                ? "Stop the preview (Ctrl+C) and run npm start again."
                : "Save the settings first.",
            });
            return true;
          }
          send(res, 200, { ok: true });
          // After the answer has gone: the preview's server closes as the bot starts.
          setImmediate(options.startBot);
          return true;
        }
        case "/setup/save": {
          // One save at a time: a double click writes the file once.
          const run = saving.then(() => save(body));
          saving = run.catch(() => undefined);
          const { status, answer: saved } = await run;
          send(res, status, saved);
          return true;
        }
        default:
          send(res, 404, { ok: false, error: "not found" });
          return true;
      }
      send(res, 200, answer);
      return true;
    },
  };
}
