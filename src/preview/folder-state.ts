/**
 * The preview running in a folder, for the terminal's commands run there (issue 45, one clock): while
 * `npm start` runs the preview, it leaves `.kennel-desk-preview.json` in its folder (mode 600,
 * removed when it stops) naming its kennel clock (the offset from the computer's), its sandbox
 * kennel API (on loopback; its key is the sandbox's own, synthetic) and its care record's folder. A
 * `kennel-desk` command run in that folder with no kennel or record settings of its own reads them:
 * the same record, the same sandbox, the same kennel clock as the preview's bot, so `record audit`
 * says what Home says. A file whose preview is gone (its process ended) is not read.
 */
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Clock } from "../deps.ts";
import { oneLine, shorten } from "../domain/text.ts";

export const PREVIEW_STATE_FILE = ".kennel-desk-preview.json";

interface PreviewState {
  pid: number;
  timezone: string;
  /** The kennel clock: the computer's clock plus this many milliseconds. */
  clockOffsetMs: number;
  /** The sandbox kennel API's base URL (loopback) and its key. */
  apiBaseUrl: string;
  apiKey: string;
  /** The preview's care record's folder (KENNEL_DATA_DIR). */
  dataDir: string;
  /** The preview's port (its PORT: its page and /healthz); none in a note left before it was kept. */
  port?: number | undefined;
}

function writePreviewState(folder: string, state: PreviewState): void {
  writeFileSync(join(folder, PREVIEW_STATE_FILE), `${JSON.stringify(state, null, 2)}\n`, { mode: 0o600 });
}

function removePreviewState(folder: string): void {
  rmSync(join(folder, PREVIEW_STATE_FILE), { force: true });
}

/**
 * Leaves the preview's note in `folder` (none: nothing left), once its bot has started: its kennel
 * clock's offset now, its sandbox and its record. `remove` takes it away when the preview stops.
 */
export function leaveNote(
  folder: string | undefined,
  p: {
    timezone: string;
    clock: Clock;
    sandbox: { url: string; keys: { main: string } };
    record: { dir: string };
    port: number;
  },
): { remove(): void } {
  if (!folder) return { remove: () => {} };
  writePreviewState(folder, {
    pid: process.pid,
    timezone: p.timezone,
    clockOffsetMs: p.clock.now().getTime() - Date.now(),
    apiBaseUrl: p.sandbox.url,
    apiKey: p.sandbox.keys.main,
    dataDir: p.record.dir,
    port: p.port,
  });
  return { remove: () => removePreviewState(folder) };
}

/** Settings that say the command is meant for a kennel or a record of its own: the preview is not read. */
const OWN_SETTINGS = ["KENNEL_API_BASE_URL", "KENNEL_DATA_DIR", "DATABASE_URL"];

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    // ESRCH: gone; EPERM: another user's process has that id now: not this folder's preview.
    return false;
  }
};

function readState(folder: string): PreviewState | undefined {
  try {
    const s = JSON.parse(readFileSync(join(folder, PREVIEW_STATE_FILE), "utf8")) as Partial<PreviewState>;
    const ok =
      Number.isSafeInteger(s.pid) &&
      typeof s.timezone === "string" &&
      Number.isFinite(s.clockOffsetMs) &&
      typeof s.apiBaseUrl === "string" &&
      typeof s.apiKey === "string" &&
      typeof s.dataDir === "string" &&
      (s.port === undefined || (Number.isSafeInteger(s.port) && s.port > 0 && s.port < 65536));
    return ok ? (s as PreviewState) : undefined;
  } catch {
    return undefined;
  }
}

/** The preview running in `folder`, whatever the command's settings: none when none runs there. */
export function previewRunningIn(
  folder: string,
  isRunning: (pid: number) => boolean = alive,
): PreviewState | undefined {
  const state = readState(folder);
  return state && isRunning(state.pid) ? state : undefined;
}

/**
 * The preview running in `folder`, as a command there reads it: the environment with the preview's
 * kennel API, record folder and time zone, and its kennel clock; none when the command has settings
 * of its own (a kennel API's address, a record's folder or database), or no preview runs there.
 */
export function previewInFolder(
  folder: string,
  env: Record<string, string | undefined>,
  real: Clock = { now: () => new Date() },
  isRunning: (pid: number) => boolean = alive,
): PreviewInFolder | undefined {
  if (OWN_SETTINGS.some((k) => env[k]?.trim())) return undefined;
  const state = previewRunningIn(folder, isRunning);
  if (!state) return undefined;
  const settings = {
    KENNEL_API_BASE_URL: state.apiBaseUrl,
    KENNEL_API_KEY: state.apiKey,
    KENNEL_DATA_DIR: state.dataDir,
    KENNEL_TIMEZONE: state.timezone,
  };
  const replaced = (Object.keys(settings) as Array<keyof typeof settings>).filter(
    (k) => env[k]?.trim() && env[k]?.trim() !== settings[k],
  );
  // PORT set here and the preview's another: `status` asks the preview's, and says PORT is not used.
  const port = env.PORT?.trim();
  return {
    // The preview's port too, so `status` asks the preview where it listens, not PORT's default.
    env: { ...env, ...settings, ...(state.port ? { PORT: String(state.port) } : {}) },
    clock: { now: () => new Date(real.now().getTime() + state.clockOffsetMs) },
    state,
    replaced,
    ...(state.port && port && port !== String(state.port) ? { portNotUsed: port } : {}),
  };
}

