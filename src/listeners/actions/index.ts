import type { App } from "@slack/bolt";
import type { BotDeps } from "../bot-deps.ts";
import { registerCustomerBookings } from "./customer-bookings.ts";
import { registerDayPage } from "./day-page.ts";
import { registerOpenBooking } from "./open-booking.ts";
import { registerOpenCustomer } from "./open-customer.ts";
import { registerOpenPet } from "./open-pet.ts";
import { registerSearchPages } from "./search-pages.ts";

export function register(app: App, deps: BotDeps): void {
  registerDayPage(app, deps);
  registerOpenPet(app, deps);
  registerOpenCustomer(app, deps);
  registerOpenBooking(app, deps);
  registerCustomerBookings(app, deps);
  registerSearchPages(app, deps);
}
