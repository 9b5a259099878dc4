/**
 * The preview in a real browser: Debian's Chromium driven by playwright-core. Commands are typed,
 * buttons clicked, and what the page shows is checked.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PREVIEW_CHANNEL } from "../../src/preview/server.ts";
import { SANDBOX_REFERENCES, sandboxLandmarks } from "../../src/sandbox/data.ts";
import { dayHeading } from "../../src/words/dates.ts";
import { useBrowserPage } from "../helpers/browser.ts";
import { usePreview } from "../helpers/preview.ts";

const preview = usePreview({ customers: 200, seed: 5 });
let browser: Browser;
let page: Page;
useBrowserPage(
  () => preview().url,
  (opened, launched) => {
    page = opened;
    browser = launched;
  },
);

async function type(command: string) {
  await page.fill("#input", command);
  await page.press("#input", "Enter");
}

const lastMessage = () => page.locator("#log .msg").last();

/** Posts to the preview's Slack stand-in as the bot does, through its Web API (waiting out a 429 as it does). */
async function slackApi(method: string, body: Record<string, unknown>): Promise<Record<string, unknown>> {
  for (;;) {
    const res = await fetch(`${preview().url}/api/${method}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    if (res.status !== 429) return (await res.json()) as Record<string, unknown>;
    await new Promise((r) => setTimeout(r, 1000 * Number(res.headers.get("retry-after") ?? 1)));
  }
}

describe("the preview in a browser", () => {
  it("shows it is a preview and links to the page that connects Slack", async () => {
    await expect(page.locator("#banner").textContent()).resolves.toMatch(
      /Preview\..*synthetic data.*Connect to Slack/,
    );
    await expect(page.locator("#banner a#connect").getAttribute("href")).resolves.toBe("/setup");
  });

  it("/departures on a busy day: header, entries with mrkdwn, Next replaces the page", async () => {
    const day = preview().sandbox.data.busyDays[0] as string;
    await type(`/departures ${day}`);
    const title = `Departures — ${dayHeading(day)}`;
    const header = page.locator(".bk-header", { hasText: title });
    await header.first().waitFor();
    const msg = page.locator(".msg", { has: header });
    // A page holds as many entries as fit Slack's limits (fewer when entries are long).
    const showing = (await msg.locator(".bk-context", { hasText: "showing" }).first().textContent()) ?? "";
    const [, last, total] = (/showing 1–(\d+) of (\d+)/.exec(showing) ?? []).map(Number);
    expect(last).toBeGreaterThanOrEqual(5);
    expect(total).toBeGreaterThan(last as number);
    await expect(msg.locator(".bk-section", { has: page.locator("code") }).count()).resolves.toBe(last);
    await expect(msg.locator(".bk-section b").count()).resolves.toBeGreaterThan(last as number);
    await msg.locator("button", { hasText: "Next ▶" }).click();
    await page.locator(".bk-context", { hasText: `showing ${(last as number) + 1}–` }).waitFor();
    // Replaced in place: still one departures list, now with Previous.
    await expect(page.locator(".bk-header", { hasText: title }).count()).resolves.toBe(1);
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
    // The pet's care summary: its diet and medication, whatever pet comes first.
    await expect(card.textContent()).resolves.toMatch(/🍽 Diet/);
    await expect(card.textContent()).resolves.toMatch(/💊 Medication|No medication/);
  });

  it("hostile text from the API shows as text and pings nobody", async () => {
    const pet = preview().sandbox.main.pets.find(
      (p) => String(p.notes).includes("<!channel>") && !p.deleted,
    ) as Record<string, unknown>;
    const before = await page.locator("#log > .msg").count();
    await type(`/pet ${pet.petId}`);
    await expect
      .poll(() => page.locator("#log > .msg").count(), { timeout: 10_000 })
      .toBeGreaterThan(before + 1);
    // The answer is the last message (an earlier card may show the same pet).
    await expect
      .poll(() => lastMessage().textContent(), { timeout: 10_000 })
      .toContain("please call before 9");
    const card = lastMessage();
    await expect(card.textContent()).resolves.toContain("<!channel> please call before 9");
    await expect(card.locator(".mention").count()).resolves.toBe(0);
  });

  it("/kennel help, an unknown booking, an unknown command", async () => {
    await type("/kennel help");
    await page.locator(".bk-header", { hasText: "Kennel Desk: what you can ask" }).waitFor();
    await type("/booking NOPE-1");
    await page.locator(".msg", { hasText: 'No booking with reference "NOPE-1" was found' }).waitFor();
    await expect(lastMessage().textContent()).resolves.toContain("Check the reference or id.");
    // A not-found answer carries the API's request id, as every failure's answer does.
    await expect(lastMessage().textContent()).resolves.toMatch(/Request id/);
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

describe("the care day in the preview", () => {
  it("/booking of the sandbox's demo reference from its suggestion chip; the care summary shows the pet's photo", async () => {
    const chip = page.locator("#chips button", { hasText: `/booking ${SANDBOX_REFERENCES.demo}` });
    await expect(chip.count()).resolves.toBe(1);
    await chip.click();
    await expect(page.inputValue("#input")).resolves.toBe(`/booking ${SANDBOX_REFERENCES.demo}`);
    await page.press("#input", "Enter");
    await page.locator(".bk-header", { hasText: `Booking ${SANDBOX_REFERENCES.demo}` }).waitFor();
    const card = lastMessage();
    await expect(card.textContent()).resolves.not.toMatch(/No booking/);
    // The pet's button sits under its care, named for it.
    await card.locator("button", { hasText: "Care summary: Biscuit" }).click();
    const photo = page.locator('#log .bk-image[aria-label="Photo of Biscuit"]');
    await photo.first().waitFor();
    // Drawn as a labelled frame, not fetched from the photo's address.
    await expect(photo.first().textContent()).resolves.toContain("Photo of Biscuit");
    await expect(page.locator("#log img").count()).resolves.toBe(0);
  });

  it("suggests the care-day commands", async () => {
    const chips = await page.locator("#chips button").allTextContents();
    for (const c of ["/inhouse", "/rounds evening", "/rounds midday tomorrow", "/departures"]) {
      expect(chips).toContain(c);
    }
  });

  it("/inhouse: the in-house board in the channel, by room, with its summary", async () => {
    await type("/inhouse");
    const header = page.locator("#log .bk-header", { hasText: /^In house — / });
    await header.last().waitFor();
    const board = page
      .locator("#log .msg", { has: page.locator(".bk-header", { hasText: /^In house — / }) })
      .last();
    const text = (await board.textContent()) ?? "";
    expect(text).not.toMatch(/Only visible to you/);
    const demo = sandboxLandmarks(preview().sandbox.data.today as string).demo;
    const all = (await page.locator("#log").textContent()) ?? "";
    expect(all).toContain(demo.room);
    expect(all).toContain(demo.owner);
    expect(text).toMatch(/\d+ pets/);
  });

  it("/rounds evening: the evening-only dose; a long round (the 150-pet day's morning) drawn in every part", async () => {
    await type("/rounds evening");
    await page
      .locator("#log .bk-header", { hasText: /^Evening round — / })
      .last()
      .waitFor();
    const evening = (await page.locator("#log").textContent()) ?? "";
    const pet = sandboxLandmarks(preview().sandbox.data.today as string).eveningOnlyPet;
    expect(evening).toContain(pet.drug);
    expect(evening).toMatch(/evening: Half a tablet with dinner/);
    const before = await page.locator("#log .msg").count();
    // The channel already holds today's morning round post (the preview's dose times): wait for a new one.
    const mornings = () => page.locator("#log .bk-header", { hasText: /^Morning round — / }).count();
    const morningsBefore = await mornings();
    await type("/rounds morning +2");
    await expect.poll(mornings).toBeGreaterThan(morningsBefore);
    const header =
      (await page
        .locator("#log .bk-header", { hasText: /^Morning round — / })
        .last()
        .textContent()) ?? "";
    const pets = Number(/\((\d+) pets?\)/.exec(header)?.[1]);
    expect(pets).toBeGreaterThan(20);
    // The last part of the round ends at the last pet: "…–N of N".
    await page
      .locator("#log .msg", { hasText: new RegExp(`–${pets} of ${pets}`) })
      .last()
      .waitFor();
    // What was typed, then at least two parts.
    await expect
      .poll(async () => (await page.locator("#log .msg").count()) - before)
      .toBeGreaterThanOrEqual(3);
  });

  it("the care plans to confirm are posted, awkward ones among them, each with its button", async () => {
    const post = page.locator("#log > .msg", { hasText: "Care plans to confirm" }).first();
    await post.waitFor();
    const text = (await post.textContent()) ?? "";
    // Insulin waiting for its second person (AW-SUGAR), and the drug typed into two slots (AW-SLOTS).
    expect(text).toMatch(/💉 \d+ with a high-alert drug: a second, different person confirms/);
    const all = JSON.stringify(
      preview().slack.timeline.filter((m) => m.text?.startsWith("Care plans to confirm")),
    );
    expect(all).toContain("Sugar");
    expect(all).toContain("Otis");
    expect(all).toMatch(
      /📋 1 of 2 confirmations: [^;]+; a second, different person confirms \(high-alert drug\)/,
    );
    // Each pet's button says what it asks: its questions to answer, else to confirm (or a second person's).
    expect(all).toMatch(/📋 Answer \d+ questions?…/);
    expect(all).toContain("📋 Confirm (2nd person)…");
  });

  it("thread replies are drawn under their post, all of them", async () => {
    const parent = await slackApi("chat.postMessage", {
      channel: PREVIEW_CHANNEL,
      text: "Threaded post for the test",
    });
    for (const n of [1, 2, 3]) {
      await slackApi("chat.postMessage", {
        channel: PREVIEW_CHANNEL,
        thread_ts: parent.ts,
        text: `Part ${n} of the thread`,
      });
    }
    const post = page.locator("#log > .msg", { hasText: "Threaded post for the test" });
    await post.locator(".thread .msg", { hasText: "Part 3 of the thread" }).waitFor();
    await expect(post.locator(".thread .msg").count()).resolves.toBe(3);
    await expect(post.locator(".thread").textContent()).resolves.toMatch(/3 replies/);
  });
});

describe("the Home tab in the preview", () => {
  it("staff see today's figures with a button each; a button answers its list only to them", async () => {
    await page.click("#nav-home");
    const view = page.locator("#home-view");
    await view.locator(".bk-header", { hasText: /^Today — / }).waitFor();
    const text = (await view.textContent()) ?? "";
    for (const label of [
      "Arrivals:",
      "Departures:",
      "In house:",
      "Departures with money to take (unpaid or part-paid):",
      "Medication this round",
      "Care details missing for tomorrow:",
    ]) {
      expect(text).toContain(label);
    }
    expect(text).toMatch(/In house:\s*\d+/);
    expect(text).not.toMatch(/not available to guest/);
    // Six figures, and (the preview's awkward data set) the fasting pets and the departures whose
    // payment is not recorded, each with its button.
    expect(text).toContain("Fasting:");
    expect(text).toContain("Departures with payment not recorded (to check):");
    // And the care record's: this round's progress (its sheet), and the pets off their food when any.
    expect(text).toMatch(/This round \(\w+\):\s*(\d+ of \d+ pets? recorded|\?)/);
    const offFood = /[1-9]\d* pets? off (its|their) food/.test(text) ? 1 : 0;
    // And the welfare flag the preview seeds (issue 38): "🚩 1 welfare flag open", with its button.
    expect(text).toContain("1 welfare flag open");
    // And a dose to give if needed (the preview's Itchy, AW-PRN, its plan confirmed): a button each.
    const asNeeded = await view.locator(".bk-section button", { hasText: "Give if needed" }).count();
    expect(asNeeded).toBeGreaterThanOrEqual(1);
    // And the medicines the preview's house holds (issue 49): a running-out supply and a discrepancy, one button.
    const medicines = await view.locator(".bk-section button", { hasText: "Medicines held" }).count();
    expect(medicines).toBe(1);
    await expect(view.locator(".bk-section button").count()).resolves.toBe(
      10 + offFood + asNeeded + medicines,
    );
    await expect(page.locator("#log").isVisible()).resolves.toBe(false);
    await view.locator("button", { hasText: "Show in house" }).click();
    const answer = page.locator("#home-dm .msg", {
      has: page.locator(".bk-header", { hasText: /^In house — / }),
    });
    await answer.first().waitFor();
    await expect(answer.first().textContent()).resolves.toMatch(/Only visible to you/);
    // Answered in the app's messages with the clicker, not in the channel.
    const dm = preview().slack.timeline.filter((m) => m.channel !== PREVIEW_CHANNEL && m.author === "bot");
    expect(dm.some((m) => /^In house — /.test(m.text))).toBe(true);
  });

  it("a guest sees the refusal and no figures", async () => {
    await page.check("#as-guest");
    try {
      const view = page.locator("#home-view");
      await view.locator(".bk-section", { hasText: "not available to guest accounts" }).waitFor();
      const text = (await view.textContent()) ?? "";
      expect(text).not.toMatch(/Arrivals:|In house:|Today — /);
      await expect(view.locator("button").count()).resolves.toBe(0);
      await expect(page.locator("#home-dm .msg").count()).resolves.toBe(0);
    } finally {
      await page.uncheck("#as-guest");
      await page.click("#nav-channel");
    }
    await expect(page.locator("#log").isVisible()).resolves.toBe(true);
  });
});

describe("the preview on a phone-sized window (420 × 800)", () => {
  let small: Page;
  beforeAll(async () => {
    small = await browser.newPage({ viewport: { width: 420, height: 800 } });
    await small.goto(preview().url);
  });
  afterAll(async () => {
    await small?.close();
  });

  it("the composer is whole and in view, nothing scrolls sideways, and names read on one line", async () => {
    await small.fill("#input", "/inhouse");
    await small.press("#input", "Enter");
    await small
      .locator("#log .bk-header", { hasText: /^In house — / })
      .last()
      .waitFor();
    for (const sel of ["#composer", "#input", "#composer button[type=submit]"]) {
      const box = await small.locator(sel).boundingBox();
      expect(box, sel).not.toBeNull();
      const b = box as { x: number; y: number; width: number; height: number };
      expect(b.x, sel).toBeGreaterThanOrEqual(0);
      expect(b.x + b.width, sel).toBeLessThanOrEqual(420);
      expect(b.y + b.height, sel).toBeLessThanOrEqual(800);
    }
    await expect((await small.locator("#input").boundingBox())?.width).toBeGreaterThan(150);
    await expect(small.evaluate("document.documentElement.scrollWidth")).resolves.toBeLessThanOrEqual(420);
    // A pet's name in bold: wider than a few letters, and one line high.
    const name = small
      .locator("#log .msg", { has: small.locator(".bk-header", { hasText: /^In house — / }) })
      .last()
      .locator(".bk-section b")
      .first();
    const box = (await name.boundingBox()) as { width: number; height: number };
    const chars = ((await name.textContent()) ?? "").length;
    expect(box.width).toBeGreaterThan(Math.min(chars, 6) * 6);
    expect(box.height).toBeLessThan(30);
    // A section's text on its own (one with a button beside it, a departure's "Stay record", shares the width).
    const text = (await small.locator("#log .bk-section:not(:has(button)) .txt").first().boundingBox()) as {
      width: number;
    };
    expect(text.width).toBeGreaterThan(250);
  });

  it("the suggestions scroll sideways with a hint saying so, gone once the last is in view", async () => {
    await expect(small.locator("#chips-hint").isVisible()).resolves.toBe(true);
    await expect(small.locator("#chips-hint").textContent()).resolves.toBe(
      "More suggestions: scroll them sideways →",
    );
    await small.locator("#chips button").last().scrollIntoViewIfNeeded();
    await expect.poll(() => small.locator("#chips-hint").isVisible()).toBe(false);
    // In a wide window every suggestion shows, and there is no hint.
    await expect(page.locator("#chips-hint").isVisible()).resolves.toBe(false);
  });
});
