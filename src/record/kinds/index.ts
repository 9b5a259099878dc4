/**
 * The care record's kinds of record, in one registry: every record of the log (`care_log`) is one
 * of these, its body checked against its kind's schema on the way in and read through it on the way
 * out (src/record/store.ts). The store's `append` and `log` are typed by kind: `append({ kind:
 * "witness", body })` takes a witness's body and `log({ kind: "witness" })` gives witnesses.
 *
 * A new kind: a file in this folder (src/record/kinds/witness.ts is the shortest example) and its
 * line in KINDS below (docs/development.md, "A new record kind").
 */
import type { z } from "zod";
import { medicineClosed, medicineCount, medicineIn, medicineOut } from "./custody.ts";
import { doseAlert } from "./dose-alert.ts";
import { inError } from "./in-error.ts";
import type { RecordKind } from "./kind.ts";
import { obligation, obligationChange, obligationPart } from "./obligation.ts";
import { paper } from "./paper.ts";
import { plan } from "./plan.ts";
import { plansPost } from "./plans-post.ts";
import { postClaim } from "./post-claim.ts";
import { prn, prnEffect, prnFollowUp } from "./prn.ts";
import { retention } from "./retention.ts";
import { review } from "./review.ts";
import { roundCopy } from "./round-copy.ts";
import { sheet, sheetPart } from "./sheet.ts";
import { staffName } from "./staff-name.ts";
import { welfareAdvice, welfareCheck, welfareFlag, welfareList, welfareResolved } from "./welfare.ts";
import { witness } from "./witness.ts";

const KINDS = [
  sheet,
  sheetPart,
  retention,
  plan,
  plansPost,
  witness,
  prn,
  prnEffect,
  prnFollowUp,
  doseAlert,
  postClaim,
  roundCopy,
  welfareList,
  welfareCheck,
  welfareFlag,
  welfareAdvice,
  welfareResolved,
  obligation,
  obligationPart,
  obligationChange,
  review,
  medicineIn,
  medicineCount,
  medicineClosed,
  medicineOut,
  staffName,
  paper,
  inError,
] as const;

type Known = (typeof KINDS)[number];

/** The name of a kind of record: "sheet", "witness", "prn"… */
export type KindName = Known["name"];

/** A kind's body as it is written (the schema's input). */
export type BodyIn<K extends KindName> = z.input<Extract<Known, { name: K }>["body"]>;

/** A kind's body as it is read back (the schema's output). */
export type BodyOf<K extends KindName> = z.output<Extract<Known, { name: K }>["body"]>;

const BY_NAME: ReadonlyMap<string, RecordKind> = new Map(KINDS.map((k) => [k.name, k]));

/** The kind of this name; undefined for one this version of Kennel Desk does not know. */
export function kindNamed(name: string): RecordKind | undefined {
  return BY_NAME.get(name);
}

/** A body read as its kind; undefined when it does not read as one (a body no version wrote). */
export function readBody<K extends KindName>(kind: K, body: unknown): BodyOf<K> | undefined {
  const parsed = kindNamed(kind)?.body.safeParse(body);
  return parsed?.success ? (parsed.data as BodyOf<K>) : undefined;
}
