/** What every listener, answer and job is given: passed in, never imported as singletons. */
import type { Config } from "./config.ts";
import type { KennelClient } from "./kennel/client.ts";
import type { Logger } from "./log.ts";
import type { CareRecordStore } from "./record/types.ts";

export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

export interface Deps {
  kennel: KennelClient;
  log: Logger;
  config: Config;
  clock: Clock;
  /**
   * The care record (src/record/): opened at start by the bot (src/main.ts) and the preview; the
   * surfaces that never read it (most of the CLI, the connector) leave it out.
   */
  record?: CareRecordStore;
}

/** What the bot is given: the care record is always there (a store that is down says so itself). */
export interface BotBase extends Deps {
  record: CareRecordStore;
}
