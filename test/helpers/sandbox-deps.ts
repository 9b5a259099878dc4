/**
 * Deps on the sandbox's kennel API for tests of answers and posts: its main key and loopback
 * address, the kennel in Europe/London unless `env` says otherwise, a silent log, the clock given,
 * and the care record when there is one.
 */

import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll } from "vitest";
import { type KennelSettings, loadConfig } from "../../src/config.ts";
import type { Clock, Deps } from "../../src/deps.ts";
import { createKennelClient } from "../../src/kennel/client.ts";
import { silentLogger } from "../../src/log.ts";
import { recordKennel } from "../../src/record/kennel.ts";
import { openCareRecord } from "../../src/record/open.ts";
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

/**
 * A clock that stands where the test moves it (`to`): given to useSandboxRecord, it is the deps'
 * clock and the record's together, so what a step writes is stamped at that step's moment.
 */
export function movingClock(start: Date): Clock & { to(when: Date): void } {
  let at = start.getTime();
  return {
    now: () => new Date(at),
    to(when) {
      at = when.getTime();
    },
  };
}

/**
 * A sandbox for a whole file and a care record in a folder of its own, opened as the bot opens it
 * (for the sandbox's kennel: the terminal refuses another kennel's record), with deps on both:
 * started before the file's tests (then `ready`, with the folder for KENNEL_DATA_DIR), closed and
 * removed after. `clock` is the deps' and the record's (a movingClock to move both each step);
 * `env` is set over the kennel's settings (KENNEL_CACHE_TTL_S "0": no care cache).
 */
export function useSandboxRecord(
  sandboxOptions: SandboxOptions,
  clock: Clock,
  prefix: string,
  ready: (started: {
    sandbox: Sandbox;
    store: CareRecordStore;
    deps: Deps & { record: CareRecordStore };
    dir: string;
  }) => void,
  options: { env?: Record<string, string> } = {},
): void {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  let sandbox: Sandbox | undefined;
  let store: CareRecordStore | undefined;
  beforeAll(async () => {
    sandbox = await startSandbox(sandboxOptions);
    const deps = sandboxDeps(sandbox, clock, {
      env: {
        KENNEL_TIMEZONE: sandboxOptions.timezone ?? "Europe/London",
        KENNEL_DATA_DIR: dir,
        ...options.env,
      },
      retryDelayMs: 0,
    });
    store = (await openCareRecord(deps.config.record, clock, recordKennel(deps.config))).store;
    ready({ sandbox, store, deps: { ...deps, record: store }, dir });
  }, 60_000);
  afterAll(async () => {
    await store?.close();
    await sandbox?.close();
    rmSync(dir, { recursive: true, force: true });
  });
}
