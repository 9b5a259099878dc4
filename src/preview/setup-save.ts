/**
 * The setup page's Save, and what the page is told of the file it saved.
 *
 * Save checks what it saves: each box's value is refused before any check when it holds a control
 * character or quotes (src/preview/setup-words.ts), normalised once (an address as the settings parse
 * it), checked, and that same value written. A secret box left empty keeps the saved secret (the
 * kennel key only for the address it was saved with: it is never sent to a new one). A channel the
 * bot is not in (or cannot see) is not ready: Save says so and writes it only when the person accepts
 * it ("save anyway"), and the saved summary lists what is not ready yet. The file is then read back
 * with the bot's own parser (src/preview/env-file.ts): "saved" only when every value comes back.
 */
import { type Config, ConfigError, loadConfig, requireKennel, requireSlack } from "../config.ts";
import { readEnvFile, writeEnvFile } from "./env-file.ts";
import type { SetupEnv } from "./setup-call.ts";
import {
  checkAppToken,
  checkBotToken,
  checkHouseMeals,
  checkKennel,
  checkPort,
  checkSigningSecret,
  checkTimezone,
  HOUSE_MEALS_DEFAULT,
  kennelAddress,
  listChannels,
  portNumber,
} from "./setup-checks.ts";
import { type CheckResult, pastedProblem } from "./setup-words.ts";

type Env = Record<string, string | undefined>;
type Mode = "socket" | "http";

export const modeOf = (v: unknown): Mode => (v === "http" ? "http" : "socket");
export const text = (v: unknown): string => (typeof v === "string" ? v.slice(0, 2_000) : "");

/** The page's secret boxes and the settings they fill. */
const SECRETS = {
  botToken: "SLACK_BOT_TOKEN",
  appToken: "SLACK_APP_TOKEN",
  signingSecret: "SLACK_SIGNING_SECRET",
  kennelKey: "KENNEL_API_KEY",
} as const;
type SecretBox = keyof typeof SECRETS;

const CHANNELS = [
  { name: "DIGEST_CHANNEL", field: "digestChannel", posts: "the morning post" },
  { name: "ROUNDS_CHANNEL", field: "roundsChannel", posts: "round posts" },
] as const;

export interface SavedState {
  mode: Mode | undefined;
  /** Each secret saved: "set", and its last four characters when it is long enough to keep some. */
  secrets: Partial<Record<SecretBox, { ends: string | undefined }>>;
  kennelUrl?: string | undefined;
  timezone?: string | undefined;
  digestChannel?: string | undefined;
  roundsChannel?: string | undefined;
  /** KENNEL_HOUSE_MEALS, when the file sets it. */
  houseMeals?: string | undefined;
  port?: string | undefined;
}

/** What the page may show of the saved file: every value but the secrets, which are only "set, ends …7f3a". */
export function savedState(file: Record<string, string>): SavedState {
  const has = (name: string) => (file[name] ?? "").trim() !== "";
  const secrets: SavedState["secrets"] = {};
  for (const [box, name] of Object.entries(SECRETS) as Array<[SecretBox, string]>) {
    const value = (file[name] ?? "").trim();
    if (value) secrets[box] = { ends: value.length >= 16 ? value.slice(-4) : undefined };
  }
  const value = (name: string) => (has(name) ? file[name]?.trim() : undefined);
  return {
    mode: has("SLACK_APP_TOKEN") ? "socket" : has("SLACK_SIGNING_SECRET") ? "http" : undefined,
    secrets,
    kennelUrl: value("KENNEL_API_BASE_URL"),
    timezone: value("KENNEL_TIMEZONE"),
    digestChannel: value("DIGEST_CHANNEL"),
    roundsChannel: value("ROUNDS_CHANNEL"),
    houseMeals: value("KENNEL_HOUSE_MEALS"),
    port: value("PORT"),
  };
}

/** The settings as the next `npm start` reads them: the environment's first, then the file's. */
export function nextStart(file: Record<string, string>, environment: Env): Env {
  return { ...file, ...environment };
}

/** Whether those settings start the bot (a token, a key, an address; nothing invalid). */
export function startable(settings: Env): boolean {
  try {
    const config = loadConfig(settings);
    requireSlack(config, settings);
    requireKennel(config, settings);
    return true;
  } catch (error) {
    if (error instanceof ConfigError) return false;
    throw error;
  }
}

/** The port the bot will listen on at the next start (PORT in the environment wins over the file's). */
export function botPort(settings: Env): number {
  const raw = (settings.PORT ?? "").trim();
  return /^\d{1,5}$/.test(raw) ? Number(raw) : 3000;
}

/** Not ready, but the person may save it anyway, knowing what will not work until it is fixed. */
interface Pending {
  id: string;
  headline: string;
  /** The button's words: "Save anyway: round posts will fail until …". */
  accept: string;
  /** The line in the saved summary. */
  notReady: string;
}

export interface SaveOptions {
  envFile: string;
  env: SetupEnv;
  /** The environment npm start runs in: its settings win over the file's at the next start. */
  environment: Env;
  canStart: boolean;
}

