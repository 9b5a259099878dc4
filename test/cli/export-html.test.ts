/**
 * `kennel-desk record export --format html`: one self-contained page per stay for an inspector or a
 * vet, rendered in Chromium and printed to PDF. The page names the pet and the owner (name only,
 * never a contact), every item due and every entry with who and when in the kennel's time zone, a
 * corrected entry struck through; it loads nothing from anywhere; text from the record is escaped.
 * Also: --pet and --booking narrow the CSV.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dayReport } from "../../src/answers/day.ts";
import { fileNamePart } from "../../src/cli/record-pages.ts";
import { ROUNDS } from "../../src/domain/care.ts";
import type { DayEntry } from "../../src/domain/day.ts";
import { dueItems } from "../../src/domain/record.ts";
import { roundSheet } from "../../src/domain/rounds.ts";
import { recordKennel } from "../../src/record/kennel.ts";
import { openCareRecord } from "../../src/record/open.ts";
import type { EntryInput, RecordResult } from "../../src/record/types.ts";
import { type Sandbox, startSandbox } from "../../src/sandbox/server.ts";
import { launchChromium } from "../helpers/browser.ts";
import { parseCsv } from "../helpers/csv.ts";
import { keepRounds } from "../helpers/rounds.ts";
import { sandboxDeps } from "../helpers/sandbox-deps.ts";
import { runCommand } from "./helpers.ts";

const dir = mkdtempSync(join(tmpdir(), "kennel-desk-export-html-"));
let at = Date.parse("2026-11-21T18:10:00Z");
const clock = { now: () => new Date(at) };
let sandbox: Sandbox;
let browser: Browser;
let chosen: DayEntry;
let env: Record<string, string>;

beforeAll(async () => {
  sandbox = await startSandbox({ seed: 21, customers: 150, today: "2026-11-22", timezone: "Europe/London" });
  env = {
    KENNEL_TIMEZONE: "Europe/London",
    LOG_LEVEL: "silent",
    KENNEL_DATA_DIR: dir,
    KENNEL_API_KEY: sandbox.keys.main,
    KENNEL_API_BASE_URL: sandbox.url,
  };
  const deps = sandboxDeps(sandbox, clock, { env, retryDelayMs: 0 });
  const day = await dayReport(deps, "departures", "2026-11-22", { wholeDay: true });
  chosen = day.entries.find(
    (e) =>
      e.care?.status === "matched" &&
      Date.parse(e.booking.checkInDate ?? "") < Date.parse("2026-11-20T00:00:00Z") &&
      e.care.pets.some((p) =>
        ROUNDS.some((r) => dueItems(roundSheet(p.care, r)).some((d) => d.item !== "meal")),
      ),
  ) as DayEntry;
  if (!chosen) throw new Error("no departure with a dose in the sandbox");
  const pet = chosen.care?.pets[0] as NonNullable<DayEntry["care"]>["pets"][number];
  const round =
    ROUNDS.find((r) => dueItems(roundSheet(pet.care, r)).some((d) => d.item !== "meal")) ?? "evening";
  const med = dueItems(roundSheet(pet.care, round)).find((d) => d.item !== "meal") as ReturnType<
    typeof dueItems
  >[0];
  // The record made for the sandbox's kennel, as the bot on it makes it.
  const { store } = await openCareRecord(
    { engine: "sqlite", dataDir: dir },
    clock,
    recordKennel(deps.config),
  );
  // The stay's rounds kept as the bot keeps them (issue 45): what each asked is the page's "due".
  await keepRounds({ ...deps, record: store }, ["2026-11-20", "2026-11-21"]);
  const base = {
    round,
    bookingId: chosen.booking.bookingId as number,
    petId: pet.pet.petId as number,
    petName: pet.pet.name ?? "pet",
    userId: "U0JANE",
    userName: "Jane <b>Doe</b>",
  } as const;
  const record = async (e: EntryInput[]) =>
    ((await store.record(e)) as Extract<RecordResult, { status: "recorded" }>).entries;
  const [given] = await record([
    { ...base, date: "2026-11-21", item: med.item, itemText: med.text, outcome: "given", requestKey: "h1" },
  ]);
  at += 5 * 60_000;
  await record([
    {
      ...base,
      date: "2026-11-21",
      item: med.item,
      itemText: med.text,
      outcome: "refused",
      note: "<script>alert(1)</script> spat it out",
      supersedes: given?.id,
      requestKey: "h2",
    },
  ]);
  await record([
    {
      ...base,
      date: "2026-11-20",
      item: "meal",
      itemText: "=dry food",
      outcome: "ate_some",
      requestKey: "h3",
    },
  ]);
  // Another stay's entry: not on this stay's page, nor in its CSV.
  await record([
    {
      ...base,
      bookingId: 999_999,
      date: "2026-11-20",
      item: "meal",
      itemText: "wet",
      outcome: "ate_all",
      requestKey: "h4",
    },
  ]);
  await store.close();
  at = Date.parse("2026-11-22T10:00:00Z");
  browser = await launchChromium();
}, 90_000);

afterAll(async () => {
  await browser?.close();
  await sandbox?.close();
  rmSync(dir, { recursive: true, force: true });
});

async function cli(args: string[], extra: Record<string, string> = {}) {
  return runCommand(args, { ...env, ...extra }, { clock });
}

describe("record export --format html", () => {
  it("one stay's page renders in Chromium, loads nothing, says everything, and prints to PDF", async () => {
    const reference = chosen.booking.reference as string;
    const r = await cli(["record", "export", "--booking", reference, "--format", "html"]);
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^<!DOCTYPE html>/);
    expect(r.stdout).not.toMatch(/<script|src=|href=|@import|url\(/i);
    const page = await browser.newPage();
    const requests: string[] = [];
    page.on("request", (q) => requests.push(q.url()));
    await page.setContent(r.stdout, { waitUntil: "load" });
    expect(requests.filter((u) => !u.startsWith("data:") && u !== "about:blank")).toEqual([]);
    const text = await page.innerText("body");
    const pet = chosen.care?.pets[0]?.pet;
    expect(text).toContain(`Stay record · ${reference}`);
    expect(text).toContain(reference);
    expect(text).toContain(String(pet?.name));
    expect(text).toContain(`Owner: ${chosen.booking.customerName}`);
    expect(text).toContain("Europe/London");
    expect(text).toContain("<script>alert(1)</script> spat it out"); // shown as text, never run
    expect(text).toContain("Jane <b>Doe</b>");
    expect(text).toMatch(/refused/);
    expect(text).toMatch(/❌ missed/); // the stay's other doses, missed
    // The corrected "given", kept and struck through: the one struck line on the page.
    expect(await page.locator("del").count()).toBe(1);
    expect(await page.locator("del").innerText()).toMatch(/^given \d\d:\d\d · Jane <b>Doe<\/b>$/);
    // Owner's name only: no contact detail of any customer.
    const customer = sandbox.main.customers.find((c) => c.customerId === chosen.booking.customerId) as Record<
      string,
      unknown
    >;
    for (const key of ["email", "mobile", "landline", "address1", "zipCode"]) {
      const v = customer?.[key];
      if (typeof v === "string" && v.length > 4) expect(text).not.toContain(v);
    }
    const pdf = await page.pdf({ format: "A4", printBackground: true });
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    expect(pdf.length).toBeGreaterThan(5_000);
    await page.close();
  }, 60_000);

  it("several stays: one page each in --out; without it, the command says to add it", async () => {
    const out = join(dir, "pages");
    const twoDays = ["record", "export", "--from", "2026-11-20", "--to", "2026-11-21", "--format", "html"];
    // KENNEL_NAME set: each page and the index name the kennel before the API's address.
    const r = await cli([...twoDays, "--out", out], { KENNEL_NAME: "Hillside Boarding Kennels" });
    expect(r.code).toBe(0);
    const files = readdirSync(out).sort();
    // A page per stay's pet, named by its reference and the pet (issue 45), beside the index of them.
    expect(files).toContain("index.html");
    const petName = fileNamePart(String(chosen.care?.pets[0]?.pet.name), 40).toLocaleLowerCase("en");
    const name = `${fileNamePart(String(chosen.booking.reference))}-${petName}.html`;
    expect(files).toContain(name);
    expect(readFileSync(join(out, name), "utf8")).toContain("spat it out");
    // The other stay, which no kept round names: by its id.
    expect(files.filter((f) => f.startsWith("booking-999999-"))).toHaveLength(1);
    expect(readFileSync(join(out, "index.html"), "utf8")).toContain(name);
    expect(readFileSync(join(out, "index.html"), "utf8")).toContain(
      "Hillside Boarding Kennels · the kennel on this computer (the sandbox",
    );
    expect(readFileSync(join(out, name), "utf8")).toContain(
      "Hillside Boarding Kennels · the kennel on this computer",
    );
    const many = await cli(twoDays);
    expect(many.code).toBe(2);
    expect(many.stderr).toContain("--out FOLDER");
  });

  it("--pet and --booking narrow the CSV, which stays spreadsheet-safe", async () => {
    const byBooking = await cli(["record", "export", "--booking", String(chosen.booking.bookingId)]);
    expect(byBooking.code).toBe(0);
    const [header = [], ...rows] = parseCsv(byBooking.stdout);
    const kinds = (r: string[][]) => r.map((x) => x[header.indexOf("kind")]);
    // Three entries (beside the stay's plan), then each item its kept rounds asked with nothing
    // recorded, and the record's head as the last row (in its own column), found by column name.
    expect(kinds(rows).filter((k) => k === "round")).toHaveLength(3);
    const first = kinds(rows).indexOf("unrecorded");
    expect(first).toBeGreaterThan(0);
    expect(new Set(kinds(rows.slice(first, -1)))).toEqual(new Set(["unrecorded"]));
    const last = rows.at(-1) ?? [];
    expect(last).toHaveLength(header.length);
    expect(last[header.indexOf("kind")]).toBe("record_head");
    expect(last[header.indexOf("record_head")]).toMatch(/^#\d+ sha256 [0-9a-f]{64} /);
    expect(byBooking.stdout).toContain("'=dry food");
    expect(byBooking.stdout).not.toContain(",wet,");
    const byPet = await cli(["record", "export", "--pet", String(chosen.care?.pets[0]?.pet.petId)]);
    const [, ...petRows] = parseCsv(byPet.stdout);
    expect(kinds(petRows).filter((k) => k === "round")).toHaveLength(4);
    const none = await cli(["record", "export"]);
    expect(none.code).toBe(2);
    expect(none.stderr).toContain("--pet ID, --booking REF");
  });
});