/** "pid 4242, port 3187": the preview as its notes name it. */
export const previewNamed = (state: { pid: number; port?: number | undefined }) =>
  `pid ${state.pid}${state.port ? `, port ${state.port}` : ""}`;

/** A setting as the note shows it: a database's address never (it may hold a password), nor a URL's user. */
function shown(name: string, value: string): string {
  if (name === "DATABASE_URL") return "DATABASE_URL (its value not shown)";
  let text = value.trim();
  try {
    const url = new URL(text);
    if (url.username || url.password) {
      url.username = "";
      url.password = "";
      text = url.href;
    }
  } catch {
    // Not a URL (a folder): shown as set.
  }
  return `${name}=${shorten(oneLine(text), 120)}`;
}

/**
 * What a command says on standard error, once, when the preview runs in its folder but it does not
 * read it, having a kennel API or a record of its own (a .env `npm run sandbox:env` wrote and left
 * behind): the preview keeps its own record and sandbox, which settings this command uses instead,
 * and how to read the preview; so "There is no care record at …/data-sandbox" or a kennel API not
 * answering is never taken for the preview's record lost. None when it has no settings of
 * its own (it reads the preview, and says so: previewNote). `fromEnvFile`: the names .env set.
 */
export function previewNotReadNote(
  state: { pid: number; port?: number | undefined },
  env: Record<string, string | undefined>,
  fromEnvFile: ReadonlySet<string>,
): string | undefined {
  // The record's first: it is the record staff would think lost.
  const own = ["KENNEL_DATA_DIR", "DATABASE_URL", "KENNEL_API_BASE_URL"].filter((k) => env[k]?.trim());
  if (own.length === 0) return undefined;
  const inFile = own.filter((k) => fromEnvFile.has(k)).length;
  const [where, how] =
    inFile === own.length
      ? ["the settings in .env", "remove or rename .env"]
      : inFile === 0
        ? ["the settings in its environment", "unset them"]
        : ["the settings in .env and in its environment", "unset them, and remove or rename .env"];
  const settings = own.map((k) => shown(k, env[k] ?? "")).join(", ");
  return `kennel-desk: the preview running in this folder (${previewNamed(state)}) keeps its own record and sandbox; this command uses ${where} instead (${settings}). To read the preview, run it without those settings (${how}).\n`;
}

export interface PreviewInFolder {
  env: Record<string, string | undefined>;
  clock: Clock;
  state: PreviewState;
  /** The command's own settings the preview's replaced (a KENNEL_API_KEY, a KENNEL_TIMEZONE): said, never silent. */
  replaced: string[];
  /** The PORT set here when the preview listens on another (only `status` reads PORT): said by it. */
  portNotUsed?: string | undefined;
}

/**
 * What `sandbox` run beside the preview says on standard error, whatever its settings (a .env it
 * wrote before included): it starts a kennel API of its own and reads nothing of the preview's, and
 * the preview keeps its port (the setup page the sandbox points to is started once the preview stops).
 */
export function sandboxBesidePreviewNote(state: { pid: number; port?: number | undefined }): string {
  return `kennel-desk: the preview is running in this folder (${previewNamed(state)}); this sandbox is a kennel API of its own and reads nothing of the preview's. Stop the preview (Ctrl+C where npm start runs) before npm start -- --setup.\n`;
}

/**
 * What a command run beside the preview says on standard error: that it reads the preview, and each
 * setting of its own it did not use, with how to use it instead (a kennel API of its own: its address
 * too, and the preview is not read).
 */
export function previewNote(p: PreviewInFolder, kennelNow: string, command?: string): string {
  const lines = [
    `kennel-desk: reading the preview running in this folder (${previewNamed(p.state)}): its sandbox, its care record and its kennel clock (now ${kennelNow}).`,
  ];
  if (p.replaced.length)
    lines.push(
      `kennel-desk: ${p.replaced.join(" and ")} set here ${p.replaced.length === 1 ? "is not used: the preview's own is" : "are not used: the preview's own are"}. To use yours, set KENNEL_API_BASE_URL too (or KENNEL_DATA_DIR, DATABASE_URL for a record of your own): a command with a kennel API or a record of its own does not read the preview.`,
    );
  // Only `status` reads PORT (the running bot's link to Slack): it asks the preview's port instead.
  if (command === "status" && p.portNotUsed)
    lines.push(
      `kennel-desk: PORT=${p.portNotUsed} set here is not used: status asks the preview on its own port (${p.state.port}). To ask a bot of your own on PORT ${p.portNotUsed}, set KENNEL_API_BASE_URL too: a command with a kennel API of its own does not read the preview.`,
    );
  return `${lines.join("\n")}\n`;
}
