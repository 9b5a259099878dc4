/**
 * The setup page offline, in a real browser (Debian's Chromium, playwright-core): Slack cannot be
 * reached (SLACK_API_URL at a port nothing listens on), the kennel's part checks ✓, and it is saved on
 * its own ("Save the kennel settings now; connect Slack later"); a reload shows it saved, with Slack
 * still to connect. ".env.bak" is mentioned only once there is a file to keep.
 */
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseEnv } from "node:util";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { silentLogger } from "../../src/log.ts";
import { type Preview, startPreview } from "../../src/preview/server.ts";
import { type Sandbox, startSandbox } from "../../src/sandbox/server.ts";
import { useBrowserPage } from "../helpers/browser.ts";
import { freePort } from "../helpers/net.ts";

let sandbox: Sandbox;
let preview: Preview;
let page: Page;
let envFile: string;

beforeAll(async () => {
  sandbox = await startSandbox({ seed: 4, customers: 20, today: "2026-11-22", timezone: "Europe/London" });
  envFile = join(mkdtempSync(join(tmpdir(), "kd-setup-offline-")), ".env");
  preview = await startPreview({
    port: 0,
    timezone: "Europe/London",
    log: silentLogger(),
    customers: 20,
    envFile,
    // Slack out of reach: nothing listens there.
    slackApiUrl: `http://127.0.0.1:${await freePort()}/api/`,
  });
}, 60_000);

afterAll(async () => {
  await preview?.close();
  await sandbox?.close();
});

useBrowserPage(
  () => `${preview.url}/setup`,
  async (opened) => {
    page = opened;
    await page.waitForSelector('body[data-state="loaded"]');
  },
  { timezoneId: "Europe/London", viewport: { width: 1100, height: 900 } },
);

const result = (id: string) => page.locator(`#${id}`);

describe("the setup page while Slack cannot be reached", () => {
  it("with no file yet, says nothing of .env.bak", async () => {
    await expect(page.locator("#env-file").textContent()).resolves.not.toContain(".env.bak");
  });

  it("Save refuses Slack's part and offers the kennel's alone; that saves the kennel's lines only", async () => {
    await page.fill("#bot-token", "xoxb-1111-2222-offlinebottoken");
    await expect.poll(() => result("bot-result").textContent()).toMatch(/could not reach Slack/);
    await page.fill("#kennel-url", sandbox.url);
    await page.fill("#kennel-key", sandbox.keys.main);
    await expect
      .poll(() => result("kennel-result").textContent())
      .toMatch(/✓ The kennel API is up and accepted the key/);
    await page.click("#save");
    await expect.poll(() => result("save-result").textContent()).toMatch(/✗ Not saved: fix these first/);
    await page.click("#save-kennel");
    await expect
      .poll(() => result("save-result").textContent())
      .toMatch(/✓ Saved the kennel settings \(KENNEL_API_BASE_URL, KENNEL_API_KEY, KENNEL_TIMEZONE\)/);
    await expect(result("save-result").textContent()).resolves.not.toContain(".env.bak");
    const saved = parseEnv(readFileSync(envFile, "utf8"));
    expect(saved.KENNEL_API_BASE_URL).toBe(sandbox.url);
    expect(saved.KENNEL_API_KEY).toBe(sandbox.keys.main);
    expect(saved.KENNEL_TIMEZONE).toBe("Europe/London");
    expect(Object.keys(saved).filter((k) => k.startsWith("SLACK_"))).toEqual([]);
    // Slack's box keeps what was pasted, for when Slack can be reached; the key leaves the page.
    await expect(page.locator("#bot-token").inputValue()).resolves.toBe("xoxb-1111-2222-offlinebottoken");
    await expect(page.locator("#kennel-key").inputValue()).resolves.toBe("");
  });

  it("survives a reload: the kennel's part shown saved (and checked again), Slack's still to connect", async () => {
    await page.reload();
    await page.waitForSelector('body[data-state="loaded"]');
    await expect(page.locator("#kennel-url").inputValue()).resolves.toBe(sandbox.url);
    await expect(page.locator("#kennel-key").getAttribute("placeholder")).resolves.toMatch(/^Saved: set/);
    await expect.poll(() => result("kennel-result").textContent()).toMatch(/The saved one: ✓|✓/);
    await expect(result("save-result").textContent()).resolves.toMatch(
      /✓ The kennel settings are saved in .*Slack is still to connect/,
    );
    // Now there is a file: Save keeps it as .env.bak, and says so.
    await expect(page.locator("#env-file").textContent()).resolves.toContain(".env.bak");
  });
});
