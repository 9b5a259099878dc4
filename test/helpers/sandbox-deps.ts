/**
 * Deps on the sandbox's kennel API for tests of answers and posts: its main key and loopback
 * address, the kennel in Europe/London unless `env` says otherwise, a silent log, the clock given,
 * and the care record when there is one.
 */
import { type KennelSettings, loadConfig } from "../../src/config.ts";
import type { Clock, Deps } from "../../src/deps.ts";
import { createKennelClient } from "../../src/kennel/client.ts";
import { silentLogger } from "../../src/log.ts";
import type { CareRecordStore } from "../../src/record/types.ts";
import type { Sandbox } from "../../src/sandbox/server.ts";

export function sandboxDeps(
  sandbox: Sandbox,
  clock: Clock,
  options: { env?: Record<string, string>; record?: CareRecordStore; retryDelayMs?: number } = {},
): Deps {
  const config = loadConfig({
    KENNEL_API_KEY: sandbox.keys.main,
    KENNEL_API_BASE_URL: sandbox.url,
    KENNEL_TIMEZONE: "Europe/London",
    ...options.env,
  });
  const log = silentLogger();
  const { retryDelayMs } = options;
  const kennel = createKennelClient(config.kennel as KennelSettings, {
    log,
    ...(retryDelayMs !== undefined ? { retryDelay: () => retryDelayMs } : {}),
  });
  return { kennel, log, config, clock, ...(options.record ? { record: options.record } : {}) };
}
