/**
 * Configuration: one zod schema over the environment, read once at start by the entry points
 * (src/cli.ts, src/main.ts) and passed in everywhere else. No other module reads process.env.
 */
import { z } from "zod";

export const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export interface KennelSettings {
  /** Business API key, sent as X-Api-Key. Never logged, never shown. */
  apiKey: string;
  /** Base address including /api/v1, without a trailing slash. */
  baseUrl: URL;
  timeoutMs: number;
  rawResponses: boolean;
  debug: boolean;
}

export interface SlackSettings {
  botToken: string;
  /** Socket Mode when set (xapp-…); otherwise HTTP mode with the signing secret. */
  appToken: string | undefined;
  signingSecret: string | undefined;
  /** Replaces the Web API base address (GovSlack; tests). Ends with a slash. */
  apiUrl: string | undefined;
}

export type DigestKind = "departures" | "arrivals";

export interface DigestSettings {
  /** Channel id where the morning post goes. */
  channel: string;
  /** Local time, HH:MM, in the kennel's time zone. */
  time: string;
  /** What the post holds, in order: departures first by default. */
  kinds: DigestKind[];
  /** false: no in-process scheduler (an external one runs `kennel-desk digest`). */
  schedule: boolean;
}

export interface Config {
  /** Present only when both KENNEL_API_KEY and KENNEL_API_BASE_URL are set (and valid). */
  kennel: KennelSettings | undefined;
  /** Present only when SLACK_BOT_TOKEN and either SLACK_APP_TOKEN or SLACK_SIGNING_SECRET are set. */
  slack: SlackSettings | undefined;
  /** HTTP port: Slack's requests in HTTP mode, and /healthz and /readyz in both modes. */
  port: number;
  /** Channels where commands are answered; empty means every channel. */
  allowedChannels: string[];
  /** The morning post: present when DIGEST_CHANNEL is set. */
  digest: DigestSettings | undefined;
  /** SLACK_BOT_TOKEN and SLACK_API_URL alone, for `kennel-desk digest` (no receiver needed). */
  slackBotToken: string | undefined;
  slackApiUrl: string | undefined;
  timeoutMs: number;
  rawResponses: boolean;
  debug: boolean;
  /** IANA zone of the business: "today" and every time shown are in it. */
  timezone: string;
  logLevel: LogLevel;
}

/** One problem with one variable: which, what is wrong, how to fix it. */
export interface ConfigProblem {
  variable: string;
  problem: string;
  fix: string;
}

export class ConfigError extends Error {
  readonly problems: ConfigProblem[];
  constructor(problems: ConfigProblem[]) {
    super(formatConfigProblems(problems));
    this.name = "ConfigError";
    this.problems = problems;
  }
}

export function formatConfigProblems(problems: ConfigProblem[]): string {
  const lines = problems.map((p) => `  - ${p.variable}: ${p.problem} ${p.fix}`);
  const noun = problems.length === 1 ? "problem" : "problems";
  return `Kennel Desk cannot start: ${problems.length} ${noun} with the settings.\n${lines.join("\n")}`;
}

/** The host's own time zone, the default for KENNEL_TIMEZONE. */
export function hostTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
}

export function isValidTimeZone(zone: string): boolean {
  if (!zone || zone !== zone.trim()) return false;
  try {
    new Intl.DateTimeFormat("en-GB", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** Loopback hosts, the only ones that may be reached over plain HTTP (the local sandbox). */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase();
  if (host === "localhost" || host === "[::1]" || host === "::1") return true;
  const octets = host.split(".");
  if (octets.length !== 4 || octets[0] !== "127") return false;
  return octets.every((o) => /^\d{1,3}$/.test(o) && Number(o) <= 255);
}

type Check<T> = { ok: true; value: T } | { ok: false; problem: string; fix: string };

/** Parses and checks a base URL. Exported so the CLI and sandbox can reuse the same rules. */
export function checkBaseUrl(raw: string): Check<URL> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return {
      ok: false,
      problem: `"${raw}" is not a web address.`,
      fix: "Write the full address including https:// and /api/v1, for example https://api.example.com/api/v1.",
    };
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") {
    return { ok: false, problem: `uses ${url.protocol} which is not HTTP.`, fix: "Use an https:// address." };
  }
  if (url.protocol === "http:" && !isLoopbackHost(url.hostname)) {
    return {
      ok: false,
      problem: `plain http:// is refused for ${url.hostname}: the API key would travel unencrypted.`,
      fix: "Use https://. Plain http:// is allowed only for the local sandbox on 127.0.0.1, ::1 or localhost.",
    };
  }
  if (url.username || url.password) {
    return {
      ok: false,
      problem: "contains a user name or password.",
      fix: "Remove them; the API key goes in KENNEL_API_KEY.",
    };
  }
  if (url.search || url.hash) {
    return {
      ok: false,
      problem: "contains a query (?…) or fragment (#…).",
      fix: "Give only the base address ending in /api/v1.",
    };
  }
  const path = url.pathname.replace(/\/+$/, "");
  if (!/\/api\/v1$/.test(path)) {
    return {
      ok: false,
      problem: `the path "${url.pathname}" does not end in /api/v1.`,
      fix: "Include the version prefix, for example https://api.example.com/api/v1.",
    };
  }
  url.pathname = path;
  return { ok: true, value: url };
}

