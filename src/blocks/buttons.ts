/**
 * Every button's state, defined once: a zod schema plus encode/decode, used by the renderer that
 * draws the button and by the listener that answers it, so the compiler checks the round trip. A
 * tampered or stale value decodes to undefined, and the listener answers "this button is out of
 * date" instead of failing.
 */
import { z } from "zod";
import { isIsoDate } from "../time.ts";

export interface ButtonKind<S> {
  /** The action_id's stem; a button's action_id is `${id}` or `${id}:${suffix}`. */
  id: string;
  /** The pattern listeners register. */
  pattern: RegExp;
  encode(state: S): string;
  decode(value: string | undefined): S | undefined;
  /** The action_id for one button of this kind ("next", "prev", a record id…). */
  actionId(suffix?: string | number): string;
}

export function defineButton<T extends z.ZodType>(id: string, schema: T): ButtonKind<z.infer<T>> {
  return {
    id,
    // "_next" as well as ":next": buttons on messages posted before the ids were unified still work.
    pattern: new RegExp(`^${id}([_:][\\w-]+)?$`),
    encode: (state) => JSON.stringify(schema.parse(state)),
    decode(value) {
      if (!value || value.length > 2000) return undefined;
      try {
        const r = schema.safeParse(JSON.parse(value));
        return r.success ? r.data : undefined;
      } catch {
        return undefined;
      }
    },
    actionId: (suffix) => (suffix === undefined ? id : `${id}:${suffix}`),
  };
}

const page = z.number().int().min(1).max(100_000);
const recordId = z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER);
const isoDate = z.string().refine(isIsoDate);

/** Previous/Next on /arrivals and /departures. */
export const dayPage = defineButton(
  "day_page",
  z.object({ k: z.enum(["arrivals", "departures"]), d: isoDate, p: page }),
);
/** Previous/Next on /inhouse. */
export const housePage = defineButton("house_page", z.object({ d: isoDate, p: page }));
export const openPet = defineButton("pet_open", z.object({ p: recordId }));
export const openCustomer = defineButton("customer_open", z.object({ c: recordId }));
export const openBooking = defineButton("booking_open", z.object({ b: recordId }));
/** A booking's owner's contacts, for the one who clicked (tomorrow's check). */
export const ownerContacts = defineButton("owner_contacts", z.object({ b: recordId }));
/** "Stay record" on departures and /booking: the stay's full care record, only for the one who clicked. */
export const stayRecordButton = defineButton("stay_record", z.object({ b: recordId }));
export const customerBookingsPage = defineButton("customer_bookings", z.object({ c: recordId, p: page }));
const query = z.object({ q: z.string().min(1).max(300), p: page });
export const petsPage = defineButton("pets_page", query);
export const customersPage = defineButton("customers_page", query);
export const bookingsPage = defineButton(
  "bookings_page",
  z.object({ q: z.string().max(300), t: isoDate, p: page }),
);
/** The Today home's buttons: which list to answer. */
export const homeList = defineButton(
  "home_list",
  z.object({
    l: z.enum([
      "arrivals",
      "departures",
      "inhouse",
      "unpaid",
      "rounds",
      "tomorrow",
      "offfood",
      "welfare",
      "asneeded",
    ]),
  }),
);

/**
 * A pet on a kept round sheet (src/answers/sheets.ts): the sheet's id, the booking and the pet; what
 * may be recorded is read from the kept sheet, never from the button. "All given and eaten" records
 * the items not recorded yet; "Record each…" opens the modal.
 */
const sheetPetRef = z.object({ s: recordId, b: recordId, p: recordId });
export type SheetPetButton = z.infer<typeof sheetPetRef>;
export const recordAll = defineButton("rec_all", sheetPetRef);
export const recordEach = defineButton("rec_each", sheetPetRef);
/**
 * "👀 Witnessed" beside a high-alert dose given (issue 35): the pet on the kept sheet and the entry
 * (`e`), or the dose given if needed (`n`, issue 46); who may witness it is read from the record,
 * never from the button.
 */
export const recordWitness = defineButton(
  "rec_wit",
  z.union([sheetPetRef.extend({ e: recordId }), sheetPetRef.extend({ n: recordId })]),
);

/** A pet's care plan (a kept version): opens its form (Confirm, Edit items…). */
export const planOpen = defineButton("plan_open", z.object({ v: recordId }));
/** "Edit items…" on the plan's form: opens the edit form over it. */
export const planEdit = defineButton("plan_edit", z.object({ v: recordId }));

/**
 * "💊 Give if needed…" (issue 35): a stay's pet, and the kept sheet it was on when on a round post
 * (redrawn after the dose). What may be given is read from the pet's current confirmed care plan.
 */
export const prnGive = defineButton(
  "prn_give",
  z.object({ b: recordId, p: recordId, s: recordId.optional() }),
);
/** The follow-up's answer, in one tap: an as-needed dose (its id in the record) and how it worked. */
export const prnEffect = defineButton(
  "prn_effect",
  z.object({ d: recordId, e: z.enum(["helped", "no_change", "worse"]) }),
);
/** "📝 With a note…" on the follow-up: the effect's form. */
export const prnEffectNote = defineButton("prn_note", z.object({ d: recordId }));
