/**
 * /booking, /pet, /customer and their buttons, the terminal's cards and the connector's get_*
 * tools: one record, or one page of matches, as data.
 */
import type { Deps } from "../deps.ts";
import { type CareFacts, careOf } from "../domain/care.ts";
import { activePets, customerName } from "../domain/customers.ts";
import { careOfBooking, type EntryCare } from "../domain/day.ts";
import { looksLikeId } from "../domain/ids.ts";
import type { StayRecordView } from "../domain/stay.ts";
import type { WelfareFlag } from "../domain/welfare-flag.ts";
import { NotFoundError } from "../kennel/errors.ts";
import { allowCalls } from "../kennel/limiter.ts";
import type { Booking, Customer, Pet, ReducedBooking } from "../kennel/schemas.ts";
import { localDate } from "../time.ts";
import { bookingPets, findBooking, fullBooking } from "./booking-find.ts";
import { completeCare } from "./care-lookup.ts";
import type { StayCustody } from "./custody.ts";
import type { HeldMedicine } from "./custody-stock.ts";
import { UsageError } from "./failure.ts";
import { knownHouse } from "./house-known.ts";
import { freeText, TEXT_RULES, unwrapped } from "./input.ts";
import { ownerOf, type PetExtras, petExtras } from "./pet-extras.ts";
import { petsInHouseFirst } from "./pet-order.ts";
import { searchPets } from "./pet-search.ts";
import { keptPlans, type PlanVersion } from "./plans.ts";
import type { PetAsNeeded } from "./prn-pets.ts";
import { stayRecords } from "./stay.ts";

export const LIST_PAGE_SIZE = 10;

/** The kennel's current year: dates in it are shown without the year. */
export const thisYear = (deps: Deps) => localDate(deps.clock.now(), deps.config.timezone).slice(0, 4);

/** What every record answer carries besides its data. */
export interface Provenance {
  requestId: string;
  /** With KENNEL_RAW_RESPONSES=1: the API's JSON, unchanged (these answers are only for the asker). */
  raw?: unknown;
}

export const rawOf = (deps: Deps, raw: unknown) => (deps.config.rawResponses ? { raw } : {});

// --- a booking -----------------------------------------------------------------------------------

export interface BookingView extends Provenance {
  booking: Booking | ReducedBooking;
  /** False when only the reduced booking could be had (no room, phone or email). */
  full: boolean;
  care: EntryCare;
  /** Why the care could not be loaded, in words. */
  careProblem: string | undefined;
  /** The stay's care record, when Kennel Desk keeps one (the bot; `kennel-desk record --booking`). */
  stay?: StayRecordView;
  /** Each pet's current care plan kept for the stay (issue 34), when any is. */
  plans?: PlanVersion[];
}

/**
 * `/booking REF` or `/booking 12345`: all digits is an id first (then a reference); anything else
 * a reference. Once the booking is found, what needs only its customer or its id is asked at the
 * same time: the full booking (when the reference gave the reduced one), the customer's pets (then
 * their care records, when the list leaves the care out), its care plans kept; the stay's care
 * record as soon as the full booking is there (its dates), beside the pets. Two round trips by
 * reference or by id (the booking, then the rest together), then the pets' own records only when
 * the customer's list leaves their care out.
 */
export async function bookingView(
  deps: Deps,
  input: string | { id: number },
  /** doses: the stay's record with each dose's timeliness and witness (the full record, issue 35). */
  o: { doses?: boolean } = {},
): Promise<BookingView> {
  // Quotes or backticks typed around the reference are not part of it (nor of the words said of it).
  const ref = typeof input === "string" ? unwrapped(freeText(input, TEXT_RULES.reference)) : "";
  if (typeof input === "string" && !ref) {
    throw new UsageError(
      "Which booking?",
      "Type /booking and a reference, for example /booking HP-DK4Q7M, or a booking id.",
    );
  }
  const found = await findBooking(deps, typeof input === "string" ? ref : input);
  const first = (found.full ?? found.reduced) as Booking;
  // None of these throws: a full booking not read is the reduced one, pets not read a problem in words.
  const full = fullBooking(deps, found);
  const pets = bookingPets(deps, first.customerId);
  const care = Promise.all([full, pets]).then(([b, p]) => careOfBooking(b.booking, p.pets));
  const [{ booking, isFull }, { careProblem }, entryCare, stays, plans] = await Promise.all([
    full,
    pets,
    care,
    full.then(({ booking: b }) =>
      b.bookingId !== undefined ? stayRecords(deps, [{ booking: b, care }], o) : undefined,
    ),
    keptPlans(deps, first.bookingId),
  ]);
  const stay = booking.bookingId !== undefined ? stays?.get(booking.bookingId) : undefined;
  // The full booking names another id than the reference did (never seen): its own plans.
  const kept = booking.bookingId === first.bookingId ? plans : await keptPlans(deps, booking.bookingId);
  return {
    booking,
    full: isFull,
    care: entryCare,
    careProblem,
    ...(stay ? { stay } : {}),
    ...(kept.length ? { plans: kept } : {}),
    requestId: found.requestId,
    ...rawOf(deps, found.raw),
  };
}

