/**
 * The preview page's forms (src/preview/assets/modal.js) in Chromium, served with the page's own
 * routes answered here: every input element the bot's forms use, drawn from its initial value and
 * read back exactly in Slack's payload shape (an optional one left empty as Slack sends it); a
 * required one left empty refused before anything is sent; a date and time on the kennel's clock
 * across a change of the clocks, the browser in another zone; the bot's errors; what is typed kept
 * across an update and under a pushed view, as Slack keeps it; a button inside the form; the close
 * buttons; and text from a view shown as text.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { type Browser, chromium, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { previewPage } from "../../src/preview/page.ts";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const ZONE = "Europe/London";
const plain = (text: string) => ({ type: "plain_text", text, emoji: true });
const option = (value: string, text = value.toUpperCase()) => ({ text: plain(text), value });
const input = (blockId: string, element: Record<string, unknown>, optional = false) => ({
  type: "input",
  block_id: blockId,
  label: plain(`Label ${blockId}`),
  ...(optional ? { optional: true } : {}),
  element: { action_id: `a_${blockId}`, ...element },
});
/** 01:30 UTC on the day London's clocks go forward: 02:30 there. */
const SPRING = Date.UTC(2026, 2, 29, 1, 30) / 1000;
const HOSTILE = `<img src=x onerror="document.title='owned'"> & <b>bold</b>`;

const VIEW = {
  type: "modal",
  callback_id: "sink",
  title: plain("Every element"),
  submit: plain("Send"),
  close: plain("Back"),
  blocks: [
    { type: "section", text: { type: "mrkdwn", text: "*Synthetic form* with &lt;escaped&gt; words" } },
    input("text", { type: "plain_text_input", initial_value: "typed before", max_length: 20 }),
    input("long", { type: "plain_text_input", multiline: true }, true),
    input("need", { type: "plain_text_input" }),
    input("one", { type: "static_select", options: [option("a"), option("b")], initial_option: option("b") }),
    input("many", {
      type: "multi_static_select",
      options: [option("x"), option("y"), option("z")],
      initial_options: [option("x")],
    }),
    input("day", { type: "datepicker", initial_date: "2026-03-29" }),
    input("time", { type: "timepicker", initial_time: "07:30", timezone: ZONE }),
    input("at", { type: "datetimepicker", initial_date_time: SPRING }),
    input("ticks", {
      type: "checkboxes",
      options: [option("yes", "Yes I checked"), { ...option("no", "No"), description: plain("not yet") }],
      initial_options: [option("yes", "Yes I checked")],
    }),
    input("pick", {
      type: "radio_buttons",
      options: [option("r1"), option("r2")],
      initial_option: option("r2"),
    }),
    input("none1", { type: "static_select", options: [option("a")] }, true),
    input("none2", { type: "multi_static_select", options: [option("a")] }, true),
    input("none3", { type: "datepicker" }, true),
    input("none4", { type: "timepicker" }, true),
    input("none5", { type: "datetimepicker" }, true),
    input("none6", { type: "checkboxes", options: [option("a")] }, true),
    input("none7", { type: "radio_buttons", options: [option("a")] }, true),
    {
      type: "input",
      block_id: "hostile",
      optional: true,
      label: plain(HOSTILE),
      hint: plain(HOSTILE),
      element: { type: "static_select", action_id: "h", options: [option("h", HOSTILE)] },
    },
    {
      type: "actions",
      block_id: "acts",
      elements: [{ type: "button", text: plain("✏️ Do it…"), action_id: "do_it", value: "v1" }],
    },
  ],
};

/** What the page is shown (its state route) and what it sent (its POST routes). */
let shown: { version: number; modal: Record<string, unknown> | null } = { version: 1, modal: null };
const sent: Array<{ path: string; body: Record<string, unknown> }> = [];
let answers: Array<Record<string, unknown>> = [];
const waiters: Array<() => void> = [];
function show(modal: Record<string, unknown> | null) {
  shown = { version: shown.version + 1, modal };
  for (const w of waiters.splice(0)) w();
}

