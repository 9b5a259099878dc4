/**
 * The "Connect to Slack" page in a real browser (Debian's Chromium, playwright-core), against the
 * loopback Slack stand-in and the sandbox kennel API: from the preview's banner to a saved .env,
 * each box answering as it is filled, and no secret left in the page afterwards; then as a newcomer
 * goes on: Save with a channel the bot is not in, a reload (the page shows what is saved and keeps
 * "Start Kennel Desk now"), one box changed, and a port change.
 */
import { readFileSync, statSync } from "node:fs";
import { parseEnv } from "node:util";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { manifestScopes } from "../../src/preview/manifest.ts";
import { useBrowserPage } from "../helpers/browser.ts";
import { freePort } from "../helpers/net.ts";
import { useSetupPreview } from "../helpers/preview.ts";

const BOT = "xoxb-1111-2222-browserbottoken";
const APP = "xapp-1-A111-333-browserapptoken";
let page: Page;
let startsAsked = 0;

const setup = useSetupPreview({
  sandbox: { seed: 4, customers: 20, today: "2026-11-22", timezone: "Europe/Paris" },
  teamId: "T0PAWS",
  // As npm start gives it: "Start Kennel Desk now" stops the preview and starts the bot (counted here).
  preview: {
    onStartBot: () => {
      startsAsked++;
    },
  },
});

beforeAll(() => {
  setup.slack.socketUrl = "ws://127.0.0.1:9/link";
  setup.slack.scopes = manifestScopes();
  setup.slack.channels = [
    { id: "C0FRONT", name: "front-desk", is_member: true },
    { id: "C0ROUNDS", name: "rounds", is_member: false },
  ];
});
useBrowserPage(
  () => setup.preview.url,
  (opened) => {
    page = opened;
  },
  { timezoneId: "Europe/Paris", viewport: { width: 1100, height: 900 } },
);

const result = (id: string) => page.locator(`#${id}`);

