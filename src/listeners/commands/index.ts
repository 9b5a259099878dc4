import type { App } from "@slack/bolt";
import type { BotDeps } from "../bot-deps.ts";
import { registerArrivals } from "./arrivals.ts";
import { registerBooking } from "./booking.ts";
import { registerCustomer } from "./customer.ts";
import { registerDepartures } from "./departures.ts";
import { registerInHouse } from "./inhouse.ts";
import { registerKennel } from "./kennel.ts";
import { registerPet } from "./pet.ts";
import { registerRounds } from "./rounds.ts";

export function register(app: App, deps: BotDeps): void {
  registerArrivals(app, deps);
  registerDepartures(app, deps);
  registerInHouse(app, deps);
  registerRounds(app, deps);
  registerBooking(app, deps);
  registerPet(app, deps);
  registerCustomer(app, deps);
  registerKennel(app, deps);
}
