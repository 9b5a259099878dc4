/**
 * One presentation per answer. Each answer's data becomes one document, built once in
 * src/present/: its parts (title, summary, groups, items, notes, actions) in their order, each line
 * made of spans of words. Block Kit (src/blocks/doc.ts) and plain text (src/text/doc.ts) are two
 * serializers of the same document, so wording and order cannot drift between Slack, the terminal
 * and the connector (test/present/ compares their visible text line by line).
 *
 * A span's text is raw: values from the API are cleaned here (`value`), and each serializer makes
 * them safe for where they go (Block Kit escapes `&`, `<`, `>`: no value can ping or link). Styling
 * is a span's meaning, not its look: `strong`, `em`, and a `tone` the terminal colours.
 */
import { escapedLength, oneLine, shortenAtWord } from "../domain/text.ts";

/** The one cleaning of text (the domain's rule), which every serializer applies to what it draws. */
export { cleanText, oneLine, shorten } from "../domain/text.ts";

/** What a span says about itself: the terminal colours it; Slack shows only strong, em and code. */
export type Tone = "alert" | "warn" | "muted" | "accent";

export interface Span {
  text: string;
  strong?: true;
  em?: true;
  /** An identifier staff copy (a reference, a request id, a microchip): Slack's code, the terminal's cyan. */
  code?: true;
  /** Corrected since (a superseded entry of the record): Slack strikes it through, the terminal too. */
  struck?: true;
  tone?: Tone;
  /**
   * A page beside it (a relative file name: the printable index's link to a stay's page). Only HTML
   * makes it a link; Slack and the terminal show the text.
   */
  href?: string;
  /**
   * Said by the pet's care plan as it stood when drawn (its state, a doubt left to a person): a kept
   * round sheet drawn again after the plan changed puts the plan's words now in their place
   * (src/present/plan-sheet.ts); or by its stay's welfare flags as they stood ("welfare"), which a
   * kept sheet drawn again puts as they stand now (src/present/welfare-flag.ts). Serializers show it
   * as any span.
   */
  of?: "plan" | "welfare";
  /**
   * Names the button beside it (" 📋 Plan…"): Slack shows it; a surface with no buttons (the
   * terminal, the connector, a printed page) leaves it out, as it leaves out the button.
   */
  button?: true;
  /**
   * Says where a pet shared out over messages goes on ("(continued)", "↪ … goes on in the next
   * message"): a line of such spans only, which the view of the pet joined whole leaves out.
   */
  piece?: true;
  /**
   * Words kept in the care record as staff typed them (an entry's note or reason, a name typed on
   * paper, a vet's name and advice, a custody count's words): a channel document shows a contact
   * detail in them as words saying so (src/present/channel-words.ts); every other surface as kept.
   */
  kept?: true;
}

/** One visible line: spans side by side. */
export type Line = Span[];

/**
 * A button: Slack draws it (an `actions` part's buttons, or one beside an item's or a text's
 * lines); the terminal and the connector leave it out (nothing there can click it).
 */
export interface Action {
  text: string;
  actionId: string;
  value: string;
  style?: "primary" | "danger";
}

/** A surface's button for one record (Slack); without it, or when it gives none, no button. */
export type ActionOf<T> = (x: T) => Omit<Action, "text"> | undefined;
/** The Previous and Next buttons' action (Slack); without it, no buttons. */
export type PageAction = (page: number, direction: "prev" | "next") => Omit<Action, "text">;

export type Part =
  /** The answer's title (Slack: a header; terminal: bold, underlined). */
  | { kind: "title"; text: string }
  /** Small print on one line each (Slack: a context block; terminal: one paragraph). */
  | { kind: "summary"; lines: Line[] }
  /** A group's name (a room): Slack puts it as the first line of the group's first item. */
  | { kind: "group"; line: Line }
  /**
   * One thing of a list (a stay, a pet on a round): its first line, then its detail lines. `key`
   * names what the item is about ("bookingId-petId" for a pet on a round), so a serializer attaches
   * that thing's own buttons by it, never by the item's position. `more`: the item goes on in the
   * next one (a pet whose care passes a Slack message, shared out between words): the two are one.
   * `cut`: its last line of care goes on as the next one's first (a line split between words).
   */
  | {
      kind: "item";
      lines: Line[];
      action?: Action | undefined;
      key?: string | undefined;
      more?: true | undefined;
      cut?: true | undefined;
    }
  /** A paragraph of lines (Slack: a section, with the action as its button). */
  | { kind: "text"; lines: Line[]; action?: Action | undefined }
  /** Label and value pairs (Slack: a section's fields, at most ten; terminal: "label: value" lines). */
  | { kind: "fields"; fields: Array<{ label: string; value: Line }> }
  /** The foot: problems and the request id (Slack: a context block; terminal: dim). */
  | { kind: "note"; lines: Line[] }
  | { kind: "actions"; actions: Action[] }
  /** A table (the chart on paper): HTML draws it as one; Slack and the terminal a line per row (gridLines). */
  | { kind: "grid"; corner: string; columns: Line[][]; rows: GridRow[] }
  /**
   * A link to scan from paper (the chart's QR code) and the words beside it: HTML draws the code;
   * Slack and the terminal the words and the link.
   */
  | { kind: "qr"; link: string; lines: Line[] }
  | { kind: "divider" };

