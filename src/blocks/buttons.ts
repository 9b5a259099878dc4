/**
 * Every button's state, defined once: a zod schema plus encode/decode, used by the renderer that
 * draws the button and by the listener that answers it, so the compiler checks the round trip. A
 * tampered or stale value decodes to undefined, and the listener answers "this button is out of
 * date" instead of failing.
 */
import { z } from "zod";
import { itemKey, medicineItemKey } from "../record/items.ts";
import { isIsoDate } from "../time.ts";

export interface ButtonKind<S, N = unknown> {
  /** The action_id's stem; a button's action_id is `${id}` or `${id}:${suffix}`. */
  id: string;
  /** The pattern listeners register. */
  pattern: RegExp;
  encode(state: S): string;
  /** The state on the wire (its short keys), checked; undefined when tampered or stale. */
  decode(value: string | undefined): S | undefined;
  /** The state decoded and named (`{sheetId, bookingId, petId}`): what a listener reads. */
  read(value: string | undefined): N | undefined;
  /** The action_id for one button of this kind ("next", "prev", a record id…). */
  actionId(suffix?: string | number): string;
}

/**
 * Text Slack hands back (a button's value, a form's private_metadata) read as JSON and checked: at
 * most `max` characters; undefined when it is longer, is not JSON, or does not fit the schema.
 */
export function readJson<T extends z.ZodType>(
  schema: T,
  text: string | undefined,
  max: number,
): z.output<T> | undefined {
  if (!text || text.length > max) return undefined;
  try {
    const r = schema.safeParse(JSON.parse(text));
    return r.success ? r.data : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A button: its state's schema (short keys on the wire, within Slack's 2000 characters) and, for a
 * button a listener answers with named values, how its keys read (`names`). The schema is built at
 * the button's first encode or decode, not when the module loads (issue 48, a leaner start).
 */
export function defineButton<T extends z.ZodType, N = z.infer<T>>(
  id: string,
  makeSchema: () => T,
  names?: (state: z.infer<T>) => N,
): ButtonKind<z.infer<T>, N> {
  let built: T | undefined;
  const schema = () => {
    built ??= makeSchema();
    return built;
  };
  const decode = (value: string | undefined) => readJson(schema(), value, 2000);
  return {
    id,
    // "_next" as well as ":next": buttons on messages posted before the ids were unified still work.
    pattern: new RegExp(`^${id}([_:][\\w-]+)?$`),
    encode: (state) => JSON.stringify(schema().parse(state)),
    decode,
    read(value) {
      const state = decode(value);
      if (state === undefined) return undefined;
      return names ? names(state) : (state as N);
    },
    actionId: (suffix) => (suffix === undefined ? id : `${id}:${suffix}`),
  };
}

const page = () => z.number().int().min(1).max(100_000);
const recordId = () => z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER);
const isoDate = () => z.string().refine(isIsoDate);

/** Previous/Next on /arrivals and /departures (`o`: a departures list narrowed by Home's figure). */
export const dayPage = defineButton("day_page", () =>
  z.object({
    k: z.enum(["arrivals", "departures"]),
    d: isoDate(),
    p: page(),
    o: z.enum(["money", "payment_check"]).optional(),
  }),
);
/** Previous/Next on /inhouse. */
export const housePage = defineButton("house_page", () => z.object({ d: isoDate(), p: page() }));
export const openPet = defineButton("pet_open", () => z.object({ p: recordId() }));
export const openCustomer = defineButton("customer_open", () => z.object({ c: recordId() }));
export const openBooking = defineButton("booking_open", () => z.object({ b: recordId() }));
/** A booking's owner's contacts, for the one who clicked (tomorrow's check). */
export const ownerContacts = defineButton("owner_contacts", () => z.object({ b: recordId() }));
/** "Stay record" on departures, /booking and /pet: the stay's full care record, only for the one who clicked. */
export const stayRecordButton = defineButton("stay_record", () => z.object({ b: recordId() }));
export const customerBookingsPage = defineButton("customer_bookings", () =>
  z.object({ c: recordId(), p: page() }),
);
const query = () => z.object({ q: z.string().min(1).max(300), p: page() });
export const petsPage = defineButton("pets_page", query);
export const customersPage = defineButton("customers_page", query);
export const bookingsPage = defineButton("bookings_page", () =>
  z.object({ q: z.string().max(300), t: isoDate(), p: page() }),
);
/** The Today home's buttons: which list to answer. */
export const homeList = defineButton("home_list", () =>
  z.object({
    l: z.enum([
      "arrivals",
      "departures",
      "inhouse",
      "unpaid",
      "paycheck",
      "rounds",
      "tomorrow",
      "offfood",
      "welfare",
      "asneeded",
    ]),
  }),
);

/**
 * "🖨 Chart" on a round post (`d`: its day) and on Home (no day: today, when tapped): the day's
 * medication chart on paper (src/answers/chart.ts), as a file in the tapper's messages with the app.
 */
export const chartButton = defineButton(
  "day_chart",
  () => z.object({ d: isoDate().optional() }),
  ({ d }) => ({
    date: d,
  }),
);

/**
 * "📄 Enter from paper…" on a round post (`s`: its kept sheet, issue 50): opens the form that asks
 * which pet, then that pet's doses as the chart on paper says them.
 */
export const paperEnter = defineButton(
  "paper_enter",
  () => z.object({ s: recordId() }),
  ({ s }) => ({ sheetId: s }),
);

/**
 * "◀ Back" in "📄 Enter from paper…"'s picker of more pets than one form holds: the page of pets from
 * `f` to before `e` (the page before, as it was shown). Which round's pets is read from the form's own sealed metadata, never the button.
 */
