/**
 * The one way to make a Slack Web API client: the token, SLACK_API_URL, our logger, quick retries and
 * a timeout. The bot hands `webClientOptions` to Bolt; anything else (the CLI's morning post, say)
 * calls `createWebClient` and never needs the app.
 */
import { webApi } from "@slack/bolt";
import { boltLogger } from "../bolt-logger.ts";
import type { Logger } from "../log.ts";

/** Retries of Slack Web API calls: quick, so every command gets its answer within seconds. */
const SLACK_RETRY = { retries: 2, factor: 2, minTimeout: 250, maxTimeout: 2_000 };

/** Each Web API call gives up after this long. */
export const SLACK_TIMEOUT_MS = 10_000;

export interface WebClientSettings {
  /** SLACK_API_URL (GovSlack, or a loopback stand-in in tests); Slack's own when absent. */
  apiUrl?: string | undefined;
  log: Logger;
  retryConfig?: webApi.RetryOptions;
  timeoutMs?: number;
  /** While true, the client's own log lines go at debug (the bot while it starts). */
  quiet?: () => boolean;
}

/**
 * Options for `new WebClient(token, options)` or Bolt's `clientOptions`. The WebClient's default is
 * ten retries over about 30 minutes and no timeout: a command would wait that long for users.info.
 * Two quick retries and 10 s a call; rate limits (429) are still waited out as Slack asks.
 */
export function webClientOptions(settings: WebClientSettings): webApi.WebClientOptions {
  return {
    ...(settings.apiUrl ? { slackApiUrl: settings.apiUrl } : {}),
    logger: boltLogger(settings.log, settings.quiet ? { quiet: settings.quiet } : {}),
    retryConfig: settings.retryConfig ?? SLACK_RETRY,
    timeout: settings.timeoutMs ?? SLACK_TIMEOUT_MS,
  };
}

export function createWebClient(token: string, settings: WebClientSettings): webApi.WebClient {
  return new webApi.WebClient(token, webClientOptions(settings));
}
