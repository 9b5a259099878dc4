/** The Block Kit subset Kennel Desk sends: small, exact types, checked by limits.ts. */

export interface PlainText {
  type: "plain_text";
  text: string;
  emoji?: boolean;
}

export interface Mrkdwn {
  type: "mrkdwn";
  text: string;
  /** Always true: Kennel Desk never lets Slack auto-link names or channels. */
  verbatim: true;
}

type TextObject = PlainText | Mrkdwn;

export interface Button {
  type: "button";
  text: PlainText;
  action_id: string;
  value: string;
  style?: "primary" | "danger";
}

/** An image beside a section's text (a pet's photo, when the API gives an https URL). */
export interface ImageElement {
  type: "image";
  image_url: string;
  alt_text: string;
}

export interface HeaderBlock {
  type: "header";
  block_id?: string;
  text: PlainText;
}

export interface SectionBlock {
  type: "section";
  /** Names the block for a listener that re-draws part of a message (the care record). */
  block_id?: string;
  text?: Mrkdwn;
  fields?: Mrkdwn[];
  accessory?: Button | ImageElement;
}

export interface ContextBlock {
  type: "context";
  block_id?: string;
  elements: TextObject[];
}

interface DividerBlock {
  type: "divider";
  block_id?: string;
}

interface ActionsBlock {
  type: "actions";
  block_id?: string;
  elements: Button[];
}

/** A form's input (a modal's): its label and hint; its element is the form's own. */
export interface InputBlock {
  type: "input";
  block_id?: string;
  label: PlainText;
  hint?: PlainText;
  optional?: boolean;
  element: unknown;
}

export type Block = HeaderBlock | SectionBlock | ContextBlock | DividerBlock | ActionsBlock;

/** One Slack message: blocks plus the plain-text fallback for notifications. */
export interface Message {
  text: string;
  blocks: Block[];
}
