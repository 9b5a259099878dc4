/** /booking, /pet, /customer and their buttons: one record, or a short list to choose from. */
import { bookingCard } from "../blocks/booking.ts";
import { petsOnBooking } from "../blocks/care.ts";
import { bookingList, customerCard, customerList } from "../blocks/customer.ts";
import { noticeMessage, rawMessages } from "../blocks/misc.ts";
import { petCard, petList } from "../blocks/pet.ts";
import type { Message } from "../blocks/types.ts";
import type { Deps } from "../deps.ts";
import { NotFoundError } from "../kennel/errors.ts";
import type { Booking, Customer, Pet, ReducedBooking } from "../kennel/schemas.ts";
import { localDate } from "../time.ts";

export const LIST_PAGE_SIZE = 10;

/** The kennel's current year: dates in it are shown without the year. */
export const thisYear = (deps: Deps) => localDate(deps.clock.now(), deps.config.timezone).slice(0, 4);

function raw(deps: Deps, title: string, value: unknown): Message[] | undefined {
  return deps.config.rawResponses ? rawMessages(title, value) : undefined;
}

/** `/booking REF` or `/booking 12345`: by id when all digits (then by reference), else by reference. */
export async function bookingAnswer(deps: Deps, input: string): Promise<Message[]> {
  const ref = input.trim();
  if (!ref)
    return [
      noticeMessage(
        "Which booking? Type `/booking` and a reference, for example `/booking HP-7K2M9Q`, or a booking id.",
      ),
    ];
  let booking: Booking | ReducedBooking;
  let requestId: string;
  let rawValue: unknown;
  if (/^\d{1,15}$/.test(ref)) {
    try {
      const r = await deps.kennel.getBooking(Number(ref));
      ({ data: booking, requestId, raw: rawValue } = r);
    } catch (error) {
      if (!(error instanceof NotFoundError)) throw error;
      try {
        const r = await deps.kennel.getBookingByReference(ref);
        ({ data: booking, requestId, raw: rawValue } = r);
      } catch (second) {
        if (second instanceof NotFoundError) {
          throw new NotFoundError(`booking with id or reference ${ref}`, { requestId: second.requestId });
        }
        throw second;
      }
    }
  } else {
    const r = await deps.kennel.getBookingByReference(ref);
    ({ data: booking, requestId, raw: rawValue } = r);
    // The reference lookup gives a reduced booking: fetch the full one for the room and contacts.
    if (booking.bookingId !== undefined && !deps.config.rawResponses) {
      try {
        booking = (await deps.kennel.getBooking(booking.bookingId)).data;
      } catch (error) {
        deps.log.warn(
          { bookingId: booking.bookingId, err: String(error) },
          "full booking not loaded; showing the reduced one",
        );
      }
    }
  }
  const rawAnswer = raw(deps, `Booking ${ref}`, rawValue);
  if (rawAnswer) return rawAnswer;
  let pets: Pet[] | undefined;
  if (booking.customerId !== undefined) {
    try {
      pets = petsOnBooking(booking, (await deps.kennel.listCustomerPets(booking.customerId)).data);
    } catch (error) {
      deps.log.warn({ customerId: booking.customerId, err: String(error) }, "pets of a booking not loaded");
    }
  }
  return [
    bookingCard({ booking, pets, timezone: deps.config.timezone, thisYear: thisYear(deps), requestId }),
  ];
}

/** A pet's card by id, with the owner's name. */
export async function petByIdAnswer(deps: Deps, id: number): Promise<Message[]> {
  const r = await deps.kennel.getPet(id);
  const rawAnswer = raw(deps, `Pet ${id}`, r.raw);
  if (rawAnswer) return rawAnswer;
  return [await petCardWithOwner(deps, r.data, r.requestId)];
}

async function petCardWithOwner(deps: Deps, pet: Pet, requestId: string): Promise<Message> {
  let owner: Customer | undefined;
  if (pet.customerId !== undefined) {
    try {
      owner = (await deps.kennel.getCustomer(pet.customerId)).data;
    } catch (error) {
      deps.log.warn({ customerId: pet.customerId, err: String(error) }, "pet's owner not loaded");
    }
  }
  return petCard({ pet, owner, timezone: deps.config.timezone, thisYear: thisYear(deps), requestId });
}