/** The channel boxes: each checked against the bot's channels; a problem there is pending, not fatal. */
async function channelChecks(
  env: SetupEnv,
  botToken: string,
  chosen: Array<{ name: string; id: string; posts: string }>,
  appName: string,
): Promise<Pending[]> {
  if (chosen.length === 0) return [];
  const listed = await listChannels(env, botToken);
  const invite = (where: string) => `/invite @${appName} in ${where}`;
  return chosen.flatMap(({ name, id, posts }): Pending[] => {
    const channel = listed.channels?.find((c) => c.id === id);
    if (channel?.member) return [];
    const where = channel ? `#${channel.name}` : id;
    const why = !listed.ok
      ? `whether the bot is in ${where} could not be checked (${listed.headline})`
      : channel
        ? `the bot is not in ${where}`
        : `the bot cannot see the channel ${id} (mistyped, archived, or private without the bot)`;
    return [
      {
        id: name,
        headline: `${name} ${where}: ${why}, so ${posts} will fail there until you type ${invite(where)}.`,
        accept: `Save anyway: ${posts} will fail until ${invite(where)}`,
        notReady: `${posts[0]?.toUpperCase()}${posts.slice(1)} (${name}) will fail until you type ${invite(where)}.`,
      },
    ];
  });
}

/** Whether the address is at the saved address's origin (the saved key goes there only). */
export function savedAddress(
  address: ReturnType<typeof kennelAddress>,
  existing: Record<string, string>,
): boolean {
  const savedAt = kennelAddress(existing.KENNEL_API_BASE_URL ?? "");
  return (
    "href" in address && "href" in savedAt && new URL(address.href).origin === new URL(savedAt.href).origin
  );
}

/** The page's parts that are Slack's: the rest (the kennel, its zone, its rounds, the port) can be saved without them. */
const SLACK_PARTS = new Set(["bot", "app", "signing", "digestChannel", "roundsChannel"]);

/** The kennel's part as Save writes it: address, key, time zone, and the house routine when not the default. */
export function kennelValues(
  address: { href: string },
  key: string,
  body: Record<string, unknown>,
  existing: Record<string, string>,
): Array<[string, string]> {
  const values: Array<[string, string]> = [
    ["KENNEL_API_BASE_URL", address.href],
    ["KENNEL_API_KEY", key.trim()],
    ["KENNEL_TIMEZONE", text(body.timezone).trim()],
  ];
  // The house routine as typed (checked); the default is written only over a line already there.
  const meals = text(body.houseMeals).trim() || HOUSE_MEALS_DEFAULT;
  if (meals !== HOUSE_MEALS_DEFAULT || existing.KENNEL_HOUSE_MEALS)
    values.push(["KENNEL_HOUSE_MEALS", meals]);
  return values;
}

type Refusal = { status: 422; answer: Record<string, unknown> };

/**
 * Writes `values` once the whole file as the bot will read it passes `require` (any problem, this
 * page's or an older line's, stops here), then reads the file back: what was written and the file,
 * or the refusal with the problems.
 */
export async function writeChecked(
  envFile: string,
  existing: Record<string, string>,
  values: Array<[string, string]>,
  require: (config: Config, merged: Record<string, string>) => void,
): Promise<
  | { refused: Refusal }
  | { wrote: { written: boolean; backup: string | undefined }; file: Record<string, string> }
> {
  const merged = { ...existing, ...Object.fromEntries(values) };
  try {
    require(loadConfig(merged), merged);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    return { refused: { status: 422, answer: { ok: false, problems: error.problems } } };
  }
  const wrote = await writeEnvFile(envFile, values);
  if (!wrote.ok) {
    const problems = wrote.unreadable.map((variable) => ({
      variable,
      problem: `would not be read back from ${envFile} exactly as given, so nothing was saved.`,
      fix: "Check the value, or the lines of the file around it (an unclosed quote on an earlier line, say), and save again.",
    }));
    return { refused: { status: 422, answer: { ok: false, problems } } };
  }
  return { wrote, file: await readEnvFile(envFile) };
}