/** A secret setting: no padding, and the expected shape (never echoed in messages). */
function secretVar(variable: string, shape: RegExp, shapeWords: string) {
  return z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === "") return undefined;
      if (v !== v.trim()) {
        ctx.addIssue({
          code: "custom",
          message: `has spaces or line breaks around it.|Remove the whitespace around ${variable} (check the .env file or the secret store).`,
        });
        return z.NEVER;
      }
      if (!shape.test(v)) {
        ctx.addIssue({
          code: "custom",
          message: `does not look right: the value should be one that ${shapeWords}.|Copy it again from the Slack app's settings (see the README, "Connecting to Slack").`,
        });
        return z.NEVER;
      }
      return v;
    });
}

/** A whole number setting within [min, max], with its default when unset. */
function wholeNumber(fallback: number, min: number, max: number, message: (v: string) => string) {
  return z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v.trim() === "") return fallback;
      const n = Number(v.trim());
      if (!Number.isInteger(n) || n < min || n > max) {
        ctx.addIssue({ code: "custom", message: message(v) });
        return z.NEVER;
      }
      return n;
    });
}

function flag(variable: string) {
  return z
    .string()
    .optional()
    .transform((v, ctx) => {
      const value = (v ?? "").trim().toLowerCase();
      if (value === "" || value === "0" || value === "false" || value === "no" || value === "off")
        return false;
      if (value === "1" || value === "true" || value === "yes" || value === "on") return true;
      ctx.addIssue({
        code: "custom",
        message: `"${v}" is not 0 or 1.|Set ${variable}=1 to turn it on, or 0 (or leave it unset) to turn it off.`,
      });
      return z.NEVER;
    });
}

