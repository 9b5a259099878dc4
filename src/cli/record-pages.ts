/**
 * `record export --format html`: one printable page per stay's pet, and with `--out FOLDER` each in
 * its own file beside an index. A page's file name is its reference (letters and digits of any script
 * kept) and its pet's name, the booking id added when two stays' references clean to the same words
 * (ЖК-17 and ЛМ-17, CR 8001 and CR/8001); each is written in full to a new private file and then put
 * in place (an earlier page of the same stay is replaced, never written through a symbolic link); the
 * summary counts the files actually written.
 */
import { closeSync, existsSync, lstatSync, openSync, renameSync, rmSync, statSync, writeSync } from "node:fs";
import { join, resolve } from "node:path";
import { describeFailure, UsageError } from "../answers/failure.ts";
import { bookingView } from "../answers/records.ts";
import { recordedStay } from "../answers/stay.ts";
import type { StayRecordView } from "../domain/stay.ts";
import { cleanText } from "../domain/text.ts";
import type { StayPage } from "../present/stay.ts";
import type { StayIndexRow } from "../present/stay-index.ts";
import { makeFolder } from "../record/folder.ts";
import type { CareRecordStore, ChainHead } from "../record/types.ts";
import { stayHtml, stayIndexHtml } from "../text/stay-html.ts";
import { type CliContext, kennelDeps } from "./context.ts";

/**
 * Words as part of a file name: letters, marks and digits of any script, dots, hyphens and
 * underscores kept; the rest one hyphen; at most `max` characters.
 */
export function fileNamePart(words: string, max = 80): string {
  return Array.from(
    cleanText(words)
      .normalize("NFC")
      .replace(/[^\p{L}\p{M}\p{N}._-]+/gu, "-")
      .replace(/^[-.]+|[-.]+$/g, ""),
  )
    .slice(0, max)
    .join("");
}

/**
 * A stay's pet's page's file name (issue 45): the booking's reference then the pet's name, cleaned
 * (`HP-M3SSY8-biscuit.html`); the booking's id added when two stays' references clean to the same
 * words (`CR 8001` and `CR/8001`), a number last when it is taken all the same (a file system that
 * ignores case). `taken` holds the names given, lower-cased.
 */
