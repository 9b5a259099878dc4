/**
 * The walk that verifies the chain (src/record/chain.ts), one row at a time in place order, so a
 * record of any size is checked in constant memory (src/record/ledger.ts streams the rows in). Each
 * row is checked as it comes:
 * - its content against its hash, its link against the row before, no place missing; the first row
 *   kept links to GENESIS or to the last row a retention pass removed;
 * - its id rises with its place within its table (ids swapped or renumbered move what points at them);
 *   since schema 4 the id is in the hash too, and no row in the old form follows one in the new;
 * - a retention row keeps the rule it ran by: a period of 1 to 36,500 days, a cut-off no later than
 *   that period before the row's own time, written in the chain's order (not dated before the row it
 *   follows, nor after the one that follows it, nor in the future); since schema 4 it keeps the last
 *   removed rows' content, hashed again here to the hash the first kept row links to, so what it
 *   removed is shown to be dated before its cut-off.
 * The first row that does not hold is reported, in words.
 */
import {
  CHAIN_FORMAT,
  type ChainHead,
  type ChainRow,
  chainHash,
  contentFacts,
  GENESIS,
  type RetentionClaim,
  type VerifyFailure,
  type VerifyProblem,
  type VerifyResult,
} from "./chain.ts";

const HOUR = 3_600_000;
const DAY = 86_400_000;
/** The longest retention setting (KENNEL_RECORD_RETENTION_DAYS). */
const MOST_DAYS = 36_500;

const isDate = (d: unknown): d is string => typeof d === "string" && /^\d{4}-\d{2}-\d{2}$/.test(d);
const addDays = (date: string, n: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + n * DAY).toISOString().slice(0, 10);

function name(r: Pick<ChainRow, "table" | "id" | "seq">): string {
  return r.table === "entry" ? `entry ${r.id} (#${r.seq})` : `record ${r.id} (#${r.seq})`;
}

/**
 * What is wrong with the rows a retention pass says it removed (since schema 4), or undefined: they
 * hash again, link to link, to the hash the first kept row links to; the last is its last place
 * removed; the first of them (the last that was not a retention entry) is dated before its cut-off
 * and was committed before the pass.
 */
function removedProblem(claim: RetentionClaim, before: string, at: number): string | undefined {
  const removed = claim.removed;
  if (!Array.isArray(removed) || removed.length === 0) return "it does not keep the last row it removed";
  let hash: string | undefined;
  for (const r of removed) {
    if (typeof r?.content !== "string" || typeof r.prevHash !== "string" || (hash && r.prevHash !== hash))
      return "the rows it says it removed do not link";
    hash = chainHash(r.prevHash, r.content);
  }
  const facts = removed.map((r) => contentFacts(r.content));
  if (hash !== claim.lastRemovedHash || facts.at(-1)?.seq !== claim.throughSeq)
    return `the row it says it removed last is not the row #${claim.throughSeq} the record links to`;
  const [first, ...rest] = facts;
  if (!first || rest.some((f) => f?.kind !== "retention"))
    return "the rows it says it removed cannot be read";
  if (first.kind === "retention") return undefined;
  if (first.date >= before)
    return `it removed ${first.table === "entry" ? "an entry" : "a record"} of ${first.date}, not before its cut-off ${before}`;
  if (Date.parse(first.recordedAt) > at + HOUR) return "it removed a row committed after it ran";
  return undefined;
}

/** What is wrong with a retention row against the rule, or undefined. */
function retentionProblem(r: ChainRow, prevAt: number | undefined, now: number): string | undefined {
  const claim = r.retention as RetentionClaim;
  const at = Date.parse(r.recordedAt);
  const days = claim.retentionDays;
  if (!(claim.throughSeq < (r.seq as number))) return "it names places after its own";
  if (typeof days !== "number" || !Number.isInteger(days) || days < 1 || days > MOST_DAYS)
    return "it names no retention period of 1 to 36,500 days";
  if (!isDate(claim.before)) return "it names no cut-off date";
  const ran = r.recordedAt.slice(0, 10);
  if (claim.before > addDays(ran, 1 - days))
    return `its cut-off ${claim.before} is less than its ${days} days before it ran (${ran})`;
  if (prevAt !== undefined && at < prevAt - HOUR) return "it is dated before the row it follows";
  if (at > now + DAY) return `it is dated ${r.recordedAt}, in the future`;
  return r.format === CHAIN_FORMAT ? removedProblem(claim, claim.before, at) : undefined;
}

export class ChainWalk {
  /** A retention row's last place removed → the hash it says that row had. */
  readonly #cuts = new Map<number, string>();
  readonly #removedThrough: number;
  readonly #at: number | undefined;
  readonly #now: number;
  #prev: { row: ChainRow; at: number } | undefined;
  #rows = 0;
  readonly #lastId = { entry: 0, log: 0 };
  /** The first row in the chain's form since schema 4. */
  #newForm: ChainRow | undefined;
  #found: ChainHead | undefined;
  readonly #hash: string | undefined;
  #hashAt: ChainHead | undefined;

