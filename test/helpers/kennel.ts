/** The kennel API client's settings and a slow API for the client's own tests (no network: an injected fetch). */
import type { KennelSettings } from "../../src/config.ts";

export const KEY = "test-key-7f3a9c2e11";
export const ORIGIN = "https://kennel.example.com";
export const BASE = `${ORIGIN}/api/v1`;

/** The client's settings for the test kennel (its debug log on), `overrides` over them. */
export function kennelSettings(overrides: Partial<KennelSettings> = {}): KennelSettings {
  return { apiKey: KEY, baseUrl: new URL(BASE), timeoutMs: 2_000, debug: true, ...overrides };
}

/**
 * A kennel API answering each pet (`…/pets/ID`) with `{ petId: ID }` after `delayMs`, counting the
 * requests in flight at once: `peak()` the most there were.
 */
export function slowPets(delayMs: number): { fetch: typeof fetch; peak: () => number } {
  let inFlight = 0;
  let peak = 0;
  const slow = (async (input: Request | string | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    inFlight++;
    peak = Math.max(peak, inFlight);
    await new Promise((r) => setTimeout(r, delayMs));
    inFlight--;
    const id = Number(new URL(request.url).pathname.split("/").pop());
    return new Response(JSON.stringify({ petId: id }), { headers: { "content-type": "application/json" } });
  }) as typeof fetch;
  return { fetch: slow, peak: () => peak };
}