// --- a pet ---------------------------------------------------------------------------------------

export interface PetView extends Provenance {
  pet: Pet;
  care: CareFacts;
  /** The owner, when it could be loaded (the pet card is only for the asker: contacts allowed). */
  owner: Customer | undefined;
  /** In house with a dose to give if needed (its care plan's), and the doses of the last 24 hours. */
  asNeeded?: PetAsNeeded | undefined;
  /** The pet's open welfare flags (issue 38), when the care record holds any. */
  welfare?: WelfareFlag[];
  /** The pet's latest care plan kept (its latest stay's current version; issue 34), when any is. */
  plan?: PlanVersion;
  /** Its latest stay's medicines in custody (issue 49), when its plan is kept. */
  medicines?: { stay: StayCustody; held: HeldMedicine[] } | undefined;
  /** Its latest stay, in house today with a care record to open (its "Stay record" button). */
  stay?: { bookingId: number } | undefined;
}

/**
 * `/pet ID`: the pet's record, and beside it what the card shows that needs only its id (its
 * flags, its plan, its doses if needed and medicines: src/answers/pet-extras.ts); its owner asked at
 * the same time too when today's house names it (one round trip, not two); an owner the record
 * names otherwise is asked once the record is read.
 */
export async function petView(deps: Deps, id: number): Promise<PetView> {
  const today = localDate(deps.clock.now(), deps.config.timezone);
  const staying = knownHouse(deps, today)?.pets.find((p) => p.petId === id)?.customerId;
  const record = deps.kennel.getPet(id);
  const extras = petExtras(deps, id);
  const early = staying === undefined ? undefined : ownerOf(deps, staying);
  // The record's failure is the answer's, once what was asked beside it is over (none of it throws).
  const [r] = await Promise.allSettled([record, extras, early]);
  if (r.status === "rejected") throw r.reason;
  const owner = r.value.data.customerId === staying ? early : undefined;
  return petCard(
    deps,
    { ...r.value, data: { ...r.value.data, petId: r.value.data.petId ?? id } },
    owner,
    extras,
  );
}

/**
 * A pet's card from its record, however it was found (by id, or by name with one match: issue 46,
 * item 15): its owner, its open welfare flags, its latest care plan and its doses to give if needed.
 * `owned` and `asked`: read already beside the record (each used only when it is this pet's).
 */
async function petCard(
  deps: Deps,
  r: { data: Pet; requestId: string; raw?: unknown },
  owned?: Promise<Customer | undefined>,
  asked?: Promise<PetExtras>,
): Promise<PetView> {
  const petId = r.data.petId;
  const [owner, early] = await Promise.all([owned ?? ownerOf(deps, r.data.customerId), asked]);
  const { welfare, plan, asNeeded, medicines, stay } =
    early && early.petId === petId ? early : await petExtras(deps, petId);
  return {
    pet: r.data,
    care: careOf(r.data),
    owner,
    ...(welfare.length ? { welfare } : {}),
    ...(plan ? { plan } : {}),
    ...(asNeeded ? { asNeeded } : {}),
    ...(medicines ? { medicines } : {}),
    ...(stay ? { stay } : {}),
    requestId: r.requestId,
    ...rawOf(deps, r.raw),
  };
}

interface PetListItem {
  pet: Pet;
  /** The owner's name, when known. */
  owner: string | undefined;
  /**
   * The pet's age in words, when the API gives a date of birth. ASSUMPTION: the spec (docs/kennel-api.md) shows no
   * birth date; a `dateOfBirth`, `dob` or `birthDate` field is read when present.
   */
  age: string | undefined;
  /** A stay of today names it (the list puts these first). */
  inHouse?: boolean;
}

export interface ListPage<T> extends Provenance {
  items: T[];
  page: number;
  totalPages: number;
  totalRecords: number;
}

export interface PetSearch extends ListPage<PetListItem> {
  /** The name searched, and the owner's surname when the text named one. */
  name: string;
  owner: string | undefined;
  /** The text as typed: the paging buttons search it again. */
  query: string;
  /** Not a search but one customer's pets (the connector's list_customer_pets): whose, by name or as "customer 1402". */
  petsOf?: string;
}

export type PetAnswer = { type: "pet"; view: PetView } | { type: "pet_list"; list: PetSearch };

