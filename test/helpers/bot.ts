/** The whole bot on loopback: sandbox kennel API, Slack stand-in, real Bolt app in HTTP mode. */

import { afterAll, afterEach, beforeAll, beforeEach, expect } from "vitest";
import { type Bot, type BotOptions, createBot } from "../../src/app.ts";
import { type Config, loadConfig } from "../../src/config.ts";
import type { Clock } from "../../src/deps.ts";
import { createKennelClient } from "../../src/kennel/client.ts";
import { postSignedEvent } from "../../src/preview/slack-http.ts";
import { temporaryRecord } from "../../src/record/open.ts";
import type { CareRecordStore } from "../../src/record/types.ts";
import { type Sandbox, type SandboxOptions, startSandbox } from "../../src/sandbox/server.ts";
import { captureLogger } from "./log.ts";
import { type SlackStandIn, startSlackStandIn } from "./slack.ts";

export const SIGNING_SECRET = "8f14e45fceea167a5a36dedd4bea2543";
const BOT_TOKEN = "xoxb-test-0000-bottoken";

export interface Harness {
  sandbox: Sandbox;
  slack: SlackStandIn;
  bot: Bot;
  config: Config;
  /** The care record the bot writes: options.record, or a SQLite file in a temporary folder. */
  record: CareRecordStore;
  url: string;
  lines: string[];
  close(): Promise<void>;
}

export type HarnessOptions = NonNullable<Parameters<typeof startHarness>[0]>;