export const paperPage = defineButton(
  "paper_page",
  () => z.object({ f: z.number().int().min(0).max(1_000_000), e: z.number().int().min(1).max(1_000_000) }),
  ({ f, e }) => ({ from: f, to: e }),
);

/**
 * A pet on a kept round sheet (src/answers/sheets.ts): the sheet's id, the booking and the pet; what
 * may be recorded is read from the kept sheet, never from the button. "All given and eaten" records
 * the items not recorded yet; "Record each…" opens the modal.
 */
const sheetPetRef = () => z.object({ s: recordId(), b: recordId(), p: recordId() });
export type SheetPetButton = z.infer<ReturnType<typeof sheetPetRef>>;
/** A pet on a kept sheet, named. */
export interface SheetPetIds {
  sheetId: number;
  bookingId: number;
  petId: number;
}
const sheetPetIds = ({ s, b, p }: SheetPetButton): SheetPetIds => ({ sheetId: s, bookingId: b, petId: p });
export const recordAll = defineButton("rec_all", sheetPetRef, sheetPetIds);
export const recordEach = defineButton("rec_each", sheetPetRef, sheetPetIds);
/**
 * "👀 Witnessed" beside a high-alert dose given (issue 35): the pet on the kept sheet and the entry
 * (`e`), or the dose given if needed (`n`, issue 46); who may witness it is read from the record,
 * never from the button.
 */
export const recordWitness = defineButton(
  "rec_wit",
  () => z.union([sheetPetRef().extend({ e: recordId() }), sheetPetRef().extend({ n: recordId() })]),
  (w) => ({ ...sheetPetIds(w), ...("e" in w ? { entryId: w.e } : { prnId: w.n }) }),
);

const versionRef = () => z.object({ v: recordId() });
const versionId = ({ v }: z.infer<ReturnType<typeof versionRef>>) => ({ versionId: v });
/** A pet's care plan (a kept version): opens its form (Confirm, Edit items…). */
export const planOpen = defineButton("plan_open", versionRef, versionId);
/** "✏️ Edit…" beside an item on the plan's form: opens its edit form over it (`k`: the item; none: every item). */
export const planEdit = defineButton(
  "plan_edit",
  () => versionRef().extend({ k: itemKey().optional() }),
  ({ v, k }) => ({
    versionId: v,
    item: k,
  }),
);
/**
 * An answer to one of the plan form's questions (issue 44): a radio button whose value is the
 * answer's id; the question is its block's (`q:<question id>`), the version the form's sealed metadata's.
 */
export const planAnswer = defineButton(
  "plan_answer",
  () => z.object({ a: z.string().max(4) }),
  ({ a }) => ({
    answer: a,
  }),
);

/** "◀ Part 1", "Part 3 ▶" in a plan's form too long for one Slack form: the part (from 0) it draws. */
export const planPart = defineButton(
  "plan_part",
  () => z.object({ n: z.number().int().min(0).max(99) }),
  ({ n }) => ({ part: n }),
);

/**
 * "💊 Give if needed…" (issue 35): a stay's pet, and the kept sheet it was on when on a round post
 * (redrawn after the dose). What may be given is read from the pet's current confirmed care plan.
 */
export const prnGive = defineButton(
  "prn_give",
  () => z.object({ b: recordId(), p: recordId(), s: recordId().optional() }),
  ({ b, p, s }) => ({ bookingId: b, petId: p, sheetId: s }),
);
/** The follow-up's answer, in one tap: an as-needed dose (its id in the record) and how it worked. */
export const prnEffect = defineButton(
  "prn_effect",
  () => z.object({ d: recordId(), e: z.enum(["helped", "no_change", "worse"]) }),
  ({ d, e }) => ({ doseId: d, effect: e }),
);
/** "📝 With a note…" on the follow-up: the effect's form. */
export const prnEffectNote = defineButton(
  "prn_note",
  () => z.object({ d: recordId() }),
  ({ d }) => ({ doseId: d }),
);

/**
 * Medicine custody (issue 49): "💊 Medicines in…" on the round post, the pet's card and /booking opens
 * the pet's medicines (a stay's pet, `b` and `p`); in it, each medicine's buttons: count in a plan's
 * item (`i`), count or hand back a medicine (`m`: its first counting in), close a count's discrepancy
 * (`k`). What may be written is read from the record, never from the button.
 */
const stayPet = ({ b, p }: { b: number; p: number }) => ({ bookingId: b, petId: p });
const medicine = ({ m }: { m: number }) => ({ custodyId: m });
export const custodyOpen = defineButton(
  "custody_open",
  () => z.object({ b: recordId(), p: recordId() }),
  stayPet,
);
export const custodyIn = defineButton(
  "custody_in",
  () => z.object({ b: recordId(), p: recordId(), i: medicineItemKey() }),
  (s) => ({ ...stayPet(s), item: s.i }),
);
export const custodyCount = defineButton("custody_count", () => z.object({ m: recordId() }), medicine);
export const custodyBack = defineButton("custody_back", () => z.object({ m: recordId() }), medicine);
export const custodyClose = defineButton(
  "custody_close",
  () => z.object({ k: recordId() }),
  ({ k }) => ({
    countId: k,
  }),
);
/** "◀ Page 1", "Page 3 ▶" in a pet's medicines or the stock too long for one form: the page (from 1) it draws. */
export const custodyPage = defineButton(
  "custody_page",
  () => z.object({ g: page() }),
  ({ g }) => ({ page: g }),
);
/** Home's "💊 Medicines held…": the stock (`c`: the controlled drugs only), with each medicine's buttons. */
export const custodyStock = defineButton(
  "custody_stock",
  () => z.object({ c: z.boolean().optional() }),
  ({ c }) => ({
    controlled: c === true,
  }),
);
