/**
 * `record verify --head`: a head printed before, read from any form the record prints one in (the
 * morning post's footer "🔏 care record #1234 · 9f3a5c1e0b7d24aa…", the audit's line, the CSV's
 * `record_head` cell whole, its check command, the JSON's `head`, the printable page's foot
 * "#1234, sha256 …"), and what the walk found of it in words: passed through, or which reading fits
 * (a place number mistyped, its digits mistyped, the record rewritten or cut short since).
 */
import { UsageError } from "../answers/failure.ts";
import { cleanText } from "../domain/text.ts";
import { HEAD_HEX_DIGITS, headWords, type VerifyResult } from "../record/chain.ts";
import { HELP_HINT } from "./context.ts";

/** A head printed before: its place and the hex digits given. */
export interface Printed {
  seq: number;
  prefix: string;
}

/** What was typed is echoed whole up to this many characters; past them cut with "…", saying so. */
const ECHO_MAX = 200;

/** The text typed, quoted whole on one line (cleaned), or its first ECHO_MAX characters, saying it was cut. */
function echoed(raw: string): string {
  const text = cleanText(raw).replace(/\s+/g, " ").trim();
  if (text.length <= ECHO_MAX) return `"${text}"`;
  return `"${text.slice(0, ECHO_MAX)}…" (its first ${ECHO_MAX} of ${text.length} characters)`;
}

/** A head quoted in words: "#1234 · 9f3a…", "#1234 sha256 9f3a…", "#1234, sha256 9f3a…". */
const QUOTED = /#(\d{1,15})(?:[\s,·:]|sha256)+([0-9a-f]+)(?![0-9a-z])/giu;
/** A head as JSON (or JavaScript) writes a ChainHead: `"seq": 1234, "hash": "9f3a…"`. */
const AS_JSON = /["']?seq["']?\s*:\s*(\d{1,15})\s*,\s*["']?hash["']?\s*:\s*["']([0-9a-f]+)["']/giu;
/** Typed alone without its "#": "1234 · 9f3a5c1e0b7d24aa". */
const BARE = /^(\d{1,15})(?:[\s,·:]|sha256)+([0-9a-f]+)…?$/iu;

/** Each head the text names (a CSV cell names its head twice: whole, and in its check command). */
function headsIn(raw: string): Printed[] {
  // A CSV cell copied as the file holds it: its quotes doubled.
  const text = raw.replace(/""/g, '"').trim();
  const found = [...text.matchAll(AS_JSON), ...text.matchAll(QUOTED)];
  const bare = found.length ? null : BARE.exec(text);
  return (bare ? [bare] : found).map((m) => ({ seq: Number(m[1]), prefix: (m[2] ?? "").toLowerCase() }));
}

/**
 * `--head`, checked: one head (named once, or more than once the same), with at least 16 hex digits
 * (64 bits), as the morning post and the exports print it.
 */
export function printedHead(raw: string | undefined): Printed | undefined {
  if (raw === undefined) return undefined;
  const heads = headsIn(raw);
  if (heads.length === 0)
    throw new UsageError(
      `--head takes a head as the record prints it (the morning post's "#1234 · 9f3a5c1e0b7d24aa", the audit's line, the CSV's record_head cell, the JSON's head), not ${echoed(raw)}.`,
      HELP_HINT,
    );
  // The longest quote of it: the CSV's cell names the hash whole, then its first 16 digits.
  const head = heads.reduce((a, b) => (b.prefix.length > a.prefix.length ? b : a));
  const other = heads.find((h) => h.seq !== head.seq || !head.prefix.startsWith(h.prefix));
  if (other)
    throw new UsageError(
      `--head names more than one head (#${head.seq} · ${head.prefix.slice(0, HEAD_HEX_DIGITS)}…, #${other.seq} · ${other.prefix.slice(0, HEAD_HEX_DIGITS)}…) in ${echoed(raw)}.`,
      'Give the one printed before, for example --head "#1234 · 9f3a5c1e0b7d24aa".',
    );
  // At least 16 hex digits (64 bits): a rewritten row found to match fewer by trying (four took
  // about 65,000 tries) proves nothing.
  const digits = head.prefix.length;
  if (digits < HEAD_HEX_DIGITS || digits > 64)
    throw new UsageError(
      `--head needs at least ${HEAD_HEX_DIGITS} hex digits of the hash (64 bits), as the morning post and the exports print it: ${echoed(raw)} has ${digits}.`,
      `Copy the head whole, for example "#1234 · 9f3a5c1e0b7d24aa" (fewer digits could be matched by a rewritten record found by trying).`,
    );
  return head;
}

