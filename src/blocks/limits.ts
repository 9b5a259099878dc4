/** Block Kit limits the bot relies on, and a validator used by tests (and by the splitter). */
import type { Block, InputBlock, Message } from "./types.ts";

export const LIMITS = {
  blocks: 50,
  /** A form's view (a modal) holds up to 100 blocks. */
  viewBlocks: 100,
  /** A form's input: its label and its hint. */
  inputLabel: 2000,
  inputHint: 2000,
  /** A form's text field: what it may hold (its max_length, at most 3,000), and so what it is filled in with. */
  textInput: 3000,
  sectionText: 3000,
  sectionFields: 10,
  fieldText: 2000,
  headerText: 150,
  buttonText: 75,
  /** A choice in a form (radio buttons, a menu): its text; radio buttons hold at most ten. */
  optionText: 75,
  radioOptions: 10,
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
      p.push(...textInputViolations(block.element));
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
      break;
    case "divider":
      break;
  }
  return p;
}

/**
 * An actions block's element: a button's text, value and action id; a form's choice (radio buttons,
 * a menu: what the type does not name) its options, each within Slack's 75 characters and at most
 * ten of them for radio buttons.
 */
function buttonViolations(element: unknown): string[] {
  const b = element as { type?: string; text?: { text: string }; value?: string; action_id?: string };
  if (b.type !== undefined && b.type !== "button") return choiceViolations(element);
  const p: string[] = [];
  if (b.text && b.text.text.length > LIMITS.buttonText) p.push(`button text ${b.text.text.length} chars`);
  if ((b.value?.length ?? 0) > LIMITS.buttonValue) p.push(`button value ${b.value?.length} chars`);
  if ((b.action_id?.length ?? 0) > LIMITS.actionId) p.push("action_id too long");
  return p;
}

function choiceViolations(element: unknown): string[] {
  const c = element as { type?: string; action_id?: string; options?: { text?: { text?: string } }[] };
  const p: string[] = [];
  const options = c.options ?? [];
  if (c.type === "radio_buttons" && options.length > LIMITS.radioOptions)
    p.push(`${options.length} radio options`);
  for (const o of options)
    if ((o.text?.text?.length ?? 0) > LIMITS.optionText) p.push(`option text ${o.text?.text?.length} chars`);
  if ((c.action_id?.length ?? 0) > LIMITS.actionId) p.push("action_id too long");
  return p;
}

/**
 * A form's text field: its max_length within Slack's 1 to 3,000, and what it is filled in with no
 * longer than that (Slack refuses the form when it is submitted, so what was offered is never kept).
 */
function textInputViolations(element: unknown): string[] {
  const e = element as { type?: string; max_length?: number; initial_value?: string };
  if (e.type !== "plain_text_input") return [];
  const p: string[] = [];
  const max = e.max_length ?? LIMITS.textInput;
  if (max < 1 || max > LIMITS.textInput) p.push(`text input max_length ${max}`);
  const initial = e.initial_value?.length ?? 0;
  if (initial > Math.min(max, LIMITS.textInput))
    p.push(`text input initial_value ${initial} chars (max ${max})`);
  return p;
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
