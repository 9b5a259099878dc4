/**
 * A kennel API in-process (an injected fetch, no network) that stores a booking's status in one of
 * two styles: `words` ("Checked In", "Confirmed", as the awkward sandbox's AW-OPEN) or `values`
 * (checked_in, confirmed, as the spec's "new" and "confirmed"). GET /bookings and GET
 * /customers/{id}/bookings match request.status exactly, as a strict kennel system would; each answer
 * has its own request id ("req-1", "req-2"…); every status asked for is kept, in order.
 */
import { apiPath, jsonAnswer } from "./fetch-deps.ts";

export type StatusStyle = "words" | "values";

export const CUSTOMER = 1402;

/** `checkedIn` bookings checked in (ST-001…), then two confirmed ones, all of customer 1402. */
function bookingsIn(style: StatusStyle, checkedIn: number) {
  const status = (value: "checked_in" | "confirmed") =>
    style === "values" ? value : value === "checked_in" ? "Checked In" : "Confirmed";
  return Array.from({ length: checkedIn + 2 }, (_, i) => ({
    bookingId: 7000 + i,
    reference: `ST-${String(i + 1).padStart(3, "0")}`,
    customerId: CUSTOMER,
    customerName: "Nia Lloyd",
    petNames: "Jasper",
    numberOfPets: 1,
    bookingType: "boarding",
    status: status(i < checkedIn ? "checked_in" : "confirmed"),
    checkInDate: "2026-11-21T15:00:00Z",
    checkOutDate: "2026-11-25T10:00:00Z",
  }));
}

export function statusKennel(style: StatusStyle, checkedIn = 3) {
  const bookings = bookingsIn(style, checkedIn);
  /** Every request.status asked for, in order (undefined: none). */
  const asked: Array<string | undefined> = [];
  let n = 0;
  const fetchFn = (async (input: Request | string | URL, init?: RequestInit) => {
    const path = apiPath(input, init);
    const query = new URL(input instanceof Request ? input.url : String(input)).searchParams;
    n++;
    if (path !== "/bookings" && path !== `/customers/${CUSTOMER}/bookings`)
      return new Response("{}", { status: 404, headers: { "content-type": "application/json" } });
    const status = query.get("request.status") ?? undefined;
    asked.push(status);
    const found = bookings.filter((b) => status === undefined || b.status === status);
    const page = Number(query.get("request.page") ?? 1);
    const pageSize = Number(query.get("request.pageSize") ?? 25);
    const items = found.slice((page - 1) * pageSize, page * pageSize);
    const totalPages = Math.ceil(found.length / pageSize);
    const body = { page, pageSize, totalPages, totalRecords: found.length, items };
    return jsonAnswer(body, { "x-request-id": `req-${n}` });
  }) as typeof fetch;
  return { fetchFn, asked };
}