describe("the setup page in a browser", () => {
  /** Reloads the page and waits until it has read the saved state back (src/preview/assets/setup.js). */
  /** Waits for Save's answer to offer "Save anyway" (its words are in the failure, whatever it said). */
  const waitForSaveAnyway = async () => {
    await expect
      .poll(() => result("save-result").textContent(), { timeout: 30_000 })
      .toMatch(/^✗ Not saved yet: not everything is ready\./);
    await expect(page.locator("#save-anyway").isVisible()).resolves.toBe(true);
  };
  /**
   * Presses Save once every check a fill or a reload started has answered (no box says "Checking…"
   * or "Listing…"; a hint such as "Now the API key." is not a check), then waits until Save is heard:
   * its box says something new.
   */
  const save = async () => {
    const running = page.locator(".result.busy", { hasText: /^(Checking|Listing)/ });
    await expect.poll(() => running.count(), { timeout: 15_000 }).toBe(0);
    const before = await result("save-result").textContent();
    await page.click("#save");
    await expect.poll(() => result("save-result").textContent()).not.toBe(before);
  };
  const reload = async () => {
    await page.reload();
    await page.waitForSelector('body[data-state="loaded"]');
  };

  it("opens from the preview's banner", async () => {
    await page.click("#banner a#connect");
    await page.waitForURL(/\/setup$/);
    await expect(page.locator("h1").textContent()).resolves.toBe("Connect Kennel Desk");
  });

  it("step 1: the manifest carries the name typed, and the link opens Slack with it", async () => {
    await expect.poll(() => page.locator("#manifest").textContent()).toContain('"name": "Kennel Desk"');
    await page.fill("#app-name", "Paws Inn");
    await expect.poll(() => page.locator("#manifest").textContent()).toContain('"name": "Paws Inn"');
    const href = (await page.locator("#create-app").getAttribute("href")) ?? "";
    const url = new URL(href);
    expect(url.host).toBe("api.slack.com");
    expect(JSON.parse(url.searchParams.get("manifest_json") ?? "{}").display_information.name).toBe(
      "Paws Inn",
    );
  });

  it("step 2: a user token is named; the bot token shows the workspace; a bot token in the app box is named", async () => {
    await page.fill("#bot-token", "xoxp-1-2-3-usertoken");
    await expect.poll(() => result("bot-result").textContent()).toMatch(/This is a user token \(xoxp-…\)/);
    await page.fill("#bot-token", BOT);
    await expect
      .poll(() => result("bot-result").textContent())
      .toContain("Slack accepted it: the workspace T0PAWS, as the bot @kennel-desk.");
    await page.fill("#app-token", BOT);
    await expect.poll(() => result("app-result").textContent()).toMatch(/This is the bot token \(xoxb-…\)/);
    await page.fill("#app-token", APP);
    await expect
      .poll(() => result("app-result").textContent())
      .toMatch(/✓ Slack accepted the app-level token/);
  });

  it("step 3: the kennel API checked with status's words; the browser's zone suggested; the bot's channels listed", async () => {
    await page.fill("#kennel-url", setup.sandbox.url);
    await page.fill("#kennel-key", "kd_not_the_key_0000000000");
    await expect.poll(() => result("kennel-result").textContent()).toMatch(/The kennel API refused this key/);
    await page.fill("#kennel-key", setup.sandbox.keys.main);
    await expect
      .poll(() => result("kennel-result").textContent())
      .toMatch(/✓ The kennel API is up and accepted the key/);
    await expect(page.locator("#timezone").inputValue()).resolves.toBe("Europe/Paris");
    await expect(page.locator("#timezone-hint").textContent()).resolves.toMatch(/Suggested: Europe\/Paris/);
    await expect
      .poll(() => page.locator("#digest-channel option").allTextContents())
      .toEqual(["No morning post", "#front-desk", "#rounds (the bot is not in it yet)"]);
    await page.selectOption("#rounds-channel", "C0ROUNDS");
    await expect
      .poll(() => result("channels-result").textContent())
      .toMatch(/not in #rounds yet.*type \/invite @Paws Inn/);
    await page.selectOption("#rounds-channel", "");
    await page.selectOption("#digest-channel", "C0FRONT");
    // The house routine: the default pre-filled, checked by the settings' own parser as it is typed.
    await expect(page.locator("#house-meals").inputValue()).resolves.toBe("morning,evening");
    await page.fill("#house-meals", "morning,brunch");
    await expect
      .poll(() => result("house-meals-result").textContent())
      .toMatch(/^✗ The house routine: "brunch" is not a round/);
    await page.fill("#house-meals", "morning,evening");
    await expect
      .poll(() => result("house-meals-result").textContent())
      .toBe("✓ A pet with no diet on record will have a meal due at: morning and evening.");
  });

  it("step 4: Save refused names the box each problem is in", async () => {
    await page.fill("#kennel-key", "kd_not_the_key_0000000000");
    await save();
    await expect
      .poll(() => result("save-result").textContent(), { timeout: 15_000 })
      .toMatch(/Not saved: fix these first\.The kennel API: The kennel API refused this key/);
    await page.fill("#kennel-key", setup.sandbox.keys.main);
    await expect
      .poll(() => result("kennel-result").textContent())
      .toMatch(/✓ The kennel API is up and accepted the key/);
  });

  it("step 4: Save writes .env, says what next, and leaves no secret in the page", async () => {
    await save();
    await expect.poll(() => result("save-result").textContent(), { timeout: 15_000 }).toMatch(/✓ Saved/);
    await expect(result("save-result").textContent()).resolves.toMatch(/npm start again/);
    const env = readFileSync(setup.envFile, "utf8");
    expect(env).toContain(`SLACK_BOT_TOKEN=${BOT}\n`);
    expect(env).toContain(`SLACK_APP_TOKEN=${APP}\n`);
    expect(env).toContain(`KENNEL_API_KEY=${setup.sandbox.keys.main}\n`);
    expect(env).toContain("KENNEL_TIMEZONE=Europe/Paris\n");
    expect(env).toContain("DIGEST_CHANNEL=C0FRONT\n");
    expect(env).not.toContain("ROUNDS_CHANNEL");
    // The default house routine is the settings' own: no line for it.
    expect(env).not.toContain("KENNEL_HOUSE_MEALS");
    expect(statSync(setup.envFile).mode & 0o777).toBe(0o600);
    for (const id of ["#bot-token", "#app-token", "#kennel-key"]) {
      await expect(page.locator(id).inputValue()).resolves.toBe("");
    }
    const html = await page.content();
    const stored = await page.evaluate(() => JSON.stringify({ ...localStorage, ...sessionStorage }));
    for (const secret of [BOT, APP, setup.sandbox.keys.main]) {
      expect(html).not.toContain(secret);
      expect(stored).not.toContain(secret);
    }
  });

  it("Save with a channel the bot is not in: not saved until accepted, then 'not ready yet' lists it", async () => {
    await page.selectOption("#rounds-channel", "C0ROUNDS");
    await save();
    await expect
      .poll(() => result("save-result").textContent(), { timeout: 15_000 })
      .toMatch(/Not saved yet: not everything is ready\..*ROUNDS_CHANNEL #rounds: the bot is not in #rounds/);
    await expect(page.locator("#save-anyway").textContent()).resolves.toBe(
      "Save anyway: round posts will fail until /invite @Paws Inn in #rounds",
    );
    expect(readFileSync(setup.envFile, "utf8")).not.toContain("ROUNDS_CHANNEL");
    await page.click("#save-anyway");
    await expect.poll(() => result("save-result").textContent(), { timeout: 15_000 }).toMatch(/✓ Saved/);
    await expect(result("save-result").textContent()).resolves.toContain(
      "Not ready yet:Round posts (ROUNDS_CHANNEL) will fail until you type /invite @Paws Inn in #rounds.",
    );
    await expect(page.locator("#save-anyway").isVisible()).resolves.toBe(false);
    expect(readFileSync(setup.envFile, "utf8")).toContain("ROUNDS_CHANNEL=C0ROUNDS\n");
  });

  it("a reload shows each saved setting as saved, checks them again, and keeps Start Kennel Desk now", async () => {
    await reload();
    await expect(page.locator("#bot-token").getAttribute("placeholder")).resolves.toBe(
      `Saved: set, ends …${BOT.slice(-4)}. Leave empty to keep it, or paste a new one.`,
    );
    await expect(page.locator("#kennel-key").getAttribute("placeholder")).resolves.toMatch(
      new RegExp(`^Saved: set, ends …${setup.sandbox.keys.main.slice(-4)}\\.`),
    );
    await expect
      .poll(() => result("bot-result").textContent(), { timeout: 15_000 })
      .toBe("✓ The saved one: Slack accepted it: the workspace T0PAWS, as the bot @kennel-desk.");
    await expect
      .poll(() => result("app-result").textContent(), { timeout: 15_000 })
      .toMatch(/✓ The saved one: Slack accepted the app-level token/);
    await expect(page.locator("#kennel-url").inputValue()).resolves.toBe(setup.sandbox.url);
    await expect
      .poll(() => result("kennel-result").textContent(), { timeout: 15_000 })
      .toMatch(/✓ The saved one: The kennel API is up and accepted the key/);
    await expect.poll(() => page.locator("#rounds-channel").inputValue()).toBe("C0ROUNDS");
    await expect(page.locator("#digest-channel").inputValue()).resolves.toBe("C0FRONT");
    await expect
      .poll(() => result("channels-result").textContent(), { timeout: 15_000 })
      .toMatch(/The bot is not in #rounds yet/);
    await expect(page.locator("#env-file").textContent()).resolves.toMatch(/It holds saved settings/);
    // No "No bot token yet": the Start button is still here while the preview runs.
    await expect(result("save-result").textContent()).resolves.toMatch(
      /^✓ Saved in .*everything Kennel Desk needs/,
    );
    await expect(page.locator("#start-bot").isVisible()).resolves.toBe(true);
    // One box changed, nothing pasted again.
    await page.selectOption("#timezone", "Europe/Dublin");
    await save();
    await waitForSaveAnyway();
    // The app's name typed in step 1 is still the one the invitation names.
    await expect(page.locator("#save-anyway").textContent()).resolves.toMatch(
      /\/invite @Paws Inn in #rounds$/,
    );
    await page.click("#save-anyway");
    await expect.poll(() => result("save-result").textContent(), { timeout: 15_000 }).toMatch(/✓ Saved/);
    await expect(result("save-result").textContent()).resolves.toContain(
      "Kept as saved (their boxes were left empty): SLACK_BOT_TOKEN, SLACK_APP_TOKEN, KENNEL_API_KEY.",
    );
    const env = readFileSync(setup.envFile, "utf8");
    expect(env).toContain("KENNEL_TIMEZONE=Europe/Dublin\n");
    expect(env).toContain(`SLACK_BOT_TOKEN=${BOT}\n`);
    const html = await page.content();
    for (const secret of [BOT, APP, setup.sandbox.keys.main]) expect(html).not.toContain(secret);
  });

  it("a port change: saved, named in what comes next, and shown again after a reload", async () => {
    const previewPort = new URL(setup.preview.url).port;
    await expect(page.locator("#port-where").textContent()).resolves.toBe(
      `(PORT; the preview uses ${previewPort} now and frees it when it stops)`,
    );
    const port = String(await freePort());
    await page.fill("#port", port);
    await expect.poll(() => result("port-result").textContent()).toBe(`✓ Port ${port} is free for the bot.`);
    await save();
    await waitForSaveAnyway();
    await page.click("#save-anyway");
    await expect.poll(() => result("save-result").textContent(), { timeout: 15_000 }).toMatch(/✓ Saved/);
    await expect(result("save-result").textContent()).resolves.toContain(
      `its health check is then http://localhost:${port}/healthz`,
    );
    expect(readFileSync(setup.envFile, "utf8")).toContain(`PORT=${port}\n`);
    await reload();
    await expect.poll(() => page.locator("#port").inputValue()).toBe(port);
    await expect(result("save-result").textContent()).resolves.toContain(`http://localhost:${port}/healthz`);
  });

  it("a house routine per species: saved in .env, read back as the bot reads it, and shown again after a reload", async () => {
    const routine = "dog:morning,evening;cat:breakfast,lunch,dinner";
    await page.fill("#house-meals", routine);
    await expect
      .poll(() => result("house-meals-result").textContent())
      .toMatch(/^✓ .*dog: morning and evening; cat: morning, midday and evening/);
    // The checks the reload started are done (the channels listed): Save checks everything again.
    await expect
      .poll(() => result("channels-result").textContent(), { timeout: 15_000 })
      .toMatch(/The bot is not in #rounds yet/);
    await save();
    await waitForSaveAnyway();
    await page.click("#save-anyway");
    await expect.poll(() => result("save-result").textContent(), { timeout: 15_000 }).toMatch(/✓ Saved/);
    expect(readFileSync(setup.envFile, "utf8")).toContain(`KENNEL_HOUSE_MEALS=${routine}\n`);
    // The rest as saved before: one box changed, nothing else lost.
    expect(readFileSync(setup.envFile, "utf8")).toContain("ROUNDS_CHANNEL=C0ROUNDS\n");
    expect(parseEnv(readFileSync(setup.envFile, "utf8")).KENNEL_HOUSE_MEALS).toBe(routine);
    await reload();
    await expect.poll(() => page.locator("#house-meals").inputValue()).toBe(routine);
  });

  it("Start Kennel Desk now asks the preview to stop and the bot to start", async () => {
    await page.click("#start-bot");
    await expect.poll(() => startsAsked, { timeout: 15_000 }).toBe(1);
    await expect.poll(() => result("start-result").textContent()).toMatch(/The preview is stopping/);
  });
});
