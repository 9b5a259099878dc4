/**
 * Deps on the sandbox's kennel API for tests of answers and posts: its main key and loopback
 * address, the kennel in Europe/London unless `env` says otherwise, a silent log, the clock given,
 * and the care record when there is one.
 */

import { afterAll, beforeAll } from "vitest";
import { type KennelSettings, loadConfig } from "../../src/config.ts";
import type { Clock, Deps } from "../../src/deps.ts";
import { createKennelClient } from "../../src/kennel/client.ts";
import { silentLogger } from "../../src/log.ts";
import type { CareRecordStore } from "../../src/record/types.ts";
import { type Sandbox, type SandboxOptions, startSandbox } from "../../src/sandbox/server.ts";
import { scratchRecord } from "./record.ts";

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

/**
 * A sandbox for a whole file, with deps on it and a care record of its own: started before the
 * file's tests (then `ready`, where the file keeps them) and closed after.
 */
export function useSandboxDeps(
  sandboxOptions: SandboxOptions,
  clock: Clock,
  env: Record<string, string>,
  ready: (started: { sandbox: Sandbox; store: CareRecordStore; deps: Deps }) => void,
): void {
  let sandbox: Sandbox | undefined;
  beforeAll(async () => {
    sandbox = await startSandbox(sandboxOptions);
    const store = scratchRecord(clock);
    ready({ sandbox, store, deps: sandboxDeps(sandbox, clock, { env, record: store, retryDelayMs: 0 }) });
  }, 60_000);
  afterAll(() => sandbox?.close());
}