export function ageOf(pet: Pet, today: string): string | undefined {
  const p = pet as Record<string, unknown>;
  const dob = [p.dateOfBirth, p.dob, p.birthDate].find(
    (v) => typeof v === "string" && /^\d{4}-\d{2}-\d{2}/.test(v),
  ) as string | undefined;
  if (!dob) return undefined;
  const [y, m, d] = dob.slice(0, 10).split("-").map(Number) as [number, number, number];
  const [ty, tm, td] = today.split("-").map(Number) as [number, number, number];
  const months = (ty - y) * 12 + (tm - m) - (td < d ? 1 : 0);
  if (months < 0) return undefined;
  if (months < 24) return `${months} ${months === 1 ? "month" : "months"}`;
  return `${Math.floor(months / 12)} years`;
}

/**
 * `/pet NAME`, `/pet NAME OWNER` or `/pet ID`: a card for an id or a single match; a page of
 * matches otherwise, each with its owner. When the whole text finds no pet and it has several
 * words, the last word is read as the owner's surname ("Biscuit Müller"); then without accents.
 */
export async function petAnswer(deps: Deps, input: string, page = 1): Promise<PetAnswer> {
  const q = freeText(input, TEXT_RULES.pet);
  if (!q) throw new UsageError("Which pet?", "Type /pet and a name, for example /pet Biscuit, or a pet id.");
  if (looksLikeId(q)) return { type: "pet", view: await petView(deps, Number(q)) };
  // As typed, then with the owner's surname, then without accents (src/answers/pet-search.ts).
  const { name, owner, r } = await searchPets(deps, q, { page, pageSize: LIST_PAGE_SIZE }, (ids) =>
    ownerNames(deps, ids),
  );
  const items = activePets(r.data.items);
  if (r.data.totalRecords === 0) {
    throw new NotFoundError(`pet named “${q}”`, { requestId: r.requestId });
  }
  if (r.data.totalRecords === 1 && items.length === 1 && page === 1 && !deps.config.rawResponses) {
    // A search's answer may leave the care out: the pet's own record completes it, while its owner
    // and the card's other parts, which need only the ids the search gave, are asked beside it.
    const found = items[0] as Pet;
    const completed = completeCare(deps, [found]);
    const owned = ownerOf(deps, found.customerId);
    const extras = petExtras(deps, found.petId);
    const [pet] = (await completed) as [Pet];
    const owner = pet.customerId === found.customerId ? owned : undefined;
    return { type: "pet", view: await petCard(deps, { data: pet, requestId: r.requestId }, owner, extras) };
  }
  // In house today first, then by name (src/answers/pet-order.ts): the page read, nothing more.
  const ordered = deps.config.rawResponses ? undefined : petsInHouseFirst(deps, { name, owner }, r);
  const shown = ordered?.items ?? items;
  const owners = await ownerNames(
    deps,
    shown.map((p) => p.customerId),
    ordered?.owners,
  );
  const today = localDate(deps.clock.now(), deps.config.timezone);
  return {
    type: "pet_list",
    list: {
      query: q,
      name,
      owner,
      items: shown.map((pet) => ({
        pet,
        owner: pet.customerId === undefined ? undefined : owners.get(pet.customerId),
        age: ageOf(pet, today),
        ...(pet.petId !== undefined && ordered?.inHouse.has(pet.petId) ? { inHouse: true } : {}),
      })),
      page: ordered?.page ?? r.data.page,
      totalPages: ordered?.totalPages ?? r.data.totalPages,
      totalRecords: ordered?.totalRecords ?? r.data.totalRecords,
      requestId: ordered?.requestId ?? r.requestId,
      ...rawOf(deps, r.raw),
    },
  };
}

/**
 * Owners' names for a page of pets: those `known` already (today's house), the others fetched
 * together (and cached with the care records), as calls of what the answer shows.
 */
export async function ownerNames(
  deps: Deps,
  ids: Array<number | undefined>,
  known: ReadonlyMap<number, string> = new Map(),
): Promise<Map<number, string>> {
  const names = new Map<number, string>();
  const unique: number[] = [];
  for (const id of new Set(ids)) {
    if (id === undefined) continue;
    const name = known.get(id);
    if (name !== undefined) names.set(id, name);
    else unique.push(id);
  }
  allowCalls(unique.length);
  const results = await Promise.allSettled(unique.map((id) => deps.kennel.getCustomer(id)));
  results.forEach((r, i) => {
    if (r.status === "fulfilled") names.set(unique[i] as number, customerName(r.value.data));
  });
  return names;
}

/** The kennel API asked for the pet (GET /pets/{id}): a NotFoundError when it has none, as for `pet ID`. */
export async function askPet(deps: Deps, id: number): Promise<void> {
  await deps.kennel.getPet(id);
}
