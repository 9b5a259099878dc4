/**
 * The medication chart on paper (issue 50, `kennel-desk chart`): its document (src/present/chart.ts)
 * serialized as HTML (src/text/html.ts, as the stay's printable record is) in one self-contained
 * file: A4 portrait, a page per pet and three days (src/present/chart.ts CHART_DAYS_PER_PAGE: each
 * cell's words unbroken at 190 mm; each page's divider a page break), the grid's lines kept
 * when a browser prints (no background colours needed: a struck cell is a drawn line), the table's
 * head repeated on a page it runs onto, a row never split across pages; each page's QR code an
 * inline SVG (src/text/qr.ts), nothing loaded.
 */
import type { Chart } from "../answers/chart.ts";
import type { Config } from "../config.ts";
import { CELL_BREAKS, type ChartOptions, type ChartSlack, chartDoc } from "../present/chart.ts";
import { docPage } from "./html.ts";

const STYLE = `
  @page { size: A4 portrait; margin: 12mm 10mm; }
  body { font: 9.5pt/1.3 system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif; color: #000; margin: 0 auto; max-width: 190mm; }
  h1 { font-size: 14pt; margin: 0 0 4pt; }
  h2 { font-size: 13pt; margin: 0 0 2pt; }
  p { margin: 0 0 5pt; }
  .fields { color: #222; }
  .label { font-weight: 600; }
  .alert { color: #8a1c1c; font-weight: 600; }
  .warn { color: #8a4b00; }
  .muted { color: #555; }
  .note { margin-top: 10pt; font-size: 8pt; color: #444; }
  hr { border: 0; margin: 0; break-after: page; page-break-after: always; }
  table.grid { width: 100%; border-collapse: collapse; table-layout: fixed; margin: 4pt 0 6pt; }
  table.grid th, table.grid td { border: 0.8pt solid #000; padding: 2pt; vertical-align: top; overflow-wrap: anywhere; }
  table.grid thead { display: table-header-group; }
  table.grid tr { break-inside: avoid; page-break-inside: avoid; }
  table.grid thead th { font-weight: 600; text-align: center; font-size: 7.5pt; padding: 2pt 1pt; overflow-wrap: normal; }
  table.grid thead tr:first-child th:first-child { width: 28%; }
  table.grid tbody th { text-align: left; font-weight: 400; font-size: 8.5pt; }
  table.grid td { height: 11mm; font-size: 8.5pt; text-align: center; }
  table.grid td.struck { background: linear-gradient(to top right, transparent calc(50% - 0.6pt), #000 calc(50% - 0.6pt), #000 calc(50% + 0.6pt), transparent calc(50% + 0.6pt)); -webkit-print-color-adjust: exact; print-color-adjust: exact; }
  .qr { display: flex; align-items: center; gap: 3mm; margin: 2pt 0 4pt; break-inside: avoid; }
  .qr svg { width: 20mm; height: 20mm; flex: none; }
  .qr p { margin: 0; font-size: 8.5pt; }
  @media print { body { max-width: none; } }
`;

/**
 * The page, each word wider than a three-day page's cell (CELL_BREAKS: "unwitnessed") given where
 * it may break, a soft hyphen (printed "unwit-" only where it breaks), never anywhere a cell's
 * `overflow-wrap` would cut it.
 */
function chartHtml(chart: Chart, o: ChartOptions): string {
  return CELL_BREAKS.reduce(
    (html, [word, at]) => html.replaceAll(word, `${word.slice(0, at)}&shy;${word.slice(at)}`),
    docPage(chartDoc(chart, o), STYLE),
  );
}

/**
 * The chart's page as every surface makes it: the kennel's zone and rounds, when it was made, and
 * where its QR codes open Kennel Desk in Slack (or why they are left out).
 */
export function chartPage(
  chart: Chart,
  config: Pick<Config, "timezone" | "rounds" | "kennelName">,
  now: Date,
  slack: ChartSlack,
): string {
  return chartHtml(chart, {
    slack,
    timezone: config.timezone,
    times: config.rounds.times,
    names: config.rounds.names,
    generatedAt: now.toISOString(),
    kennelName: config.kennelName,
  });
}
