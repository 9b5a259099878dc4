/** Deps on a kennel API answered in-process by a test's own fetch: no network, every call seen. */
import { type KennelSettings, loadConfig } from "../../src/config.ts";
import type { Deps } from "../../src/deps.ts";
import { createKennelClient } from "../../src/kennel/client.ts";
import { silentLogger } from "../../src/log.ts";
import { BASE, KEY } from "./kennel.ts";

/**
 * The kennel at BASE with KEY, in London, `env` over that; `fetchFn` answers every call, the client
 * does not wait between tries; a silent log; the clock standing at `at`.
 */
export function fetchDeps(fetchFn: typeof fetch, at: string, env: Record<string, string> = {}): Deps {
  const config = loadConfig({
    KENNEL_API_KEY: KEY,
    KENNEL_API_BASE_URL: BASE,
    KENNEL_TIMEZONE: "Europe/London",
    ...env,
  });
  const kennel = createKennelClient(config.kennel as KennelSettings, {
    log: silentLogger(),
    fetch: fetchFn,
    retryDelay: () => 0,
  });
  return { kennel, log: silentLogger(), config, clock: { now: () => new Date(at) } };
}

/** A path of the kennel API asked through `input` (BASE's own path taken off). */
export function apiPath(input: Request | string | URL, init?: RequestInit): string {
  const request = input instanceof Request ? input : new Request(input, init);
  return new URL(request.url).pathname.replace(new URL(BASE).pathname, "");
}

/** A 200 answer with `body` as JSON. */
export function jsonAnswer(body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status: 200,
    headers: { "content-type": "application/json", ...headers },
  });
}