const envSchema = z
  .object({
    KENNEL_API_KEY: z
      .string()
      .optional()
      .transform((v, ctx) => {
        if (v === undefined || v === "") return undefined;
        if (v !== v.trim()) {
          ctx.addIssue({
            code: "custom",
            message:
              "has spaces or line breaks before or after it, and the API rejects padded keys.|Remove the whitespace around the key (check the .env file or the secret store).",
          });
          return z.NEVER;
        }
        if (/\s/.test(v)) {
          ctx.addIssue({
            code: "custom",
            message: "contains whitespace inside it.|Paste the key exactly as it was shown when generated.",
          });
          return z.NEVER;
        }
        return v;
      }),
    KENNEL_API_BASE_URL: z
      .string()
      .optional()
      .transform((v, ctx) => {
        if (v === undefined || v.trim() === "") return undefined;
        const checked = checkBaseUrl(v.trim());
        if (!checked.ok) {
          ctx.addIssue({ code: "custom", message: `${checked.problem}|${checked.fix}` });
          return z.NEVER;
        }
        return checked.value;
      }),
    KENNEL_API_TIMEOUT_MS: wholeNumber(
      30_000,
      100,
      600_000,
      (v) =>
        `"${v}" is not a whole number of milliseconds between 100 and 600000.|Use for example 30000 for 30 seconds, or leave it unset.`,
    ),
    KENNEL_RAW_RESPONSES: flag("KENNEL_RAW_RESPONSES"),
    KENNEL_DEBUG: flag("KENNEL_DEBUG"),
    KENNEL_TIMEZONE: z
      .string()
      .optional()
      .transform((v, ctx) => {
        if (v === undefined || v.trim() === "") return hostTimeZone();
        if (!isValidTimeZone(v)) {
          ctx.addIssue({
            code: "custom",
            message: `"${v}" is not a known IANA time zone.|Use a name such as Europe/London or America/New_York (see the tz database list).`,
          });
          return z.NEVER;
        }
        return v;
      }),
    SLACK_BOT_TOKEN: secretVar("SLACK_BOT_TOKEN", /^xoxb-/, "starts with xoxb- (the Bot User OAuth Token)"),
    SLACK_APP_TOKEN: secretVar(
      "SLACK_APP_TOKEN",
      /^xapp-/,
      "starts with xapp- (an app-level token with connections:write)",
    ),
    SLACK_SIGNING_SECRET: secretVar(
      "SLACK_SIGNING_SECRET",
      /^[0-9a-f]{16,}$/i,
      "is the hexadecimal Signing Secret",
    ),
    SLACK_API_URL: z
      .string()
      .optional()
      .transform((v, ctx) => {
        if (v === undefined || v.trim() === "") return undefined;
        let url: URL;
        try {
          url = new URL(v.trim());
        } catch {
          ctx.addIssue({
            code: "custom",
            message: `"${v}" is not a web address.|Use for example https://slack-gov.com/api/ or leave it unset.`,
          });
          return z.NEVER;
        }
        if (url.protocol !== "https:" && !(url.protocol === "http:" && isLoopbackHost(url.hostname))) {
          ctx.addIssue({
            code: "custom",
            message:
              "must use https:// (plain http:// only on loopback, for tests): the bot token travels with every call.|Use an https:// address.",
          });
          return z.NEVER;
        }
        return url.href.endsWith("/") ? url.href : `${url.href}/`;
      }),
    PORT: wholeNumber(
      3000,
      0,
      65535,
      (v) => `"${v}" is not a port number.|Use a whole number from 1 to 65535, for example 3000.`,
    ),
    ALLOWED_CHANNELS: z
      .string()
      .optional()
      .transform((v, ctx) => {
        const ids = (v ?? "")
          .split(",")
          .map((s) => s.trim())
          .filter(Boolean);
        const bad = ids.filter((id) => !/^[CGD][A-Z0-9]{2,}$/.test(id));
        if (bad.length) {
          ctx.addIssue({
            code: "custom",
            message: `${bad.map((b) => `"${b}"`).join(", ")} ${bad.length === 1 ? "is not a channel id" : "are not channel ids"}.|Use ids such as C0123ABCD, separated by commas (in Slack: the channel's name, then About, at the bottom).`,
          });
          return z.NEVER;
        }
        return ids;
      }),
    DIGEST_CHANNEL: z
      .string()
      .optional()
      .transform((v, ctx) => {
        if (v === undefined || v.trim() === "") return undefined;
        if (!/^[CG][A-Z0-9]{2,}$/.test(v.trim())) {
          ctx.addIssue({
            code: "custom",
            message: `"${v}" is not a channel id.|Use the channel's id, such as C0123ABCD (in Slack: the channel's name, then About, at the bottom), and invite the bot there.`,
          });
          return z.NEVER;
        }
        return v.trim();
      }),
    DIGEST_TIME: z
      .string()
      .optional()
      .transform((v, ctx) => {
        if (v === undefined || v.trim() === "") return "07:00";
        const m = /^([01]?\d|2[0-3]):([0-5]\d)$/.exec(v.trim());
        if (!m) {
          ctx.addIssue({
            code: "custom",
            message: `"${v}" is not a time of day.|Write it HH:MM in 24-hour time, for example 07:00.`,
          });
          return z.NEVER;
        }
        return `${(m[1] as string).padStart(2, "0")}:${m[2]}`;
      }),
    DIGEST_CONTENT: z
      .string()
      .optional()
      .transform((v, ctx) => {
        if (v === undefined || v.trim() === "") return ["departures"] as DigestKind[];
        const parts = v
          .split(",")
          .map((s) => s.trim().toLowerCase())
          .filter(Boolean);
        const bad = parts.filter((p) => p !== "departures" && p !== "arrivals");
        if (bad.length || parts.length === 0) {
          ctx.addIssue({
            code: "custom",
            message: `"${v}" is not a list of departures and arrivals.|Use departures (the default) or departures,arrivals.`,
          });
          return z.NEVER;
        }
        return [...new Set(parts)] as DigestKind[];
      }),
    DIGEST_SCHEDULE: z
      .string()
      .optional()
      .transform((v, ctx) => {
        const value = (v ?? "").trim().toLowerCase();
        if (value === "" || value === "on" || value === "1" || value === "true") return true;
        if (value === "off" || value === "0" || value === "false") return false;
        ctx.addIssue({
          code: "custom",
          message: `"${v}" is not on or off.|Use off to turn the in-process scheduler off.`,
        });
        return z.NEVER;
      }),
    LOG_LEVEL: z
      .string()
      .optional()
      .transform((v, ctx) => {
        if (v === undefined || v.trim() === "") return "info" as LogLevel;
        const level = v.trim().toLowerCase();
        if (!(LOG_LEVELS as readonly string[]).includes(level)) {
          ctx.addIssue({
            code: "custom",
            message: `"${v}" is not a log level.|Use one of ${LOG_LEVELS.join(", ")}.`,
          });
          return z.NEVER;
        }
        return level as LogLevel;
      }),
  })
  .superRefine((env, ctx) => {
    if (env.KENNEL_API_KEY && !env.KENNEL_API_BASE_URL) {
      ctx.addIssue({
        code: "custom",
        path: ["KENNEL_API_BASE_URL"],
        message:
          "is required when KENNEL_API_KEY is set (the kennel API's production address is not published).|Set it to the API's address including /api/v1, for example https://api.example.com/api/v1.",
      });
    }
  });

