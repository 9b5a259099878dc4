/**
 * The care cache: pet and customer records (care data changes rarely) kept for a while, so the
 * second person asking about the same day, or a card opened twice, costs no API call.
 *
 * - What: GET /pets/{id}, GET /customers/{id} and GET /customers/{id}/pets, only successful answers.
 * - How long: KENNEL_CACHE_TTL_S (default 300 s; 0 turns the cache off), at most `maxEntries` records
 *   (least recently used go first).
 * - Never cached: day lists and booking lookups; identical ones in flight share one call, nothing more.
 * - Emptied when the API rejects the key (401). Every entry is keyed by a fingerprint of the API key and
 *   base address, so a client with another key never reads this one's records.
 * - One per client instance, so every surface of one process (Slack, the CLI, the connector, the
 *   morning post) shares it.
 */
import { createHash } from "node:crypto";
import { LRUCache } from "lru-cache";

export const DEFAULT_CACHE_TTL_S = 300;
const DEFAULT_CACHE_MAX_ENTRIES = 5000;

export interface CacheInfo {
  enabled: boolean;
  /** How long a record is kept, in seconds (0: the cache is off). */
  ttlSeconds: number;
  /** Records held now. */
  entries: number;
  maxEntries: number;
  /** What is cached, in words. */
  cached: string;
  /** What is never cached, in words. */
  fresh: string;
}

export interface CareCacheOptions {
  ttlSeconds: number;
  maxEntries?: number | undefined;
  /** The clock, in ms; default performance.now. */
  now?: (() => number) | undefined;
  /** The API key and base address: the cache's keys carry a fingerprint of both. */
  apiKey: string;
  baseUrl: string;
}

interface Held {
  value: unknown;
}

export class CareCache {
  readonly ttlSeconds: number;
  readonly maxEntries: number;
  readonly #lru: LRUCache<string, Held> | undefined;
  readonly #prefix: string;
  /** Bumped on every clear: an answer that was in flight before it is not stored after it. */
  #generation = 0;

  constructor(options: CareCacheOptions) {
    this.ttlSeconds = Math.max(0, options.ttlSeconds);
    this.maxEntries = options.maxEntries ?? DEFAULT_CACHE_MAX_ENTRIES;
    this.#prefix = createHash("sha256")
      .update(`${options.baseUrl}\n${options.apiKey}`)
      .digest("base64url")
      .slice(0, 16);
    this.#lru =
      this.ttlSeconds > 0
        ? new LRUCache<string, Held>({
            max: this.maxEntries,
            ttl: this.ttlSeconds * 1000,
            ttlResolution: 0,
            ttlAutopurge: false,
            perf: options.now ? { now: options.now } : undefined,
          })
        : undefined;
  }

  get enabled(): boolean {
    return this.#lru !== undefined;
  }

  /** The cached value for `key`, or `load()`'s (stored when it succeeds). */
  async through<T>(key: string, load: () => Promise<T>): Promise<T> {
    const lru = this.#lru;
    if (!lru) return load();
    const full = `${this.#prefix}|${key}`;
    const hit = lru.get(full);
    if (hit) return hit.value as T;
    const generation = this.#generation;
    const value = await load();
    if (generation === this.#generation) lru.set(full, { value });
    return value;
  }

  /** Forgets one record, so the next read asks the API (a check that needs the words now). */
  forget(key: string): void {
    this.#lru?.delete(`${this.#prefix}|${key}`);
  }

  /** Forgets everything (a 401; a changed key). */
  clear(): void {
    this.#generation++;
    this.#lru?.clear();
  }

  info(): CacheInfo {
    const lru = this.#lru;
    if (lru) lru.purgeStale();
    return {
      enabled: lru !== undefined,
      ttlSeconds: this.ttlSeconds,
      entries: lru?.size ?? 0,
      maxEntries: this.maxEntries,
      cached: lru
        ? `pet records, customer records and each customer's pets, for ${describeSeconds(this.ttlSeconds)}`
        : "nothing (KENNEL_CACHE_TTL_S=0)",
      fresh: "day lists and booking lookups (identical requests in flight share one call)",
    };
  }
}

function describeSeconds(s: number): string {
  if (s % 3600 === 0) return s === 3600 ? "1 hour" : `${s / 3600} hours`;
  if (s % 60 === 0) return s === 60 ? "1 minute" : `${s / 60} minutes`;
  return s === 1 ? "1 second" : `${s} seconds`;
}