export async function save(
  body: Record<string, unknown>,
  o: SaveOptions,
): Promise<{ status: number; answer: Record<string, unknown> }> {
  const mode = modeOf(body.mode);
  const existing = await readEnvFile(o.envFile);
  const kept: string[] = [];
  // A secret box left empty keeps the saved secret.
  const secret = (box: SecretBox): string => {
    const typed = text(body[box]);
    const saved = existing[SECRETS[box]]?.trim();
    if (typed.trim() === "" && saved) {
      kept.push(SECRETS[box]);
      return saved;
    }
    return typed;
  };
  const address = kennelAddress(text(body.kennelUrl));
  const botToken = secret("botToken");
  const second = mode === "socket" ? secret("appToken") : secret("signingSecret");
  let kennelKey = secret("kennelKey");
  const checks: Record<string, CheckResult> = {};
  // The saved key goes only to the address it was saved with.
  if (kept.includes("KENNEL_API_KEY") && !savedAddress(address, existing)) {
    kept.splice(kept.indexOf("KENNEL_API_KEY"), 1);
    kennelKey = "";
    checks.kennel = {
      ok: false,
      headline: "A new address needs its key: the saved key is sent only to the address it was saved with.",
      fix: "Paste the API key for this address into the API key box.",
    };
  }
  checks.bot = await checkBotToken(o.env, botToken);
  if (mode === "socket") checks.app = await checkAppToken(o.env, second);
  else checks.signing = checkSigningSecret(second);
  checks.kennel ??= await checkKennel(o.env, text(body.kennelUrl), kennelKey);
  checks.timezone = checkTimezone(text(body.timezone));
  checks.houseMeals = checkHouseMeals(text(body.houseMeals), nextStart(existing, o.environment).ROUNDS_NAMES);
  checks.port = await checkPort(o.env, text(body.port));
  const chosen: Array<{ name: string; id: string; posts: string }> = [];
  for (const c of CHANNELS) {
    const raw = text(body[c.field]);
    const id = raw.trim();
    const problem = pastedProblem(raw) ?? channelIdProblem(c.name, id);
    if (problem) checks[c.field] = problem;
    else if (id) chosen.push({ name: c.name, id, posts: c.posts });
  }
  const appName = appNameOf(body.appName);
  const pending = checks.bot.ok ? await channelChecks(o.env, botToken, chosen, appName) : [];
  const failed = Object.fromEntries(Object.entries(checks).filter(([, c]) => !c.ok));
  // Only Slack's part failed (it cannot be reached, say): the kennel's part, checked ✓, may be saved
  // on its own ("Save the kennel settings now; connect Slack later").
  const kennelCanSave = Object.keys(failed).every((k) => SLACK_PARTS.has(k));
  if (Object.keys(failed).length)
    return { status: 422, answer: { ok: false, checks: failed, pending, kennelCanSave } };
  const accepted = new Set(Array.isArray(body.accept) ? body.accept.map(String) : []);
  if (pending.some((p) => !accepted.has(p.id)))
    return { status: 422, answer: { ok: false, checks: {}, pending, canAccept: true } };

  const values: Array<[string, string]> = [["SLACK_BOT_TOKEN", botToken.trim()]];
  if (mode === "socket") values.push(["SLACK_APP_TOKEN", second.trim()]);
  else {
    values.push(["SLACK_SIGNING_SECRET", second.trim()]);
    // An app-level token left in the file would turn Socket Mode back on.
    if (existing.SLACK_APP_TOKEN) values.push(["SLACK_APP_TOKEN", ""]);
  }
  const kennelPart = kennelValues("href" in address ? address : { href: "" }, kennelKey, body, existing);
  values.push(...kennelPart.slice(0, 3));
  for (const c of CHANNELS) {
    const id = text(body[c.field]).trim();
    if (id || existing[c.name]) values.push([c.name, id]);
  }
  values.push(...kennelPart.slice(3));
  const port = portNumber(text(body.port));
  const portText = "port" in port ? String(port.port) : "3000";
  if (portText !== "3000" || existing.PORT) values.push(["PORT", portText]);
  const saved = await writeChecked(o.envFile, existing, values, (config, merged) => {
    requireSlack(config, merged);
    requireKennel(config, merged);
  });
  if ("refused" in saved) return saved.refused;
  const { wrote, file } = saved;
  const next = nextStart(file, o.environment);
  const port2 = botPort(next);
  const envPort = o.environment.PORT?.trim();
  return {
    status: 200,
    answer: {
      ok: true,
      file: o.envFile,
      written: wrote.written,
      backup: wrote.backup,
      settings: values.map(([name]) => name),
      kept,
      notReady: pending.map((p) => p.notReady),
      canStart: o.canStart,
      botPort: port2,
      portNote: envPort
        ? `PORT=${envPort} is set in the environment npm start runs in: it wins over the file, so the bot listens on ${envPort}.`
        : undefined,
      saved: savedState(file),
      next: o.canStart
        ? `Start Kennel Desk now (the preview stops and the bot connects; its health check is then http://localhost:${port2}/healthz), or later: stop the preview (Ctrl+C in the terminal where npm start runs) and run npm start again.`
        : `Stop the preview (Ctrl+C in the terminal where npm start runs), then run npm start again: Kennel Desk starts as your bot, with its health check on http://localhost:${port2}/healthz.`,
    },
  };
}

function channelIdProblem(name: string, id: string): CheckResult | undefined {
  if (!id) return undefined;
  if (/^[CG][A-Z0-9]{2,}$/.test(id)) return undefined;
  return {
    ok: false,
    headline: `${name}: "${id.slice(0, 40)}" is not a channel id.`,
    fix: "Pick the channel from the list (press “List the bot's channels again” once the bot token is checked).",
  };
}

/** The app's name as typed in step 1 (for "/invite @Kennel Desk"), on one line. */
export function appNameOf(value: unknown): string {
  const name = text(value)
    .replace(/[\p{Cc}\u2028\u2029]+/gu, " ")
    .trim()
    .slice(0, 35);
  return name || "Kennel Desk";
}
