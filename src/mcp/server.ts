/**
 * The assistant connector: a Model Context Protocol server with exactly the spec's eleven
 * read-only tools, each over the shared kennel client. Answers are concise text plus structured
 * content; errors are tool errors carrying the request id. Standard output carries the protocol
 * and nothing else (logs go to standard error).
 */
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
import type { Config } from "../config.ts";
import type { Clock } from "../deps.ts";
import type { KennelClient } from "../kennel/client.ts";
import { isKennelError } from "../kennel/errors.ts";
import type { Page } from "../kennel/schemas.ts";
import { describeStatus } from "../kennel/status.ts";
import type { Logger } from "../log.ts";
import { dayEndIso, dayStartIso, isIsoDate, localDate } from "../time.ts";
import { bookingLine, customerLine, customerText, pageLine, petLine, petText } from "./text.ts";

export interface McpDeps {
  kennel: KennelClient;
  log: Logger;
  config: Config;
  clock: Clock;
}

export const TOOL_NAMES = [
  "list_bookings",
  "get_booking",
  "list_arrivals",
  "list_departures",
  "list_customers",
  "get_customer",
  "list_customer_pets",
  "list_customer_bookings",
  "list_pets",
  "get_pet",
  "check_api_status",
] as const;

const READ_ONLY = {
  readOnlyHint: true,
  destructiveHint: false,
  idempotentHint: true,
  openWorldHint: true,
} as const;

const PRIVACY = "Results contain real customer names, contact details and veterinary details.";

// --- input pieces -------------------------------------------------------------------------------

const id = (what: string) =>
  z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).describe(`The ${what} id (an integer).`);
const page = z.number().int().min(1).optional().describe("One-based page number. Default 1.");
const pageSize = z
  .number()
  .int()
  .min(1)
  .max(100)
  .optional()
  .describe("Records per page, 1 to 100. Default 25. Smaller pages answer faster.");
const dateOrDateTime = (what: string) =>
  z
    .string()
    .refine((s) => isIsoDate(s) || !Number.isNaN(Date.parse(s)), "an ISO 8601 date (YYYY-MM-DD) or date-time")
    .optional()
    .describe(
      `${what}: an ISO 8601 date-time (for example 2026-11-24T00:00:00Z) or a date YYYY-MM-DD, taken as that whole day in the kennel's time zone.`,
    );
const day = z
  .string()
  .refine(isIsoDate, "a real date written YYYY-MM-DD")
  .optional()
  .describe("The day, YYYY-MM-DD. Default: today in the kennel's time zone.");
const bookingFilters = {
  from: dateOrDateTime("Start of the date range (bookings whose stay overlaps the range)"),
  to: dateOrDateTime("End of the date range"),
  bookingType: z.string().max(100).optional().describe('Booking type, for example "boarding".'),
  status: z.string().max(100).optional().describe('Booking status, for example "confirmed" or "new".'),
  search: z.string().max(200).optional().describe("Free text: reference, customer name, pet names."),
  page,
  pageSize,
};

// --- helpers ------------------------------------------------------------------------------------

type ToolResult = {
  content: Array<{ type: "text"; text: string }>;
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
};

function answer(text: string, structured: Record<string, unknown>): ToolResult {
  return { content: [{ type: "text", text }], structuredContent: structured };
}

function failure(error: unknown, log: Logger, tool: string): ToolResult {
  if (isKennelError(error)) {
    log.warn({ tool, err: error.toJSON() }, `${tool}: ${error.kind}`);
    const id = error.requestId ? ` (request id ${error.requestId})` : "";
    return {
      content: [{ type: "text", text: `${error.message} ${error.hint}${id}` }],
      structuredContent: {
        error: {
          kind: error.kind,
          message: error.message,
          hint: error.hint,
          requestId: error.requestId,
          status: error.status,
        },
      },
      isError: true,
    };
  }
  log.error({ tool, err: error }, `${tool}: unexpected error`);
  return {
    content: [
      {
        type: "text",
        text: `The connector hit an unexpected problem: ${String((error as Error)?.message ?? error)}`,
      },
    ],
    isError: true,
  };
}

/** A paged list's answer: the page line, one line a record, and the page's numbers and items. */
function pagedAnswer<T>(
  r: { data: Page<T>; raw: unknown; requestId: string },
  noun: string,
  line: (item: T) => string,
  raw: boolean,
): ToolResult {
  const p = r.data;
  const text = [pageLine(p, noun), ...p.items.map((item) => `- ${line(item)}`)].join("\n");
  if (raw) return answer(text, { raw: r.raw, requestId: r.requestId });
  return answer(text, {
    page: p.page,
    pageSize: p.pageSize,
    totalRecords: p.totalRecords,
    totalPages: p.totalPages,
    items: p.items,
    requestId: r.requestId,
  });
}

