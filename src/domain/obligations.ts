/**
 * What a round asked, written once (issue 45), and each dose's state from it: the one answer every
 * surface gives to "was this dose given?". A round's obligation is what its sheet asked of each pet
 * when it was first kept (each item with its words, the plan's version it came from or "from the
 * words, plan not confirmed", its window); a pet who arrived or went home after it is a change to it.
 * A dose's state is read from the obligation, its changes and the entries alone: never from the
 * kennel API's answer of a later moment.
 *
 * - Recorded: given on time, late, after its window (a late entry when recorded after it closed),
 *   refused, not given with its reason (src/domain/doses.ts doseState, on the kept window).
 * - Not recorded: upcoming, due, late, missed by its kept window; but a pet that went home before
 *   the window closed ("not due: gone home 08:30"), or arrived after it closed, owed nothing more.
 *
 * Pure: the obligations, changes and entries are passed in.
 */
import type { Entry, ItemKey } from "../record/types.ts";
import type { Round } from "./care.ts";
import { byTheDay, onceADay } from "./day-dose.ts";
import type { AlertDose } from "./dose-alerts.ts";
import { type DoseState, type DoseWindow, doseState, openState } from "./doses.ts";
import { type AskedNothing, keptBeside } from "./kept-beside.ts";
import { currentEntries, type DueItem, isMedicationItem } from "./record.ts";

/** One item a round asked of a pet, as kept. */
export interface OwedItem {
  item: ItemKey;
  label: string;
  text: string;
  highAlert?: boolean | undefined;
  window: DoseWindow;
  /** The kept version of the pet's care plan it was worked from, when there was one. */
  plan?: number | undefined;
  /** A person had confirmed that plan; false: due from the words, plan not confirmed. */
  confirmed: boolean;
  /**
   * Due from the words, which give it no time of its own (the sheet's `no_time`), the plan not
   * confirmed: owed once a day (src/domain/day-dose.ts). A round kept before it was has none.
   */
  noTime?: true | undefined;
  /** The pet's other slots holding the same drug, the plan's question not answered (src/domain/day-dose.ts). */
  sameDrugAs?: ItemKey[] | undefined;
}

/** A pet a round asked something of, with what happened to it since (an arrival, a departure). */
export interface OwedPet {
  bookingId: number;
  petId: number;
  name: string;
  room?: string | undefined;
  /** The booking's reference, check-in and check-out (ISO) as the kennel API said when it was kept. */
  reference?: string | undefined;
  checkIn?: string | undefined;
  checkOut?: string | undefined;
  /** Not here when the round was kept (or added as an arrival): its arrival (ISO). */
  arrivesAt?: string | undefined;
  items: OwedItem[];
  /**
   * The high-alert drugs its sheet printed to record only if given, not asked (not due by their days'
   * words, or by the confirmed plan): a dose of one recorded given is witnessed, and counted so.
   */
  besideHighAlert?: ItemKey[] | undefined;
  /** Went home after the round was kept (ISO): its items not recorded by then are not due. */
  leftAt?: string | undefined;
  /** Added to the round after it was kept: when it arrived (ISO). */
  arrived?: string | undefined;
}

/** What the round's figures counted when it was kept (the obligation's `counts`). */
interface KeptCounts {
  inHouse: number;
  onSheet: number;
  away: number;
}

/** One round's obligation with its changes: what it asked, as the record holds it. */
export interface OwedRound {
  /** The obligation's id in the record (none: read from kept sheets written before obligations were). */
  id: number | undefined;
  date: string;
  round: Round;
  /** When the obligation was written (ISO). */
  keptAt: string;
  pets: OwedPet[];
  /** Every booking on the sheet when it was kept (none: read from kept sheets). */
  bookings?: readonly number[] | undefined;
  counts?: KeptCounts | undefined;
  /** Bookings on the sheet whose care could not be read, what was due not known: by reference, else id. */
  careMissing?:
    | Array<{ bookingId?: number | undefined; reference?: string | undefined; pets: string; status: string }>
    | undefined;
  /**
   * The pets on its sheet it asked nothing, there only for lines recorded if given: kept with the
   * high-alert drugs among them, or arrived since (an arrival with no items). Never among `pets`.
   */
  askedNothing?: AskedNothing[] | undefined;
  /** Pets added (arrived) and gone home since it was kept. */
  arrivals: number;
  departures: number;
  /**
   * Read from the round's kept sheets (a record written before obligations were): the windows by the
   * settings now, the plan's version not kept.
   */
  fromSheets?: true | undefined;
}

/**
 * When a sheet is drawn, and what its round asked (none: no state shown): each item's state then;
 * `day`: the states of its doses owed once a day by the day's entries ("bookingId|petId|item").
 */
