/**
 * The bot's forms in the preview, in a real browser, as a newcomer uses them before Slack: the care
 * plan (its form, the refusal, the edit form pushed over it with its selects, dates and initial
 * values, Back, Save updating the form, Confirm closing it), the record form (outcomes from selects, a
 * dose not given with its reason), and the as-needed dose form (a date and time on the kennel's clock,
 * the warning past the plan's limit with its checkbox and note). The browser runs in another time
 * zone than the kennel's, so a date and time read on the page's own clock would be caught.
 */
import { type Browser, chromium, type Locator, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { planState } from "../../src/domain/plan/state.ts";
import type { Plan } from "../../src/domain/plan/types.ts";
import { silentLogger } from "../../src/log.ts";
import { PREVIEW_USERS, type Preview, startPreview } from "../../src/preview/server.ts";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const ZONE = "Europe/London";
let preview: Preview;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  preview = await startPreview({ port: 0, timezone: ZONE, log: silentLogger(), customers: 120, seed: 5 });
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"],
  });
  page = await browser.newPage({ viewport: { width: 1280, height: 900 }, timezoneId: "Pacific/Auckland" });
  await page.goto(preview.url);
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await preview?.close();
});

async function type(command: string) {
  const before = await page.locator("#log .msg").count();
  await page.fill("#input", command);
  await page.press("#input", "Enter");
  await expect.poll(() => page.locator("#log .msg").count()).toBeGreaterThan(before);
}

/**
 * A pet's line on a fresh morning sheet, and its buttons (the morning round is on it whatever the
 * time of day the test runs): once its line is drawn again (a sheet is several messages).
 */
async function onMorningSheet(name: string): Promise<{ line: Locator; button: (text: string) => Locator }> {
  const lines = page.locator("#log .bk-section", { hasText: name });
  const before = await lines.count();
  await type("/rounds morning");
  await expect.poll(() => lines.count(), { timeout: 15_000 }).toBeGreaterThan(before);
  const line = lines.last();
  const actions = line.locator("xpath=following-sibling::div[1][contains(@class, 'bk-actions')]");
  return { line, button: (text: string) => actions.locator("button", { hasText: text }) };
}

/** The modal shown: its box, title, a field by its block_id, its buttons (Submit and close). */
const modal = {
  box: () => page.locator("#modal .box"),
  title: () => page.locator("#modal h2").textContent(),
  field: (blockId: string) => page.locator(`#modal .field[data-block-id="${blockId}"]`),
  button: (text: string | RegExp) => page.locator("#modal .buttons button", { hasText: text }),
  closed: () => expect.poll(() => page.locator("#modal").getAttribute("class")).not.toContain("open"),
};

/** A multi-select's chosen options, as its pills show them; and removing them all. */
const pills = async (blockId: string) =>
  (await modal.field(blockId).locator(".pill").allTextContents()).map((t) => t.replace(/✕$/, ""));
async function unpick(blockId: string) {
  const remove = modal.field(blockId).locator(".pill button");
  while ((await remove.count()) > 0) await remove.first().click();
}

/** The pet's plan versions kept in the care record, oldest first. */
async function planLog(petName: string) {
  const rows = await preview.record.store.log({ kind: "plan" });
  return rows.map((r) => r.body as { plan: Plan; petName: string }).filter((b) => b.petName === petName);
}