export function createMcpServer(deps: McpDeps, version = "0.1.0"): McpServer {
  const { kennel, log, config } = deps;
  const tz = config.timezone;
  const raw = config.rawResponses;
  const server = new McpServer(
    { name: "kennel-desk", version },
    {
      instructions: `Read-only access to one kennel's bookings, customers and pets. Times are shown in ${tz}; structured content keeps the API's UTC date-times. ${PRIVACY}`,
    },
  );

  /** Runs a tool body, turning any failure into a tool error. */
  const tool = <A>(name: string, body: (args: A) => Promise<ToolResult>) => {
    return async (args: A): Promise<ToolResult> => {
      try {
        return await body(args);
      } catch (error) {
        return failure(error, log, name);
      }
    };
  };

  /** A date alone is the whole day in the kennel's zone, sent as UTC; a date-time passes through. */
  const rangeStart = (s?: string) => (s && isIsoDate(s) ? dayStartIso(s, tz) : s);
  const rangeEnd = (s?: string) => (s && isIsoDate(s) ? dayEndIso(s, tz) : s);
  const today = () => localDate(deps.clock.now(), tz);

  server.registerTool(
    "list_bookings",
    {
      title: "List bookings",
      description: `Bookings filtered by date range, type, status, customer or free text; paged (GET /bookings). ${PRIVACY}`,
      inputSchema: {
        ...bookingFilters,
        customerId: id("customer").optional(),
        serviceId: id("service").optional(),
      },
      annotations: { title: "List bookings", ...READ_ONLY },
    },
    tool("list_bookings", async (a) => {
      const r = await kennel.listBookings(
        {
          from: rangeStart(a.from),
          to: rangeEnd(a.to),
          bookingType: a.bookingType,
          status: a.status,
          customerId: a.customerId,
          serviceId: a.serviceId,
          search: a.search,
        },
        { page: a.page, pageSize: a.pageSize },
      );
      return pagedAnswer(r, "bookings", (b) => bookingLine(b, tz), raw);
    }),
  );

  server.registerTool(
    "get_booking",
    {
      title: "Get a booking",
      description: `One booking, by its id (GET /bookings/{id}) or by its reference (GET /bookings/reference/{reference}, which omits phone, email and room). Give exactly one of id or reference. ${PRIVACY}`,
      inputSchema: {
        id: id("booking").optional(),
        reference: z
          .string()
          .min(1)
          .max(200)
          .optional()
          .describe("The booking reference, for example HP-7K2M9Q."),
      },
      annotations: { title: "Get a booking", ...READ_ONLY },
    },
    tool("get_booking", async (a) => {
      if ((a.id === undefined) === (a.reference === undefined)) {
        return { content: [{ type: "text", text: "Give exactly one of id or reference." }], isError: true };
      }
      const r =
        a.id !== undefined
          ? await kennel.getBooking(a.id)
          : await kennel.getBookingByReference(a.reference as string);
      return answer(
        bookingLine(r.data, tz),
        raw ? { raw: r.raw, requestId: r.requestId } : { booking: r.data, requestId: r.requestId },
      );
    }),
  );

  for (const [name, which] of [
    ["list_arrivals", "arrivals"],
    ["list_departures", "departures"],
  ] as const) {
    server.registerTool(
      name,
      {
        title: which === "arrivals" ? "List a day's arrivals" : "List a day's departures",
        description: `One day's ${which} (GET /bookings/${which === "arrivals" ? "checkin" : "checkout"}), in the kennel's time zone (${tz}). ${PRIVACY}`,
        inputSchema: { date: day },
        annotations: { title: which === "arrivals" ? "Arrivals" : "Departures", ...READ_ONLY },
      },
      tool(name, async (a) => {
        const date = a.date ?? today();
        const r = which === "arrivals" ? await kennel.listArrivals(date) : await kennel.listDepartures(date);
        const text = [
          `${r.data.length} ${which} on ${date}.`,
          ...r.data.map((b) => `- ${bookingLine(b, tz)}`),
        ].join("\n");
        return answer(
          text,
          raw
            ? { raw: r.raw, requestId: r.requestId }
            : { date, count: r.data.length, items: r.data, requestId: r.requestId },
        );
      }),
    );
  }

  server.registerTool(
    "list_customers",
    {
      title: "List customers",
      description: `Customers by name, email or mobile number, or created/updated since a date; paged (GET /customers). Each comes with consent settings and pets. ${PRIVACY}`,
      inputSchema: {
        search: z.string().max(200).optional().describe("Name, email or mobile number (or part of one)."),
        createdSince: dateOrDateTime("Created on or after"),
        updatedSince: dateOrDateTime("Updated on or after"),
        archived: z.boolean().optional().describe("true: only archived customers; false: only current ones."),
        page,
        pageSize,
      },
      annotations: { title: "List customers", ...READ_ONLY },
    },
    tool("list_customers", async (a) => {
      const r = await kennel.listCustomers(
        {
          search: a.search,
          createdSince: rangeStart(a.createdSince),
          updatedSince: rangeStart(a.updatedSince),
          archived: a.archived,
        },
        { page: a.page, pageSize: a.pageSize },
      );
      return pagedAnswer(r, "customers", (c) => customerLine(c), raw);
    }),
  );

  server.registerTool(
    "get_customer",
    {
      title: "Get a customer",
      description: `One customer with contact details, second and emergency contacts, consent settings and pets (GET /customers/{id}). ${PRIVACY}`,
      inputSchema: { customerId: id("customer") },
      annotations: { title: "Get a customer", ...READ_ONLY },
    },
    tool("get_customer", async (a) => {
      const r = await kennel.getCustomer(a.customerId);
      return answer(
        customerText(r.data),
        raw ? { raw: r.raw, requestId: r.requestId } : { customer: r.data, requestId: r.requestId },
      );
    }),
  );

  server.registerTool(
    "list_customer_pets",
    {
      title: "List a customer's pets",
      description: `The customer's pets with their care records (GET /customers/{id}/pets). ${PRIVACY}`,
      inputSchema: { customerId: id("customer") },
      annotations: { title: "A customer's pets", ...READ_ONLY },
    },
    tool("list_customer_pets", async (a) => {
      const r = await kennel.listCustomerPets(a.customerId);
      const text = [
        `${r.data.length} pets of customer ${a.customerId}.`,
        ...r.data.map((p) => `- ${petLine(p)}`),
      ].join("\n");
      return answer(
        text,
        raw
          ? { raw: r.raw, requestId: r.requestId }
          : { customerId: a.customerId, items: r.data, requestId: r.requestId },
      );
    }),
  );

  server.registerTool(
    "list_customer_bookings",
    {
      title: "List a customer's bookings",
      description: `The customer's booking history, filtered and paged (GET /customers/{id}/bookings). ${PRIVACY}`,
      inputSchema: { customerId: id("customer"), ...bookingFilters },
      annotations: { title: "A customer's bookings", ...READ_ONLY },
    },
    tool("list_customer_bookings", async (a) => {
      const r = await kennel.listCustomerBookings(
        a.customerId,
        {
          from: rangeStart(a.from),
          to: rangeEnd(a.to),
          bookingType: a.bookingType,
          status: a.status,
          search: a.search,
        },
        { page: a.page, pageSize: a.pageSize },
      );
      return pagedAnswer(r, "bookings", (b) => bookingLine(b, tz), raw);
    }),
  );

  server.registerTool(
    "list_pets",
    {
      title: "List pets",
      description: `Pets by name, owner's name, species or breed; paged (GET /pets). ${PRIVACY}`,
      inputSchema: {
        name: z.string().max(100).optional().describe("The pet's name, or part of it."),
        owner: z.string().max(100).optional().describe("The owner's name, or part of it."),
        species: z.string().max(50).optional().describe('Species, for example "Dog" or "Cat".'),
        breed: z.string().max(100).optional().describe("Breed, or part of it."),
        page,
        pageSize,
      },
      annotations: { title: "List pets", ...READ_ONLY },
    },
    tool("list_pets", async (a) => {
      const r = await kennel.listPets(
        { name: a.name, owner: a.owner, species: a.species, breed: a.breed },
        { page: a.page, pageSize: a.pageSize },
      );
      return pagedAnswer(r, "pets", (p) => petLine(p), raw);
    }),
  );

  server.registerTool(
    "get_pet",
    {
      title: "Get a pet's care record",
      description: `One pet's full care record: diet (general, morning, midday, evening), up to five medications with morning, midday and evening instructions, allergies, medical notes, insurer, evaluation, notes (GET /pets/{id}). ${PRIVACY}`,
      inputSchema: { petId: id("pet") },
      annotations: { title: "Get a pet", ...READ_ONLY },
    },
    tool("get_pet", async (a) => {
      const r = await kennel.getPet(a.petId);
      return answer(
        petText(r.data),
        raw ? { raw: r.raw, requestId: r.requestId } : { pet: r.data, requestId: r.requestId },
      );
    }),
  );

  server.registerTool(
    "check_api_status",
    {
      title: "Check the kennel API",
      description:
        "Whether the kennel API is up and accepts the key (GET /health). Tells apart: ok, unreachable (down, failing or too slow), wrong_address (the base URL does not lead to the API) and key_rejected.",
      inputSchema: {},
      annotations: { title: "API status", ...READ_ONLY },
    },
    tool("check_api_status", async () => {
      const report = await kennel.checkStatus();
      const words = describeStatus(report);
      const text = [
        `${report.state}: ${words.headline}`,
        words.detail ? `What happened: ${words.detail}` : undefined,
        words.ok ? undefined : `What to do: ${words.action}`,
        `Address: ${report.baseUrl} · request id ${report.requestId ?? "none"} · ${report.durationMs} ms`,
      ]
        .filter(Boolean)
        .join("\n");
      return answer(text, {
        state: report.state,
        ok: words.ok,
        message: words.headline,
        detail: words.detail,
        action: words.action,
        baseUrl: report.baseUrl,
        requestId: report.requestId,
        durationMs: report.durationMs,
      });
    }),
  );

  return server;
}
