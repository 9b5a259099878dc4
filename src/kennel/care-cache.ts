/**
 * The care cache: pet and customer records (care data changes rarely) kept, so the second person
 * asking about the same day, a card opened twice, or the 07:30 round after the 07:00 post costs no
 * API call for the care already read.
 *
 * - What: GET /pets/{id}, GET /customers/{id} (with its pets: the care of day lists and bookings,
 *   src/kennel/customers.ts petsOfCustomer) and GET /customers/{id}/pets, only successful answers.
 * - How long: a day's care (issue 48), refreshed where the API says a customer changed: a record
 *   read more than a minute ago (REVALIDATE_MS) is served only once the API has been asked which
 *   customers changed since the last look (GET /customers?request.updatedSince, one call a minute at
 *   most, shared by every answer), and a changed customer's records (the customer, its pets, each
 *   pet's record) are read again. ASSUMPTION (not shown in the spec): a change to a pet's care
 *   counts as a change of its customer for request.updatedSince. When the API cannot say (that call
 *   fails), a record is kept KENNEL_CACHE_TTL_S at most (default 300 s), as before. 0 turns the
 *   cache off. At most `maxEntries` records (least recently used go first), none over a day old.
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
/** A record read this long ago is served only once the API has said what changed since. */
const REVALIDATE_MS = 60_000;
/** How far back the look for changes reaches past the last one (the API's clock may differ from ours). */
const SKEW_MS = 2 * 60_000;
const DAY_MS = 24 * 60 * 60_000;

/** Which customers changed since a time (their ids, and their pets' ids): GET /customers?request.updatedSince. */
export type ChangedSince = (since: string) => Promise<{ customers: number[]; pets: number[] }>;

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
  /** The clock, in ms (a test's, in epoch ms: it dates the look for changes too); default performance.now. */
  now?: (() => number) | undefined;
  /** The API key and base address: the cache's keys carry a fingerprint of both. */
  apiKey: string;
  baseUrl: string;
  /** Asks the API which customers changed (unset: records are kept KENNEL_CACHE_TTL_S, no more). */
  changedSince?: ChangedSince | undefined;
}

interface Held {
  value: unknown;
  /** When it was read (the cache's clock, ms). */
  at: number;
}

export class CareCache {
  readonly ttlSeconds: number;
  readonly maxEntries: number;
  readonly #lru: LRUCache<string, Held> | undefined;
  readonly #prefix: string;
  readonly #now: () => number;
  /** Wall time, ms (the API's `since` is a date-time): Date.now, or the clock a test gives. */
  readonly #wall: () => number;
  readonly #changedSince: ChangedSince | undefined;
  /** Bumped on every clear: an answer that was in flight before it is not stored after it. */
  #generation = 0;
  /** When (wall time) the last look for changes that succeeded began: records read before it were covered. */
  #coveredFrom: number;
  /** When the last look for changes ended (ok or not), and whether the API could say. */
  #lookedAt = Number.NEGATIVE_INFINITY;
  #saysChanges = true;
  #looking: Promise<void> | undefined;

  constructor(options: CareCacheOptions) {
    this.ttlSeconds = Math.max(0, options.ttlSeconds);
    this.maxEntries = options.maxEntries ?? DEFAULT_CACHE_MAX_ENTRIES;
    this.#now = options.now ?? (() => performance.now());
    this.#wall = options.now ?? Date.now;
    this.#coveredFrom = this.#wall();
    this.#changedSince = this.ttlSeconds > 0 ? options.changedSince : undefined;
    this.#prefix = createHash("sha256")
      .update(`${options.baseUrl}\n${options.apiKey}`)
      .digest("base64url")
      .slice(0, 16);
    this.#lru =
      this.ttlSeconds > 0
        ? new LRUCache<string, Held>({
            max: this.maxEntries,
            ttl: options.changedSince ? DAY_MS : this.ttlSeconds * 1000,
            ttlResolution: 0,
            ttlAutopurge: false,
            perf: options.now ? { now: options.now } : undefined,
          })
        : undefined;
  }

  get enabled(): boolean {
    return this.#lru !== undefined;
  }

  /**
   * The cached value for `key`, or `load()`'s (stored when it succeeds). `fresh`: always `load()`'s
   * (what must be the kennel system's words now, such as a dose checked against its plan), stored.
   */
  async through<T>(key: string, load: () => Promise<T>, o: { fresh?: boolean } = {}): Promise<T> {
    const lru = this.#lru;
    if (!lru) return load();
    const full = `${this.#prefix}|${key}`;
    let hit = o.fresh ? undefined : lru.get(full);
    if (hit && this.#now() - Math.max(hit.at, this.#lookedAt) > REVALIDATE_MS) {
      await this.#lookForChanges();
      hit = lru.get(full);
    }
    if (hit && (this.#saysChanges || this.#now() - hit.at <= this.ttlSeconds * 1000)) return hit.value as T;
    const generation = this.#generation;
    const at = this.#now();
    const value = await load();
    if (generation === this.#generation) lru.set(full, { value, at });
    return value;
  }

  /**
   * Asks the API which customers changed since the last look (one look at a time, shared), and
   * forgets theirs. When it cannot say, records are served KENNEL_CACHE_TTL_S at most until it can.
   */
  #lookForChanges(): Promise<void> {
    const changedSince = this.#changedSince;
    if (!changedSince) {
      this.#saysChanges = false;
      return Promise.resolve();
    }
    this.#looking ??= (async () => {
      const started = this.#wall();
      try {
        const since = new Date(this.#coveredFrom - SKEW_MS).toISOString();
        this.#forgetChanged(await changedSince(since));
        this.#coveredFrom = started;
        this.#saysChanges = true;
      } catch {
        this.#saysChanges = false;
      } finally {
        this.#lookedAt = this.#now();
        this.#looking = undefined;
      }
    })();
    return this.#looking;
  }

  /** Forgets the changed customers' records: the customer, its pets, each pet's record. */
  #forgetChanged(changed: { customers: number[]; pets: number[] }): void {
    const lru = this.#lru;
    if (!lru) return;
    const pets = new Set(changed.pets);
    for (const id of changed.customers) {
      type Listed = { data?: Array<{ petId?: number }> } | undefined;
      type Read = { data?: { pets?: Array<{ petId?: number }> } } | undefined;
      const listed = lru.peek(`${this.#prefix}|customer-pets:${id}`)?.value as Listed;
      const read = lru.peek(`${this.#prefix}|customer:${id}`)?.value as Read;
      for (const p of [...(listed?.data ?? []), ...(read?.data?.pets ?? [])])
        if (p.petId !== undefined) pets.add(p.petId);
      this.forget(`customer:${id}`);
      this.forget(`customer-pets:${id}`);
    }
    for (const id of pets) this.forget(`pet:${id}`);
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
      cached: !lru
        ? "nothing (KENNEL_CACHE_TTL_S=0)"
        : this.#changedSince && this.#saysChanges
          ? "pet records, customer records and each customer's pets, for the day: read again when the API says their customer changed (asked once a minute at most)"
          : `pet records, customer records and each customer's pets, for ${describeSeconds(this.ttlSeconds)}`,
      fresh: "day lists and booking lookups (identical requests in flight share one call)",
    };
  }
}

function describeSeconds(s: number): string {
  if (s % 3600 === 0) return s === 3600 ? "1 hour" : `${s / 3600} hours`;
  if (s % 60 === 0) return s === 60 ? "1 minute" : `${s / 60} minutes`;
  return s === 1 ? "1 second" : `${s} seconds`;
}