let server: Server;
let browser: Browser;
let page: Page;

async function body(req: IncomingMessage): Promise<Record<string, unknown>> {
  let text = "";
  for await (const chunk of req) text += chunk;
  return JSON.parse(text || "{}");
}
function route(req: IncomingMessage, res: ServerResponse) {
  void (async () => {
    const url = new URL(req.url ?? "/", "http://localhost");
    const json = (payload: unknown) => {
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify(payload));
    };
    if (url.pathname === "/") {
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      // ?order=mdy: the page of a kennel that writes month first (KENNEL_DATE_ORDER=mdy).
      return res.end(previewPage(ZONE, url.searchParams.get("order") === "mdy" ? "mdy" : undefined));
    }
    if (url.pathname === "/preview/state") {
      if (Number(url.searchParams.get("since")) === shown.version)
        await new Promise<void>((r) => {
          waiters.push(r);
          setTimeout(r, 2_000);
        });
      return json({ version: shown.version, channel: [], dm: [], home: undefined, modal: shown.modal });
    }
    const b = await body(req);
    sent.push({ path: url.pathname, body: b });
    return json(url.pathname === "/preview/submit" ? (answers.shift() ?? { ok: true }) : { ok: true });
  })();
}

beforeAll(async () => {
  server = createServer(route);
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"],
  });
  // The browser's own clock is Auckland's: the page must show the kennel's.
  page = await browser.newPage({
    viewport: { width: 1280, height: 900 },
    timezoneId: "Pacific/Auckland",
    locale: "en-US",
  });
  await page.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
}, 60_000);

afterAll(async () => {
  await browser?.close();
  for (const w of waiters.splice(0)) w();
  server?.closeAllConnections();
  await new Promise((r) => server?.close(r));
});

const field = (id: string) => page.locator(`#modal .field[data-block-id="${id}"]`);
const submitted = () => sent.filter((s) => s.path === "/preview/submit");
const lastValues = () => submitted().at(-1)?.body.values as Record<string, Record<string, unknown>>;
/** A field's values as sent: its one element's. */
const sentOf = (id: string) => Object.values(lastValues()[id] ?? {})[0];