export function pageFileName(
  reference: string | undefined,
  bookingId: number,
  pet: { petId: number; name: string },
  taken: Set<string>,
): string {
  const ref = reference ? fileNamePart(reference) : "";
  const who = fileNamePart(pet.name, 40).toLowerCase() || `pet-${pet.petId}`;
  const first = ref ? `${ref}-${who}` : `booking-${bookingId}-${who}`;
  const candidates = [first, ref ? `${ref}-${bookingId}-${who}` : `${first}-${pet.petId}`];
  let name = candidates.map((c) => `${c}.html`).find((c) => !taken.has(c.toLowerCase()));
  for (let n = 2; !name; n++) if (!taken.has(`${first}-${n}.html`.toLowerCase())) name = `${first}-${n}.html`;
  taken.add(name.toLowerCase());
  return name;
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

/** A page written; `of`: a stay's pet's page, what it was made from (one stay's pages go to standard output as one). */
type Page = { name: string; page: string; of?: StayPage };

/** The files written over one of the same name: each named, or all at once when every one was. */
function replacedWords(replaced: readonly string[], written: readonly string[]): string {
  if (replaced.length === 0) return "";
  if (replaced.length === written.length)
    return replaced.length === 1
      ? " It replaced the file of that name there before."
      : " Each replaced the file of its name there before.";
  return ` Replaced the files of the same name there before: ${replaced.join(", ")}.`;
}

/**
 * Writes each page in `out` as it comes, then `last` (an index of them) when given; says on standard
 * error how many were written (`each`: what they are, read once they are all written) and which could
 * not be, and why. Exit 0 when every page was written, 1 otherwise.
 */
export async function writePages(
  ctx: CliContext,
  out: string,
  pages: AsyncIterable<Page> | Iterable<Page>,
  each: string | (() => string) = "one per stay",
  last?: () => Page,
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
  /** Files of the same name there before, replaced (said: a chart printed earlier is not lost in silence). */
  const replaced: string[] = [];
  const write = (p: Page) => {
    try {
      const there = existsSync(join(folder, p.name));
      writePage(folder, p.name, p.page);
      written.push(p.name);
      if (there) replaced.push(p.name);
    } catch (error) {
      failed.push(`${p.name} (${(error as NodeJS.ErrnoException)?.code ?? "not written"})`);
    }
  };
  for await (const p of pages) write(p);
  const n = written.length;
  const index = last?.();
  if (index) write(index);
  const what = typeof each === "function" ? each() : each;
  ctx.io.stderr.write(
    `${n} ${n === 1 ? "file" : "files"} (${what})${index ? ` and ${index.name}` : ""} written to ${folder}: ${written.join(", ") || "none"}.${replacedWords(replaced, written)}${failed.length ? ` Not written: ${failed.join(", ")}.` : ""}\n`,
  );
  return failed.length ? 1 : 0;
}

/** The name of the export's index page, beside the stays' pages. */
const INDEX_PAGE = "index.html";

/**
 * The owner's name and the booking's reference from the kennel API, when it is set and answers (a
 * page never needs it: the reference is the kept rounds' when they named it).
 */
async function apiSays(
  ctx: CliContext,
  store: CareRecordStore,
  bookingId: number,
): Promise<{ owner?: string | undefined; reference?: string | undefined }> {
  if (!ctx.config.kennel) return {};
  try {
    const { booking } = await bookingView({ ...kennelDeps(ctx), record: store }, String(bookingId));
    return { owner: booking.customerName, reference: booking.reference };
  } catch (error) {
    ctx.io.stderr.write(
      `Booking ${bookingId}: the owner's name is not shown (${describeFailure(error).what}).\n`,
    );
    return {};
  }
}

/** The export's pages, made one at a time, and its index once they are all made. */
export interface StayPages {
  /** One page per stay's pet, made and handed on one at a time (a year's stays are written as read). */
  pages: AsyncGenerator<Page>;
  /** What the pages made so far are: "one per pet of 4 stays". */
  each(): string;
  /** The index of the pages made (`index.html`: each stay's pet, its dates and figures, linked). */
  index(): Page;
}

/** What every page of an export names: the kennel the record is for (as its rows name it), its head, its days. */
interface PagesOf {
  kennel: string;
  head?: ChainHead | undefined;
  /** The days asked (both, or neither: a stay's whole record). */
  range?: { from?: string | undefined; to?: string | undefined } | undefined;
}

/**
 * One page per stay's pet (issue 45), from the care record alone: what each round asked when its sheet
 * was kept beside every entry, the stay's plan versions with who confirmed them and when, its welfare
 * checks and its doses given if needed; the booking's reference and dates as its kept rounds said
 * them (else the kennel API's, when it is set). The owner's name only when the kennel API is set and
 * answers (else no line for it). Made a stay at a time; the index keeps a line per page.
 */
export function stayPages(
  ctx: CliContext,
  store: CareRecordStore,
  stays: number[],
  petId: number | undefined,
  o: PagesOf,
): StayPages {
  const zone = ctx.config.timezone;
  const rows: StayIndexRow[] = [];
  const generatedAt = ctx.clock.now().toISOString();
  const days = o.range?.from && o.range.to ? { from: o.range.from, to: o.range.to } : undefined;
  const kennel = { kennel: o.kennel, kennelName: ctx.config.kennelName };
  async function* pages(): AsyncGenerator<Page> {
    const deps = { record: store, config: ctx.config, clock: ctx.clock };
    const taken = new Set<string>([INDEX_PAGE]);
    const began = await store.began().catch(() => undefined);
    for (const bookingId of [...new Set(stays)]) {
      const [kept, api] = await Promise.all([
        recordedStay(deps, bookingId, { range: days, began }),
        apiSays(ctx, store, bookingId),
      ]);
      const { stay, said } = kept;
      const named = said?.reference ?? api.reference;
      const reference = named ?? `booking ${bookingId}`;
      for (const pet of stay.pets.filter((p) => petId === undefined || p.petId === petId)) {
        const asNeeded = (stay.asNeeded ?? []).filter((d) => d.petId === pet.petId);
        const mine: StayRecordView = { ...stay, pets: [pet], asNeeded };
        const page: StayPage = {
          reference,
          stay: mine,
          owner: api.owner,
          checkIn: said?.checkIn,
          checkOut: said?.checkOut,
          dueProblem: undefined,
          timezone: zone,
          generatedAt,
          head: o.head,
          ...kennel,
        };
        const name = pageFileName(named, bookingId, { petId: pet.petId, name: pet.petName }, taken);
        // The index's line keeps the pet's figures, not its entries (a year's stays stay small).
        const figures = { ...pet, entries: [], items: [] };
        rows.push({ file: name, reference, pet: figures, checkIn: said?.checkIn, checkOut: said?.checkOut });
        yield { name, page: stayHtml(page), of: page };
      }
    }
  }
  const range = days && `${days.from} to ${days.to}`;
  return {
    pages: pages(),
    each: () => {
      const n = new Set(rows.map((r) => r.reference)).size;
      return `one per pet of ${n} ${n === 1 ? "stay" : "stays"}`;
    },
    index: () => ({
      name: INDEX_PAGE,
      page: stayIndexHtml(rows, { timezone: zone, generatedAt, ...kennel, head: o.head, range }),
    }),
  };
}
