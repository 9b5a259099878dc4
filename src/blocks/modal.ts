/**
 * What every form (a Slack modal) is made of: plain text within its limit, and the view itself with
 * its form's id, the sealed metadata, its title and its submit and close buttons; and what Slack sends
 * back of it.
 */
import { cleanText } from "../present/doc.ts";
import { truncate } from "./mrkdwn.ts";

/** Plain text cut to Slack's limit for its place (never empty, which Slack refuses). */
export const plain = (text: string, max: number) => ({
  type: "plain_text" as const,
  text: truncate(text || " ", max),
});

interface ModalParts<B> {
  callbackId: string;
  sealed: string;
  title: string;
  submit?: string | undefined;
  close?: string;
  blocks: B[];
}

type PlainText = ReturnType<typeof plain>;

interface ModalView<B> {
  type: "modal";
  callback_id: string;
  private_metadata: string;
  title: PlainText;
  submit?: PlainText;
  close: PlainText;
  blocks: B[];
}

/** A form's view; without `submit` it has only its close button ("Cancel" unless said). */
export function modalView<B>(o: ModalParts<B> & { submit: string }): ModalView<B> & { submit: PlainText };
export function modalView<B>(o: ModalParts<B>): ModalView<B>;
export function modalView<B>(o: ModalParts<B>): ModalView<B> {
  return {
    type: "modal",
    callback_id: o.callbackId,
    private_metadata: o.sealed,
    title: plain(o.title, 24),
    ...(o.submit === undefined ? {} : { submit: plain(o.submit, 24) }),
    close: plain(o.close ?? "Cancel", 24),
    blocks: o.blocks,
  };
}

/** What Slack sends back of a form: by block id, then action id, each element's value in its own field. */
export type FormValues = Record<
  string,
  Record<
    string,
    {
      selected_option?: { value?: string } | null;
      selected_options?: Array<{ value?: string }> | null;
      value?: string | null;
      selected_date?: string | null;
      selected_time?: string | null;
      selected_date_time?: number | string | null;
      selected_user?: string | null;
    }
  >
>;

/** Typed words cleaned like every input: display-hijacking characters out, spaces tidied; "" is nothing. */
export function cleanInput(value: string | null | undefined): string | undefined {
  const t = cleanText(value ?? "")
    .replace(/[ \t]+/g, " ")
    .trim();
  return t ? t : undefined;
}
