/**
 * One bot replica's parts for the scheduled posts' tests: its settings, a silent log, a kennel
 * client that does not wait between tries, and a Slack client of its own on the stand-in that never
 * retries (a refused call fails at once, as a crash would), all on one clock, the stand-in's too.
 */
import { webApi } from "@slack/bolt";
import { beforeEach } from "vitest";
import { type Config, loadConfig } from "../../src/config.ts";
import { createKennelClient } from "../../src/kennel/client.ts";
import { silentLogger } from "../../src/log.ts";
import type { Sandbox } from "../../src/sandbox/server.ts";
import { useSandboxAndSlack } from "../helpers/bot.ts";
import type { SlackStandIn } from "../helpers/slack.ts";

/** A kennel API the test never reaches (its posts are composed without it). */
export const UNREACHED_KENNEL = {
  KENNEL_API_KEY: "test-key-0000000000000000",
  KENNEL_API_BASE_URL: "https://kennel.example/api/v1",
};

/** The sandbox's kennel API, with its main key. */
export const sandboxKennel = (sandbox: Sandbox) => ({
  KENNEL_API_KEY: sandbox.keys.main,
  KENNEL_API_BASE_URL: sandbox.url,
});

/**
 * The sandbox whose busy days the post machinery's files share (seed 17, 200 customers, "today"
 * 22 Nov in London) and Slack's stand-in, for the whole file (`ready` keeps them); each test starts
 * with no fault set and no Slack method broken.
 */
export function useBusySandbox(ready: (started: { sandbox: Sandbox; slack: SlackStandIn }) => void): void {
  let kept: { sandbox: Sandbox; slack: SlackStandIn } | undefined;
  useSandboxAndSlack(
    { seed: 17, customers: 200, today: "2026-11-22", timezone: "Europe/London" },
    (started) => {
      kept = started;
      ready(started);
    },
  );
  beforeEach(() => {
    kept?.sandbox.setFaults({});
    kept?.slack.broken.clear();
  });
}

/** The kennel API down from `from` (every call fails) until `recoverAt`: a fake clock whose sleeps bring it back then. */
export function apiDownUntil(sandbox: Sandbox, from: string, recoverAt: number) {
  sandbox.setFaults({ errorRate: 1 });
  return {
    now: Date.parse(from),
    onSleep: (now: number) => {
      if (now >= recoverAt) sandbox.setFaults({});
    },
  };
}

/** `env` over London's time zone; `token` names the replica's Slack client; `now` its clock. */
export function replicaParts(
  slack: SlackStandIn,
  token: string,
  env: Record<string, string>,
  now: () => number,
) {
  const config = loadConfig({ KENNEL_TIMEZONE: "Europe/London", ...env });
  const log = silentLogger();
  const kennel = createKennelClient(config.kennel as NonNullable<Config["kennel"]>, {
    log,
    retryDelay: () => 0,
  });
  const client = new webApi.WebClient(token, { slackApiUrl: slack.apiUrl, retryConfig: { retries: 0 } });
  slack.now = now;
  return { config, log, kennel, client, clock: { now: () => new Date(now()) } };
}
