/**
 * The Slack app's manifest for the setup page: manifest.yml (the one the README and the tests read),
 * with the name the kennel chose and, for HTTP mode, the public address filled in; and the link that
 * opens Slack's "create an app from a manifest" page with it.
 */
import { readFileSync } from "node:fs";
import { parse } from "yaml";

interface SlashCommand {
  command: string;
  url?: string;
  [key: string]: unknown;
}

export interface AppManifest {
  display_information: { name: string; [key: string]: unknown };
  features: {
    bot_user: { display_name: string; [key: string]: unknown };
    slash_commands: SlashCommand[];
    [key: string]: unknown;
  };
  oauth_config: { scopes: { bot: string[] } };
  settings: {
    socket_mode_enabled: boolean;
    event_subscriptions: { request_url?: string; bot_events: string[] };
    interactivity: { is_enabled: boolean; request_url?: string };
    [key: string]: unknown;
  };
}

/** manifest.yml at the project's root (from src/preview/ and from dist/preview/ alike). */
const MANIFEST_FILE = new URL("../../manifest.yml", import.meta.url);

let cached: AppManifest | undefined;

function baseManifest(): AppManifest {
  cached ??= parse(readFileSync(MANIFEST_FILE, "utf8")) as AppManifest;
  return structuredClone(cached);
}

/** The bot scopes the manifest asks for: the ones a token is compared with. */
export function manifestScopes(): string[] {
  return baseManifest().oauth_config.scopes.bot;
}

/** Slack's limit on an app's name. */
const NAME_MAX = 35;

/** The name as Slack will take it: one line, at most 35 characters; empty: the manifest's own. */
function appName(name: string | undefined): string {
  const clean = (name ?? "")
    .replace(/[\p{Cc}\p{Cf}]/gu, " ")
    .replace(/\s+/g, " ")
    .trim();
  return clean.slice(0, NAME_MAX).trim() || baseManifest().display_information.name;
}

export interface ManifestChoice {
  name?: string | undefined;
  /** Socket Mode (the default: no public address needed) or HTTP (Slack calls `publicUrl`). */
  mode?: "socket" | "http";
  /** HTTP mode: the bot's public https:// address, without /slack/events. */
  publicUrl?: string | undefined;
}

/** The manifest for the kennel's choices. */
export function appManifest(choice: ManifestChoice = {}): AppManifest {
  const m = baseManifest();
  const name = appName(choice.name);
  m.display_information.name = name;
  m.features.bot_user.display_name = name;
  if (choice.mode === "http") {
    m.settings.socket_mode_enabled = false;
    const base = (choice.publicUrl ?? "").trim().replace(/\/+$/, "");
    if (base) {
      const events = `${base}/slack/events`;
      m.settings.event_subscriptions.request_url = events;
      m.settings.interactivity.request_url = events;
      for (const c of m.features.slash_commands) c.url = events;
    }
  }
  return m;
}

/**
 * The link that opens Slack's "Create an app" page with the manifest filled in. The form used:
 * https://api.slack.com/apps?new_app=1&manifest_json=<the manifest as JSON, URL-encoded>, the form
 * Slack documents for opening its "Create an app" dialog with a manifest; Slack then asks which
 * workspace, shows the manifest for review, and creates the app. (Not tried against Slack from the
 * tests, which stay offline: the page also offers the manifest to copy and paste by hand.)
 */
export function createAppLink(manifest: AppManifest): string {
  return `https://api.slack.com/apps?new_app=1&manifest_json=${encodeURIComponent(JSON.stringify(manifest))}`;
}