/**
 * A grid's cell: its words, what it is about (`key`: an HTML data attribute a reader finds it by),
 * and `struck` when nothing belongs there (a page draws a line through it; text says "—").
 */
export interface GridCell {
  line: Line;
  key?: string;
  struck?: true;
}

export interface GridRow {
  head: Line[];
  cells: GridCell[];
}

export interface Doc {
  /** The message's one-line fallback (notifications, screen readers). */
  fallback: string;
  parts: Part[];
}

// ---------------------------------------------------------------------------------------------
// Building spans and lines.

/**
 * A value from the API on one line: cleaned, a line break inside it shown as " ↵ " (so it can never
 * start a line of its own: a room named "Kennel 4\n✅ paid in full"), spaces folded, cut at `max`.
 */
export function value(v: unknown, max = 500): string {
  return shortenAtWord(
    oneLine(v)
      .replace(/[ \t]+/g, " ")
      .trim(),
    max,
  );
}

/**
 * A value that is never cut: a name (a pet's, an owner's, a room's), a drug with its strength and
 * amount, an allergy, a note that carries danger, a fast, a diet. Cleaned and on one line as `value`;
 * the serializers give it as many sections and messages as it needs (issue 47).
 */
export const whole = (v: unknown): string => value(v, Number.POSITIVE_INFINITY);

/**
 * Free prose (a note beyond its danger words, grooming notes): whole when it is short, else shortened
 * at a word boundary with "…" and where to read the rest ("all of it: /booking HP-DK4Q7M").
 */
export function prose(v: unknown, max: number, where: string): string {
  const text = whole(v);
  return Array.from(text).length <= max ? text : `${value(text, max)} (all of it: ${where})`;
}

/**
 * A value (`value`) that keeps within `max` characters even once escaped for Slack: a name full of
 * `&` and `<` takes no more of a list's entry than the paging allowed for it, so the last guard on
 * a message's size never has to cut an entry's reference or care away.
 */
export function valueWithin(v: unknown, max: number): string {
  let text = value(v, max);
  for (let n = max; escapedLength(text) > max && n > 1; ) {
    n = Math.max(1, Math.floor((n * max) / escapedLength(text)) - 1);
    text = value(v, n);
  }
  return text;
}

export const strong = (text: string, tone?: Tone): Span =>
  tone ? { text, strong: true, tone } : { text, strong: true };
export const em = (text: string): Span => ({ text, em: true });
export const code = (text: string): Span => ({ text, code: true });
export const toned = (tone: Tone | undefined, text: string): Span => (tone ? { text, tone } : { text });
/** Words kept in the care record as typed (`Span.kept`), in a tone or none. */
export const kept = (text: string, tone?: Tone): Span => ({ ...toned(tone, text), kept: true });

/** A line of spans and strings, with empty ones dropped. */
export function line(...spans: Array<Span | string | undefined | false | null>): Line {
  return spans
    .filter((s): s is Span | string => Boolean(s))
    .map((s) => (typeof s === "string" ? { text: s } : s))
    .filter((s) => s.text !== "");
}

/**
 * Items joined by " · ": each item a span, a string or a line; empty ones dropped. The one way a
 * line of facts is joined, on every surface.
 */
export function dotted(...items: Array<Span | Line | string | undefined | false | null>): Line {
  const out: Line = [];
  for (const item of items) {
    if (!item) continue;
    const spans = Array.isArray(item) ? item : [typeof item === "string" ? { text: item } : item];
    const kept = spans.filter((s) => s.text !== "");
    if (kept.length === 0) continue;
    if (out.length) out.push({ text: " · " });
    out.push(...kept);
  }
  return out;
}

/** The text of a line as a reader sees it, without styling. */
export const lineText = (l: Line): string => l.map((s) => s.text).join("");

/** The request id's words in a foot, or nothing. */
export const requestIdSpan = (id: string | undefined): Span | undefined =>
  id ? { text: `request id ${value(id, 100)}` } : undefined;

/** A grid as lines, for the surfaces without tables: "Rimadyl 50 mg: Tue 24 morning SJ 07:40 · …". */
export function gridLines(p: Extract<Part, { kind: "grid" }>): Line[] {
  const heads = p.columns.map((c) => c.map(lineText).join(" "));
  return p.rows.map((r) => {
    const cells = r.cells.map((c, i) => {
      // An entry struck in a cell (corrected since) keeps its mark where there is no styling: "~SJ 07:40~".
      const said = c.struck
        ? "—"
        : c.line.map((s) => (s.struck ? `~${s.text}~` : s.text)).join("") || "(blank)";
      return `${heads[i] ?? ""} ${said}`.trim();
    });
    return [strong(`${r.head.map(lineText).join(" ")}:`), { text: ` ${cells.join(" · ")}` }];
  });
}
