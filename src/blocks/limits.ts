/**
 * Block Kit limits the bot relies on, and validators used by tests, by the splitter and by the Slack
 * stand-in (src/preview/slack-refusal.ts): a message's, and a form's view's.
 */
import type { Block, InputBlock, Message } from "./types.ts";

export const LIMITS = {
  blocks: 50,
  /** A form's view (a modal) holds up to 100 blocks. */
  viewBlocks: 100,
  /**
   * A view (a form, the Home tab) in all, as the UTF-8 bytes of its JSON (`viewBytes`): Slack refuses
   * one "greater than 250kb" with `view_too_large` (its docs of views.open, views.push, views.update
   * and views.publish). Kept 10,000 bytes short of 250,000: Slack does not say whether its kb is
   * 1,000 or 1,024 bytes, nor how it counts what JSON may escape.
   */
  viewBytes: 240_000,
  /** A form's input: its label and its hint. */
  inputLabel: 2000,
  inputHint: 2000,
  sectionText: 3000,
  sectionFields: 10,
  fieldText: 2000,
  headerText: 150,
  buttonText: 75,
  /** A choice in a form (radio buttons, a menu): its text (and description); radio buttons and checkboxes hold at most ten. */
  optionText: 75,
  radioOptions: 10,
  /** A choice's value, what Slack sends back. */
  optionValue: 150,
  /** A menu's options, or its groups of options (each group's options too). */
  menuOptions: 100,
  /** An input's or a menu's placeholder. */
  placeholder: 150,
  /** A typed input's longest `max_length` (and `min_length`). */
  typedLength: 3000,
  /** A form's view: its title and its submit and close buttons' words, what it carries back, its form's id. */
  viewTitle: 24,
  viewButton: 24,
  privateMetadata: 3000,
  callbackId: 255,
  buttonValue: 2000,
  actionId: 255,
  blockId: 255,
  actionsElements: 25,
  contextElements: 10,
  /** Fallback text: Slack truncates past 40,000; notifications show far less. */
  fallbackText: 3000,
  /**
   * All the text of one message (blocks and fallback): Slack refuses a message much past about
   * 12,000 visible characters even when every block is within its own limit.
   */
  messageText: 12_000,
} as const;

/** Every character of text a message carries: fallback, headers, sections, fields, context, buttons. */
export function messageChars(message: Message): number {
  let n = message.text.length;
  for (const b of message.blocks) {
    if (b.type === "header") n += b.text.text.length;
    if (b.type === "section") {
      n += b.text?.text.length ?? 0;
      for (const f of b.fields ?? []) n += f.text.length;
      if (b.accessory?.type === "button") n += b.accessory.text.text.length;
    }
    if (b.type === "context") for (const e of b.elements) n += e.text.length;
    if (b.type === "actions") for (const e of b.elements) n += e.text.text.length;
  }
  return n;
}

/** Every way a message breaks a limit, in words; empty when it fits. */
export function limitViolations(message: Message): string[] {
  const problems: string[] = [];
  if (message.text.length > LIMITS.fallbackText) problems.push(`fallback text ${message.text.length} chars`);
  if (!message.text.trim()) problems.push("empty fallback text");
  const chars = messageChars(message);
  if (chars > LIMITS.messageText)
    problems.push(`${chars} characters of text in all (max ${LIMITS.messageText})`);
  return [...problems, ...blocksViolations(message.blocks)];
}

/**
 * Every way a message's blocks break Block Kit, too many, one past its own limits, or a block_id too
 * long or used twice in the message (Slack's `invalid_blocks`). `max`: a message's 50, or a form's
 * view's 100 (`LIMITS.viewBlocks`), whose inputs are checked too.
 */
export function blocksViolations(blocks: Array<Block | InputBlock>, max: number = LIMITS.blocks): string[] {
  const problems: string[] = [];
  if (blocks.length > max) problems.push(`${blocks.length} blocks (max ${max})`);
  const ids = new Set<string>();
  for (const { block_id: id } of blocks) {
    if (id === undefined) continue;
    if (id.length > LIMITS.blockId) problems.push(`block_id ${id.length} chars (max ${LIMITS.blockId})`);
    if (ids.has(id)) problems.push(`block_id ${id} twice`);
    ids.add(id);
  }
  for (const [i, block] of blocks.entries()) {
    problems.push(...blockViolations(block).map((p) => `block ${i} (${block.type}): ${p}`));
  }
  return problems;
}

