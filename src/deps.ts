/** What every listener, answer and job is given: passed in, never imported as singletons. */
import type { Config } from "./config.ts";
import type { KennelClient } from "./kennel/client.ts";
import type { Logger } from "./log.ts";

export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

export interface Deps {
  kennel: KennelClient;
  log: Logger;
  config: Config;
  clock: Clock;
}
