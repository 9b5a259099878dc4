/** The shapes of the configuration that loadConfig (src/config.ts) builds. */

import type { HouseMeals } from "../domain/house-routine.ts";
import type { DateOrder } from "./date-order.ts";
import type { WelfareSettings } from "./welfare.ts";

export type { HouseMeals } from "../domain/house-routine.ts";

/** Dose times (issue 35; src/config/doses.ts): minutes around each round's time, and who a late high-alert dose mentions. */
export interface DoseSettings {
  beforeMinutes: number;
  afterMinutes: number;
  highAlertAfterMinutes: number;
  lateAfterMinutes: number;
  prnFollowUpMinutes: number;
  escalateMention: string | undefined;
}

/** Medicine custody (issue 49; src/config/doses.ts). */
export interface MedicineSettings {
  countEveryDays: number;
  /** MEDICINE_COUNT_AT: the handovers (HH:MM, the kennel's zone) at which a controlled medicine is counted; empty: none. */
  countAt: string[];
  /** Who may close a discrepancy; empty: anyone but who counted it. */
  managers: string[];
}

export const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export interface KennelSettings {
  /** Business API key, sent as X-Api-Key. Never logged, never shown. */
  apiKey: string;
  /** Base address including /api/v1, without a trailing slash. */
  baseUrl: URL;
  timeoutMs: number;
  /** KENNEL_DEBUG=1: each request logged with its request id, at any LOG_LEVEL but silent. */
  debug: boolean;
  /** KENNEL_CACHE_TTL_S: how long pet and customer records are kept; 0 is off. Default 300. */
  cacheTtlSeconds?: number;
  /** KENNEL_API_CONCURRENCY: requests in flight at once. Default 6. */
  concurrency?: number;
  /** KENNEL_MAX_RESPONSE_MB in bytes: the most of one answer that is read. Default 20 MB. */
  maxResponseBytes?: number;
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
}

/** The three care rounds of the day, local HH:MM, ascending. */
export interface RoundTimes {
  morning: string;
  midday: string;
  evening: string;
}

/** ROUNDS_NAMES: the kennel's own name of each round (e.g. Breakfast, Lunch, Dinner). */
export interface RoundNames {
  morning: string;
  midday: string;
  evening: string;
}

interface RoundsSettings {
  /** ROUNDS_CHANNEL: where the round reminders go; undefined: none are posted. */
  channel: string | undefined;
  /** ROUNDS_TIMES, default 07:30,12:00,18:00. */
  times: RoundTimes;
  /** ROUNDS_NAMES, when set: understood as the rounds' names and shown in the round's title. */
  names?: RoundNames;
  /**
   * KENNEL_HOUSE_MEALS, default morning and evening: the house routine, the rounds a pet with no diet
   * on record is fed at, per species (the API's petType) when set so. The care plan's own shape.
   */
  houseMeals: HouseMeals;
  /** CHART_POST_AT: when tomorrow's medication charts are posted in ROUNDS_CHANNEL (the evening before); undefined: never. */
  chartPostAt?: string | undefined;
}

/** Where the care record is kept (src/record/). */
export type RecordSettings =
  /** KENNEL_DATA_DIR (default ./data): one SQLite file there. */
  | { engine: "sqlite"; dataDir: string }
  /** DATABASE_URL=postgres://…: a PostgreSQL database, shared by several bots. */
  | { engine: "postgres"; url: URL };

export interface Config {
  /** Present only when both KENNEL_API_KEY and KENNEL_API_BASE_URL are set (and valid). */
  kennel: KennelSettings | undefined;
  /** Present only when SLACK_BOT_TOKEN and either SLACK_APP_TOKEN or SLACK_SIGNING_SECRET are set. */
  slack: SlackSettings | undefined;
  /** HTTP port: Slack's requests in HTTP mode, and /healthz and /readyz in both modes. */
  port: number;
  /**
   * HEALTH_HOST: in Socket Mode, the address /healthz and /readyz listen on (undefined: 127.0.0.1,
   * this computer only; 0.0.0.0 in a container). HTTP mode listens on every interface (Slack's requests).
   */
  healthHost?: string | undefined;
  /** Channels where commands are answered; empty means every channel. */
  allowedChannels: string[];
  /** The morning post: present when DIGEST_CHANNEL is set. */
  digest: DigestSettings | undefined;
  /** The care rounds (always present; `channel` only when ROUNDS_CHANNEL is set). */
  rounds: RoundsSettings;
  /** TOMORROW_TIME: local HH:MM of the look at tomorrow; undefined (the default): off. */
  tomorrowTime: string | undefined;
  /** DIGEST_SCHEDULE: whether this process schedules the posts (off: an external scheduler runs `kennel-desk digest`). */
  scheduledPosts: boolean;
  /**
   * ROUND_CHECK_MENTION (a user group id; default none): who the dose times' late and missed replies
   * mention (the round check they replaced carried it; its ROUND_CHECK_AFTER no longer applies).
   */
  roundCheck: { mention: string | undefined };
  /** The daily welfare check (WELFARE_*: src/config/welfare.ts). */
  welfare: WelfareSettings;
  /** KENNEL_RECORD_RETENTION_DAYS: care record entries older than this are deleted daily; 0 keeps all. Default 1095. */
  recordRetentionDays: number;
  /** SLACK_BOT_TOKEN and SLACK_API_URL alone, for `kennel-desk digest` (no receiver needed). */
  slackBotToken: string | undefined;
  slackApiUrl: string | undefined;
  rawResponses: boolean;
  /**
   * Dose times (issue 35): each due dose's window around its round's time, in minutes
   * (DOSE_WINDOW_BEFORE 60, DOSE_WINDOW_AFTER 120, DOSE_WINDOW_AFTER_HIGH_ALERT 30), when it is late
   * (DOSE_LATE_AFTER 45), when an as-needed dose's effect is asked (PRN_FOLLOW_UP 60), and who a late
   * high-alert dose's reply also mentions (ROUND_ESCALATE_MENTION: a person's or a user group's id).
   */
  doses: DoseSettings;
  /** Medicine custody (issue 49): MEDICINE_COUNT_EVERY days between a controlled drug's counts; MEDICINE_MANAGERS. */
  medicines: MedicineSettings;
  /** The care plan (issue 34): KENNEL_HIGH_ALERT, the kennel's own high-alert words (beside the built-in list). */
  plan: { highAlert: string[] };
  /** IANA zone of the business: "today" and every time shown are in it. */
  timezone: string;
  /** True when KENNEL_TIMEZONE was not set and `timezone` is the host's (see timezoneNotice). */
  timezoneFromHost: boolean;
  /** KENNEL_DATE_ORDER: how 24/12 and 12/24 are read; unset, from the time zone (src/config/date-order.ts). */
  dateOrder: DateOrder;
  logLevel: LogLevel;
  /** KENNEL_NAME: the kennel's own name for its printed pages (src/config/kennel-name.ts); unset: none. */
  kennelName?: string | undefined;
  /** The care record's store: SQLite in KENNEL_DATA_DIR, or PostgreSQL when DATABASE_URL is set. */
  record: RecordSettings;
}