describe("the preview's forms", () => {
  it("draws each element from its initial value, on the kennel's clock; text from the view stays text", async () => {
    show({ id: "V1", version: 1, depth: 1, view: VIEW });
    await page.locator("#modal.open").waitFor();
    await expect(page.locator("#modal h2").textContent()).resolves.toBe("Every element");
    await expect(field("text").locator("input").inputValue()).resolves.toBe("typed before");
    await expect(field("text").locator("input").getAttribute("maxlength")).resolves.toBe("20");
    await expect(field("long").locator("textarea").count()).resolves.toBe(1);
    await expect(field("long").locator("label").textContent()).resolves.toBe("Label long (optional)");
    await expect(field("one").locator("select").inputValue()).resolves.toBe("b");
    await expect(field("many").locator(".pill").allTextContents()).resolves.toEqual(["X✕"]);
    // A date in the kennel's order (KENNEL_DATE_ORDER; Europe/London's: day first), a time on 24
    // hours, whatever the browser's language (en-US here: it would show 03/29/2026 and 02:30 AM).
    await expect(field("day").locator("input.date").inputValue()).resolves.toBe("29/03/2026");
    await expect(field("day").locator("input.date").getAttribute("placeholder")).resolves.toBe("dd/mm/yyyy");
    await expect(field("time").locator("input.time").inputValue()).resolves.toBe("07:30");
    await expect(field("at").locator("input.date").inputValue()).resolves.toBe("29/03/2026");
    await expect(field("at").locator("input.time").inputValue()).resolves.toBe("02:30");
    await expect(field("at").textContent()).resolves.toContain("Europe/London");
    await expect(field("ticks").getByLabel("Yes I checked").isChecked()).resolves.toBe(true);
    await expect(field("ticks").textContent()).resolves.toContain("not yet");
    await expect(field("pick").getByLabel("R2").isChecked()).resolves.toBe(true);
    // The view's text, mrkdwn and all, never made into tags.
    await expect(page.locator("#modal .bk-section").textContent()).resolves.toBe(
      "Synthetic form with <escaped> words",
    );
    await expect(field("hostile").locator("label").textContent()).resolves.toBe(`${HOSTILE} (optional)`);
    await expect(field("hostile").locator("option").last().textContent()).resolves.toBe(HOSTILE);
    await expect(field("hostile").locator("img, b").count()).resolves.toBe(0);
    await expect(page.title()).resolves.not.toBe("owned");
  });

  it("refuses a required field left empty, sending nothing; sends every value in Slack's shape", async () => {
    await page.locator("#modal .buttons button", { hasText: "Send" }).click();
    await expect(field("need").locator(".err").textContent()).resolves.toBe(
      "Please complete this required field.",
    );
    expect(submitted()).toEqual([]);

    await field("need").locator("input").fill("now filled");
    await page.locator("#modal .buttons button", { hasText: "Send" }).click();
    await expect.poll(() => submitted().length).toBe(1);
    expect(submitted()[0]?.body.viewId).toBe("V1");
    expect(lastValues()).toEqual({
      text: { a_text: { type: "plain_text_input", value: "typed before" } },
      long: { a_long: { type: "plain_text_input", value: null } },
      need: { a_need: { type: "plain_text_input", value: "now filled" } },
      one: { a_one: { type: "static_select", selected_option: option("b") } },
      many: { a_many: { type: "multi_static_select", selected_options: [option("x")] } },
      day: { a_day: { type: "datepicker", selected_date: "2026-03-29" } },
      time: { a_time: { type: "timepicker", selected_time: "07:30", timezone: ZONE } },
      at: { a_at: { type: "datetimepicker", selected_date_time: SPRING } },
      ticks: { a_ticks: { type: "checkboxes", selected_options: [option("yes", "Yes I checked")] } },
      pick: { a_pick: { type: "radio_buttons", selected_option: option("r2") } },
      none1: { a_none1: { type: "static_select", selected_option: null } },
      none2: { a_none2: { type: "multi_static_select", selected_options: [] } },
      none3: { a_none3: { type: "datepicker", selected_date: null } },
      none4: { a_none4: { type: "timepicker", selected_time: null } },
      none5: { a_none5: { type: "datetimepicker", selected_date_time: null } },
      none6: { a_none6: { type: "checkboxes", selected_options: [] } },
      none7: { a_none7: { type: "radio_buttons", selected_option: null } },
      hostile: { h: { type: "static_select", selected_option: null } },
    });
  });

  it("reads back what is changed: a date and time on the kennel's clock either side of a change of the clocks", async () => {
    await field("text").locator("input").fill("changed");
    await field("long").locator("textarea").fill("two\nlines");
    await field("one").locator("select").selectOption("a");
    await field("many").locator("select").selectOption("z");
    await field("many").locator("select").selectOption("y");
    await field("many").getByRole("button", { name: "Remove X" }).click();
    // Not a date in the kennel's order (month first), nor a time: said, nothing sent.
    await field("day").locator("input").fill("12/31/2026");
    await field("time").locator("input").fill("6:05 PM");
    await page.locator("#modal .buttons button", { hasText: "Send" }).click();
    await expect(field("day").locator(".err").textContent()).resolves.toBe(
      "Type the date as dd/mm/yyyy (day first, as the kennel writes it).",
    );
    // On 12 hours: said on 24.
    await expect(field("time").locator(".err").textContent()).resolves.toBe("Type it on 24 hours: 18:05.");
    expect(submitted()).toHaveLength(1);
    // In the form asked, but no such date or time: said so, never "type it as …", nothing sent.
    const wrong = async (day: string, time: string, dayErr: string, timeErr: string) => {
      await field("day").locator("input").fill(day);
      await field("time").locator("input").fill(time);
      await page.locator("#modal .buttons button", { hasText: "Send" }).click();
      await expect(field("day").locator(".err").textContent()).resolves.toBe(dayErr);
      await expect(field("time").locator(".err").textContent()).resolves.toBe(timeErr);
    };
    await wrong("31/02/2026", "25:00", "There is no 31 February 2026.", "There is no 25:00: hours go 00–23.");
    await wrong(
      "29/02/2026",
      "18:75",
      "There is no 29 February 2026.",
      "There is no 18:75: minutes go 00–59.",
    );
    await wrong("1/1/2026", "8pm", "", "Type it on 24 hours: 20:00.");
    await wrong("2026-04-31", "8.15 a.m.", "There is no 31 April 2026.", "Type it on 24 hours: 08:15.");
    await wrong(
      "3 May",
      "noon",
      "Type the date as dd/mm/yyyy (day first, as the kennel writes it).",
      "Type the time on 24 hours, as hh:mm (18:05).",
    );
    expect(submitted()).toHaveLength(1);
    await field("day").locator("input").fill("31/12/2026");
    await field("time").locator("input").fill("18:05");
    await field("ticks").getByLabel("Yes I checked").uncheck();
    await field("ticks").getByLabel("No").check();
    await field("pick").getByLabel("R1").check();
    await field("none5").locator("input.date").fill("1/7/2026");
    await field("none5").locator("input.time").fill("12:00");
    // 00:30 on the day the clocks go forward: still GMT.
    await field("at").locator("input.time").fill("00:30");
    await page.locator("#modal .buttons button", { hasText: "Send" }).click();
    await expect.poll(() => submitted().length).toBe(2);
    expect(sentOf("text")).toEqual({ type: "plain_text_input", value: "changed" });
    expect(sentOf("long")).toEqual({ type: "plain_text_input", value: "two\nlines" });
    expect(sentOf("one")).toEqual({ type: "static_select", selected_option: option("a") });
    expect(sentOf("many")).toEqual({
      type: "multi_static_select",
      selected_options: [option("z"), option("y")],
    });
    expect(sentOf("day")).toEqual({ type: "datepicker", selected_date: "2026-12-31" });
    expect(sentOf("time")).toEqual({ type: "timepicker", selected_time: "18:05", timezone: ZONE });
    expect(sentOf("at")).toEqual({
      type: "datetimepicker",
      selected_date_time: Date.UTC(2026, 2, 29, 0, 30) / 1000,
    });
    // Noon in July is British Summer Time: 11:00 UTC.
    expect(sentOf("none5")).toEqual({
      type: "datetimepicker",
      selected_date_time: Date.UTC(2026, 6, 1, 11) / 1000,
    });
    expect(sentOf("ticks")).toEqual({
      type: "checkboxes",
      selected_options: [{ ...option("no", "No"), description: plain("not yet") }],
    });
    expect(sentOf("pick")).toEqual({ type: "radio_buttons", selected_option: option("r1") });
  });

  it("shows the bot's errors on their fields, and an answer it cannot show above the buttons", async () => {
    answers = [
      { ok: false, errors: { one: "Choose B.", ticks: "Tick yes." } },
      { ok: false, error: "Slack shows at most three views at once." },
    ];
    await page.locator("#modal .buttons button", { hasText: "Send" }).click();
    await expect.poll(() => field("one").locator(".err").textContent()).toBe("Choose B.");
    await expect(field("ticks").locator(".err").textContent()).resolves.toBe("Tick yes.");
    await expect(field("text").locator(".err").textContent()).resolves.toBe("");
    await page.locator("#modal .buttons button", { hasText: "Send" }).click();
    await expect
      .poll(() => page.locator("#modal .box > .err").textContent())
      .toBe("Slack shows at most three views at once.");
    await expect(field("one").locator(".err").textContent()).resolves.toBe("");
  });

  it("a button inside the form sends its action with what is typed so far", async () => {
    await page.locator("#modal button", { hasText: "✏️ Do it…" }).click();
    await expect.poll(() => sent.filter((s) => s.path === "/preview/action").length).toBe(1);
    const click = sent.filter((s) => s.path === "/preview/action")[0]?.body;
    expect(click).toMatchObject({
      viewId: "V1",
      actionId: "do_it",
      blockId: "acts",
      value: "v1",
      text: "✏️ Do it…",
    });
    expect((click?.values as Record<string, unknown> | undefined)?.text).toEqual({
      a_text: { type: "plain_text_input", value: "changed" },
    });
  });

  it("keeps what is typed under a pushed view and across an update that keeps the block and action ids", async () => {
    show({
      id: "V2",
      version: 1,
      depth: 2,
      view: {
        type: "modal",
        title: plain("Pushed"),
        close: plain("Back"),
        blocks: [input("p", { type: "plain_text_input" })],
      },
    });
    await expect.poll(() => page.locator("#modal h2").textContent()).toBe("Pushed");
    await expect(page.locator("#modal .box").getAttribute("data-depth")).resolves.toBe("2");
    // No submit in the view: none drawn.
    await expect(page.locator("#modal .buttons button").allTextContents()).resolves.toEqual(["Back"]);
    // Back to the first view, updated: the same ids keep what was typed; a new action id starts afresh.
    const blocks = VIEW.blocks.map((b) =>
      "block_id" in b && b.block_id === "text"
        ? input("text", { type: "plain_text_input", initial_value: "new initial" })
        : "block_id" in b && b.block_id === "need"
          ? { ...b, element: { type: "plain_text_input", action_id: "renamed", initial_value: "fresh" } }
          : b,
    );
    show({ id: "V1", version: 2, depth: 1, view: { ...VIEW, blocks } });
    await expect.poll(() => page.locator("#modal h2").textContent()).toBe("Every element");
    await expect(field("text").locator("input").inputValue()).resolves.toBe("changed");
    await expect(field("need").locator("input").inputValue()).resolves.toBe("fresh");
    await expect(field("many").locator(".pill").allTextContents()).resolves.toEqual(["Z✕", "Y✕"]);
    await expect(field("pick").getByLabel("R1").isChecked()).resolves.toBe(true);
  });

  it("a kennel that writes month first (KENNEL_DATE_ORDER=mdy): its date boxes month first", async () => {
    const mdy = await browser.newPage({ timezoneId: "Pacific/Auckland", locale: "en-GB" });
    try {
      await mdy.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/?order=mdy`);
      const day = mdy.locator(`#modal .field[data-block-id="day"] input.date`);
      await expect.poll(() => day.inputValue()).toBe("03/29/2026");
      await expect(day.getAttribute("placeholder")).resolves.toBe("mm/dd/yyyy");
      // A day its month has not, read month first and said as the kennel says a date.
      await day.fill("02/30/2026");
      await mdy.locator("#modal .buttons button", { hasText: "Send" }).click();
      await expect(mdy.locator(`#modal .field[data-block-id="day"] .err`).textContent()).resolves.toBe(
        "There is no February 30, 2026.",
      );
    } finally {
      await mdy.close();
    }
  });

  it("its close button closes the view shown; the ✕ closes them all", async () => {
    await page.locator("#modal .buttons button", { hasText: "Back" }).click();
    await expect.poll(() => sent.at(-1)?.body).toMatchObject({ viewId: "V1" });
    expect(sent.at(-1)?.path).toBe("/preview/cancel");
    expect(sent.at(-1)?.body.all).toBeUndefined();
    await page.getByRole("button", { name: "Close", exact: true }).click();
    await expect.poll(() => sent.at(-1)?.body).toMatchObject({ viewId: "V1", all: true });
    show(null);
    await expect.poll(() => page.locator("#modal").getAttribute("class")).not.toContain("open");
  });
});
