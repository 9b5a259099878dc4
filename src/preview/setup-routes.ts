/**
 * The preview's "Connect to Slack" page (/setup) and the routes its steps call: the manifest and the
 * create-an-app link, a check per box (src/preview/setup-checks.ts), what the saved file already
 * holds (/setup/state: every setting, secrets only as "set, ends …7f3a"), Save (src/preview/setup-save.ts),
 * and "Start Kennel Desk now" once the file holds what the bot needs.
 *
 * Safe by construction: the preview listens on 127.0.0.1 only, and `foreignRequest` refuses any
 * request whose Host or Origin is not that local address (DNS rebinding, another site's page). POSTs
 * must be JSON (a plain form from another site cannot send it). Secrets come in from the page, are
 * checked and written, and never go back out: no answer, no log line and no page holds one.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Logger } from "../log.ts";
import { asset, fillTemplate } from "./assets.ts";
import { envFileExists, readEnvFile } from "./env-file.ts";
import { appManifest, createAppLink, manifestScopes } from "./manifest.ts";
import type { SetupEnv } from "./setup-call.ts";
import {
  checkAppToken,
  checkBotToken,
  checkHouseMeals,
  checkKennel,
  checkPort,
  checkSigningSecret,
  checkTimezone,
  inviteHow,
  kennelAddress,
  listChannels,
} from "./setup-checks.ts";
import { appNameOf, botPort, modeOf, nextStart, save, savedState, startable } from "./setup-save.ts";
import { saveKennel } from "./setup-save-kennel.ts";
import type { CheckResult } from "./setup-words.ts";
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
  /**
   * The environment npm start runs in, without the file's lines: its settings win over the file's
   * at the next start (PORT=3996 npm start, say). Default: none.
   */
  environment?: Record<string, string | undefined> | undefined;
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

/** A POST's JSON body; or undefined, once the asker is told why not (not a POST, not JSON). */
async function jsonBody(
  req: IncomingMessage,
  res: ServerResponse,
): Promise<Record<string, unknown> | undefined> {
  if (req.method !== "POST") {
    send(res, 405, { ok: false, error: "method not allowed" });
    return undefined;
  }
  if (!/^application\/json\b/i.test(req.headers["content-type"] ?? "")) {
    send(res, 415, { ok: false, error: "send JSON" });
    return undefined;
  }
  try {
    const parsed: unknown = JSON.parse(await readBody(req, 50_000));
    return parsed && typeof parsed === "object" ? (parsed as Record<string, unknown>) : {};
  } catch {
    send(res, 400, { ok: false, error: "not JSON" });
    return undefined;
  }
}

