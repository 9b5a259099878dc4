/**
 * `record export --format html`: one printable page per stay, and with `--out FOLDER` each in its
 * own file. A page's file name is its reference (letters and digits of any script kept) and its
 * booking id, so two stays never share a file (ЖК-17 and ЛМ-17, CR 8001 and CR/8001); each is
 * written in full to a new private file and then put in place (an earlier page of the same stay is
 * replaced, never written through a symbolic link); the summary counts the files actually written.
 */
import { closeSync, lstatSync, openSync, renameSync, rmSync, statSync, writeSync } from "node:fs";
import { join, resolve } from "node:path";
import { describeFailure, UsageError } from "../answers/failure.ts";
import { entryFacts } from "../answers/kept-doses.ts";
import { prnDoses } from "../answers/prn.ts";
import { bookingView } from "../answers/records.ts";
import { stayOf } from "../answers/stay.ts";
import { readChecks, readFlags } from "../answers/welfare-store.ts";
import type { StayRecordView } from "../domain/stay.ts";
import { cleanText } from "../domain/text.ts";
import type { StayPage } from "../present/stay.ts";
import { makeFolder } from "../record/folder.ts";
import type { CareRecordStore, ChainHead } from "../record/types.ts";
import { stayHtml } from "../text/stay-html.ts";
import { type CliContext, kennelDeps } from "./context.ts";

/**
 * A stay's page's file name: the reference cleaned (letters, marks and digits of any script, dots,
 * hyphens and underscores kept; the rest one hyphen), then the booking id; a suffix when the name is
 * taken all the same (a file system that ignores case). `taken` holds the names given, lower-cased.
 */
export function pageFileName(reference: string, bookingId: number, taken: Set<string>): string {
  const ref = fileNamePart(reference);
  const own = `booking-${bookingId}`;
  const base = ref && ref !== own ? `${ref}-${bookingId}` : own;
  let name = `${base}.html`;
  for (let n = 2; taken.has(name.toLowerCase()); n++) name = `${base}-${n}.html`;
  taken.add(name.toLowerCase());
  return name;
}

/** Words as part of a file name: letters, marks and digits of any script, dots, hyphens and underscores kept; the rest one hyphen. */
export function fileNamePart(words: string): string {
  return Array.from(
    cleanText(words)
      .normalize("NFC")
      .replace(/[^\p{L}\p{M}\p{N}._-]+/gu, "-")
      .replace(/^[-.]+|[-.]+$/g, ""),
  )
    .slice(0, 80)
    .join("");
}

/** `--out`: a folder (made when missing), never a file: a usage error (exit 2) in one line otherwise. */
export function checkOutFolder(out: string): void {
  let kind: "missing" | "folder" | "other" = "missing";
  try {
    kind = statSync(out).isDirectory() ? "folder" : "other";
  } catch {
    // Missing (made later), or a symbolic link to nothing (said below).
    if (lstatOrUndefined(out)) kind = "other";
  }
  if (kind === "other") {
    throw new UsageError(
      `--out ${out.slice(0, 200)} is a file, not a folder: --out names the folder the pages go in.`,
      "Give a folder (new or existing), for example --out inspection-pages.",
    );
  }
}

function lstatOrUndefined(path: string) {
  try {
    return lstatSync(path);
  } catch {
    return undefined;
  }
}

/** One page written in full to a new private file beside it, then put in its place. */
function writePage(folder: string, name: string, page: string): void {
  const target = join(folder, name);
  const temporary = join(folder, `.${name}.${process.pid}.tmp`);
  const fd = openSync(temporary, "wx", 0o600);
  try {
    writeSync(fd, page);
  } finally {
    closeSync(fd);
  }
  try {
    renameSync(temporary, target);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  }
}

/**
 * Writes each page in `out`; says on standard error how many were written (and which could not be,
 * and why). Exit 0 when every page was written, 1 otherwise.
 */
