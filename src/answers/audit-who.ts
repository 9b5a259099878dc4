/**
 * Who did what, for `kennel-desk record audit` (an inspector's questions beside the figures): each
 * correction of a round's entry (what it said, what it says now, who corrected it, when and why),
 * each high-alert dose given with no witness (the pet, the drug, who gave it and when), and per
 * person the entries they wrote in the days by kind. Read a part of the audit at a time (a week:
 * src/answers/audit.ts) and added up: the lists keep their latest `AUDIT_NAMED` and a count, the
 * people their counts, so a year's audit holds no more than a week's.
 */
import type { Round } from "../domain/care.ts";
import { giverOf, giverWords } from "../domain/giver.ts";
import type { Witness } from "../domain/witness.ts";
import type { ItemKey } from "../record/items.ts";
import type { Entry, NotGivenReason, Outcome } from "../record/types.ts";
import { codeOrder, nameOrder } from "../words/order.ts";

/** The most of a list named (the latest); the export holds every one. */
const AUDIT_NAMED = 20;

/** The latest of a list (in the days' order, oldest first), and how many there are in all. */
export interface Latest<T> {
  total: number;
  latest: T[];
}

/** What an entry said: its outcome, a dose not given's reason, when given as recorded, who and when recorded. */
export interface EntrySaid {
  outcome: Outcome;
  reasonCode?: NotGivenReason | undefined;
  reason?: string | undefined;
  givenAt?: string | undefined;
  /** Given by someone other than who recorded it (src/domain/giver.ts): the giver, as every surface names them. */
  givenBy?: string | undefined;
  userName: string;
  recordedAt: string;
}

/** A correction of a round's entry: the entry it replaced (`was`, unknown when no longer in the record) and its own. */
export interface AuditCorrection {
  date: string;
  round: Round;
  petName: string;
  /** The pet's room as its round kept it, when known ("Milo (Kennel 2)": a house may hold four Milos). */
  room?: string | undefined;
  item: ItemKey;
  itemText: string;
  was?: EntrySaid | undefined;
  now: EntrySaid;
  /** Why, as the person correcting wrote it (the correction's note, else its reason's words). */
  why?: string | undefined;
  /** The correction's id and the id of the entry it corrects. */
  id: number;
  corrects: number;
}

/** A high-alert dose given and not witnessed (a round's, or given if needed). */
export interface UnwitnessedDose {
  date: string;
  /** The round's; none for a dose given if needed. */
  round?: Round | undefined;
  petName: string;
  room?: string | undefined;
  drug: string;
  /** Who gave it: the entry's person, or the paper's giver for one entered from the paper chart. */
  givenBy: string;
  /** When given (as recorded), ISO 8601. */
  at: string;
  /** Entered from the paper chart with no witness on the paper. */
  onPaper?: true | undefined;
  id: number;
}

/**
 * A person's entries in the days, by kind: each entry counted once (a correction among corrections);
 * an entry later put right as recorded in error (`inError`) counted apart, never as a dose given.
 */
export interface PersonCounts {
  name: string;
  given: number;
  inError: number;
  notGiven: number;
  refused: number;
  meals: number;
  asNeeded: number;
  corrections: number;
  witnessed: number;
  /** Doses they gave that someone else recorded, naming them on the form ("Given by (if not you)"). */
  gave: number;
}

/** The audit's who-did-what of some days. */
export interface AuditWho {
  corrections: Latest<AuditCorrection>;
  unwitnessed: Latest<UnwitnessedDose>;
  /** Each person with an entry, a dose given if needed or a witness in the days, by name. */
  people: PersonCounts[];
}

/** Oldest first: by the day, then the instant, then the id. */
const byWhen =
  <T extends { date: string; id: number }>(at: (t: T) => string) =>
  (a: T, b: T) =>
    codeOrder(a.date, b.date) || codeOrder(at(a), at(b)) || a.id - b.id;

/** A list of one part, sorted, as its latest and its count. */
export function latestOf<T extends { date: string; id: number }>(all: T[], at: (t: T) => string): Latest<T> {
  return { total: all.length, latest: [...all].sort(byWhen(at)).slice(-AUDIT_NAMED) };
}

/** Two parts' lists as one (`b`'s days after `a`'s). */
const joined = <T>(a: Latest<T>, b: Latest<T>): Latest<T> => ({
  total: a.total + b.total,
  latest: [...a.latest, ...b.latest].slice(-AUDIT_NAMED),
});

const said = (e: Entry): EntrySaid => ({
  outcome: e.outcome,
  ...(e.reasonCode ? { reasonCode: e.reasonCode } : {}),
  ...(e.reason?.trim() ? { reason: e.reason.trim() } : {}),
  ...(e.givenAt ? { givenAt: e.givenAt } : {}),
  ...(e.outcome === "given" && giverOf(e) !== e.userName ? { givenBy: giverOf(e) } : {}),
  userName: e.userName,
  recordedAt: e.recordedAt,
});

