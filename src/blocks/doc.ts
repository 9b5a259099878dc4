/**
 * A document (src/present/doc.ts) as Block Kit: the title a header, the summary and the foot context
 * blocks, each item (with its group's name before its first line) a section, the actions buttons.
 * Every span is escaped here, once, so no text from the API can ping, link or forge markup.
 */
import {
  type Action,
  type Doc,
  gridLines,
  type Line,
  oneLine,
  type Part,
  type Span,
} from "../present/doc.ts";
import { fitMessage } from "./fit.ts";
import { LIMITS, messageChars } from "./limits.ts";
import { button, context, esc, fallback, fields, header, section } from "./mrkdwn.ts";
import { linePieces, sectionTexts } from "./sections.ts";
import type { ThreadItem } from "./thread.ts";
import type { Block, Button, Message, SectionBlock } from "./types.ts";

/** A span in mrkdwn: escaped; strong in `*…*`, em in `_…_`, where Slack would draw them. */
function spanMrkdwn(s: Span): string {
  const text = esc(s.text);
  if (s.code) return text.trim() && !text.includes("`") ? `\`${text}\`` : text;
  if (!s.strong && !s.em && !s.struck) return text;
  const mark = s.struck ? "~" : s.strong ? "*" : "_";
  const lead = /^\s*/.exec(text)?.[0] ?? "";
  const trail = /\s*$/.exec(text)?.[0] ?? "";
  const inner = text.trim();
  // Slack draws the marks only around text without them and without spaces at its edges.
  if (!inner || inner.includes(mark)) return text;
  return `${lead}${mark}${inner}${mark}${trail}`;
}

const marks = (s: Span) =>
  `${s.strong ? "*" : ""}${s.em ? "_" : ""}${s.struck ? "~" : ""}${s.code ? "`" : ""}`;

/**
 * Side-by-side spans Slack would mark alike, as one run: two marked runs next to each other do not
 * parse (`*Stay record,* *Tyson**: …*`), one does (`*Stay record, Tyson: …*`).
 */
function runs(l: Line): Span[] {
  const out: Span[] = [];
  for (const s of l) {
    const prev = out.at(-1);
    if (prev && marks(prev) !== "" && marks(prev) === marks(s))
      out[out.length - 1] = { ...prev, text: prev.text + s.text };
    else out.push(s);
  }
  return out;
}

export const lineMrkdwn = (l: Line): string => runs(l).map(spanMrkdwn).join("");

/**
 * Lines as sections' texts (src/blocks/sections.ts): a line too long for one cut between words
 * before it is drawn, so each section's marks open and close in it.
 */
export const lineSections = (ls: Line[]): string[] =>
  sectionTexts(ls.flatMap((l) => linePieces(l)).map(lineMrkdwn));

const buttonOf = (a: Action | undefined): Button | undefined =>
  a ? button(a.text, a.actionId, a.value, a.style) : undefined;

/**
 * A thread's items (src/blocks/thread.ts) from a document's item parts: each its mrkdwn, with its
 * button beside it when it has one.
 */
function threadItems(parts: Part[]): ThreadItem[] {
  return parts.flatMap((p): ThreadItem[] =>
    p.kind === "item" ? [{ blocks: sections(p.lines, buttonOf(p.action)), reserve: 0 }] : [],
  );
}

/**
 * A document posted as a thread (src/blocks/thread.ts): its title and summary to head the parent,
 * its items to share out between the parent and the replies, its notes at the parent's foot.
 */
export function docThread(doc: Doc): { head: Block[]; items: ThreadItem[]; foot: Block[] } {
  return {
    head: docBlocks(doc.parts.filter((p) => p.kind === "title" || p.kind === "summary")),
    items: threadItems(doc.parts),
    foot: docBlocks(doc.parts.filter((p) => p.kind === "note")),
  };
}

/** Lines as their sections, whole (`lineSections`), the button beside the first. */
const sections = (lines: Line[], accessory: Button | undefined): SectionBlock[] =>
  lineSections(lines).map((t, i) => section(t, i === 0 ? accessory : undefined));

/**
 * The title as a header; one longer than a header holds (Slack's 150 characters, a plain text that
 * cannot go on in a second header: a pet's long name in "💊 Medicines — …") as bold sections instead,
 * so the name in it is never cut.
 */
const titleBlocks = (text: string): Block[] =>
  oneLine(text).trim().length <= LIMITS.headerText
    ? [header(text)]
    : sections([[{ text: oneLine(text).trim(), strong: true }]], undefined);

/**
 * Small print: each line its element (a long one as several), a context block holding at most ten
 * and a section's worth of text, so a message can always end between two of them.
 */
export function contexts(lines: Line[]): Block[] {
  const out: Block[] = [];
  let batch: string[] = [];
  for (const t of lines.flatMap((l) => linePieces(l)).map(lineMrkdwn)) {
    const size = batch.reduce((n, b) => n + b.length, t.length);
    if (batch.length && (batch.length === LIMITS.contextElements || size > LIMITS.sectionText)) {
      out.push(context(...batch));
      batch = [];
    }
    batch.push(t);
  }
  if (batch.length) out.push(context(...batch));
  return out;
}

/**
 * Label and value pairs, ten to a section; a pair longer than a field holds (2,000 characters) as
 * sections of its own in its place, whole.
 */
