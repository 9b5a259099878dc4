/**
 * Configuration: every setting read once at start by the entry points (src/cli.ts, src/main.ts)
 * through one reader (src/config/reader.ts) and passed in everywhere else. No other module reads
 * process.env.
 */
import { checkBaseUrl, checkSlackApiUrl } from "./config/addresses.ts";
import { parseDateOrder, zoneDateOrder } from "./config/date-order.ts";
import { readChartPostAt, readDoses, readMedicines, readTomorrowTime } from "./config/doses.ts";
import { houseMeals } from "./config/house-meals.ts";
import { readKennelName } from "./config/kennel-name.ts";
import {
  apiKey,
  channelList,
  databaseUrl,
  dataDir,
  dataDirNotice,
  digestKinds,
  highAlertWords,
  listenHost,
  logLevel,
  onOff,
  roundNames,
  roundTimes,
  userGroupId,
} from "./config/parsers.ts";
import {
  type ConfigProblem,
  channelId,
  EnvReader,
  flag,
  portNumber,
  timeOfDay,
  wholeNumber,
} from "./config/reader.ts";
import { readRetention, shortRetentionWarning } from "./config/retention.ts";
import { retiredNotices } from "./config/retired.ts";
import { appTokenShape, botTokenShape, signingSecretShape } from "./config/slack-tokens.ts";
import { hostTimeZone, parseTimeZone } from "./config/timezone.ts";
import type { Config, DigestKind, KennelSettings, LogLevel, SlackSettings } from "./config/types.ts";
import { readWelfare } from "./config/welfare.ts";
import { DEFAULT_HOUSE_MEALS } from "./domain/house-routine.ts";
import { ROUND_SYNONYMS } from "./domain/round-synonyms.ts";
import { DEFAULT_ROUND_TIMES } from "./domain/round-times.ts";

export { isLoopbackHost } from "./config/addresses.ts";
export type { ConfigProblem } from "./config/reader.ts";
export { hostTimeZone, isValidTimeZone } from "./config/timezone.ts";
export type {
  Config,
  DigestKind,
  DigestSettings,
  HouseMeals,
  KennelSettings,
  LogLevel,
  RecordSettings,
  SlackSettings,
} from "./config/types.ts";

export class ConfigError extends Error {
  readonly problems: ConfigProblem[];
  /** What cannot be done, when the thrower said it ("kennel-desk digest cannot post"); else as the surface says it. */
  readonly what: string | undefined;
  /** What to do, said instead of fixing the settings and starting again (a command, not the bot). */
  readonly whatToDo: string | undefined;
  constructor(problems: ConfigProblem[], o: { what?: string; whatToDo?: string } = {}) {
    super(formatConfigProblems(problems, o.what));
    this.name = "ConfigError";
    this.problems = problems;
    this.what = o.what;
    this.whatToDo = o.whatToDo;
  }
}

export function formatConfigProblems(problems: ConfigProblem[], what = "Kennel Desk cannot start"): string {
  const lines = problems.map((p) => `  - ${p.variable}: ${p.problem} ${p.fix}`);
  const noun = problems.length === 1 ? "problem" : "problems";
  return `${what}: ${problems.length} ${noun} with the settings.\n${lines.join("\n")}`;
}

/**
 * Reads the configuration from an environment object. Throws ConfigError listing every problem.
 * The caller (an entry point) passes process.env; tests pass plain objects.
 */
