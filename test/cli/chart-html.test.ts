/**
 * `kennel-desk chart` (issue 50): the awkward house's medication chart for a day, rendered in
 * Chromium, reads for every due dose the state the care record holds (initials and time given; a
 * code for refused or not given; "late entry"; blank while open; "missed" once its window closed),
 * every other cell struck; it loads nothing, carries no customer contact and prints to PDF on A4.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RoundDose } from "../../src/answers/doses.ts";
import { roundDoses } from "../../src/answers/obligations.ts";
import { ROUNDS } from "../../src/domain/care.ts";
import { isMedicationItem } from "../../src/domain/record.ts";
import { openCareRecord } from "../../src/record/open.ts";
import type { EntryInput, NotGivenReason } from "../../src/record/types.ts";
import { type Sandbox, startSandbox } from "../../src/sandbox/server.ts";
import { chartPage } from "../../src/text/chart-html.ts";
import { timeOnDay } from "../../src/words/dates.ts";
import { launchChromium } from "../helpers/browser.ts";
import { chartOf, chartPet, givenCell } from "../helpers/chart.ts";
import { sandboxDeps } from "../helpers/sandbox-deps.ts";
import { runCommand } from "./helpers.ts";

const TODAY = "2026-11-22";
const TZ = "Europe/London";
const dir = mkdtempSync(join(tmpdir(), "kennel-desk-chart-"));
let at = Date.parse(`${TODAY}T07:00:00Z`);
const clock = { now: () => new Date(at) };
let sandbox: Sandbox;
let browser: Browser;
let env: Record<string, string>;
/** Every due dose of the day as the record has it when the chart is made. */
let doses: RoundDose[] = [];

/** What the chart's cell must say of a dose, worked from the record's entry and state here. */
function expected(d: RoundDose): RegExp {
  const s = d.state;
  // A high-alert dose open to sign has a place for its witness's initials beside the giver's.
  const place = d.due.highAlert ? "wit\\. ____" : "";
  if (s.state !== "recorded")
    return s.state === "missed" ? new RegExp(`^missed${place && ` · ${place}`}$`) : new RegExp(`^${place}$`);
  const time = timeOnDay(s.givenAt, TZ, d.date);
  const late = s.lateEntry ? ` late entry ${timeOnDay(s.recordedAt, TZ, d.date)}` : "";
  const code = { refused: "R", vomited: "V", vet_withheld: "W", none_left: "N", asleep: "A" } as Record<
    string,
    string
  >;
  if (s.outcome === "refused") return new RegExp(`^R JD ${time}${late}$`);
  // A dose not given keeps no time of its own: its cell says when it was recorded.
  if (s.outcome === "not_given")
    return new RegExp(
      `^${code[d.entry?.reasonCode ?? ""] ?? "W"} JD ${s.untimed ? "rec\\. " : ""}${time}${late}$`,
    );
  return new RegExp(`^JD ${time}( ⏰ late| ⏩ after window)?${late}$`);
}