/** `/pet NAME|ID`: a card for an id or a single match; a list with buttons for several. */
export async function petAnswer(deps: Deps, input: string, page = 1): Promise<Message[]> {
  const q = input.trim().slice(0, 100);
  if (!q)
    return [noticeMessage("Which pet? Type `/pet` and a name, for example `/pet Biscuit`, or a pet id.")];
  if (/^\d{1,15}$/.test(q)) return petByIdAnswer(deps, Number(q));
  const r = await deps.kennel.listPets({ name: q }, { page, pageSize: LIST_PAGE_SIZE });
  const rawAnswer = raw(deps, `Pets matching ${q}`, r.raw);
  if (rawAnswer) return rawAnswer;
  const items = r.data.items.filter((p) => !p.deleted);
  if (r.data.totalRecords === 1 && items.length === 1 && page === 1) {
    return [await petCardWithOwner(deps, items[0] as Pet, r.requestId)];
  }
  if (r.data.totalRecords === 0) {
    throw new NotFoundError(`pet named “${q}”`, { requestId: r.requestId });
  }
  return [
    petList({
      query: q,
      pets: items,
      page: r.data.page,
      totalPages: r.data.totalPages,
      totalRecords: r.data.totalRecords,
      pageAction: "pets_page",
    }),
  ];
}

/** `/customer NAME|EMAIL|PHONE|ID`: a short number is an id; anything else is a search. */
export async function customerAnswer(deps: Deps, input: string, page = 1): Promise<Message[]> {
  const q = input.trim().slice(0, 100);
  if (!q) {
    return [
      noticeMessage("Which customer? Type `/customer` and a name, email, mobile number or customer id."),
    ];
  }
  if (/^\d{1,9}$/.test(q)) return customerByIdAnswer(deps, Number(q));
  const r = await deps.kennel.listCustomers({ search: q }, { page, pageSize: LIST_PAGE_SIZE });
  const rawAnswer = raw(deps, `Customers matching ${q}`, r.raw);
  if (rawAnswer) return rawAnswer;
  if (r.data.totalRecords === 0)
    throw new NotFoundError(`customer matching “${q}”`, { requestId: r.requestId });
  if (r.data.totalRecords === 1 && r.data.items.length === 1 && page === 1) {
    return [customerCard({ customer: r.data.items[0] as Customer, requestId: r.requestId })];
  }
  return [
    customerList({
      query: q,
      customers: r.data.items,
      page: r.data.page,
      totalPages: r.data.totalPages,
      totalRecords: r.data.totalRecords,
      pageAction: "customers_page",
    }),
  ];
}

export async function customerByIdAnswer(deps: Deps, id: number): Promise<Message[]> {
  const r = await deps.kennel.getCustomer(id);
  return raw(deps, `Customer ${id}`, r.raw) ?? [customerCard({ customer: r.data, requestId: r.requestId })];
}

/** A customer's booking history, one API page at a time (newest pages are the API's order). */
export async function customerBookingsAnswer(deps: Deps, customerId: number, page = 1): Promise<Message[]> {
  const r = await deps.kennel.listCustomerBookings(customerId, {}, { page, pageSize: LIST_PAGE_SIZE });
  const rawAnswer = raw(deps, `Bookings of customer ${customerId}`, r.raw);
  if (rawAnswer) return rawAnswer;
  const name = r.data.items.find((b) => b.customerName)?.customerName;
  return [
    bookingList({
      title: `Bookings of ${name ?? `customer ${customerId}`}`,
      bookings: r.data.items,
      page: r.data.page,
      totalPages: r.data.totalPages,
      totalRecords: r.data.totalRecords,
      timezone: deps.config.timezone,
      thisYear: thisYear(deps),
      pageAction: "customer_bookings",
      state: { c: customerId },
      emptyText: "No bookings recorded for this customer.",
    }),
  ];
}
