/**
 * The preview page's users_select (src/preview/assets/modal.js) in Chromium: drawn as Slack's picker
 * of the workspace's people (the view's `people`, from the stand-in), each by name, its initial user
 * chosen; sent as Slack sends it (`selected_user`, the id); a required one left empty refused before
 * anything is sent; a name is text, never markup.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { type Browser, chromium, type Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { previewPage } from "../../src/preview/page.ts";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const plain = (text: string) => ({ type: "plain_text", text, emoji: true });
const HOSTILE = `<img src=x onerror="document.title='owned'">`;
const PEOPLE = [
  { id: "U0PREVIEWALEX", name: "Alex" },
  { id: "U0PREVIEW", name: "Jane" },
  { id: "U0PREVIEWSAM", name: "Sam" },
  { id: "U0ODD", name: HOSTILE },
];
const picker = (blockId: string, extra: Record<string, unknown> = {}, optional = false) => ({
  type: "input",
  block_id: blockId,
  label: plain(`Label ${blockId}`),
  ...(optional ? { optional: true } : {}),
  element: { type: "users_select", action_id: `a_${blockId}`, ...extra },
});
const VIEW = {
  type: "modal",
  callback_id: "count_in",
  title: plain("Count in"),
  submit: plain("Record"),
  close: plain("Cancel"),
  blocks: [
    picker("witness", { placeholder: plain("Who counted with you") }),
    picker("chosen", { initial_user: "U0PREVIEWALEX" }, true),
    picker("left", {}, true),
  ],
};

let shown: { version: number; modal: Record<string, unknown> | null } = { version: 1, modal: null };
const sent: Array<{ path: string; body: Record<string, unknown> }> = [];
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
      return res.end(previewPage("Europe/London"));
    }
    if (url.pathname === "/preview/state") {
      if (Number(url.searchParams.get("since")) === shown.version)
        await new Promise((r) => setTimeout(r, 500));
      return json({ version: shown.version, channel: [], dm: [], home: undefined, modal: shown.modal });
    }
    sent.push({ path: url.pathname, body: await body(req) });
    return json({ ok: true });
  })();
}

beforeAll(async () => {
  server = createServer(route);
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"],
  });
  page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await page.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
}, 60_000);

afterAll(async () => {
  await browser?.close();
  server?.closeAllConnections();
  await new Promise((r) => server?.close(r));
});

const field = (id: string) => page.locator(`#modal .field[data-block-id="${id}"]`);
const submitted = () => sent.filter((s) => s.path === "/preview/submit");

it("draws users_select as a picker of the workspace's people and sends the one chosen as Slack does", async () => {
  shown = { version: 2, modal: { id: "V1", version: 1, depth: 1, view: VIEW, people: PEOPLE } };
  await page.locator("#modal.open").waitFor();
  // A picker, not a placeholder: its first entry says what to do, then each person by name.
  await expect(page.locator("#modal").textContent()).resolves.not.toContain("[users_select]");
  await expect(field("witness").locator("option").allTextContents()).resolves.toEqual([
    "Who counted with you",
    "Alex",
    "Jane",
    "Sam",
    HOSTILE,
  ]);
  await expect(field("witness").locator("img").count()).resolves.toBe(0);
  await expect(field("chosen").locator("select").inputValue()).resolves.toBe("U0PREVIEWALEX");

  // Required and left empty: refused on the page, nothing sent.
  await page.locator("#modal .buttons button", { hasText: "Record" }).click();
  await expect(field("witness").locator(".err").textContent()).resolves.toBe(
    "Please complete this required field.",
  );
  expect(submitted()).toEqual([]);

  await field("witness").locator("select").selectOption({ label: "Sam" });
  await page.locator("#modal .buttons button", { hasText: "Record" }).click();
  await expect.poll(() => submitted().length).toBe(1);
  expect(submitted()[0]?.body.values).toEqual({
    witness: { a_witness: { type: "users_select", selected_user: "U0PREVIEWSAM" } },
    chosen: { a_chosen: { type: "users_select", selected_user: "U0PREVIEWALEX" } },
    left: { a_left: { type: "users_select", selected_user: null } },
  });
  await expect(page.title()).resolves.not.toBe("owned");
}, 30_000);
