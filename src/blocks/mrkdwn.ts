/**
 * Text for Slack. Every string that comes from the API goes through `esc` (or `plain` for
 * plain_text), so a pet note saying <!channel> pings nobody and *bold* in a name stays text.
 */

import { cleanText, oneLine } from "../present/doc.ts";
import { LIMITS } from "./limits.ts";
import type { Button, ContextBlock, HeaderBlock, Mrkdwn, PlainText, SectionBlock } from "./types.ts";

/**
 * Escapes Slack's three control characters (after `oneLine` strips bidi overrides and invisible
 * characters and folds line breaks, so a value cannot forge a line of its own), so no text from
 * the API can become a mention, a channel ping or a link. Formatting characters (* _ ~ `) are left as they are: at worst they
 * make a word bold, and inserting invisible characters would corrupt references and microchips
 * that staff copy.
 */
export function esc(value: unknown): string {
  return escapeMarks(oneLine(value));
}

/** As `esc`, keeping line breaks: only for a code block (the API's JSON in raw mode). */
export function escLines(value: unknown): string {
  return escapeMarks(cleanText(value));
}

/**
 * Mrkdwn as plain text again (what `esc` escaped put back), for words that go both into a message and
 * into a form's field error, which Slack shows as plain text: there "&lt;" would be read as it is.
 */
export const plainOf = (mrkdwn: string): string =>
  mrkdwn.replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&amp;/g, "&");

const escapeMarks = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/**
 * Cuts text to at most `max` characters (code points kept whole), with an ellipsis, at a word
 * boundary (inside a word only when the text has no space to cut at). Slack's own limits only (a
 * button's text, a header, the fallback): the answers' care is never cut (src/blocks/sections.ts).
 */
export function truncate(text: string, max: number): string {
  if (text.length <= max) return text;
  const chars = Array.from(text);
  let out = "";
  let i = 0;
  for (const ch of chars) {
    if (out.length + ch.length > max - 1) break;
    out += ch;
    i++;
  }
  const space = out.lastIndexOf(" ");
  if (!/\s/.test(chars[i] ?? "") && space > 0) out = out.slice(0, space);
  // Never leave a half-escaped entity (&amp; cut to &am) at the end.
  out = out.replace(/&[a-z]{0,4}$/i, "").trimEnd();
  return `${out}…`;
}

/** Escaped, spaces tidied and cut to `max` characters: for one field among several in a line or section. */
export function clip(value: unknown, max: number): string {
  return truncate(
    esc(value)
      .replace(/[ \t]+/g, " ")
      .trim(),
    max,
  );
}

/**
 * A message's top-level `text` (notifications, screen readers), from raw text: escaped too, since
 * Slack parses mentions in it, and within its limit.
 */
export function fallback(raw: string): string {
  return truncate(esc(oneLine(raw).replace(/\s+/g, " ").trim() || "Kennel Desk"), LIMITS.fallbackText);
}

function mrkdwn(text: string): Mrkdwn {
  // Slack refuses an empty text: a value that cleans to nothing (a control character) still shows something.
  return {
    type: "mrkdwn",
    text: text.trim() ? truncate(text, LIMITS.sectionText) : "(nothing recorded)",
    verbatim: true,
  };
}

/** Plain text (headers, buttons): the same sanitiser as mrkdwn, on one line. */
function plain(text: string, max: number = LIMITS.sectionText): PlainText {
  return { type: "plain_text", text: truncate(oneLine(text).trim() || " ", max), emoji: true };
}

export function header(text: string): HeaderBlock {
  return { type: "header", text: plain(text, LIMITS.headerText) };
}

export function section(text: string, accessory?: Button): SectionBlock {
  return accessory
    ? { type: "section", text: mrkdwn(text), accessory }
    : { type: "section", text: mrkdwn(text) };
}

export function fields(items: string[]): SectionBlock {
  return {
    type: "section",
    fields: items.slice(0, LIMITS.sectionFields).map((t) => ({ ...mrkdwn(truncate(t, LIMITS.fieldText)) })),
  };
}

export function context(...texts: string[]): ContextBlock {
  return { type: "context", elements: texts.slice(0, LIMITS.contextElements).map((t) => mrkdwn(t)) };
}

export function button(text: string, actionId: string, value: string, style?: "primary" | "danger"): Button {
  const b: Button = { type: "button", text: plain(text, LIMITS.buttonText), action_id: actionId, value };
  if (value.length > LIMITS.buttonValue) throw new RangeError(`button value too long (${value.length})`);
  if (style) b.style = style;
  return b;
}