export async function startHarness(
  options: {
    env?: Record<string, string>;
    sandbox?: SandboxOptions;
    clock?: Clock;
    loadingAfterMs?: number;
    timeoutMs?: number;
    /** The kennel client's fetch (to watch every request it makes). */
    fetch?: typeof fetch;
    /** The care record (default: a new SQLite file in a temporary folder, removed at close). */
    record?: CareRecordStore;
    /** Sets up Slack's side (users, channel members) before the bot starts. */
    beforeStart?: (slack: SlackStandIn) => void;
    /** The bot's options besides these (reading today's care at start, say). */
    bot?: Partial<BotOptions>;
  } = {},
): Promise<Harness> {
  const sandbox = await startSandbox({
    seed: 21,
    customers: 150,
    today: "2026-11-22",
    timezone: "Europe/London",
    ...options.sandbox,
  });
  const slack = await startSlackStandIn();
  const env = {
    KENNEL_API_KEY: sandbox.keys.main,
    KENNEL_API_BASE_URL: sandbox.url,
    KENNEL_TIMEZONE: "Europe/London",
    KENNEL_API_TIMEOUT_MS: String(options.timeoutMs ?? 10_000),
    SLACK_BOT_TOKEN: BOT_TOKEN,
    SLACK_SIGNING_SECRET: SIGNING_SECRET,
    SLACK_API_URL: slack.apiUrl,
    PORT: "0",
    ...options.env,
  };
  const config = loadConfig(env);
  const { log, lines } = captureLogger([sandbox.keys.main, BOT_TOKEN, SIGNING_SECRET]);
  const clock = options.clock ?? { now: () => new Date("2026-11-22T09:00:00Z") };
  const kennel = createKennelClient(config.kennel as NonNullable<Config["kennel"]>, {
    log,
    retryDelay: () => 10,
    // As the bot's start passes it (src/bot-main.ts).
    keepRaw: config.rawResponses,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  const scratch = options.record ? undefined : temporaryRecord(clock, "kennel-desk-test-");
  const record = options.record ?? (scratch as NonNullable<typeof scratch>).store;
  const bot = createBot(
    { kennel, log, config, clock, record },
    {
      slack: config.slack as NonNullable<Config["slack"]>,
      loadingAfterMs: options.loadingAfterMs ?? 1500,
      digest: { settleMs: 50 },
      // Tests count the API calls each command makes: no warming in the background.
      warmCare: false,
      ...options.bot,
    },
  );
  options.beforeStart?.(slack);
  const port = await bot.start();
  slack.now = () => clock.now().getTime();
  slack.users.set("U0STAFF", { id: "U0STAFF" });
  slack.users.set("U0GUEST", { id: "U0GUEST", is_restricted: true });
  slack.users.set("U0SINGLE", { id: "U0SINGLE", is_ultra_restricted: true });
  return {
    sandbox,
    slack,
    bot,
    config,
    record,
    url: `http://127.0.0.1:${port}`,
    lines,
    async close() {
      await bot.stop(2_000);
      await slack.close();
      await sandbox.close();
      await scratch?.close();
    },
  };
}

/** The bot started with `options` for one test's `use` of it, and closed after, whatever `use` did. */
export async function withHarness(
  options: HarnessOptions,
  use: (h: Harness) => Promise<void>,
): Promise<void> {
  const h = await startHarness(options);
  try {
    await use(h);
  } finally {
    await h.close();
  }
}

/**
 * The bot for a whole test file: started with `options` before its tests (then `ready`, where the
 * file keeps it and sets up more) and closed after.
 */
export function useHarness(options: HarnessOptions, ready: (h: Harness) => void | Promise<void>): void {
  let h: Harness | undefined;
  beforeAll(async () => {
    h = await startHarness(options);
    await ready(h);
  }, 60_000);
  afterAll(() => h?.close());
}

type EngineHarness = Parameters<typeof useHarnessOn>;

/**
 * In a suite run on each engine (`describe.each(useStoreEngines(clock))`): the bot on a new store of
 * that engine, started before the suite's tests (then `ready`, where the test keeps them and sets up
 * more) and closed after, store and all; nothing where the engine is skipped.
 */
export function useHarnessOn(
  engine: { open: () => Promise<CareRecordStore>; skip: boolean },
  options: () => Omit<HarnessOptions, "record">,
  ready: (started: { h: Harness; store: CareRecordStore }) => void | Promise<void>,
  timeoutMs = 60_000,
): void {
  harnessHooks(beforeAll, afterAll, [engine, options, ready, timeoutMs]);
}

/**
 * As `useHarnessOn`, but a bot on a new store for each test of the suite (then `ready`), closed after
 * it: no test leans on what another left in the record, Slack or the sandbox.
 */
export function useHarnessEachOn(...args: EngineHarness): void {
  harnessHooks(beforeEach, afterEach, args);
}

function harnessHooks(
  before: typeof beforeAll,
  after: typeof afterAll,
  [engine, options, ready, timeoutMs = 60_000]: EngineHarness,
): void {
  let started: { h: Harness; store: CareRecordStore } | undefined;
  before(async () => {
    if (engine.skip) return;
    const settings = options();
    const store = await engine.open();
    started = { h: await startHarness({ ...settings, record: store }), store };
    await ready(started);
  }, timeoutMs);
  after(async () => {
    await started?.h.close();
    await started?.store.close();
    started = undefined;
  });
}

/**
 * The sandbox's kennel API and Slack's stand-in for a whole file, without the bot: started before
 * its tests (then `ready`, where the file keeps them) and closed after.
 */
export function useSandboxAndSlack(
  options: SandboxOptions,
  ready: (started: { sandbox: Sandbox; slack: SlackStandIn }) => void,
): void {
  let started: { sandbox: Sandbox; slack: SlackStandIn } | undefined;
  beforeAll(async () => {
    started = { sandbox: await startSandbox(options), slack: await startSlackStandIn() };
    ready(started);
  });
  afterAll(async () => {
    await started?.slack.close();
    await started?.sandbox.close();
  });
}

/** Staff as Slack names them (users.info's display name), by user id. */
export function nameStaff(h: Pick<Harness, "slack">, names: Record<string, string>): void {
  for (const [id, name] of Object.entries(names))
    h.slack.users.set(id, { id, profile: { display_name: name } });
}

/** `user` opens the Home tab (a signed app_home_opened event): what Bolt then publishes, as sent. */
async function openHome(h: Harness, eventId: string, user: string): Promise<Record<string, unknown>> {
  const published = () => h.slack.api.filter((a) => a.path === "/api/views.publish");
  const before = published().length;
  const res = await postSignedEvent(`${h.url}/slack/events`, SIGNING_SECRET, {
    token: "x",
    team_id: "T1",
    api_app_id: "A1",
    type: "event_callback",
    event_id: eventId,
    event_time: 1_700_000_000,
    event: { type: "app_home_opened", user, channel: "D1", tab: "home", event_ts: "1.1" },
  });
  expect(res.status).toBe(200);
  await h.slack.waitFor(() => published().length > before, 15_000);
  return published().at(-1)?.body as Record<string, unknown>;
}

/** What Bolt publishes when `user` opens the Home tab, its view parsed. */
export async function homePublished(
  h: Harness,
  eventId: string,
  user = "U0STAFF",
): Promise<{ user_id: string; view: { blocks: unknown[] } }> {
  const body = (await openHome(h, eventId, user)) as {
    user_id: string;
    view: { blocks: unknown[] } | string;
  };
  return { ...body, view: typeof body.view === "string" ? JSON.parse(body.view) : body.view };
}

/** The Home tab published for staff opening it, as JSON text. */
export async function homeOpened(h: Harness, eventId: string): Promise<string> {
  return JSON.stringify(await openHome(h, eventId, "U0STAFF"));
}
