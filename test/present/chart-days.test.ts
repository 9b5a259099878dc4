/**
 * A week's chart prints each pet's own days (issue 50, a fresh look): a pet in for two days gets
 * those two days, its page naming the chart's days that are not its, and a day with a dose to sign
 * is never left out whatever the booking says; each page names the pet's id that `record enter
 * --pet` takes.
 */
import { expect, it } from "vitest";
import type { ChartPet } from "../../src/answers/chart.ts";
import type { ChartCell } from "../../src/domain/chart.ts";
import { chartDoc } from "../../src/present/chart.ts";
import { docText } from "../../src/text/doc.ts";
import { addDays } from "../../src/time.ts";
import { chartOf, chartOptions, chartPet, PLAIN_TEXT } from "../helpers/chart.ts";

const FROM = "2026-11-23";
const DATES = Array.from({ length: 7 }, (_, i) => addDays(FROM, i));
const OPEN: ChartCell = { kind: "open", state: "due" };

const pet = (petId: number, name: string, stay: Partial<ChartPet>, days: string[]): ChartPet =>
  chartPet(petId, {
    name,
    room: "Kennel 4",
    rows: [{ item: "med:1", due: { item: "med:1", label: "Rimadyl", text: "Rimadyl 50 mg" } }],
    cells: Object.fromEntries(days.map((d) => [`${d}|morning|med:1`, OPEN])),
    ...stay,
  });

const week = (pets: ChartPet[]): string => {
  const columns = DATES.map((date) => ({ date, round: "morning" as const, kept: false }));
  return docText(chartDoc(chartOf(columns, pets), chartOptions(FROM)), PLAIN_TEXT);
};

/** The text of one pet's pages (from its name's head to the next pet's). */
const pagesOf = (text: string, name: string, next?: string) =>
  text.slice(text.indexOf(`${name} (pet`), next ? text.indexOf(`${next} (pet`) : undefined);

it("a pet in for two days of a week's chart gets those two days on one page, and its page says which days are not its", () => {
  const text = week([
    pet(77, "Biscuit", { checkIn: "2026-11-24T10:00:00Z", checkOut: "2026-11-25T16:00:00Z" }, [
      "2026-11-24",
      "2026-11-25",
    ]),
    pet(88, "Milo", {}, DATES),
  ]);
  const biscuit = pagesOf(text, "Biscuit", "Milo");
  expect(biscuit).toContain("Tue 24 Nov");
  expect(biscuit).toContain("Wed 25 Nov");
  for (const day of ["Mon 23 Nov Morning", "Thu 26 Nov Morning", "Sun 29 Nov Morning"])
    expect(biscuit).not.toContain(day);
  // One page, no "days 1–3 of 7": its two days fit one.
  expect(biscuit).not.toMatch(/days? \d/);
  expect(biscuit).toContain(
    "Not its days: Mon 23 Nov, Thu 26 Nov to Sun 29 Nov: not in house by its booking, so not on its pages (this chart: Mon 23 Nov to Sun 29 Nov)",
  );
  // A pet in all week: its seven days over pages, nothing said of days not its.
  const milo = pagesOf(text, "Milo");
  expect(milo).toContain("days 1–3 of 7");
  expect(milo).toContain("day 7 of 7, continued");
  expect(milo).not.toContain("Not its days");
});

it("a day with a dose to sign is printed whatever the booking says; a check-out not known, or still here past it, is no limit", () => {
  const text = week([
    // The booking says gone home Tue, but Thursday has a cell to sign: Thursday is printed.
    pet(77, "Biscuit", { checkIn: "2026-11-23T08:00:00Z", checkOut: "2026-11-24T10:00:00Z" }, [
      "2026-11-23",
      "2026-11-26",
    ]),
    pet(88, "Milo", { checkIn: "2026-11-28T09:00:00Z", checkOut: "2026-11-25T10:00:00Z", stillHere: true }, [
      "2026-11-28",
    ]),
  ]);
  const biscuit = pagesOf(text, "Biscuit", "Milo");
  expect(biscuit).toContain("Thu 26 Nov");
  expect(biscuit).toContain("Not its days: Wed 25 Nov, Fri 27 Nov to Sun 29 Nov:");
  const milo = pagesOf(text, "Milo");
  expect(milo).toContain("Not its days: Mon 23 Nov to Fri 27 Nov:");
});

it("a pet still here past its check-out says so on each of its pages, as the house does; another pet does not", () => {
  const every = DATES.slice(0, 6);
  const text = week([
    pet(77, "Biscuit", { checkIn: "2026-11-20T08:00:00Z", checkOut: "2026-11-30T10:00:00Z" }, every),
    pet(
      88,
      "Milo",
      { checkIn: "2026-11-20T09:00:00Z", checkOut: "2026-11-23T10:00:00Z", stillHere: true },
      every,
    ),
  ]);
  const milo = pagesOf(text, "Milo");
  // In house at every round since: each of its pages (the whole week, three) says it.
  const pages = milo.split("Milo (pet 88)").length - 1;
  expect(pages).toBe(3);
  expect(milo.split("⚠️ past check-out (Mon 23 Nov 10:00): still here?").length - 1).toBe(pages);
  expect(pagesOf(text, "Biscuit", "Milo")).not.toContain("still here?");
});

it("a pet checked out says when on its page, its later cells struck; one not gone yet does not", () => {
  const text = week([
    pet(
      88,
      "Bobby",
      { checkIn: "2026-11-20T09:00:00Z", checkOut: "2026-11-24T08:30:00Z", checkedOut: true },
      ["2026-11-23", "2026-11-24"],
    ),
    pet(77, "Biscuit", { checkIn: "2026-11-20T08:00:00Z", checkOut: "2026-11-30T10:00:00Z" }, DATES),
  ]);
  const [first, second] =
    text.indexOf("Bobby (pet") < text.indexOf("Biscuit (pet") ? ["Bobby", "Biscuit"] : ["Biscuit", "Bobby"];
  const pages = { [first]: pagesOf(text, first, second), [second]: pagesOf(text, second) };
  expect(pages.Bobby).toContain("🏠 checked out Tue 24 Nov 08:30");
  expect(pages.Bobby).not.toContain("still here?");
  expect(pages.Biscuit).toContain("Biscuit (pet 77)");
  expect(pages.Biscuit).not.toContain("checked out");
});

it("each page names the pet's id, beside its name and where the person entering the paper back looks", () => {
  const text = week([pet(77, "Biscuit", {}, DATES)]);
  expect(text).toContain("Biscuit (pet 77) · Kennel 4");
  expect(text.match(/Biscuit \(pet 77\)/g)).toHaveLength(3);
  expect(text).toContain(
    "Entering it back: 📄 Enter from paper… on the round's post in Slack, or in a terminal: kennel-desk record enter ROUND DATE --pet 77 --by NAME --dose …",
  );
});
