import type { App } from "@slack/bolt";
import type { BotDeps } from "../bot-deps.ts";
import { registerAppHome } from "./app-home.ts";
import { registerStaffEvents } from "./staff.ts";

export function register(app: App, deps: BotDeps): void {
  registerAppHome(app, deps);
  registerStaffEvents(app, deps);
}
