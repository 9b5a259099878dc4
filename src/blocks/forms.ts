/**
 * Every form's metadata, defined once beside the form (a twin of src/blocks/buttons.ts): its
 * callback_id, the schema of what it carries back in `private_metadata` (short keys on the wire,
 * within Slack's 3000 characters once sealed), its shorter forms for when it does not fit, and how
 * its keys read (`names`). The listeners seal it (src/slack/seal.ts) and read it back here, once.
 */
import { z } from "zod";
import { readJson } from "./buttons.ts";

export interface FormKind<W, N = W> {
  /** The view's callback_id. */
  id: string;
  /** The metadata as text within `room` characters: the first of its shorter forms that fits. */
  write(meta: W, room?: number): string;
  /** The text a seal covered, checked (its short keys); undefined when it does not read as this form's. */
  decode(text: string | undefined): W | undefined;
  /** The same, named: what a listener reads. */
  read(text: string | undefined): N | undefined;
}

/** A form's metadata; its schema built at the form's first decode, not when the module loads (issue 48). */
export function defineForm<T extends z.ZodType, N = z.infer<T>>(
  id: string,
  makeSchema: () => T,
  options: { shorter?: (meta: z.infer<T>) => z.infer<T>[]; names?: (meta: z.infer<T>) => N } = {},
): FormKind<z.infer<T>, N> {
  let built: T | undefined;
  const schema = () => {
    built ??= makeSchema();
    return built;
  };
  const decode = (text: string | undefined) => readJson(schema(), text, 3000);
  return {
    id,
    write(meta, room = 3000) {
      for (const t of [meta, ...(options.shorter?.(meta) ?? [])]) {
        const raw = JSON.stringify(t);
        if (raw.length <= room) return raw;
      }
      throw new RangeError(`the metadata of the form ${id} is too long`);
    },
    decode,
    read(text) {
      const meta = decode(text);
      if (meta === undefined) return undefined;
      return options.names ? options.names(meta) : (meta as N);
    },
  };
}

/** Where the button that opened a form was, as a form's schema checks it: channel, ts, thread, response_url. */
export const metaWhere = () => ({
  c: z.string().min(1).max(40),
  t: z.string().min(1).max(40),
  h: z.string().max(40).optional(),
  u: z.string().max(500).optional(),
});

/**
 * Where the button that opened a form was, as a form carries it: channel, ts, thread, response_url,
 * and for a message in several parts (src/blocks/parts.ts) how many (`pn`; `t` then names its first part).
 */
export interface MetaWhere {
  c?: string | undefined;
  t?: string | undefined;
  h?: string | undefined;
  u?: string | undefined;
  pn?: number | undefined;
}

/** How many parts the message a form's button was on has (src/blocks/parts.ts), as a form's schema checks it. */
export const metaParts = () => z.number().int().min(1).max(999).optional();

/** The message a form's button was on, named (a channel and ts the form requires stay required). */
export const atOf = <M extends MetaWhere>(
  m: M,
): { channel: M["c"]; ts: M["t"]; threadTs: M["h"]; responseUrl: M["u"]; parts: M["pn"] } => ({
  channel: m.c,
  ts: m.t,
  threadTs: m.h,
  responseUrl: m.u,
  parts: m.pn,
});
