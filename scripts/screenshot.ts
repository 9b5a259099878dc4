/**
 * `npm run screenshot`: the README's picture (docs/preview.png), made from the preview itself: the
 * midday round's sheet in the channel beside the Home tab, in Chromium (CHROMIUM_PATH, else Debian's).
 * Run it again after a change to what the bot shows; commit the PNG. `--setup` also saves the
 * setup page (docs/setup.png).
 */
import { writeFileSync } from "node:fs";
import { chromium } from "playwright-core";
import { silentLogger } from "../src/log.ts";
import { startPreview } from "../src/preview/server.ts";
import { ensureChromium } from "./ensure-chromium.ts";

const OUT = new URL("../docs/preview.png", import.meta.url);
const SETUP_OUT = new URL("../docs/setup.png", import.meta.url);

const browserPath = ensureChromium(process.env, (line) => process.stdout.write(`${line}\n`));
if (browserPath.problem) {
  process.stderr.write(`${browserPath.problem}\n`);
  process.exit(1);
}
// The setup page only shows where it would save (it saves nothing here): a typical folder, not this one.
const preview = await startPreview({
  port: 0,
  timezone: "Europe/London",
  log: silentLogger(),
  envFile: "/opt/kennel-desk/.env",
});
const browser = await chromium.launch({
  executablePath: browserPath.path,
  args: ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"],
});
try {
  const context = await browser.newContext({
    viewport: { width: 900, height: 860 },
    deviceScaleFactor: 1,
    timezoneId: "Europe/London",
  });
  const channel = await context.newPage();
  await channel.goto(preview.url);
  await channel.fill("#input", "/rounds midday");
  await channel.press("#input", "Enter");
  const header = channel.locator("#log .bk-header", { hasText: "round" }).first();
  await header.waitFor();
  await channel.waitForTimeout(300);
  // The sheet from its header down (the newest message would otherwise show its end).
  await header.evaluate((e) => e.closest(".msg")?.scrollIntoView({ block: "start" }));
  const left = await channel.screenshot();

  const home = await context.newPage();
  await home.goto(preview.url);
  await home.click("#nav-home");
  await home.locator("#home-view .bk-header").first().waitFor();
  await home.waitForTimeout(300);
  const right = await home.screenshot();

  // The two side by side, drawn by the browser itself (no image library needed).
  const sheet = await context.newPage();
  await sheet.setViewportSize({ width: 1820, height: 860 });
  const img = (png: Buffer, alt: string) =>
    `<img alt="${alt}" src="data:image/png;base64,${png.toString("base64")}" style="width:900px;height:860px;border:1px solid #ccc">`;
  await sheet.setContent(
    `<body style="margin:0;display:flex;gap:10px;padding:0;background:#fff">${img(left, "round sheet")}${img(right, "Home tab")}</body>`,
  );
  writeFileSync(OUT, await sheet.screenshot());
  process.stdout.write(`Wrote ${OUT.pathname}\n`);

  if (process.argv.includes("--setup")) {
    const setup = await context.newPage();
    await setup.setViewportSize({ width: 1000, height: 1400 });
    await setup.goto(`${preview.url}/setup`);
    await setup.locator("#manifest", { hasText: "Kennel Desk" }).waitFor({ state: "attached" });
    await setup.locator("#env-file", { hasText: "/opt/kennel-desk/.env" }).waitFor();
    await setup.fill("#port", "3000");
    writeFileSync(SETUP_OUT, await setup.screenshot({ fullPage: true }));
    process.stdout.write(`Wrote ${SETUP_OUT.pathname}\n`);
  }
} finally {
  await browser.close();
  await preview.close();
}
