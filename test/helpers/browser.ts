/**
 * A real browser for the browser tests: Debian's Chromium (or CHROMIUM_PATH) through playwright-core,
 * with nothing of its own reaching past loopback (no background networking, updates or sync).
 */

import { type Browser, type BrowserContextOptions, chromium, type Page } from "playwright-core";
import { afterAll, beforeAll } from "vitest";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/** Starts Chromium headless; the caller closes it. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
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
}

/**
 * One page for a whole test file: after the file's own set-up (call this below its `beforeAll`),
 * Chromium opens `url()` in a 1280×900 page (or as `context` says: a viewport, the browser's own
 * time zone), then `ready` keeps the page and its browser (and may wait for the page further); Chromium is closed after.
 */
export function useBrowserPage(
  url: () => string,
  ready: (page: Page, browser: Browser) => void | Promise<void>,
  context: BrowserContextOptions = {},
): void {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchChromium();
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 }, ...context });
    await page.goto(url());
    await ready(page, browser);
  }, 60_000);
  afterAll(() => browser?.close());
}
