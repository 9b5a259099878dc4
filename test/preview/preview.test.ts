/**
 * The preview in a real browser: Debian's Chromium (or CHROMIUM_PATH) driven by playwright-core.
 * Commands are typed, buttons clicked, and what the page shows is checked, emoji as text (the glyphs
 * need an emoji font, which `npm test` installs with Chromium as root but cannot require elsewhere).
 * Without a browser this file fails, saying what to do; the unit tests do not depend on it.
 */
import { type Browser, chromium, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chromiumFor } from "../../scripts/ensure-chromium.ts";
import { silentLogger } from "../../src/log.ts";
import { type Preview, startPreview } from "../../src/preview/server.ts";

let preview: Preview;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  const browserFound = chromiumFor(process.env);
  if (browserFound.problem) throw new Error(browserFound.problem);
  preview = await startPreview({
    port: 0,
    timezone: "Europe/London",
    log: silentLogger(),
    customers: 200,
    seed: 5,
  });
  browser = await chromium.launch({
    executablePath: browserFound.path,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
  page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await page.goto(preview.url);
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await preview?.close();
});

async function type(command: string) {
  await page.fill("#input", command);
  await page.press("#input", "Enter");
}

const lastMessage = () => page.locator(".msg").last();

describe("the preview in a browser", () => {
  it("shows it is a preview and how to connect Slack", async () => {
    await expect(page.locator("#banner").textContent()).resolves.toMatch(
      /Preview\..*synthetic data.*Connecting to Slack/,
    );
  });

  it("/departures on a busy day: header, entries with mrkdwn, Next replaces the page", async () => {
    // The sandbox's busy days follow today's date, so the header's date is worked out, not written in.
    const day = preview.sandbox.data.busyDays[0] as string;
    const heading = `Departures — ${new Date(`${day}T12:00:00Z`).toLocaleDateString("en-GB", {
      weekday: "short",
      day: "numeric",
      month: "short",
      timeZone: "UTC",
    })}`;
    await type(`/departures ${day}`);
    const header = page.locator(".bk-header", { hasText: heading });
    await header.first().waitFor();
    const msg = page.locator(".msg", { has: header });
    await expect(msg.locator(".bk-section").count()).resolves.toBe(20);
    await expect(msg.locator(".bk-section b").count()).resolves.toBeGreaterThan(20);
    await expect(msg.locator("code").count()).resolves.toBe(20);
    // Emoji reach the page as text (whether they show as glyphs depends on the machine's fonts).
    await expect(msg.textContent()).resolves.toContain("💊");
    await expect(msg.locator(".bk-context").first().textContent()).resolves.toMatch(/showing 1–20 of \d+/);
    await msg.locator("button", { hasText: "Next ▶" }).click();
    await page.locator(".bk-context", { hasText: "showing 21–40" }).waitFor();
    // Replaced in place: still one departures list, now with Previous.
    await expect(page.locator(".bk-header", { hasText: heading }).count()).resolves.toBe(1);
    await expect(page.locator("button", { hasText: "◀ Previous" }).count()).resolves.toBe(1);
  });

  it("/pet NAME with several matches: a list whose Open button shows the care summary, only to you", async () => {
    await type("/pet a");
    await page.locator(".bk-header", { hasText: "Pets matching “a”" }).waitFor();
    await page
      .locator(".msg", { hasText: "Pets matching" })
      .last()
      .locator("button", { hasText: "Open" })
      .first()
      .click();
    await page.locator(".bk-section", { hasText: "Medication" }).last().waitFor();
    const card = lastMessage();
    await expect(card.textContent()).resolves.toMatch(/Only visible to you/);
    await expect(card.textContent()).resolves.toMatch(/Morning/);
  });

  it("hostile text from the API shows as text and pings nobody", async () => {
    const pet = preview.sandbox.main.pets.find(
      (p) => String(p.notes).includes("<!channel>") && !p.deleted,
    ) as Record<string, unknown>;
    await type(`/pet ${pet.petId}`);
    await page.locator(".bk-section", { hasText: "please call before 9" }).last().waitFor();
    const card = lastMessage();
    await expect(card.textContent()).resolves.toContain("<!channel> please call before 9");
    await expect(card.locator(".mention").count()).resolves.toBe(0);
  });

  it("/kennel help, an unknown booking, an unknown command", async () => {
    await type("/kennel help");
    await page.locator(".bk-header", { hasText: "Kennel Desk: what you can ask" }).waitFor();
    await type("/booking NOPE-1");
    await page.locator(".msg", { hasText: 'No booking with reference "NOPE-1" was found' }).waitFor();
    await expect(lastMessage().textContent()).resolves.toMatch(/Request id: sbx-/);
    await type("/dance");
    await page.locator(".msg", { hasText: "/dance is not a Kennel Desk command" }).waitFor();
  });

  it("renders mrkdwn as Slack does: bold, italic, strike, code, links, mentions, emoji shortcodes", async () => {
    const html = await page.evaluate(() =>
      (globalThis as unknown as { mrkdwn: (s: string) => string }).mrkdwn(
        "*bold* _italic_ ~strike~ `code` <https://example.com|a link> <#C0FRONTDESK> :warning: &lt;b&gt;",
      ),
    );
    expect(html).toContain("<b>bold</b>");
    expect(html).toContain("<i>italic</i>");
    expect(html).toContain("<s>strike</s>");
    expect(html).toContain("<code>code</code>");
    expect(html).toContain(
      '<a href="https://example.com" target="_blank" rel="noopener noreferrer">a link</a>',
    );
    expect(html).toContain('<span class="mention">#front-desk</span>');
    expect(html).toContain("⚠️");
    expect(html).toContain("&lt;b&gt;");
    expect(html).not.toContain("<b>b</b>");
  });
});