function blockViolations(block: Block | InputBlock): string[] {
  const p: string[] = [];
  switch (block.type) {
    case "input":
      if (block.label.text.length > LIMITS.inputLabel) p.push(`label ${block.label.text.length} chars`);
      if (block.hint && block.hint.text.length > LIMITS.inputHint)
        p.push(`hint ${block.hint.text.length} chars`);
      p.push(...elementViolations(block.element));
      break;
    case "header":
      if (block.text.text.length > LIMITS.headerText) p.push(`header ${block.text.text.length} chars`);
      if (!block.text.text.trim()) p.push("empty header");
      break;
    case "section":
      if (!block.text && !block.fields?.length) p.push("section without text or fields");
      if (block.text && block.text.text.length > LIMITS.sectionText)
        p.push(`text ${block.text.text.length} chars`);
      if (block.text && !block.text.text.trim()) p.push("empty text");
      if (block.fields && block.fields.length > LIMITS.sectionFields) p.push(`${block.fields.length} fields`);
      for (const f of block.fields ?? [])
        if (f.text.length > LIMITS.fieldText) p.push(`field ${f.text.length} chars`);
      if (block.accessory?.type === "button") p.push(...buttonViolations(block.accessory));
      if (block.accessory?.type === "image" && !/^https:\/\//.test(block.accessory.image_url))
        p.push("image accessory without an https URL");
      break;
    case "context":
      if (block.elements.length > LIMITS.contextElements) p.push(`${block.elements.length} context elements`);
      for (const e of block.elements)
        if (e.text.length > LIMITS.sectionText) p.push(`context text ${e.text.length}`);
      break;
    case "actions":
      if (block.elements.length > LIMITS.actionsElements) p.push(`${block.elements.length} actions`);
      if (block.elements.length === 0) p.push("empty actions");
      for (const b of block.elements) p.push(...buttonViolations(b));
      p.push(...[...repeated(block.elements.map((e) => e.action_id))].map((id) => `action_id ${id} twice`));
      break;
    case "divider":
      break;
  }
  return p;
}

/**
 * An actions block's element: a button's text, value and action id; a form's choice (radio buttons,
 * a menu: what the type does not name) as elementViolations checks it.
 */
function buttonViolations(element: unknown): string[] {
  const b = element as { type?: string; text?: { text: string }; value?: string; action_id?: string };
  if (b.type !== undefined && b.type !== "button") return elementViolations(element);
  const p: string[] = [];
  if (b.text && b.text.text.length > LIMITS.buttonText) p.push(`button text ${b.text.text.length} chars`);
  if ((b.value?.length ?? 0) > LIMITS.buttonValue) p.push(`button value ${b.value?.length} chars`);
  if ((b.action_id?.length ?? 0) > LIMITS.actionId) p.push("action_id too long");
  return p;
}

/**
 * A form's element (an input's, or a choice in an actions block): its placeholder, its options (each
 * one's text, value and description; at most ten for radio buttons and checkboxes, 100 in a menu or
 * in each of its groups), a typed answer's length and what it is filled in with, and its action_id.
 */
function elementViolations(element: unknown): string[] {
  if (typeof element !== "object" || element === null) return ["no element"];
  const c = element as Element;
  const p: string[] = [];
  if ((c.placeholder?.text.length ?? 0) > LIMITS.placeholder)
    p.push(`placeholder ${c.placeholder?.text.length} chars`);
  const few = c.type === "radio_buttons" || c.type === "checkboxes";
  const most = few ? LIMITS.radioOptions : LIMITS.menuOptions;
  const options = c.options ?? [];
  if (options.length > most)
    p.push(
      c.type === "radio_buttons"
        ? `${options.length} radio options`
        : `${options.length} options (max ${most})`,
    );
  const groups = c.option_groups ?? [];
  if (groups.length > LIMITS.menuOptions) p.push(`${groups.length} option groups`);
  for (const g of groups) {
    if ((g.options?.length ?? 0) > LIMITS.menuOptions) p.push(`${g.options?.length} options in a group`);
    if ((g.label?.text.length ?? 0) > LIMITS.optionText) p.push(`group label ${g.label?.text.length} chars`);
  }
  for (const o of [...options, ...groups.flatMap((g) => g.options ?? [])]) {
    if ((o.text?.text?.length ?? 0) > LIMITS.optionText) p.push(`option text ${o.text?.text?.length} chars`);
    if ((o.value?.length ?? 0) > LIMITS.optionValue) p.push(`option value ${o.value?.length} chars`);
    if ((o.description?.text.length ?? 0) > LIMITS.optionText)
      p.push(`option description ${o.description?.text.length} chars`);
  }
  for (const n of [c.max_length, c.min_length])
    if ((n ?? 0) > LIMITS.typedLength) p.push(`length ${n} (max ${LIMITS.typedLength})`);
  // What a typed input is filled in with, no longer than it takes (Slack refuses it when submitted).
  const filled = c.type === "plain_text_input" ? (c.initial_value?.length ?? 0) : 0;
  const room = Math.min(c.max_length ?? LIMITS.typedLength, LIMITS.typedLength);
  if (filled > room) p.push(`initial_value ${filled} chars (max ${room})`);
  if ((c.action_id?.length ?? 0) > LIMITS.actionId) p.push("action_id too long");
  return p;
}

/** An element of a form as Slack reads it (what the types do not name). */
interface Element {
  type?: string;
  action_id?: string;
  placeholder?: { text: string };
  options?: Option[];
  option_groups?: { label?: { text: string }; options?: Option[] }[];
  max_length?: number;
  min_length?: number;
  initial_value?: string;
}

interface Option {
  text?: { text?: string };
  value?: string;
  description?: { text: string };
}

/** The ids given more than once (none undefined). */
function repeated(ids: Array<string | undefined>): Set<string> {
  const seen = new Set<string>();
  const twice = new Set<string>();
  for (const id of ids) {
    if (id === undefined) continue;
    if (seen.has(id)) twice.add(id);
    seen.add(id);
  }
  return twice;
}

/** A value's size as Slack counts a view's: the UTF-8 bytes of its JSON. */
export const jsonBytes = (value: unknown): number => Buffer.byteLength(JSON.stringify(value) ?? "", "utf8");

/** A view's size in all (`LIMITS.viewBytes`): the UTF-8 bytes of its JSON. */
export const viewBytes = (view: unknown): number => jsonBytes(view);

/** A form's view (a modal) or a Home tab, as Slack reads it. */
interface View {
  type?: unknown;
  title?: { text?: string };
  submit?: { text?: string };
  close?: { text?: string };
  private_metadata?: string;
  callback_id?: string;
  blocks?: unknown;
}

/**
 * Every way a view breaks Slack's limits (views.open, views.push and views.update answer a modal's,
 * views.publish a Home tab's, with `invalid_arguments`; its size, with `view_too_large`): a modal's
 * title and its submit and close buttons' words (none empty; a submit button when it has inputs),
 * what it carries back and its form's id; its blocks, at most 100, each within its own limits; its
 * size in all (`tooLarge`). Empty when Slack shows it.
 */
export function viewViolations(view: unknown): string[] {
  if (typeof view !== "object" || view === null) return ["no view"];
  const v = view as View;
  if (v.type !== "modal" && v.type !== "home") return [`view type ${String(v.type)}`];
  if (!Array.isArray(v.blocks)) return ["no blocks"];
  const blocks = v.blocks as Array<Block | InputBlock>;
  const p: string[] = [];
  const words = (name: string, t: { text?: string } | undefined, max: number, needed = false) => {
    if (t === undefined) return needed ? [`no ${name}`] : [];
    const n = t.text?.length ?? 0;
    if (n > max) return [`${name} ${n} chars (max ${max})`];
    return t.text?.trim() ? [] : [`empty ${name}`];
  };
  if (v.type === "modal") {
    const inputs = blocks.some((b) => b.type === "input");
    p.push(
      ...words("title", v.title, LIMITS.viewTitle, true),
      ...words("submit", v.submit, LIMITS.viewButton, inputs),
      ...words("close", v.close, LIMITS.viewButton),
    );
  }
  if ((v.private_metadata?.length ?? 0) > LIMITS.privateMetadata)
    p.push(`private_metadata ${v.private_metadata?.length} chars (max ${LIMITS.privateMetadata})`);
  if ((v.callback_id?.length ?? 0) > LIMITS.callbackId)
    p.push(`callback_id ${v.callback_id?.length} chars (max ${LIMITS.callbackId})`);
  const size = tooLarge(view);
  return [...p, ...blocksViolations(blocks, LIMITS.viewBlocks), ...(size ? [size] : [])];
}

/** A view past Slack's size in all, in words ("view 260000 bytes (max 240000)"); undefined when it is within. */
export function tooLarge(view: unknown): string | undefined {
  const n = viewBytes(view);
  return n > LIMITS.viewBytes ? `view ${n} bytes (max ${LIMITS.viewBytes})` : undefined;
}

/** Are action_ids unique within the message (Slack refuses duplicates)? */
export function duplicateActionIds(message: Message): string[] {
  const seen = new Set<string>();
  const dups: string[] = [];
  for (const block of message.blocks) {
    const buttons =
      block.type === "actions"
        ? block.elements
        : block.type === "section" && block.accessory?.type === "button"
          ? [block.accessory]
          : [];
    for (const b of buttons) {
      if (seen.has(b.action_id)) dups.push(b.action_id);
      seen.add(b.action_id);
    }
  }
  return dups;
}