export async function writePages(
  ctx: CliContext,
  out: string,
  pages: AsyncIterable<{ name: string; page: string }> | Iterable<{ name: string; page: string }>,
  each = "one per stay",
): Promise<number> {
  const folder = resolve(out);
  const why = makeFolder(folder);
  if (why) {
    throw new UsageError(
      `The folder ${folder} (--out) could not be made: ${why}.`,
      "Give a folder this user can write.",
    );
  }
  const written: string[] = [];
  const failed: string[] = [];
  for await (const p of pages) {
    try {
      writePage(folder, p.name, p.page);
      written.push(p.name);
    } catch (error) {
      failed.push(`${p.name} (${(error as NodeJS.ErrnoException)?.code ?? "not written"})`);
    }
  }
  const n = written.length;
  ctx.io.stderr.write(
    `${n} ${n === 1 ? "page" : "pages"} (${each}) written to ${folder}: ${written.join(", ") || "none"}.${failed.length ? ` Not written: ${failed.join(", ")}.` : ""}\n`,
  );
  return failed.length ? 1 : 0;
}

/**
 * One page per stay (booking, from its entries and its welfare checks), made and handed on one at a
 * time (a folder of a year's stays is written as it is read): the booking and its pets' care from
 * the kennel API when it is set (what was due, the owner's name), the record alone otherwise (said
 * on the page).
 */
export async function* stayPages(
  ctx: CliContext,
  store: CareRecordStore,
  stays: number[],
  petId: number | undefined,
  head?: ChainHead,
): AsyncGenerator<{ name: string; page: string }> {
  const zone = ctx.config.timezone;
  const kennel = ctx.config.kennel ? { ...kennelDeps(ctx), record: store } : undefined;
  const bookings = [...new Set(stays)];
  const mineOnly = (stay: StayRecordView): StayRecordView => ({
    ...stay,
    pets: stay.pets.filter((p) => petId === undefined || p.petId === petId),
    ...(stay.asNeeded
      ? { asNeeded: stay.asNeeded.filter((d) => petId === undefined || d.petId === petId) }
      : {}),
  });
  const taken = new Set<string>();
  for (const bookingId of bookings) {
    let page: StayPage | undefined;
    if (kennel) {
      try {
        const v = await bookingView(kennel, String(bookingId), { doses: true });
        const stay = v.stay ?? stayOf(kennel, { bookingId }, v.care, []);
        page = {
          reference: v.booking.reference ?? `booking ${bookingId}`,
          stay: mineOnly(stay),
          owner: v.booking.customerName,
          checkIn: v.booking.checkInDate,
          checkOut: v.booking.checkOutDate,
          dueProblem: v.careProblem,
          timezone: zone,
          generatedAt: ctx.clock.now().toISOString(),
          head,
        };
      } catch (error) {
        const f = describeFailure(error);
        ctx.io.stderr.write(
          `Booking ${bookingId}: the kennel API did not answer (${f.what}); its page shows the record alone.\n`,
        );
      }
    }
    if (!page) {
      const [mine, checks, flags, prn] = await Promise.all([
        store.entries({ bookingId }),
        readChecks(store, { bookingId }),
        readFlags(store, { bookingId }),
        prnDoses({ record: store, clock: ctx.clock }, { bookingId }),
      ]);
      // The doses' witnesses, and which are high-alert, from the kept sheets (no plan without the API).
      const facts = await entryFacts({ record: store, clock: ctx.clock }, mine);
      const stay = stayOf(
        { config: ctx.config, clock: ctx.clock },
        { bookingId },
        undefined,
        mine,
        undefined,
        { checks, flags },
        [],
        { witnesses: facts.witnesses, highAlert: facts.highAlert },
      );
      page = {
        reference: `booking ${bookingId}`,
        stay: mineOnly(prn.length ? { ...stay, asNeeded: prn } : stay),
        owner: undefined,
        checkIn: undefined,
        checkOut: undefined,
        dueProblem: kennel
          ? "What was due is not shown: the kennel API could not be read."
          : "What was due is not shown: the kennel API is not set (KENNEL_API_KEY and KENNEL_API_BASE_URL). Every entry is.",
        timezone: zone,
        generatedAt: ctx.clock.now().toISOString(),
        head,
      };
    }
    yield { name: pageFileName(page.reference, bookingId, taken), page: stayHtml(page) };
  }
}