  /** `retention`: the retention rows of the record (read before the walk: the first row links to one). */
  constructor(
    retention: RetentionClaim[],
    o: { at?: number | undefined; hash?: string | undefined; now: Date },
  ) {
    for (const r of retention) this.#cuts.set(r.throughSeq, r.lastRemovedHash);
    this.#removedThrough = Math.max(0, ...this.#cuts.keys());
    this.#at = o.at;
    this.#hash = o.hash?.toLowerCase();
    this.#now = o.now.getTime();
  }

  #fail(at: number, problem: VerifyProblem, what: string): VerifyFailure {
    return { ok: false, rows: this.#rows, at, problem, what };
  }

  /** The next row in place order: undefined when it holds, else the first problem. */
  push(r: ChainRow): VerifyFailure | undefined {
    if (r.seq === null || r.hash === null || r.prevHash === null) {
      return this.#fail(
        0,
        "unsealed",
        `${r.table === "entry" ? "Entry" : "Record"} ${r.id} has no place in the chain: it was written outside Kennel Desk.`,
      );
    }
    if (chainHash(r.prevHash, r.content) !== r.hash) {
      return this.#fail(
        r.seq,
        "changed",
        `${name(r)} does not match its hash: its content was changed after it was recorded.`,
      );
    }
    const problem = this.#link(r) ?? this.#order(r);
    if (problem) return problem;
    const at = Date.parse(r.recordedAt);
    const rule = r.retention ? retentionProblem(r, this.#prev?.at, this.#now) : undefined;
    if (rule)
      return this.#fail(r.seq, "retention", `${name(r)}, a retention pass, does not keep the rule: ${rule}.`);
    this.#prev = { row: r, at };
    this.#rows++;
    if (r.seq === this.#at) this.#found = { seq: r.seq, hash: r.hash };
    if (this.#hash && !this.#hashAt && r.hash.startsWith(this.#hash))
      this.#hashAt = { seq: r.seq, hash: r.hash };
    return undefined;
  }

  #link(r: ChainRow): VerifyFailure | undefined {
    const seq = r.seq as number;
    const prev = this.#prev?.row;
    if (prev === undefined) {
      const expected = seq === 1 ? GENESIS : this.#cuts.get(seq - 1);
      if (expected === undefined) {
        return this.#fail(
          1,
          "unaccounted",
          `The record starts at #${seq}: places #1 to #${seq - 1} are gone and no retention entry accounts for them.`,
        );
      }
      if (r.prevHash === expected) return undefined;
      return this.#fail(
        seq,
        "link",
        `${name(r)} does not link to ${seq === 1 ? "the start of the record" : `the last entry retention removed (#${seq - 1})`}: the rows before it were changed.`,
      );
    }
    const last = prev.seq as number;
    if (seq !== last + 1) {
      const many = seq > last + 2;
      return this.#fail(
        last + 1,
        "missing",
        `#${last + 1}${many ? ` to #${seq - 1}` : ""} ${many ? "are" : "is"} missing: removed without a trace (retention never removes a row after one it keeps).`,
      );
    }
    if (r.prevHash === prev.hash) return undefined;
    return this.#fail(
      seq,
      "link",
      `${name(r)} does not link to #${last}: a row was replaced or the rows re-ordered.`,
    );
  }

  /** Ids rising with places, the chain's form kept, a retention row not dated after the row that follows it. */
  #order(r: ChainRow): VerifyFailure | undefined {
    const seq = r.seq as number;
    if (r.format !== CHAIN_FORMAT && this.#newForm) {
      return this.#fail(
        seq,
        "form",
        `${name(r)} is in the chain's old form, after ${name(this.#newForm)} began the form that hashes ids (schema 4): it was written by hand, or by an older Kennel Desk after the upgrade.`,
      );
    }
    if (r.format === CHAIN_FORMAT) this.#newForm ??= r;
    const last = this.#lastId[r.table];
    if (r.id <= last) {
      return this.#fail(
        seq,
        "ids",
        `${name(r)} has a lower id than the ${r.table === "entry" ? "entry" : "record"} before it in the chain (id ${last}): ids were swapped or renumbered, which moves what points at them (a correction, a witness, an effect).`,
      );
    }
    this.#lastId[r.table] = r.id;
    const prev = this.#prev;
    if (prev?.row.retention && Date.parse(r.recordedAt) < prev.at - HOUR) {
      return this.#fail(
        prev.row.seq as number,
        "retention",
        `${name(prev.row)}, a retention pass, is dated after the row that follows it: it was not written in the chain's order.`,
      );
    }
    return undefined;
  }

  /** The walk's answer once every row has been pushed. */
  finish(): VerifyResult {
    const prev = this.#prev?.row;
    return {
      ok: true,
      rows: this.#rows,
      head: prev ? { seq: prev.seq as number, hash: prev.hash as string } : { seq: 0, hash: GENESIS },
      removedThrough: this.#removedThrough,
      ...(this.#found ? { at: this.#found } : {}),
      ...(this.#hashAt ? { hashAt: this.#hashAt } : {}),
    };
  }
}