function fieldBlocks(lines: Line[]): SectionBlock[] {
  const out: SectionBlock[] = [];
  let batch: string[] = [];
  const flush = () => {
    if (batch.length) out.push(fields(batch));
    batch = [];
  };
  for (const l of lines) {
    const t = lineMrkdwn(l);
    if (t.length > LIMITS.fieldText) {
      flush();
      out.push(...sections([l], undefined));
      continue;
    }
    batch.push(t);
    if (batch.length === LIMITS.sectionFields) flush();
  }
  flush();
  return out;
}

/** The blocks of one part; a group's name is carried into the next item by `docBlocks`. */
function partBlocks(p: Part, group: Line | undefined): Block[] {
  switch (p.kind) {
    case "title":
      return titleBlocks(p.text);
    case "summary":
    case "note":
      return contexts(p.lines);
    case "group":
      return sections([p.line], undefined);
    case "item":
      return sections(group ? [group, ...p.lines] : p.lines, buttonOf(p.action));
    case "text":
      return p.lines.length ? sections(p.lines, buttonOf(p.action)) : [];
    case "fields":
      return fieldBlocks(
        p.fields.map((f) => [{ text: `${f.label}:`, strong: true }, { text: " " }, ...f.value]),
      );
    case "grid":
      return gridLines(p).flatMap((l) => sections([l], undefined));
    case "qr":
      return sections([...p.lines, [{ text: p.link }]], undefined);
    case "actions":
      return p.actions.length
        ? [{ type: "actions", elements: p.actions.map((a) => buttonOf(a) as Button) }]
        : [];
    case "divider":
      return [{ type: "divider" }];
  }
}

/** Each part's blocks, in order (a group's name carried into the item it heads). */
export function docGroups(parts: Part[]): Block[][] {
  const out: Block[][] = [];
  for (let i = 0; i < parts.length; i++) {
    const p = parts[i] as Part;
    if (p.kind === "group" && parts[i + 1]?.kind === "item") continue;
    const prev = parts[i - 1];
    const group = p.kind === "item" && prev?.kind === "group" ? prev.line : undefined;
    out.push(partBlocks(p, group));
  }
  return out;
}

/** The blocks of a document's parts, in order. */
export function docBlocks(parts: Part[]): Block[] {
  return docGroups(parts).flat();
}

/**
 * The head of a document's further message: "*title* · continued (2 of 3)", as small print (a title
 * longer than a context's element, a pet's long name, goes on in more elements, whole).
 */
const continuedBlocks = (title: string | undefined, i: number, n: number): Block[] => {
  const where = `continued (${i} of ${n})`;
  return title
    ? contexts([[{ text: oneLine(title).trim(), strong: true }, { text: ` · ${where}` }]])
    : [context(where)];
};

/**
 * Groups of blocks (each a part: an entry, a pet's care) as Slack messages: one when all fit; else
 * as many as they need, each group whole in one message where it fits (one that no message holds
 * whole begins in the room left where it comes, so a first part is never its head alone, and goes on
 * at a block's edge), every message after the first headed "*title* · continued (2 of 3)", the room
 * for that head (however long the title) kept in each. Nothing is cut (issue 47): a message passing
 * Block Kit's limits takes fewer groups.
 */
export function blockMessages(fallbackText: string, title: string | undefined, groups: Block[][]): Message[] {
  const text = fallback(fallbackText);
  const all = groups.flat();
  // The head and fallback of a further message at their longest (a part's number in the hundreds).
  const head = continuedBlocks(title, 999, 999);
  const room = {
    blocks: head.length,
    chars: messageChars({ text: fallback(`${fallbackText}: part 999`), blocks: head }) - text.length,
  };
  const fits = (blocks: Block[], r = { blocks: 0, chars: 0 }) =>
    blocks.length + r.blocks <= LIMITS.blocks - 1 &&
    messageChars({ text, blocks }) + r.chars <= LIMITS.messageText;
  if (fits(all)) return [{ text, blocks: all }];
  const messages: Block[][] = [[]];
  for (const [k, g] of groups.entries()) {
    const current = messages.at(-1) as Block[];
    if (fits([...current, ...g], room)) {
      current.push(...g);
      continue;
    }
    // A group no message holds whole begins here, in the room this one has left; one that a message
    // holds moves to the next whole, but for the second group, which always begins in the first
    // part: the first part is what is posted where it is asked for (a late reply in the round's
    // thread, with its mention), so it names the first thing, never its heading alone.
    if (current.length && fits(g, room) && k !== 1) messages.push([]);
    for (const b of g) {
      const now = messages.at(-1) as Block[];
      if (now.length && !fits([...now, b], room)) messages.push([b]);
      else now.push(b);
    }
  }
  const n = messages.length;
  return messages.map((blocks, i) =>
    i === 0
      ? { text, blocks }
      : {
          text: fallback(`${fallbackText}: part ${i + 1}`),
          blocks: [...continuedBlocks(title, i + 1, n), ...blocks],
        },
  );
}

/** A document as Slack messages: one when it fits, else as many as it needs, nothing cut (`blockMessages`). */
export function docMessages(doc: Doc): Message[] {
  const title = doc.parts.find((p) => p.kind === "title");
  return blockMessages(doc.fallback, title?.kind === "title" ? title.text : undefined, docGroups(doc.parts));
}

/**
 * A short document (help, a notice, a status) as one message, within the message's text budget: its
 * longest texts shortened at a word boundary as the last guard (src/blocks/fit.ts). A document that
 * carries care is drawn with `docMessages`, which never cuts.
 */
export function docMessage(doc: Doc): Message {
  return fitMessage({ text: fallback(doc.fallback), blocks: docBlocks(doc.parts) });
}
