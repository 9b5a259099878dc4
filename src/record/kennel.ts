/**
 * The kennel a care record belongs to. A record made against the sandbox must never show on a real
 * stay that happens to have the same booking id, nor one business's record on another's: the store
 * writes, once, the kennel API's origin it was made for (at creation) and the business's kennelId
 * (from the API's records, on the first sheet that carries it), and refuses to open for another.
 * Every loopback address is one origin ("the kennel API on this computer"): the sandbox's port
 * changes from run to run, a real kennel API is never on loopback.
 */
import { StoreError } from "./errors.ts";
import type { KennelIdentity } from "./types.ts";

type Query = (sql: string, params?: readonly unknown[]) => Promise<Record<string, unknown>[]>;

const LOOPBACK = "loopback";
const LOOPBACK_HOSTS = new Set(["127.0.0.1", "localhost", "[::1]", "::1"]);

/** The origin a record is made for, from the kennel API's base URL. */
export function kennelOrigin(baseUrl: string | URL): string {
  const url = new URL(String(baseUrl));
  if (LOOPBACK_HOSTS.has(url.hostname) || url.hostname.startsWith("127.")) return LOOPBACK;
  return url.origin;
}

/**
 * The kennel a bot or a command opens the record for: the configured API's origin; none when no
 * kennel API is set (a command that only reads the record takes the record's own kennel).
 */
export function recordKennel(config: {
  kennel?: { baseUrl: string | URL } | undefined;
}): KennelIdentity | undefined {
  return config.kennel ? { origin: kennelOrigin(config.kennel.baseUrl) } : undefined;
}

/** The kennel as an entry carries it: "https://api.kennel.example#7". */
export function kennelKey(k: KennelIdentity): string {
  return k.kennelId === undefined ? k.origin : `${k.origin}#${k.kennelId}`;
}

/**
 * A row's kennel as the exports name it, from what the row holds: the record's kennel as it names
 * itself now (kennelKey) for the same kennel's earlier name, its origin alone, held by a row written
 * before the record learnt its business ("loopback" in a record now "loopback#1"), and for a row
 * with no kennel of its own (an item asked with nothing recorded, a medicine's custody); any other
 * value as it is held ("before the kennel was recorded": an entry made before the record knew its
 * kennel at all).
 */
export function exportedKennel(record: KennelIdentity): (held: string | number | null) => string | number {
  const now = kennelKey(record);
  return (held) => (held === null || held === record.origin ? now : held);
}

/** "the kennel API at https://api.kennel.example (business 7)" */
export function kennelWords(k: KennelIdentity): string {
  const where =
    k.origin === LOOPBACK ? "the kennel API on this computer (the sandbox)" : `the kennel API at ${k.origin}`;
  return k.kennelId === undefined ? where : `${where} (business ${k.kennelId})`;
}

/** The record was made for another kennel or business: refused, in words naming both (StoreError `other_kennel`). */
export function otherKennel(where: string, recorded: KennelIdentity, wanted: KennelIdentity): StoreError {
  return new StoreError(
    "other_kennel",
    `The care record at ${where} was made for ${kennelWords(recorded)}, not for ${kennelWords(wanted)}: Kennel Desk will not mix two kennels' records.`,
    "Give this kennel a record of its own: set KENNEL_DATA_DIR to a new folder (or DATABASE_URL to a new database), or point KENNEL_API_BASE_URL back at the kennel this record is for.",
    where,
  );
}

/** The kennel recorded in the store, if any. */
export async function recordedKennel(q: Query): Promise<KennelIdentity | undefined> {
  const rows = await q("SELECT name, value FROM care_kennel");
  const origin = rows.find((r) => r.name === "origin")?.value;
  if (origin === undefined) return undefined;
  const id = rows.find((r) => r.name === "kennel_id")?.value;
  return { origin: String(origin), ...(id === undefined ? {} : { kennelId: Number(id) }) };
}

/**
 * The store's kennel, claimed for `wanted`: written when the record has none (its creation, or the
 * first start of a record made before it knew its kennel), refused with a StoreError `other_kennel`
 * when it is another. Runs inside a transaction.
 */
export async function claimKennel(
  q: Query,
  wanted: KennelIdentity,
  at: string,
  where: string,
): Promise<KennelIdentity> {
  const recorded = await recordedKennel(q);
  if (recorded && recorded.origin !== wanted.origin) throw otherKennel(where, recorded, wanted);
  if (!recorded) {
    await q("INSERT INTO care_kennel (name, value, set_at) VALUES ('origin', ?, ?)", [wanted.origin, at]);
  }
  const known = recorded?.kennelId;
  if (wanted.kennelId === undefined) return recorded ?? { origin: wanted.origin };
  if (known !== undefined && known !== wanted.kennelId) {
    throw otherKennel(where, recorded as KennelIdentity, wanted);
  }
  if (known === undefined) {
    await q("INSERT INTO care_kennel (name, value, set_at) VALUES ('kennel_id', ?, ?)", [
      String(wanted.kennelId),
      at,
    ]);
  }
  return { origin: wanted.origin, kennelId: wanted.kennelId };
}