export type SheetDoses = { now: Date; owed: OwedRound | undefined; day?: ReadonlyMap<string, DoseState> };

/** A change to an obligation, as kept. */
export interface OwedChange {
  obligation: number;
  change: "arrived" | "left" | "added";
  bookingId: number;
  petId: number;
  name: string;
  room?: string | undefined;
  reference?: string | undefined;
  checkIn?: string | undefined;
  checkOut?: string | undefined;
  at: string;
  items?: OwedItem[] | undefined;
  besideHighAlert?: ItemKey[] | undefined;
}

/** "501|77": a pet of a round. */
export const owedPetKey = (p: { bookingId: number; petId: number }) => `${p.bookingId}|${p.petId}`;

/**
 * The round as it stands after its changes: an arrival's pet added (its arrival kept), a departure's
 * marked with when it went home (the first said, if said twice), items signed later added. Changes are applied in the record's
 * order; a pet who left and came back has its arrival after its departure, both said.
 */
export function applyChanges(
  round: Omit<OwedRound, "arrivals" | "departures">,
  changes: readonly OwedChange[],
): OwedRound {
  const pets = new Map(round.pets.map((p) => [owedPetKey(p), { ...p }]));
  const nothing: AskedNothing[] = [];
  let arrivals = 0;
  let departures = 0;
  for (const c of changes) {
    if (c.obligation !== round.id) continue;
    const key = owedPetKey(c);
    const pet = pets.get(key);
    if (c.change === "left") {
      if (!pet || pet.leftAt !== undefined) continue;
      pet.leftAt = c.at;
      departures++;
    } else if (c.change === "added") {
      const have = new Set(pet?.items.map((i) => i.item));
      const items = (c.items ?? []).filter((i) => !have.has(i.item));
      if (pet) pet.items = [...pet.items, ...items];
      else if (items.length)
        pets.set(key, { bookingId: c.bookingId, petId: c.petId, name: c.name, room: c.room, items });
    } else if (!pet || pet.leftAt !== undefined) {
      const items = c.items ?? [];
      const { bookingId, petId, name, room, reference, checkIn, checkOut, besideHighAlert } = c;
      // On the sheet only for lines recorded if given: asked nothing, its doses beside the round.
      if (items.length === 0) {
        nothing.push({ bookingId, petId, ...(besideHighAlert ? { besideHighAlert } : {}) });
        continue;
      }
      const said = { reference, checkIn, checkOut, ...(besideHighAlert ? { besideHighAlert } : {}) };
      pets.set(key, { bookingId, petId, name, room, ...said, arrivesAt: c.at, arrived: c.at, items });
      arrivals++;
    }
  }
  const askedNothing = [...(round.askedNothing ?? []), ...nothing];
  return {
    ...round,
    pets: [...pets.values()],
    ...(askedNothing.length ? { askedNothing } : {}),
    arrivals,
    departures,
  };
}

/**
 * An owed item's state at `now` beside its current entry: recorded as the entry says; else not due
 * when the pet went home before the window closed or arrives after it; else by its kept window.
 */
export function owedState(
  item: Pick<OwedItem, "window" | "noTime">,
  pet: Pick<OwedPet, "leftAt" | "arrivesAt">,
  entry: Pick<Entry, "outcome" | "givenAt" | "recordedAt"> | undefined,
  now: string,
): DoseState {
  if (entry) {
    const s = doseState(item.window, now, entry);
    // No time in its words (owed once a day, any round): given is on time that day, never "early" nor
    // "late" by a round's window, a time nobody prescribed (src/domain/day-dose.ts).
    return item.noTime && s.state === "recorded" && s.timeliness ? { ...s, timeliness: "on_time" } : s;
  }
  const closes = Date.parse(item.window.closesAt);
  if (pet.leftAt !== undefined && Date.parse(pet.leftAt) <= closes)
    return { state: "not_due", why: "gone_home", at: pet.leftAt };
  if (pet.arrivesAt !== undefined && Date.parse(pet.arrivesAt) > closes)
    return { state: "not_due", why: "arrives_later", at: pet.arrivesAt };
  return { state: openState(item.window, now) };
}

/** The item as a sheet names it: its key, label and words, high-alert, due from the words. */
export function dueOfOwed(i: OwedItem): DueItem & { unconfirmed?: boolean } {
  return {
    item: i.item,
    label: i.label,
    text: i.text,
    ...(i.highAlert ? { highAlert: true } : {}),
    ...(!i.confirmed && isMedicationItem(i.item) ? { unconfirmed: true } : {}),
    ...(onceADay(i) ? { onceToday: true } : {}),
    ...(!i.confirmed && i.sameDrugAs?.length ? { twoSlots: true } : {}),
  };
}