export function loadConfig(env: Record<string, string | undefined>): Config {
  const r = new EnvReader(env);
  const key = r.read("KENNEL_API_KEY", { fallback: undefined, secret: true, parse: apiKey });
  const baseUrl = r.read("KENNEL_API_BASE_URL", { fallback: undefined, parse: checkBaseUrl });
  if (key && !r.isSet("KENNEL_API_BASE_URL")) {
    r.add({
      variable: "KENNEL_API_BASE_URL",
      problem:
        "is required when KENNEL_API_KEY is set (the kennel API's production address is not published).",
      fix: "Set it to the API's address including /api/v1, for example https://api.example.com/api/v1.",
    });
  }
  const timeoutMs = r.read("KENNEL_API_TIMEOUT_MS", {
    fallback: 30_000,
    parse: wholeNumber(
      100,
      600_000,
      "Give milliseconds, for example 30000 for 30 seconds, or leave it unset.",
    ),
  });
  const rawResponses = r.read("KENNEL_RAW_RESPONSES", {
    fallback: false,
    parse: flag("KENNEL_RAW_RESPONSES"),
  });
  const debug = r.read("KENNEL_DEBUG", { fallback: false, parse: flag("KENNEL_DEBUG") });
  const cacheTtlSeconds = r.read("KENNEL_CACHE_TTL_S", {
    fallback: 300,
    parse: wholeNumber(
      0,
      86_400,
      "Give seconds, for example 300 (five minutes), or 0 to turn the care cache off.",
    ),
  });
  const concurrency = r.read("KENNEL_API_CONCURRENCY", {
    fallback: 6,
    parse: wholeNumber(
      1,
      64,
      "Give how many requests may be in flight at once, for example 6 (the default).",
    ),
  });
  const maxResponseMb = r.read("KENNEL_MAX_RESPONSE_MB", {
    fallback: 20,
    parse: wholeNumber(1, 1024, "Give megabytes, for example 20 (the default)."),
  });
  const zone = r.read("KENNEL_TIMEZONE", { fallback: undefined, parse: parseTimeZone });
  const botToken = r.read("SLACK_BOT_TOKEN", {
    fallback: undefined,
    secret: true,
    parse: botTokenShape,
  });
  const appToken = r.read("SLACK_APP_TOKEN", {
    fallback: undefined,
    secret: true,
    parse: appTokenShape,
  });
  const signingSecret = r.read("SLACK_SIGNING_SECRET", {
    fallback: undefined,
    secret: true,
    parse: signingSecretShape,
  });
  const slackApiUrl = r.read("SLACK_API_URL", { fallback: undefined, parse: checkSlackApiUrl });
  // 0: any free port (tests).
  const port = r.read("PORT", { fallback: 3000, parse: (v) => portNumber(v, true) });
  const healthHost = r.read("HEALTH_HOST", { fallback: undefined, parse: listenHost });
  const allowedChannels = r.read("ALLOWED_CHANNELS", { fallback: [] as string[], parse: channelList });
  const digestChannel = r.read("DIGEST_CHANNEL", { fallback: undefined, parse: channelId });
  const digestTime = r.read("DIGEST_TIME", { fallback: "07:00", parse: timeOfDay("07:00") });
  const digestKindsValue = r.read("DIGEST_CONTENT", {
    fallback: ["departures"] as DigestKind[],
    parse: digestKinds,
  });
  const digestSchedule = r.read("DIGEST_SCHEDULE", { fallback: true, parse: onOff });
  const roundsChannel = r.read("ROUNDS_CHANNEL", { fallback: undefined, parse: channelId });
  const times = r.read("ROUNDS_TIMES", { fallback: DEFAULT_ROUND_TIMES, parse: roundTimes });
  const names = r.read("ROUNDS_NAMES", {
    fallback: undefined,
    parse: (v) => roundNames(v, ROUND_SYNONYMS),
  });
  const meals = r.read("KENNEL_HOUSE_MEALS", {
    fallback: DEFAULT_HOUSE_MEALS,
    parse: (v) => houseMeals(v, names),
  });
  const dateOrder = r.read("KENNEL_DATE_ORDER", { fallback: undefined, parse: parseDateOrder });
  const highAlert = r.read("KENNEL_HIGH_ALERT", { fallback: [] as string[], parse: highAlertWords });
  const tomorrowTime = readTomorrowTime(r, digestChannel);
  const chartPostAt = readChartPostAt(r, roundsChannel);
  const level = r.read("LOG_LEVEL", { fallback: "info" as LogLevel, parse: logLevel });
  const checkMention = r.read("ROUND_CHECK_MENTION", { fallback: undefined, parse: userGroupId });
  const [doses, medicines] = [readDoses(r), readMedicines(r)];
  const retentionDays = readRetention(r);
  const dataFolder = r.read("KENNEL_DATA_DIR", { fallback: "./data", parse: dataDir(env.HOME) });
  const database = r.read("DATABASE_URL", { fallback: undefined, secret: true, parse: databaseUrl });
  const welfare = readWelfare(r, { roundsChannel, times });
  const name = readKennelName(r);
  if (r.problems.length > 0) throw new ConfigError(r.problems);

  return {
    kennel:
      key && baseUrl
        ? {
            apiKey: key,
            baseUrl,
            timeoutMs,
            debug,
            cacheTtlSeconds,
            concurrency,
            maxResponseBytes: maxResponseMb * 1024 * 1024,
          }
        : undefined,
    slack:
      botToken && (appToken || signingSecret)
        ? { botToken, appToken, signingSecret, apiUrl: slackApiUrl }
        : undefined,
    port,
    healthHost,
    allowedChannels,
    digest: digestChannel ? { channel: digestChannel, time: digestTime, kinds: digestKindsValue } : undefined,
    rounds: { channel: roundsChannel, times, ...(names ? { names } : {}), houseMeals: meals, chartPostAt },
    tomorrowTime,
    scheduledPosts: digestSchedule,
    roundCheck: { mention: checkMention },
    plan: { highAlert },
    doses,
    medicines,
    welfare,
    recordRetentionDays: retentionDays,
    slackBotToken: botToken,
    slackApiUrl,
    rawResponses,
    timezone: zone ?? hostTimeZone(),
    timezoneFromHost: zone === undefined,
    dateOrder: dateOrder ?? zoneDateOrder(zone ?? hostTimeZone()),
    logLevel: level,
    ...(name ? { kennelName: name } : {}),
    record: database ? { engine: "postgres", url: database } : { engine: "sqlite", dataDir: dataFolder },
  };
}