beforeAll(async () => {
  sandbox = await startSandbox({ seed: 50, customers: 12, today: TODAY, timezone: TZ, awkward: true });
  env = {
    KENNEL_TIMEZONE: TZ,
    LOG_LEVEL: "silent",
    KENNEL_DATA_DIR: dir,
    KENNEL_API_KEY: sandbox.keys.main,
    KENNEL_API_BASE_URL: sandbox.url,
  };
  const { store } = await openCareRecord({ engine: "sqlite", dataDir: dir }, clock, undefined);
  const deps = sandboxDeps(sandbox, clock, { env, record: store, retryDelayMs: 0 });
  const due = (await Promise.all(ROUNDS.map((r) => roundDoses(deps, r, TODAY))))
    .flat()
    .filter((d) => isMedicationItem(d.due.item));
  const morning = due.filter((d) => d.round === "morning");
  expect(morning.length).toBeGreaterThanOrEqual(5);
  // Five morning doses recorded five ways, by Jane Doe: on time, refused, vomited, none left, and a late entry.
  const entry = (d: RoundDose, e: Partial<EntryInput>, key: string): EntryInput => ({
    date: d.date,
    round: d.round,
    bookingId: d.bookingId,
    petId: d.petId,
    petName: d.petName,
    item: d.due.item,
    itemText: d.due.text,
    outcome: "given",
    userId: "U0JANE",
    userName: "Jane Doe",
    requestKey: key,
    ...e,
  });
  const reasons: NotGivenReason[] = ["vomited", "none_left"];
  at = Date.parse(morning[0]?.window.dueAt ?? "");
  await store.record([entry(morning[0] as RoundDose, {}, "c1")]);
  await store.record([entry(morning[1] as RoundDose, { outcome: "refused" }, "c2")]);
  for (const [i, reasonCode] of reasons.entries())
    await store.record([
      entry(
        morning[2 + i] as RoundDose,
        { outcome: "not_given", reasonCode, reason: "see note" },
        `c${3 + i}`,
      ),
    ]);
  at = Date.parse(`${TODAY}T15:00:00Z`);
  const lateOne = morning[4] as RoundDose;
  await store.record([entry(lateOne, { givenAt: lateOne.window.dueAt }, "c6")]);
  at = Date.parse(`${TODAY}T15:30:00Z`);
  doses = (await Promise.all(ROUNDS.map((r) => roundDoses(deps, r, TODAY))))
    .flat()
    .filter((d) => isMedicationItem(d.due.item));
  await store.close();
  browser = await launchChromium();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await sandbox?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** In the page: each word of a cell (or a column's head) wider than its cell's room, as "key "word": w > room". */
const WORDS_THAT_BREAK = `(() => {
  const out = [];
  for (const cell of document.querySelectorAll("td[data-key], thead th")) {
    if (cell.matches("thead tr:first-child th:first-child")) continue;
    const style = getComputedStyle(cell);
    const room = cell.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    // A soft hyphen is where a word may break (printed "unwit-" then "nessed"): each part must fit.
    for (const word of cell.innerText.split(/[\\s\\u00ad]+/).filter(Boolean)) {
      const probe = document.createElement("span");
      probe.style.cssText = "position:absolute;white-space:nowrap;font:" + style.font + ";font-weight:bold";
      probe.textContent = word;
      document.body.appendChild(probe);
      const width = probe.getBoundingClientRect().width;
      probe.remove();
      if (width > room + 0.5) out.push((cell.dataset.key || "head") + ' "' + word + '": ' + width + " > " + room);
    }
  }
  return out;
})()`;

async function cli(args: string[]) {
  return runCommand(args, env, { clock });
}

describe("kennel-desk chart", () => {
  it("prints the awkward house's day: every due dose's cell reads as the record has it, the rest struck", async () => {
    const out = join(dir, "charts");
    const r = await cli(["chart", TODAY, "--out", out]);
    expect(r.stderr).toMatch(
      /^1 file \(the chart: \d+ pets with a medication, a printed page each\) written/,
    );
    expect(r.code).toBe(0);
    expect(readdirSync(out)).toEqual([`chart-${TODAY}.html`]);
    const html = readFileSync(join(out, `chart-${TODAY}.html`), "utf8");
    expect(html).not.toMatch(/<script|src=|href=|@import|url\(/i);
    const page = await browser.newPage();
    const requests: string[] = [];
    page.on("request", (q) => requests.push(q.url()));
    await page.setContent(html, { waitUntil: "load" });
    expect(requests.filter((u) => !u.startsWith("data:") && u !== "about:blank")).toEqual([]);
    const cells = await page.$$eval("td[data-key]", (tds) =>
      tds.map((td) => ({
        key: td.getAttribute("data-key") ?? "",
        text: (td as unknown as { innerText: string }).innerText.trim(),
        struck: td.classList.contains("struck"),
        // A medication given only if needed (its row head says so): a place to sign at every round.
        ifNeeded: /as needed/i.test(td.parentElement?.querySelector("th")?.textContent ?? ""),
      })),
    );
    const byKey = new Map(cells.map((c) => [c.key, c]));
    const states = new Set<string>();
    // A dose owed once a day (no time in its words, plan not confirmed) settled at another round of its
    // day, or chased at a later one: nothing owed at this round, struck as the round's own line says.
    const onceADay = (d: RoundDose) =>
      d.state.state === "not_due" && (d.state.why === "settled" || d.state.why === "later_round");
    const settled = doses.filter(onceADay);
    expect(settled.length).toBeGreaterThan(0);
    for (const d of settled)
      expect(byKey.get(`${d.bookingId}|${d.petId}|${d.date}|${d.round}|${d.due.item}`)?.struck).toBe(true);
    const charted = doses.filter((d) => !onceADay(d));
    for (const d of charted) {
      const cell = byKey.get(`${d.bookingId}|${d.petId}|${d.date}|${d.round}|${d.due.item}`);
      expect(cell, `${d.petName} ${d.round} ${d.due.label}`).toBeDefined();
      expect(cell?.struck).toBe(false);
      expect(cell?.text, `${d.petName} ${d.round} ${d.due.label}: ${JSON.stringify(d.state)}`).toMatch(
        expected(d),
      );
      states.add(
        d.state.state === "recorded"
          ? `${d.state.outcome}${d.state.lateEntry ? " late entry" : ""}`
          : d.state.state,
      );
    }
    // Each way a dose can stand was on the page: given, late entry, refused, not given, missed, open.
    expect([...states].sort()).toEqual(
      expect.arrayContaining(["given", "given late entry", "refused", "not_given", "missed", "upcoming"]),
    );
    // Every cell not a due dose is struck: nothing is due there. But where the pet arrives that day
    // after the dose's window closed (AW-LATE's insulin at 19:00): the owner is asked, never struck.
    const dueKeys = new Set(
      charted.map((d) => `${d.bookingId}|${d.petId}|${d.date}|${d.round}|${d.due.item}`),
    );
    const asked = cells.filter((c) => /^arrives \d\d:\d\d, after this round: ask the owner$/.test(c.text));
    expect(asked.map((c) => c.key)).toContain(`990004|950004|${TODAY}|evening|med:1`);
    for (const c of cells) {
      if (c.ifNeeded && !dueKeys.has(c.key)) {
        expect(c.struck, c.key).toBe(false);
        expect(c.text, c.key).toMatch(/^$|^\p{L}{1,3} \d\d:\d\d \(.+\)/u);
      } else expect(c.struck, c.key).toBe(!dueKeys.has(c.key) && !asked.includes(c));
    }
    const text = await page.innerText("body");
    expect(text).toContain("Key: R refused · V vomited");
    // One page per pet with a medication, each with the key.
    const pages = await page.locator("table.grid").count();
    expect(pages).toBeGreaterThanOrEqual(new Set(charted.map((d) => `${d.bookingId}|${d.petId}`)).size);
    expect((text.match(/Key: R refused/g) ?? []).length).toBe(pages);
    expect(await page.locator("hr").count()).toBe(pages - 1);
    for (const c of sandbox.main.customers as Array<Record<string, unknown>>)
      for (const k of ["email", "mobile", "landline"])
        if (typeof c[k] === "string" && (c[k] as string).length > 4) expect(text).not.toContain(c[k]);
    const pdf = await page.pdf({ format: "A4", printBackground: true });
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    await page.close();
  }, 90_000);

  it("splits a week across A4 pages (three days each, the side column repeated): each table fits the page, each word in its cell unbroken, each cell as the day's chart has it", async () => {
    const out = join(dir, "week");
    expect((await cli(["chart", TODAY, "--out", out])).code).toBe(0);
    expect((await cli(["chart", TODAY, "--days", "7", "--out", out])).code).toBe(0);
    const read = async (name: string) => {
      // The printed page's width: A4 less the page's margins (210 mm − 2 × 10 mm), at 96 px an inch.
      const page = await browser.newPage({
        viewport: { width: Math.floor((190 / 25.4) * 96), height: 1100 },
      });
      await page.emulateMedia({ media: "print" });
      await page.setContent(readFileSync(join(out, name), "utf8"), { waitUntil: "load" });
      return page;
    };
    const week = await read(`chart-${TODAY}-to-2026-11-28.html`);
    const body = (await week.evaluate("document.body.clientWidth")) as number;
    const tables = await week.$$eval("table.grid", (ts) =>
      ts.map((t) => ({
        width: t.getBoundingClientRect().width,
        scroll: t.scrollWidth,
        client: t.clientWidth,
      })),
    );
    expect(tables.length).toBeGreaterThan(0);
    for (const t of tables) {
      expect(t.width).toBeLessThanOrEqual(body + 0.5);
      expect(t.scroll).toBeLessThanOrEqual(t.client);
    }
    // Every word of a cell and of a column's head fits its cell's width unbroken (a time, initials,
    // "late entry", "unwitnessed", a round's name), so every cell reads when printed. Run in the page
    // (its own DOM), measured in bold, the widest a cell's words are set.
    const broken = (await week.evaluate(WORDS_THAT_BREAK)) as string[];
    expect(broken).toEqual([]);
    const text = await week.innerText("body");
    // Each pet's own days of the week, three a page ("days 1–3 of 7", "days 4–6 of 7, continued",
    // "day 7 of 7, continued"), or one page when they fit; each page with the pet's name and id, its
    // care and the key; a pet in for fewer of the week's days names those not its.
    const heads = [...text.matchAll(/^[^\n]+ \(pet (\d+)\)(?: · [^\n]*)?$/gm)];
    expect(heads.length).toBe(tables.length);
    const byPet = new Map<string, string[]>();
    for (const h of heads) byPet.set(h[1] as string, [...(byPet.get(h[1] as string) ?? []), h[0]]);
    for (const [id, pages] of byPet) {
      const of = Number(/ of (\d+)(?:, continued)?$/.exec(pages[0] as string)?.[1] ?? pages.length);
      expect(pages.length, `pet ${id}`).toBe(Math.ceil(of / 3));
      if (pages.length > 1) expect(pages[0], `pet ${id}`).toMatch(/ · days 1–3 of \d$/);
    }
    expect([...byPet.values()].some((p) => p.length === 3)).toBe(true);
    expect((text.match(/Key: R refused/g) ?? []).length).toBe(tables.length);
    expect((text.match(/^Allergies: /gm) ?? []).length).toBeGreaterThanOrEqual(tables.length);
    // Made in a terminal with no Slack token: no QR code, one small line on each page saying so.
    expect(
      (
        text.match(
          /No QR code: this chart was made without Slack \(no SLACK_BOT_TOKEN where it was made\)\./g,
        ) ?? []
      ).length,
    ).toBe(tables.length);
    const cellsOf = (page: typeof week) =>
      page.$$eval("td[data-key]", (tds) =>
        tds.map((td) => ({
          key: td.getAttribute("data-key") ?? "",
          text: (td as unknown as { innerText: string }).innerText.trim(),
          struck: td.classList.contains("struck"),
        })),
      );
    const weekCells = await cellsOf(week);
    // Each day's round of each medication once, on its own page.
    expect(new Set(weekCells.map((c) => c.key)).size).toBe(weekCells.length);
    // The week's first day reads cell by cell as the day's own chart.
    const day = await read(`chart-${TODAY}.html`);
    const dayCells = await cellsOf(day);
    const byKey = new Map(weekCells.map((c) => [c.key, c]));
    expect(dayCells.length).toBeGreaterThan(0);
    for (const c of dayCells) expect(byKey.get(c.key), c.key).toEqual(c);
    expect(weekCells.filter((c) => c.key.includes(`|${TODAY}|`)).length).toBe(dayCells.length);
    await day.close();
    await week.close();
  }, 90_000);

  it("prints 'unwitnessed' in a three-day page's cell, breaking after 'unwit-' where it must, never anywhere", async () => {
    const days = ["2026-11-24", "2026-11-25", "2026-11-26"];
    const columns = days.flatMap((date) => ROUNDS.map((round) => ({ date, round, kept: true })));
    const cells = Object.fromEntries(
      columns.map((c) => [
        `${c.date}|${c.round}|med:1`,
        givenCell(`${c.date}T07:35:00Z`, `${c.date}T07:36:00Z`, { witness: { state: "unwitnessed" } }),
      ]),
    );
    const config = {
      timezone: TZ,
      rounds: { times: { morning: "08:00", midday: "12:00", evening: "18:00" }, names: undefined },
      kennelName: undefined,
    } as Parameters<typeof chartPage>[1];
    const html = chartPage(
      chartOf(columns, [chartPet(1, { cells })]),
      config,
      new Date(`${days[0]}T12:00:00Z`),
      {
        none: "made without Slack",
      },
    );
    const page = await browser.newPage({ viewport: { width: Math.floor((190 / 25.4) * 96), height: 1100 } });
    await page.emulateMedia({ media: "print" });
    await page.setContent(html, { waitUntil: "load" });
    expect((await page.evaluate(WORDS_THAT_BREAK)) as string[]).toEqual([]);
    const text = await page.innerText("body");
    expect(text.replace(/\u00ad/g, "")).toContain("JD 07:35 · unwitnessed");
    expect(text).not.toContain("no witness");
    await page.close();
  }, 60_000);
});
