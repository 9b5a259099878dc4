/**
 * A listener's dependencies without Bolt or the network, for the listener tests: the kennel client
 * given (or none: a test that never reaches the API), the kennel in Europe/London with the allowed
 * channels given, the clock given, a SQLite care record in a temporary folder, a test seal, and
 * "Looking up…" held back for a minute unless a test is about it.
 */
import { loadConfig } from "../../src/config.ts";
import type { Clock } from "../../src/deps.ts";
import type { KennelClient } from "../../src/kennel/client.ts";
import { Access } from "../../src/listeners/access.ts";
import type { BotDeps } from "../../src/listeners/bot-deps.ts";
import { InFlight } from "../../src/listeners/in-flight.ts";
import { type Logger, silentLogger } from "../../src/log.ts";
import { createSeal } from "../../src/slack/seal.ts";
import { scratchRecord } from "./record.ts";

export function listenerDeps(
  clock: Clock,
  o: { kennel?: Partial<KennelClient>; log?: Logger; allowed?: string[]; loadingAfterMs?: number } = {},
): BotDeps {
  const config = loadConfig({
    KENNEL_TIMEZONE: "Europe/London",
    ALLOWED_CHANNELS: (o.allowed ?? []).join(","),
  });
  return {
    kennel: (o.kennel ?? {}) as KennelClient,
    log: o.log ?? silentLogger(),
    config,
    clock,
    record: scratchRecord(clock),
    access: new Access(config.allowedChannels, clock, silentLogger()),
    inflight: new InFlight(),
    seal: createSeal("test-signing-secret"),
    loadingAfterMs: o.loadingAfterMs ?? 60_000,
  };
}