export interface SetupRoutes {
  /** Answers the request when it is one of the setup page's; false otherwise. */
  handle(req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean>;
}

export function setupRoutes(options: SetupOptions, previewPort: () => number): SetupRoutes {
  const environment = options.environment ?? {};
  const env = (): SetupEnv => ({
    fetch: options.fetch ?? globalThis.fetch,
    slackApiUrl: options.slackApiUrl ?? "https://slack.com/api/",
    customSlackUrl: options.slackApiUrl !== undefined,
    log: options.log,
    previewPort: previewPort(),
  });
  let saving: Promise<unknown> = Promise.resolve();

  /** A box's value, or (asked with `saved: true` and the box empty) the saved one, said as such. */
  async function boxOrSaved(body: Record<string, unknown>, field: string, name: string) {
    const typed = text(body[field]);
    if (typed.trim() !== "" || body.saved !== true) return { value: typed, saved: false };
    const file = await readEnvFile(options.envFile);
    return { value: file[name]?.trim() ?? "", saved: Boolean(file[name]?.trim()) };
  }
  const asSaved = <T extends CheckResult>(result: T, saved: boolean): T =>
    saved ? { ...result, headline: `The saved one: ${result.headline}` } : result;

  /** What the page needs at load: the saved settings, the ports, and whether the bot can start. */
  async function state() {
    const file = await readEnvFile(options.envFile);
    const next = nextStart(file, environment);
    const envPort = environment.PORT?.trim();
    return {
      envFile: options.envFile,
      // Whether there is a file now (Save then keeps it as .env.bak).
      exists: await envFileExists(options.envFile),
      // Which settings the file has (names only), and what the page may show of them.
      set: Object.keys(file).filter((k) => file[k]?.trim()),
      saved: savedState(file),
      previewPort: previewPort(),
      environmentPort: envPort || undefined,
      botPort: botPort(next),
      canStart: options.startBot !== undefined && startable(next),
    };
  }

  async function check(path: string, body: Record<string, unknown>): Promise<unknown> {
    const e = env();
    switch (path) {
      case "/setup/check/bot": {
        const t = await boxOrSaved(body, "token", "SLACK_BOT_TOKEN");
        return asSaved(await checkBotToken(e, t.value), t.saved);
      }
      case "/setup/check/app": {
        const t = await boxOrSaved(body, "token", "SLACK_APP_TOKEN");
        return asSaved(await checkAppToken(e, t.value), t.saved);
      }
      case "/setup/check/signing": {
        const t = await boxOrSaved(body, "secret", "SLACK_SIGNING_SECRET");
        return asSaved(checkSigningSecret(t.value), t.saved);
      }
      case "/setup/check/channels": {
        const t = await boxOrSaved(body, "token", "SLACK_BOT_TOKEN");
        const listed = await listChannels(e, t.value);
        return listed.ok ? { ...listed, fix: inviteHow(appNameOf(body.appName)) } : listed;
      }
      case "/setup/check/kennel": {
        const k = await boxOrSaved(body, "key", "KENNEL_API_KEY");
        if (k.saved) {
          // The saved key goes only to the address it was saved with.
          const file = await readEnvFile(options.envFile);
          const typed = kennelAddress(text(body.url));
          const at = kennelAddress(file.KENNEL_API_BASE_URL ?? "");
          if ("href" in typed && "href" in at && new URL(typed.href).origin !== new URL(at.href).origin)
            return {
              ok: false,
              headline:
                "A new address needs its key: the saved key is sent only to the address it was saved with.",
              fix: "Paste the API key for this address into the API key box.",
            };
        }
        return asSaved(await checkKennel(e, text(body.url), k.value), k.saved);
      }
      case "/setup/check/timezone":
        return checkTimezone(text(body.timezone));
      case "/setup/check/house-meals": {
        // The kennel's own round names, as the next start reads them, are round names too.
        const names = nextStart(await readEnvFile(options.envFile), environment).ROUNDS_NAMES;
        return checkHouseMeals(text(body.houseMeals), names);
      }
      case "/setup/check/port":
        return checkPort(e, text(body.port));
      default:
        return undefined;
    }
  }

  /** The setup page, the app's manifest and the setup's state; false for another path. */
  async function get(path: string, url: URL, res: ServerResponse): Promise<boolean> {
    if (path === "/setup") {
      const page = fillTemplate("setup.html", { STYLE: asset("setup.css"), SCRIPT: asset("setup.js") });
      send(res, 200, page, "text/html; charset=utf-8");
    } else if (path === "/setup/manifest") {
      const manifest = appManifest({
        name: url.searchParams.get("name") ?? undefined,
        mode: modeOf(url.searchParams.get("mode")),
        publicUrl: url.searchParams.get("publicUrl") ?? undefined,
      });
      send(res, 200, { manifest, link: createAppLink(manifest), scopes: manifestScopes() });
    } else if (path === "/setup/state") send(res, 200, await state());
    else return false;
    return true;
  }

  return {
    async handle(req, res, url) {
      const path = url.pathname;
      if (path !== "/setup" && !path.startsWith("/setup/")) return false;
      if (req.method === "GET" && (await get(path, url, res))) return true;
      const body = await jsonBody(req, res);
      if (!body) return true;
      if (path === "/setup/start") {
        const now = await state();
        if (!now.canStart) {
          send(res, 409, {
            ok: false,
            headline: options.startBot
              ? "Save the settings first."
              : "Stop the preview (Ctrl+C) and run npm start again.",
          });
          return true;
        }
        send(res, 200, { ok: true, botPort: now.botPort, previewPort: now.previewPort });
        // After the answer has gone: the preview's server closes as the bot starts.
        if (options.startBot) setImmediate(options.startBot);
        return true;
      }
      if (path === "/setup/save" || path === "/setup/save-kennel") {
        // One save at a time: a double click writes the file once.
        const which = path === "/setup/save" ? save : saveKennel;
        const run = saving.then(async () =>
          which(body, {
            envFile: options.envFile,
            env: env(),
            environment,
            canStart: options.startBot !== undefined,
          }),
        );
        saving = run.catch(() => undefined);
        const { status, answer } = await run;
        send(res, status, answer);
        return true;
      }
      const answer = await check(path, body);
      if (answer === undefined) send(res, 404, { ok: false, error: "not found" });
      else send(res, 200, answer);
      return true;
    },
  };
}
