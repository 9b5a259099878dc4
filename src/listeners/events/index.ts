import type { App } from "@slack/bolt";
import type { BotDeps } from "../runner.ts";
import { registerAppHome } from "./app-home.ts";

export function register(app: App, deps: BotDeps): void {
  registerAppHome(app, deps);
}
