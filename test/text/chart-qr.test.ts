/**
 * The chart's QR code on every printed page (issue 50): an inline SVG carrying the link to Kennel
 * Desk in Slack, with "scan to open Kennel Desk in Slack, then /booking REF" beside it; made without
 * Slack, no code and one small line saying so. Nothing loaded: the code is drawn in the page.
 */
import { expect, it } from "vitest";
import type { ChartPet } from "../../src/answers/chart.ts";
import { loadConfig } from "../../src/config.ts";
import { ROUNDS } from "../../src/domain/care.ts";
import { chartPage } from "../../src/text/chart-html.ts";
import { chartOf, chartPet } from "../helpers/chart.ts";
import { svgModules, textModules } from "../helpers/qr.ts";

const DATES = ["2026-11-24", "2026-11-25", "2026-11-26", "2026-11-27"];
const LINK = "https://slack.com/app_redirect?app=A0456EFGH&team=T0123ABCD";
const config = loadConfig({ KENNEL_TIMEZONE: "Europe/London" });

const pet = (petId: number, reference: string | undefined): ChartPet =>
  chartPet(petId, { bookingId: 500 + petId, room: "Kennel 1", reference });

const chart = chartOf(
  DATES.flatMap((date) => ROUNDS.map((round) => ({ date, round, kept: false }))),
  [pet(1, "HP-AAA111"), pet(2, undefined)],
);
const now = new Date("2026-11-23T19:00:00Z");

it("a code on each page (two pets, four days: four pages), encoding the link, with what to type beside it", () => {
  const html = chartPage(chart, config, now, { link: LINK });
  const codes = [...html.matchAll(/<div class="qr">(<svg[\s\S]*?<\/svg>)<p>([\s\S]*?)<\/p><\/div>/g)];
  expect(codes).toHaveLength(4);
  for (const [, svg] of codes) expect(svgModules(svg as string)).toEqual(textModules(LINK));
  expect(svgModules(codes[0]?.[1] as string)).not.toEqual(textModules(`${LINK}x`));
  const words = codes.map(([, , p]) => (p as string).replace(/<[^>]+>/g, ""));
  expect(words).toEqual([
    "Scan to open Kennel Desk in Slack, then /booking HP-AAA111",
    "Scan to open Kennel Desk in Slack, then /booking HP-AAA111",
    "Scan to open Kennel Desk in Slack, then /booking 502",
    "Scan to open Kennel Desk in Slack, then /booking 502",
  ]);
  expect(html).not.toMatch(/<script|src=|href=|@import|url\(/i);
  expect(html).not.toContain("No QR code");
});

it("made without Slack: no code, one small line on each page saying so, and the way to the stay", () => {
  const html = chartPage(chart, config, now, {
    none: "this chart was made without Slack (no SLACK_BOT_TOKEN where it was made)",
  });
  expect(html).not.toContain("<svg");
  const said = html.match(
    /No QR code: this chart was made without Slack \(no SLACK_BOT_TOKEN where it was made\)\. In Slack, \/booking (HP-AAA111|502) opens this stay\./g,
  );
  expect(said).toHaveLength(4);
});