/**
 * The start-up line about the time zone when KENNEL_TIMEZONE is not set (undefined when it is):
 * which zone is used, and that a Docker container's zone is UTC unless set.
 */
export function timezoneNotice(config: Config): string | undefined {
  if (!config.timezoneFromHost) return undefined;
  return `KENNEL_TIMEZONE is not set, so Kennel Desk uses this computer's time zone, ${config.timezone}. In Docker that is UTC unless set. Set KENNEL_TIMEZONE to the kennel's zone, for example KENNEL_TIMEZONE=Europe/London.`;
}

/**
 * The start-up lines about settings read in a way worth saying: KENNEL_DATA_DIR's `~` read as the
 * home folder; HEALTH_HOST set in HTTP mode, where it does not apply; a retention under a year (set
 * with KENNEL_RECORD_RETENTION_SHORT=1); ROUND_CHECK_AFTER, retired.
 */
export function settingsNotices(config: Config, env: Record<string, string | undefined>): string[] {
  const notes: string[] = [];
  if (config.record.engine === "sqlite") {
    const home = dataDirNotice(env.KENNEL_DATA_DIR, config.record.dataDir);
    if (home) notes.push(home);
  }
  if (config.healthHost !== undefined && config.slack && !config.slack.appToken) {
    notes.push(
      `HEALTH_HOST=${config.healthHost} applies in Socket Mode only: in HTTP mode the server takes Slack's requests, so it listens on every interface (PORT ${config.port}).`,
    );
  }
  const short = shortRetentionWarning(config.recordRetentionDays);
  if (short) notes.push(short);
  return [...notes, ...retiredNotices(env)];
}

/** The channels the bot posts in itself: DIGEST_CHANNEL, ROUNDS_CHANNEL and WELFARE_CHANNEL, when set. */
export function ownChannels(config: Config): string[] {
  return [...new Set([config.digest?.channel, config.rounds.channel, config.welfare.channel])].filter(
    (c): c is string => c !== undefined,
  );
}

/**
 * Start-up warnings when ALLOWED_CHANNELS leaves out a channel the bot posts in: the posts' buttons
 * still answer there, but a command typed there is refused, which may not be what was meant.
 */
export function allowedChannelsWarnings(config: Config): string[] {
  if (config.allowedChannels.length === 0) return [];
  const allowed = new Set(config.allowedChannels);
  const named: Array<[string, string | undefined]> = [
    ["DIGEST_CHANNEL", config.digest?.channel],
    ["ROUNDS_CHANNEL", config.rounds.channel],
    ...(config.welfare.channel !== config.rounds.channel
      ? [["WELFARE_CHANNEL", config.welfare.channel] as [string, string | undefined]]
      : []),
  ];
  return named
    .filter(([, channel]) => channel !== undefined && !allowed.has(channel))
    .map(
      ([variable, channel]) =>
        `${variable} ${channel} is not in ALLOWED_CHANNELS: the buttons on Kennel Desk's posts there still answer, but commands typed there are refused. Add ${channel} to ALLOWED_CHANNELS if staff should ask there too.`,
    );
}

/** For commands that need the kennel API: the settings, or a ConfigError naming what to set. */
export function requireKennel(config: Config, env: Record<string, string | undefined>): KennelSettings {
  if (config.kennel) return config.kennel;
  const problems: ConfigProblem[] = [];
  if (!env.KENNEL_API_KEY) {
    problems.push({
      variable: "KENNEL_API_KEY",
      problem: "is not set.",
      fix: "Generate a key in the business's API settings (it is shown once) and set KENNEL_API_KEY to it; for a local try-out, run `npm run sandbox:env` (it writes its lines into .env).",
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
  throw new ConfigError(missingSlack(env));
}

/** The Slack settings the bot needs and the environment lacks (none when they are all there). */
export function missingSlack(env: Record<string, string | undefined>): ConfigProblem[] {
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
  return problems;
}

/** The literal values of every secret setting, to scrub from logs. */
export function secretValues(env: Record<string, string | undefined>): string[] {
  const values = [
    "KENNEL_API_KEY",
    "SLACK_BOT_TOKEN",
    "SLACK_APP_TOKEN",
    "SLACK_SIGNING_SECRET",
    "DATABASE_URL",
  ]
    .map((k) => env[k]?.trim() ?? "")
    .filter((v) => v.length > 0);
  // DATABASE_URL's password on its own too (a driver's message may quote it without the address).
  try {
    const password = decodeURIComponent(new URL(env.DATABASE_URL?.trim() ?? "").password);
    if (password.length >= 4) values.push(password);
  } catch {
    // Not an address: the whole value is scrubbed above.
  }
  return values;
}
