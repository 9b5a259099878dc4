/**
 * A kind of record in the care record's log (`care_log`, in the chain beside the round entries):
 * its name as stored, the version of its body's shape, its words for people, and its body's zod
 * schema. The store checks a body against its kind before it is written, and reads it back through
 * the same schema (src/record/store.ts), so a reader never casts what the record holds.
 *
 * A body's version: the bodies that carry `v` check it (`v: z.literal(version)`); when a body's
 * shape changes, its kind's version goes up and its schema reads the older shape too, here, in the
 * kind's one file.
 */
import { z } from "zod";
import { atFirstUse } from "../../first-use.ts";

export interface RecordKind<Name extends string = string, Body extends z.ZodType = z.ZodType> {
  /** The kind as stored (`care_log.kind`): lowercase, at most 40 characters, never renamed. */
  name: Name;
  /** The version of the body's shape written now. */
  version: number;
  /** What one record of the kind is, for people: "a round's sheet as posted". */
  words: string;
  body: Body;
}

/**
 * A kind, its name kept as a literal type (the store's `append` and `log` are typed by it). Its body's
 * schema is built the first time it is asked for, not when the module loads: a start on a record
 * that reads no body of a kind builds none of its schema (issue 48, a leaner start).
 */
export function defineKind<const Name extends string, Body extends z.ZodType>(
  kind: Omit<RecordKind<Name, Body>, "body"> & { body: () => Body },
): RecordKind<Name, Body> {
  const build = atFirstUse(kind.body);
  return {
    name: kind.name,
    version: kind.version,
    words: kind.words,
    get body() {
      return build();
    },
  };
}

// The fields kinds share, each built where a kind's schema is.

/** A record's or the kennel API's id. */
export const id = () => z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
/** A kennel's local date (YYYY-MM-DD). */
export const date = () => z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
export const round = () => z.enum(["morning", "midday", "evening"]);
/** Words of at most `max` characters. */
export const text = (max: number) => z.string().max(max);
/** Words someone wrote (a reason, a note): never empty, at most `max` characters. */
export const words = (max: number) => z.string().min(1).max(max);
/** An instant as the record writes them (ISO 8601, UTC). */
export const instant = () =>
  z.string().refine((s) => /^\d{4}-\d{2}-\d{2}T[\d:.]+Z$/.test(s) && !Number.isNaN(Date.parse(s)));
