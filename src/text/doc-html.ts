/**
 * A document's parts (src/present/doc.ts) as HTML for the printable pages (src/text/stay-html.ts):
 * a title a heading, each text, summary or note a paragraph of lines, each item a list entry; strong
 * in <strong>, a struck span in <del>, an alert in the page's problem style. Every span cleaned as on
 * every surface, escaped and isolated (`<bdi>`), so no value can carry markup or turn the words
 * around it; buttons left out (nothing on a page can click them).
 */
import { cleanText } from "../domain/text.ts";
import type { Line, Part, Span } from "../present/doc.ts";

const escaped = (value: unknown) =>
  cleanText(value)
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");

function spanHtml(s: Span): string {
  let out = `<bdi>${escaped(s.text)}</bdi>`;
  if (s.strong) out = `<strong>${out}</strong>`;
  if (s.tone === "alert") out = `<span class="problem">${out}</span>`;
  if (s.struck) out = `<del>${out}</del>`;
  return out;
}

const lineHtml = (l: Line) => l.map(spanHtml).join("");

/** The parts as HTML, in order. */
export function partsHtml(parts: Part[]): string {
  const out: string[] = [];
  for (const p of parts) {
    switch (p.kind) {
      case "title":
        out.push(`<h3>${escaped(p.text)}</h3>`);
        break;
      case "summary":
      case "text":
      case "note":
        if (p.lines.length) out.push(`<p>${p.lines.map(lineHtml).join("<br>\n")}</p>`);
        break;
      case "group":
        out.push(`<p><strong>${lineHtml(p.line)}</strong></p>`);
        break;
      case "item":
        out.push(`<ul><li>${p.lines.map(lineHtml).join("<br>\n")}</li></ul>`);
        break;
      case "fields":
        out.push(`<p>${p.fields.map((f) => `${escaped(f.label)}: ${lineHtml(f.value)}`).join("<br>\n")}</p>`);
        break;
      case "actions":
      case "divider":
        break;
    }
  }
  return out.join("\n");
}