/** One dose (or meal) a round asked, with its state at the moment read. */
export interface OwedDose extends AlertDose {
  date: string;
  round: Round;
  /** Its current entry (not corrected since), when recorded. */
  entry?: Entry | undefined;
  /** Nothing recorded: its entry put right as recorded in error (the wrong pet, the wrong dose), when one stands. */
  inError?: Entry | undefined;
  /** Where it came from: the plan's version, and whether a person had confirmed it. */
  plan?: number | undefined;
  confirmed: boolean;
  /** The pet went home after the round was kept (ISO). */
  leftAt?: string | undefined;
  /** Recorded for an item no kept round asked (shown, never hidden): its window by the settings. */
  unasked?: true | undefined;
  /**
   * Unasked, though its round was kept asking the pet other items, or with its booking on the sheet
   * (a line recorded if given: not due by its days, its words or its confirmed plan).
   */
  besideAsked?: true | undefined;
  /** As its round kept it: owed once a day, and the same drug's other slots (src/domain/day-dose.ts). */
  noTime?: true | undefined;
  sameDrugAs?: ItemKey[] | undefined;
}

/** "2026-11-24|morning|501|77|med:1": one item of one pet's round. */
const doseKey = (d: { date: string; round: Round; bookingId: number; petId: number; item: string }) =>
  `${d.date}|${d.round}|${d.bookingId}|${d.petId}|${d.item}`;

/** One item a round asked of a pet, with its state at `now` beside its current entry. */
function askedDose(
  r: OwedRound,
  p: OwedPet,
  i: OwedItem,
  at: { entry: Entry | undefined; inError: Entry | undefined },
  now: string,
): OwedDose {
  const { entry, inError } = at;
  return {
    date: r.date,
    round: r.round,
    bookingId: p.bookingId,
    petId: p.petId,
    petName: p.name,
    room: p.room,
    due: dueOfOwed(i),
    window: i.window,
    state: owedState(i, p, entry, now),
    ...(entry ? { entry } : {}),
    ...(!entry && inError ? { inError } : {}),
    ...(i.plan !== undefined ? { plan: i.plan } : {}),
    confirmed: i.confirmed,
    ...(p.leftAt ? { leftAt: p.leftAt } : {}),
    ...(i.noTime ? { noTime: true as const } : {}),
    ...(i.sameDrugAs?.length ? { sameDrugAs: i.sameDrugAs } : {}),
  };
}

/**
 * Every item the rounds asked, each with its state at `now` beside the entries; then each current
 * entry for an item no round asked (a round whose sheet retention removed, an entry made before the
 * record kept what rounds asked), with the window `windowOf` gives it: counted, never hidden. A dose
 * owed once a day reads its day's entries (src/domain/day-dose.ts byTheDay).
 */
export function owedDoses(
  rounds: readonly OwedRound[],
  entries: Entry[],
  now: string,
  windowOf: (e: Entry) => DoseWindow,
): OwedDose[] {
  const current = currentEntries(entries);
  // Entries put right as recorded in error, nothing recorded since: their slots open, said beside.
  const wrong = new Map(
    entries
      .filter((e) => e.outcome === "in_error" && e.supersededBy === undefined)
      .map((e) => [doseKey(e), e]),
  );
  const out: OwedDose[] = [];
  const asked = new Set<string>();
  for (const r of rounds) {
    for (const p of r.pets) {
      for (const i of p.items) {
        const key = doseKey({
          date: r.date,
          round: r.round,
          bookingId: p.bookingId,
          petId: p.petId,
          item: i.item,
        });
        if (asked.has(key)) continue;
        asked.add(key);
        out.push(askedDose(r, p, i, { entry: current.get(key), inError: wrong.get(key) }, now));
      }
    }
  }
  const keptWith = keptBeside(rounds);
  for (const [key, e] of current) {
    if (asked.has(key)) continue;
    const window = windowOf(e);
    const { beside, highAlert: alert } = keptWith(e);
    // A high-alert drug its sheet printed to record if given: witnessed as its due dose is.
    const highAlert = alert ? { highAlert: true } : {};
    out.push({
      date: e.date,
      round: e.round,
      bookingId: e.bookingId,
      petId: e.petId,
      petName: e.petName,
      room: undefined,
      due: { item: e.item, label: e.item === "meal" ? "meal" : e.itemText, text: e.itemText, ...highAlert },
      window,
      state: doseState(window, now, e),
      entry: e,
      confirmed: false,
      unasked: true,
      ...(beside ? { besideAsked: true as const } : {}),
    });
  }
  return byTheDay(out);
}

/** The pet of a round, by its ids. */
export const owedPetOf = (r: OwedRound, bookingId: number, petId: number): OwedPet | undefined =>
  r.pets.find((p) => p.bookingId === bookingId && p.petId === petId);