const CHECK_PRINTED = "the printed copy (the morning post's footer, the export)";

/** The hash given is at another place: the place number was likely mistyped; how to check it. */
function elsewhereWords(at: { seq: number; hash: string }): string[] {
  const head = `#${at.seq} · ${at.hash.slice(0, HEAD_HEX_DIGITS)}`;
  return [
    `That hash is the head at #${at.seq}: the place number may be mistyped.`,
    `Check the place number against ${CHECK_PRINTED}; if it reads #${at.seq}, run: kennel-desk record verify --head "${head}"`,
  ];
}

/**
 * A head whose hash matches no link at its place: either it was copied wrong (one digit mistyped
 * reads the same as a rewrite) or the record was rewritten since; both said, with how many digits
 * differ, so the person checks the printed copy before suspecting the record.
 */
function notThroughWords(hash: string, printed: Printed): string {
  const here = hash.slice(0, printed.prefix.length);
  const differ = [...printed.prefix].filter((c, i) => c !== here[i]).length;
  return [
    `NOT the same hash: place #${printed.seq} is ${hash.slice(0, HEAD_HEX_DIGITS)}… here, not ${printed.prefix.slice(0, HEAD_HEX_DIGITS)}… (${differ} of ${printed.prefix.length} hex digits differ).`,
    `Either the head was copied wrong: check it, digit by digit, against ${CHECK_PRINTED} and run this again;`,
    "or the record was rewritten since that head was printed.",
  ].join("\n");
}

/** A place the record no longer has (past its head, or removed by retention): each reading, and what to check. */
function notFoundWords(result: Extract<VerifyResult, { ok: true }>, printed: Printed): string {
  const beyond = printed.seq > result.head.seq;
  const place = beyond
    ? `NOT found: place #${printed.seq} is beyond the record's head, ${headWords(result.head)}`
    : `NOT found: place #${printed.seq} was removed by retention (the record's head is ${headWords(result.head)})`;
  if (result.hashAt) return [`${place}.`, ...elsewhereWords(result.hashAt)].join("\n");
  if (!beyond) return `${place}, and that hash is at no place the record keeps.`;
  return [
    `${place}, and that hash is at no place in the record.`,
    `Either the head was copied wrong: check its place number and its digits against ${CHECK_PRINTED} and run this again;`,
    "or entries were removed from the record's end since that head was printed.",
  ].join("\n");
}

/** Whether the record passes through the head printed before: its words and exit code. */
export function throughHead(result: Extract<VerifyResult, { ok: true }>, printed: Printed): [string, number] {
  if (!result.at) return [notFoundWords(result, printed), 1];
  if (!result.at.hash.startsWith(printed.prefix)) {
    const elsewhere = result.hashAt;
    if (!elsewhere) return [notThroughWords(result.at.hash, printed), 1];
    const words = `NOT at that place: place #${printed.seq} is ${result.at.hash.slice(0, HEAD_HEX_DIGITS)}… here, not ${printed.prefix.slice(0, HEAD_HEX_DIGITS)}….`;
    return [[words, ...elsewhereWords(elsewhere)].join("\n"), 1];
  }
  return [
    `intact, and it passes through the head printed before (#${printed.seq} · ${printed.prefix.slice(0, HEAD_HEX_DIGITS)}…); head now ${headWords(result.head)}.`,
    0,
  ];
}
