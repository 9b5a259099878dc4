/** manifest.yml: valid YAML that Slack can read, declaring every command the bot answers and the Home tab. */
import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";

const manifest = parse(readFileSync(new URL("../manifest.yml", import.meta.url), "utf8")) as {
  features: {
    app_home: Record<string, boolean>;
    slash_commands: Array<{ command: string; description: string }>;
  };
  oauth_config: { scopes: { bot: string[] } };
  settings: { event_subscriptions: { bot_events: string[] }; interactivity: { is_enabled: boolean } };
};

/** The commands the listeners register: `app.command("/x", …)` in src/listeners/commands/. */
function registeredCommands(): string[] {
  const dir = new URL("../src/listeners/commands/", import.meta.url);
  return readdirSync(dir)
    .flatMap((f) =>
      [...readFileSync(new URL(f, dir), "utf8").matchAll(/app\.command\(\s*"(\/\w+)"/g)].map(
        (m) => m[1] as string,
      ),
    )
    .sort();
}

describe("manifest.yml", () => {
  it("declares exactly the slash commands the bot answers, each with a description Slack accepts", () => {
    const declared = manifest.features.slash_commands.map((c) => c.command).sort();
    expect(declared).toEqual(registeredCommands());
    expect(declared).toEqual(expect.arrayContaining(["/inhouse", "/rounds"]));
    for (const c of manifest.features.slash_commands) expect(c.description.length).toBeLessThanOrEqual(100);
  });

  it("has the Home tab, the messages tab its buttons answer in, interactivity and app_home_opened", () => {
    expect(manifest.features.app_home.home_tab_enabled).toBe(true);
    expect(manifest.features.app_home.messages_tab_enabled).toBe(true);
    expect(manifest.settings.interactivity.is_enabled).toBe(true);
    expect(manifest.settings.event_subscriptions.bot_events).toContain("app_home_opened");
    expect(manifest.oauth_config.scopes.bot).toEqual(
      expect.arrayContaining([
        "commands",
        "chat:write",
        "users:read",
        "channels:history",
        "files:write",
        "im:write",
        "im:history",
      ]),
    );
  });
});