/**
 * The corrections among a part's entries (every entry of its days, corrected ones included), each
 * pet with its room where `roomOf` knows it (the rounds kept: `${bookingId}|${petId}`).
 */
export function correctionsOf(
  entries: readonly Entry[],
  roomOf: ReadonlyMap<string, string> = new Map(),
): Latest<AuditCorrection> {
  const byId = new Map(entries.map((e) => [e.id, e]));
  const out: AuditCorrection[] = [];
  for (const e of entries) {
    if (e.supersedes === undefined) continue;
    const old = byId.get(e.supersedes);
    const why = e.note?.trim() || e.reason?.trim();
    const room = roomOf.get(`${e.bookingId}|${e.petId}`);
    out.push({
      ...{ date: e.date, round: e.round, petName: e.petName, item: e.item, itemText: e.itemText },
      ...(room ? { room } : {}),
      ...(old ? { was: said(old) } : {}),
      now: said(e),
      ...(why ? { why } : {}),
      id: e.id,
      corrects: e.supersedes,
    });
  }
  return latestOf(out, (c) => c.now.recordedAt);
}

const nobody = (name: string): PersonCounts => ({
  name,
  given: 0,
  inError: 0,
  notGiven: 0,
  refused: 0,
  meals: 0,
  asNeeded: 0,
  corrections: 0,
  witnessed: 0,
  gave: 0,
});

/** What a person's counts read of an entry. */
type Counted = Pick<Entry, "id" | "userName" | "outcome" | "supersedes" | "givenBy" | "paper">;

/** Counts people's entries as they are read, by name (the record's names of staff). */
export class PeopleCount {
  readonly #by = new Map<string, PersonCounts>();

  #of(name: string): PersonCounts {
    const key = name.trim() || "(no name)";
    const p = this.#by.get(key) ?? nobody(key);
    this.#by.set(key, p);
    return p;
  }

  /**
   * Each of a part's entries (every entry of its days, corrected ones included): one struck by an
   * entry saying it was recorded in error is counted as that, whatever it said (nothing was done by it).
   */
  entries(all: readonly Counted[]): void {
    const struck = new Set(all.flatMap((e) => (e.outcome === "in_error" ? [e.supersedes] : [])));
    const corrected = new Set(all.flatMap((e) => (e.supersedes !== undefined ? [e.supersedes] : [])));
    for (const e of all) {
      if (struck.has(e.id)) this.#of(e.userName).inError++;
      else this.entry(e);
      // Given by someone the form named, not who recorded it: theirs too, once a dose (the entry that
      // stands, not one corrected since, which a correction carries its giver to); a paper's initials are the chart's.
      if (e.outcome === "given" && !e.paper && !struck.has(e.id) && !corrected.has(e.id)) this.gave(e);
    }
  }

  entry(e: Counted): void {
    const p = this.#of(e.userName);
    if (e.supersedes !== undefined) p.corrections++;
    else if (e.outcome === "given") p.given++;
    else if (e.outcome === "not_given") p.notGiven++;
    else if (e.outcome === "refused") p.refused++;
    else p.meals++;
  }

  /** A dose given if needed, counted under who recorded it, and under who gave it when the form named another. */
  asNeeded(d: Pick<Entry, "userName" | "givenBy">): void {
    this.#of(d.userName).asNeeded++;
    this.gave(d);
  }

  /** A dose given by someone the form named, not who recorded it: counted under the giver too. */
  gave(d: Pick<Entry, "userName" | "givenBy">): void {
    const giver = d.givenBy ? giverWords(d.givenBy) : undefined;
    if (giver !== undefined && giver !== d.userName) this.#of(giver).gave++;
  }

  witness(w: Pick<Witness, "userName">): void {
    this.#of(w.userName).witnessed++;
  }

  /** Each person counted, by name. */
  get people(): PersonCounts[] {
    return [...this.#by.values()].sort((x, y) => nameOrder(x.name, y.name) || codeOrder(x.name, y.name));
  }
}

/** Two parts' people as one: each person's counts added. */
function addPeople(a: PersonCounts[], b: PersonCounts[]): PersonCounts[] {
  const by = new Map(a.map((p) => [p.name, { ...p }]));
  for (const p of b) {
    const q = by.get(p.name);
    if (!q) by.set(p.name, { ...p });
    else for (const k of Object.keys(p) as (keyof PersonCounts)[]) if (k !== "name") q[k] += p[k];
  }
  return [...by.values()].sort((x, y) => nameOrder(x.name, y.name) || codeOrder(x.name, y.name));
}

/** Two parts' who-did-what as one. */
export const addWho = (a: AuditWho, b: AuditWho): AuditWho => ({
  corrections: joined(a.corrections, b.corrections),
  unwitnessed: joined(a.unwitnessed, b.unwitnessed),
  people: addPeople(a.people, b.people),
});