function toProblems(error: z.ZodError): ConfigProblem[] {
  return error.issues.map((issue) => {
    const variable = String(issue.path[0] ?? "environment");
    const [problem, fix] = issue.message.split("|");
    return { variable, problem: problem ?? issue.message, fix: fix ?? "" };
  });
}

/**
 * Reads the configuration from an environment object. Throws ConfigError listing every problem.
 * The caller (an entry point) passes process.env; tests pass plain objects.
 */
export function loadConfig(env: Record<string, string | undefined>): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) throw new ConfigError(toProblems(parsed.error));
  const e = parsed.data;
  const kennel =
    e.KENNEL_API_KEY && e.KENNEL_API_BASE_URL
      ? {
          apiKey: e.KENNEL_API_KEY,
          baseUrl: e.KENNEL_API_BASE_URL,
          timeoutMs: e.KENNEL_API_TIMEOUT_MS,
          rawResponses: e.KENNEL_RAW_RESPONSES,
          debug: e.KENNEL_DEBUG,
        }
      : undefined;
  const slack =
    e.SLACK_BOT_TOKEN && (e.SLACK_APP_TOKEN || e.SLACK_SIGNING_SECRET)
      ? {
          botToken: e.SLACK_BOT_TOKEN,
          appToken: e.SLACK_APP_TOKEN,
          signingSecret: e.SLACK_SIGNING_SECRET,
          apiUrl: e.SLACK_API_URL,
        }
      : undefined;
  return {
    kennel,
    slack,
    port: e.PORT,
    allowedChannels: e.ALLOWED_CHANNELS,
    slackBotToken: e.SLACK_BOT_TOKEN,
    slackApiUrl: e.SLACK_API_URL,
    digest: e.DIGEST_CHANNEL
      ? {
          channel: e.DIGEST_CHANNEL,
          time: e.DIGEST_TIME,
          kinds: e.DIGEST_CONTENT,
          schedule: e.DIGEST_SCHEDULE,
        }
      : undefined,
    timeoutMs: e.KENNEL_API_TIMEOUT_MS,
    rawResponses: e.KENNEL_RAW_RESPONSES,
    debug: e.KENNEL_DEBUG,
    timezone: e.KENNEL_TIMEZONE,
    logLevel: e.LOG_LEVEL,
  };
}

/** For commands that need the kennel API: the settings, or a ConfigError naming what to set. */
export function requireKennel(config: Config, env: Record<string, string | undefined>): KennelSettings {
  if (config.kennel) return config.kennel;
  const problems: ConfigProblem[] = [];
  if (!env.KENNEL_API_KEY) {
    problems.push({
      variable: "KENNEL_API_KEY",
      problem: "is not set.",
      fix: "Generate a key in the business's API settings (it is shown once) and set KENNEL_API_KEY to it; for a local try-out, run `npm run sandbox` and paste the lines it prints into .env.",
    });
  }
  if (!env.KENNEL_API_BASE_URL) {
    problems.push({
      variable: "KENNEL_API_BASE_URL",
      problem: "is not set.",
      fix: "Set it to the API's address including /api/v1.",
    });
  }
  throw new ConfigError(problems);
}

/** For the bot: the Slack settings, or a ConfigError naming what to set and where to find it. */
export function requireSlack(config: Config, env: Record<string, string | undefined>): SlackSettings {
  if (config.slack) return config.slack;
  const problems: ConfigProblem[] = [];
  if (!env.SLACK_BOT_TOKEN) {
    problems.push({
      variable: "SLACK_BOT_TOKEN",
      problem: "is not set.",
      fix: "In the Slack app's settings (api.slack.com/apps, your app): OAuth & Permissions, Bot User OAuth Token (xoxb-…), after installing the app to the workspace.",
    });
  }
  if (!env.SLACK_APP_TOKEN && !env.SLACK_SIGNING_SECRET) {
    problems.push({
      variable: "SLACK_APP_TOKEN",
      problem: "is not set (nor SLACK_SIGNING_SECRET), so Kennel Desk cannot receive commands.",
      fix: "For Socket Mode (no public address needed): Basic Information, App-Level Tokens, generate one with connections:write (xapp-…). For HTTP mode instead: set SLACK_SIGNING_SECRET from Basic Information, App Credentials.",
    });
  }
  throw new ConfigError(problems);
}

/** The literal values of every secret setting, to scrub from logs. */
export function secretValues(env: Record<string, string | undefined>): string[] {
  return ["KENNEL_API_KEY", "SLACK_BOT_TOKEN", "SLACK_APP_TOKEN", "SLACK_SIGNING_SECRET"]
    .map((k) => env[k]?.trim() ?? "")
    .filter((v) => v.length > 0);
}
