/**
 * A document (src/present/doc.ts) as HTML, the third serializer beside Block Kit and plain text: the
 * title a heading, each part a paragraph (a group's name a sub-heading, fields "Label: value"
 * lines, notes small print at the foot), each line of a paragraph on its own line. Buttons are left
 * out (a printed page has nothing to click). Every span is cleaned (cleanText: controls, bidi
 * overrides, invisible characters), escaped for HTML and isolated (`<bdi>`), so a right-to-left
 * value cannot turn the words beside it around; strong, em, code and struck are HTML's own, a tone
 * a class the page's style may colour.
 */
import type { Doc, Line, Part, Span } from "../present/doc.ts";
import { cleanText } from "../present/doc.ts";
import { qrSvg } from "./qr.ts";

type Grid = Extract<Part, { kind: "grid" }>;

/** Text made safe for HTML, in an element or an attribute. */
const escapeHtml = (value: unknown): string =>
  cleanText(value)
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");

function spanHtml(s: Span): string {
  // The name of a button a page does not have.
  if (s.button) return "";
  // A line break can never start a line of its own, as on every other surface.
  let out = `<bdi>${escapeHtml(s.text.replace(/\s*\n\s*/g, " "))}</bdi>`;
  if (s.code) out = `<code>${out}</code>`;
  if (s.em) out = `<em>${out}</em>`;
  if (s.strong) out = `<strong>${out}</strong>`;
  if (s.struck) out = `<del>${out}</del>`;
  // Only a file beside the page (no scheme, no path): a printed record never links outside itself.
  if (s.href && /^[\p{L}\p{M}\p{N}._-]+\.html$/u.test(s.href))
    out = `<a href="${escapeHtml(s.href)}">${out}</a>`;
  return s.tone ? `<span class="${s.tone}">${out}</span>` : out;
}

const lineHtml = (l: Line): string => l.map(spanHtml).join("");
const linesHtml = (ls: Line[]): string => ls.map(lineHtml).join("<br>\n");

function partHtml(p: Part): string | undefined {
  switch (p.kind) {
    case "title":
      return `<h1><bdi>${escapeHtml(p.text)}</bdi></h1>`;
    case "summary":
      return p.lines.length ? `<p class="summary">${linesHtml(p.lines)}</p>` : undefined;
    case "group":
      return `<h2>${lineHtml(p.line)}</h2>`;
    case "item":
      return `<p class="item">${linesHtml(p.lines)}</p>`;
    case "text":
      return p.lines.length ? `<p>${linesHtml(p.lines)}</p>` : undefined;
    case "fields":
      return p.fields.length
        ? `<p class="fields">${p.fields
            .map((f) => `<span class="label">${escapeHtml(f.label)}:</span> ${lineHtml(f.value)}`)
            .join("<br>\n")}</p>`
        : undefined;
    case "note":
      return p.lines.length ? `<p class="note">${linesHtml(p.lines)}</p>` : undefined;
    case "grid":
      return gridHtml(p);
    case "qr":
      // Drawn, not linked: a printed record never links outside itself.
      return `<div class="qr">${qrSvg(p.link)}<p>${linesHtml(p.lines)}</p></div>`;
    case "actions":
      return undefined;
    case "divider":
      return "<hr>";
  }
}

/**
 * A grid as a table: its columns' first lines (a day) spanning the columns that share them, their
 * other lines (a round) below; each row's head a row header; a cell's key its `data-key`, a cell
 * with nothing in it `struck` (the page's style draws a line through it).
 */
function gridHtml(p: Grid): string {
  const spans: Array<{ line: Line; n: number }> = [];
  for (const c of p.columns) {
    const first = c[0] ?? [];
    const last = spans.at(-1);
    if (last && lineHtml(last.line) === lineHtml(first)) last.n++;
    else spans.push({ line: first, n: 1 });
  }
  const top = spans.map((s) => `<th colspan="${s.n}" scope="colgroup">${lineHtml(s.line)}</th>`).join("");
  const under = p.columns.map((c) => `<th scope="col">${linesHtml(c.slice(1))}</th>`).join("");
  const corner = `<th rowspan="2" scope="col">${escapeHtml(p.corner)}</th>`;
  const rows = p.rows.map((r) => {
    const cells = r.cells.map((c) => {
      const key = c.key === undefined ? "" : ` data-key="${escapeHtml(c.key)}"`;
      return `<td${key}${c.struck ? ' class="struck"' : ""}>${lineHtml(c.line)}</td>`;
    });
    return `<tr><th scope="row">${linesHtml(r.head)}</th>${cells.join("")}</tr>`;
  });
  return `<table class="grid">\n<thead><tr>${corner}${top}</tr><tr>${under}</tr></thead>\n<tbody>\n${rows.join("\n")}\n</tbody>\n</table>`;
}

/** A document's parts as HTML, one element per part, in order. */
const docHtml = (doc: Doc): string =>
  doc.parts
    .map(partHtml)
    .filter((h): h is string => h !== undefined)
    .join("\n");

/**
 * A document as one self-contained page: no script and no external resource (the style inline),
 * the document's fallback its title; `more` documents after it, each on a new printed page (an
 * `hr.page` between them: the style breaks the page there).
 */
export function docPage(doc: Doc, style: string, more: readonly Doc[] = []): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(doc.fallback)}</title>
<style>${style}</style>
</head>
<body>
${[doc, ...more].map(docHtml).join('\n<hr class="page">\n')}
</body>
</html>
`;
}
