/**
 * One bot replica's parts for the scheduled posts' tests: its settings, a silent log, a kennel
 * client that does not wait between tries, and a Slack client of its own on the stand-in that never
 * retries (a refused call fails at once, as a crash would), all on one clock, the stand-in's too.
 */
import { webApi } from "@slack/bolt";
import { type Config, loadConfig } from "../../src/config.ts";
import { createKennelClient } from "../../src/kennel/client.ts";
import { silentLogger } from "../../src/log.ts";
import type { Sandbox } from "../../src/sandbox/server.ts";
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
