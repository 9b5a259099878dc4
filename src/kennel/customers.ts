/** The customer endpoints; a customer and a customer's pets go through the care cache. */
import { bookingQuery } from "./bookings.ts";
import { type PagedResult, paginate } from "./pagination.ts";
import { arrayOrEveryPage, checkId, checkPageRequest, type Endpoints, one, toPage } from "./reading.ts";
import {
  type Booking,
  type Customer,
  type Page,
  type Pet,
  readBooking,
  readCustomer,
  readPet,
} from "./schemas.ts";
import type { BookingFilter, CustomerFilter, KennelResult, PageRequest } from "./types.ts";

/** GET /customers: one page of customers (with consent flags and embedded pets). */
export async function listCustomers(
  ep: Endpoints,
  filter: CustomerFilter,
  page: PageRequest,
): Promise<KennelResult<Page<Customer>>> {
  checkPageRequest(page);
  const answer = await ep.transport.get({
    segments: ["customers"],
    query: {
      "request.createdSince": filter.createdSince,
      "request.updatedSince": filter.updatedSince,
      "request.search": filter.search,
      "request.archived": filter.archived,
      "request.page": page.page,
      "request.pageSize": page.pageSize,
    },
    what: "customers",
    notFoundIsWrongAddress: true,
  });
  return toPage(ep, answer, readCustomer, "customers");
}

export function iterateCustomers(
  ep: Endpoints,
  filter: CustomerFilter,
  pageSize: number | undefined,
): AsyncGenerator<PagedResult<Customer>> {
  return paginate((page) => listCustomers(ep, filter, { page, pageSize }));
}

/** GET /customers/{id}: one customer with contact details, consent and pets (cached). */
export async function getCustomer(ep: Endpoints, id: number): Promise<KennelResult<Customer>> {
  checkId(id, "A customer id");
  return ep.cache.through(`customer:${id}`, async () => {
    const answer = await ep.transport.get({
      segments: ["customers", String(id)],
      what: `customer with id ${id}`,
    });
    return one(ep, answer, "customer", readCustomer);
  });
}

/**
 * GET /customers/{id}/pets (cached). ASSUMPTION (parameters and shape not shown): no parameters; a
 * plain array or a page envelope (every page is then read).
 */
export async function listCustomerPets(ep: Endpoints, customerId: number): Promise<KennelResult<Pet[]>> {
  checkId(customerId, "A customer id");
  return ep.cache.through(`customer-pets:${customerId}`, () =>
    arrayOrEveryPage(
      ep,
      {
        segments: ["customers", String(customerId), "pets"],
        what: `customer with id ${customerId}`,
      },
      readPet,
      "pets",
    ),
  );
}

/**
 * A customer's pets for their care (a day list's cards, a booking's card, the round, the care read
 * ahead): through GET /customers/{id} (cached), which the spec gives "with embedded pets" ("pets:
 * array of Pet"), so one read serves the care and the customer: a `/customer`, a pet card's owner
 * or a search's owner name that follows costs no call, where GET /customers/{id}/pets serves the
 * pets alone. The embedded pets are read as every list's (schemas.ts readPet): one that leaves
 * every care field out is marked and completed from GET /pets/{id} before anything says "no care"
 * (src/answers/care-lookup.ts); deleted ones are left out where pets are matched (domain/customers.ts
 * activePets). ASSUMPTION (what a customer answer holds is shown by example only): a customer
 * answered without a `pets` list falls back to GET /customers/{id}/pets. The connector's
 * list_customer_pets still asks that endpoint (listCustomerPets): it answers as the API does.
 */
export async function petsOfCustomer(ep: Endpoints, customerId: number): Promise<KennelResult<Pet[]>> {
  const customer = await getCustomer(ep, customerId);
  const { pets } = customer.data;
  if (pets === undefined) return listCustomerPets(ep, customerId);
  // Care is never shown raw; what stands for the raw answer is the pets as read, never the customer's contacts.
  return { data: pets, raw: pets, requestId: customer.requestId };
}

/**
 * GET /customers/{id}/bookings: the customer's booking history, paged. The customer is given by
 * the path only. ASSUMPTION: request.customerId is not sent (how the two interact is not shown).
 */
export async function listCustomerBookings(
  ep: Endpoints,
  customerId: number,
  filter: Omit<BookingFilter, "customerId">,
  page: PageRequest,
): Promise<KennelResult<Page<Booking>>> {
  checkId(customerId, "A customer id");
  checkPageRequest(page);
  const answer = await ep.transport.get({
    segments: ["customers", String(customerId), "bookings"],
    query: bookingQuery({ ...filter, customerId: undefined }, page),
    what: `customer with id ${customerId}`,
  });
  return toPage(ep, answer, readBooking, "bookings");
}

export function iterateCustomerBookings(
  ep: Endpoints,
  customerId: number,
  filter: Omit<BookingFilter, "customerId">,
  pageSize: number | undefined,
): AsyncGenerator<PagedResult<Booking>> {
  return paginate((page) => listCustomerBookings(ep, customerId, filter, { page, pageSize }));
}
