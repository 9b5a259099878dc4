/**
 * A day of another year said with its year in a tool's answer: the shared day words ("Fri 1 Jan")
 * leave the year out, as Slack's posts of this week do; an assistant may ask for any day (1999-01-01,
 * 2025-01-01), and "Arrivals — Fri 1 Jan" then reads as next January's. Its title's and lines' words
 * for that day gain the year: "Arrivals — Fri 1 Jan 1999 (0)".
 */
import type { Doc, Line, Part } from "../present/doc.ts";
import { dayHeading } from "../words/dates.ts";

/** The document with the day's words (`date`, YYYY-MM-DD) given its year, when it is not `thisYear`. */
export function withYear(doc: Doc, date: string, thisYear: string): Doc {
  const year = date.slice(0, 4);
  if (year === thisYear) return doc;
  const said = dayHeading(date);
  // The day's words not already followed by a year (or another digit).
  const bare = new RegExp(`${said.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?![\\s,]*\\d{4})`, "g");
  const fix = (s: string) => s.replace(bare, `${said} ${year}`);
  const lines = (ls: Line[]): Line[] => ls.map((l) => l.map((span) => ({ ...span, text: fix(span.text) })));
  const part = (p: Part): Part => {
    if (p.kind === "title") return { ...p, text: fix(p.text) };
    if (p.kind === "summary" || p.kind === "text" || p.kind === "note" || p.kind === "item")
      return { ...p, lines: lines(p.lines) };
    return p;
  };
  return { ...doc, fallback: fix(doc.fallback), parts: doc.parts.map(part) };
}