describe("the care plan's forms", () => {
  it("Confirm is refused while items are left to a person; the edit form opens over the plan's form, Back returns", async () => {
    const otis = await onMorningSheet("Otis (Rhys Evans)");
    expect(await otis.line.textContent()).toContain("📋 plan not confirmed");
    await otis.button("📋 Plan…").click();
    await modal.box().waitFor();
    await expect.poll(modal.title).toMatch(/^Plan · Otis/);
    expect(await modal.box().textContent()).toContain("read by a person");
    const versions = (await planLog("Otis")).length;

    await modal.button("Confirm").click();
    await expect.poll(modal.title).toBe("Not recorded");
    expect(await modal.box().textContent()).toContain("Some items were left to a person");
    expect(await modal.button("Confirm").count()).toBe(0);
    expect((await planLog("Otis")).length).toBe(versions);
    await modal.button("Close").click();
    await modal.closed();

    await otis.button("📋 Plan…").click();
    await expect.poll(modal.title).toMatch(/^Plan · Otis/);
    await page.locator("#modal button", { hasText: "✏️ Edit items…" }).click();
    await expect.poll(modal.title).toBe("Edit the plan");
    await expect.poll(() => modal.box().getAttribute("data-depth")).toBe("2");
    // Its initial values: the meal's rounds as pills, its days and kind chosen, a date picker each.
    expect(await pills("rounds:meal")).toEqual(["morning", "evening"]);
    await expect(modal.field("days:meal").locator("select").inputValue()).resolves.toBe("day");
    await expect(modal.field("kind:med:2").locator("select").inputValue()).resolves.toBe("routine");
    await expect(modal.field("start:med:1").locator("input[type=date]").count()).resolves.toBe(1);
    expect(await modal.field("stop:med:1").textContent()).toContain("(optional)");

    // Typed, then Back: the plan's form again; the edit form opens afresh from its button.
    await modal.field("cond:med:2").locator("input").fill("typed then left");
    await modal.button("Back").click();
    await expect.poll(modal.title).toMatch(/^Plan · Otis/);
    await expect.poll(() => modal.box().getAttribute("data-depth")).toBe("1");
    await page.locator("#modal button", { hasText: "✏️ Edit items…" }).click();
    await expect.poll(modal.title).toBe("Edit the plan");
    await expect(modal.field("cond:med:2").locator("input").inputValue()).resolves.toBe("");
  }, 60_000);

  it("Save turns the edit form into the plan's form; Confirm closes both and the sheet no longer asks", async () => {
    // One dose, not two: the owner's own Metacam each morning from today; the kennel's stock as needed.
    await unpick("rounds:med:1");
    expect(await pills("rounds:med:1")).toEqual([]);
    await modal.field("rounds:med:1").locator("select").selectOption("morning");
    expect(await pills("rounds:med:1")).toEqual(["morning"]);
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: ZONE }).format(new Date());
    await modal.field("start:med:1").locator("input").fill(today);
    await unpick("rounds:med:2");
    await modal.field("kind:med:2").locator("select").selectOption("as_needed");
    await modal.field("cond:med:2").locator("input").fill("only if the owner's own runs out");
    // A window the bot refuses: its error on that field, the form kept with what was typed.
    await modal.field("window:med:1").locator("input").fill("soon");
    await modal.button("Save").click();
    await expect
      .poll(() => modal.field("window:med:1").locator(".err").textContent())
      .toMatch(/minutes before/);
    expect(await pills("rounds:med:1")).toEqual(["morning"]);
    await modal.field("window:med:1").locator("input").fill("");
    await modal.button("Save").click();

    await expect.poll(modal.title).toMatch(/^Plan · Otis/);
    const form = await modal.box().textContent();
    expect(form).not.toContain("read by a person");
    expect(form).toMatch(/Owner's own Metacam · morning · every day · from /);
    expect(form).toMatch(/Kennel stock Metacam · every day · as needed: only if the owner's own runs out/);
    const saved = (await planLog("Otis")).at(-1)?.plan;
    expect(saved?.items.map((i) => [i.key, i.when.rounds.map((r) => r.round), i.kind.kind])).toEqual([
      ["meal", ["morning", "evening"], "routine"],
      ["med:1", ["morning"], "routine"],
      ["med:2", [], "as_needed"],
    ]);
    expect(saved?.items[1]?.when.start).toBe(today);
    expect(saved && planState(saved)).toBe("draft");

    await modal.button("Confirm").click();
    await modal.closed();
    const confirmed = (await planLog("Otis")).at(-1)?.plan;
    expect(confirmed && planState(confirmed)).toBe("confirmed");
    expect(confirmed?.confirmations.map((c) => c.userId)).toEqual([PREVIEW_USERS.staff]);
    // Its answer among the app's messages (the form was opened from inside a modal, no channel).
    const dm = () => preview.slack.timeline.filter((m) => m.channel === PREVIEW_USERS.staff).at(-1)?.text;
    await expect.poll(dm).toMatch(/^✅ Plan confirmed/);
    const after = await onMorningSheet("Otis (Rhys Evans)");
    expect(await after.line.textContent()).not.toContain("plan not confirmed");
    await expect(after.button("📋 Plan…").count()).resolves.toBe(0);
  }, 60_000);
});
