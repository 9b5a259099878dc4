/**
 * The assistant connector: a Model Context Protocol server with the spec's eleven read-only tools
 * (docs/kennel-api.md, "What the service does"), the care day's two (list_in_house, get_round,
 * as Slack's /inhouse and /rounds), get_care_plan (each stay's care plans), and get_care_record and get_medicine_stock where the care record can be read. Each tool lives in
 * src/mcp/tools/ and answers through the same answers as Slack (src/answers/), drawn as plain text
 * by src/text/ with the answer's data as structured content; failures are tool errors described
 * once (src/answers/failure.ts). Standard output carries the protocol and nothing else (logs go to
 * standard error).
 */
import type { Deps } from "../deps.ts";
import { PRIVACY, ToolServer } from "./tool.ts";
import * as booking from "./tools/booking.ts";
import * as bookings from "./tools/bookings.ts";
import * as carePlan from "./tools/care-plan.ts";
import * as careRecord from "./tools/care-record.ts";
import * as customer from "./tools/customer.ts";
import * as customerBookings from "./tools/customer-bookings.ts";
import * as customerPets from "./tools/customer-pets.ts";
import * as customers from "./tools/customers.ts";
import * as day from "./tools/day.ts";
import * as house from "./tools/house.ts";
import * as medicineStock from "./tools/medicine-stock.ts";
import * as pet from "./tools/pet.ts";
import * as pets from "./tools/pets.ts";
import * as round from "./tools/round.ts";
import * as status from "./tools/status.ts";

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
  "list_in_house",
  "get_round",
  "get_care_plan",
] as const;

const TOOLS = [
  bookings,
  booking,
  day,
  customers,
  customer,
  customerPets,
  customerBookings,
  pets,
  pet,
  status,
  house,
  round,
  careRecord,
  carePlan,
  medicineStock,
];

export function createMcpServer(deps: Deps, version = "0.1.0"): ToolServer {
  const server = new ToolServer(
    { name: "kennel-desk", version },
    `Read-only access to one kennel's bookings, customers and pets. Times are shown in ${deps.config.timezone}; structured content keeps the API's UTC date-times. ` +
      `list_arrivals and list_departures give the day as the front desk sees it in Slack (cancelled, no-show and waitlisted bookings left out and counted); list_in_house and get_round give who is in house and a round's feeding and medication sheet as Slack's /inhouse and /rounds do, without contact details. ${PRIVACY}`,
    deps,
  );
  for (const tool of TOOLS) tool.register(server, deps);
  return server;
}
