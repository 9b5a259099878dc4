/**
 * `kennel-desk record export --from DATE --to DATE [--format csv|json|html] [--pet ID] [--booking REF]
 * [--out FOLDER]`: every entry of a range (and its welfare records, care plans and doses given if needed),
 * one row each with every field, on standard output; html: one printable page per stay. Read a page at a
 * time and written as it goes (src/answers/record-export.ts), up to the head taken when the export began.
 */
import { UsageError } from "../answers/failure.ts";
import { mergeBySeq } from "../answers/pages.ts";
import { type ExportRows, exportRows } from "../answers/record-export.ts";
import type { StayPage } from "../present/stay.ts";
import { memoryCeiling } from "../process/memory.ts";
import { exportedKennel } from "../record/kennel.ts";
import type { CareRecordStore } from "../record/types.ts";
import { custodyExportRows } from "../text/custody-record.ts";
import { planExportRow } from "../text/plan-record.ts";
import {
  CSV_HEADER,
  csvHeadLine,
  csvLine,
  type ExportRow,
  exportRow,
  jsonRow,
  prnExportRow,
  unrecordedExportRow,
} from "../text/record.ts";
import { stayHtml } from "../text/stay-html.ts";
import { welfareExportRow } from "../text/welfare-record.ts";
import { type CliContext, dayOption, HELP_HINT, petOption, readOptions } from "./context.ts";
import { bookingIdOf, petKnownElsewhere } from "./record-booking.ts";
import {
  type Counts,
  countLinked,
  countPlans,
  countUnrecorded,
  newCounts,
  summaryWords,
} from "./record-export-counts.ts";
import { checkOutFolder, stayPages, writePages } from "./record-pages.ts";
import { refuseOtherBusiness, requireStore } from "./record-store.ts";

/**
 * How far an export's process may grow past where it was when the export began (the ceiling stays
 * there while collections bring the process back under it): src/process/memory.ts memoryCeiling.
 * 32 MB, set again after each collection, held less but cost 70% more CPU.
 */
const GROWTH_ALLOWED = 64 * 1024 * 1024;

/** Standard output in chunks of about 64 KB, waiting when a stream asks to (a slow pipe); the ceiling checked at each. */
class Out {
  readonly #out: CliContext["io"]["stdout"];
  readonly #settle: () => Promise<void>;
  #chunk = "";

  constructor(out: CliContext["io"]["stdout"], settle: () => Promise<void>) {
    this.#out = out;
    this.#settle = settle;
  }

  async write(text: string): Promise<void> {
    this.#chunk += text;
    if (this.#chunk.length >= 65_536) await this.flush();
  }

  async flush(): Promise<void> {
    if (!this.#chunk) return;
    const full = this.#out.write(this.#chunk) === false;
    this.#chunk = "";
    await this.#settle();
    const stream = this.#out as { once?: (event: string, f: () => void) => unknown };
    if (full && typeof stream.once === "function")
      await new Promise<void>((resolve) => stream.once?.("drain", resolve));
  }
}

/**
 * The store, its reads checking the ceiling once each answers: the reads an export makes before its
 * first row (the stays of the range, what its kept rounds asked) as well as those between its rows.
 */
function settlingReads(store: CareRecordStore, settle: () => Promise<void>): CareRecordStore {
  return new Proxy(store, {
    get(target, key) {
      const value: unknown = Reflect.get(target, key, target);
      if (typeof value !== "function") return value;
      return (...args: unknown[]) => {
        const result: unknown = value.apply(target, args);
        if (!(result instanceof Promise)) return result;
        return result.then(async (answer: unknown) => {
          await settle();
          return answer;
        });
      };
    },
  });
}

/** The export's time zone and its days (a medicine's rows outside them are not exported). */
interface Days {
  zone: string;
  from?: string | undefined;
  to?: string | undefined;
  /** A row's kennel as exported, from what it holds (src/record/kennel.ts exportedKennel). */
  kennel: (held: ExportRow["kennel"]) => string | number;
}

/**
 * Each kind's rows as the export's rows, a page at a time, counted; each row's `kennel` the record's
 * as it names itself now ("loopback#1") where the row holds its earlier name ("loopback") or none.
 */
function exportSources(rows: ExportRows, days: Days, counts: Counts) {
  const zone = days.zone;
  const ours = <R extends ExportRow>(row: R): R => ({ ...row, kennel: days.kennel(row.kennel) });
  return {
    async *entries() {
      for await (const { entries, facts } of rows.entries()) {
        counts.entries += entries.length;
        countLinked(counts, entries);
        yield entries.map((e) => ours(exportRow(e, zone, facts)));
      }
    },
    async *welfare() {
      for await (const page of rows.welfare()) {
        counts.welfare += page.length;
        countLinked(counts, page);
        yield page.map((w) => ours(welfareExportRow(w, zone)));
      }
    },
    async *plans(json: boolean) {
      for await (const page of rows.plans()) {
        countPlans(counts, page, days.from);
        countLinked(counts, page);
        yield page.map((v) =>
          ours({ ...planExportRow(v, zone), ...(json && { plan: v.plan, changed: v.changed }) }),
        );
      }
    },
    async *asNeeded() {
      for await (const page of rows.asNeeded()) {
        counts.asNeeded += page.length;
        yield page.map((d) => ours(prnExportRow(d, zone)));
      }
    },
    async *unrecorded() {
      for await (const page of rows.unrecorded()) {
        countUnrecorded(counts, page);
        yield page.map((d) => ours(unrecordedExportRow(d, zone)));
      }
    },
    custody: async () =>
      custodyExportRows(await rows.custody(), zone, days)
        .map(ours)
        .sort((a, b) => Number(a.seq) - Number(b.seq)),
  };
}

async function* onePage<T>(page: T[]): AsyncGenerator<T[]> {
  yield page;
}

/**
 * The CSV: the header, every row in the chain's order, then each item the rounds asked with nothing
 * recorded (no place of its own in the chain), the head as the last row.
 */
async function writeCsv(out: Out, rows: ExportRows, days: Days, counts: Counts): Promise<void> {
  const s = exportSources(rows, days, counts);
  await out.write(CSV_HEADER);
  // The medicines' rows of the days exported (few: read at once), in the chain's order as the others.
  const custody = await s.custody();
  const merged = mergeBySeq<ExportRow>(
    [s.entries(), s.welfare(), s.plans(false), s.asNeeded(), onePage(custody)],
    (r) => Number(r.seq),
  );
  for await (const row of merged) await out.write(csvLine(row));
  for await (const page of s.unrecorded()) for (const row of page) await out.write(csvLine(row));
  await out.write(csvHeadLine(rows.head, String(days.kennel(null))));
}

/** `value` as JSON.stringify(…, null, 2) writes it at `depth` levels in (its first line not indented). */
const json = (value: unknown, depth: number) =>
  JSON.stringify(value, null, 2).replace(/\n/g, `\n${"  ".repeat(depth)}`);

/**
 * The JSON: as JSON.stringify(…, null, 2) would write the whole object, its arrays written a page
 * at a time (`head`, `entries`, `welfare`, `plans`, `asNeeded`, `unrecorded`, `custody`: each always,
 * [] if none); each row with every column of the CSV's (src/text/record.ts jsonRow), null when empty.
 */
async function writeJson(out: Out, rows: ExportRows, days: Days, counts: Counts): Promise<void> {
  const s = exportSources(rows, days, counts);
  await out.write(`{\n  "head": ${json(rows.head, 1)}`);
  const sections: Array<[string, AsyncIterable<ExportRow[]>]> = [
    ["entries", s.entries()],
    ["welfare", s.welfare()],
    ["plans", s.plans(true)],
    ["asNeeded", s.asNeeded()],
    ["unrecorded", s.unrecorded()],
  ];
  for (const [name, pages] of sections) {
    let first = true;
    for await (const page of pages) {
      for (const item of page) {
        await out.write(`${first ? `,\n  "${name}": [\n    ` : ",\n    "}${json(jsonRow(item), 2)}`);
        first = false;
      }
    }
    await out.write(first ? `,\n  "${name}": []` : "\n  ]");
  }
  // Each medicine held with its kennel, as every other row carries it; [] when the stays held none.
  const custody = (await rows.custody()).map((c) => ({ kennel: days.kennel(null), ...c }));
  await out.write(`,\n  "custody": ${json(custody, 1)}`);
  await out.write("\n}\n");
}

/** The export's options, checked: the range or the stay or pet, the format, the folder. */
async function exportOptions(ctx: CliContext) {
  const { values, positionals } = readOptions(ctx.args.slice(1), {
    from: { type: "string" },
    to: { type: "string" },
    format: { type: "string" },
    pet: { type: "string" },
    booking: { type: "string" },
    out: { type: "string" },
  });
  if (positionals.length > 0) {
    throw new UsageError(`record export takes no "${positionals[0]?.slice(0, 40)}".`, HELP_HINT);
  }
  const petId = petOption(values.pet);
  const narrowed = petId !== undefined || values.booking !== undefined;
  if ((values.from === undefined) !== (values.to === undefined) || (!narrowed && values.from === undefined)) {
    throw new UsageError(
      "record export needs the range: --from DATE --to DATE (or one pet's or stay's record: --pet ID, --booking REF).",
      "For example: kennel-desk record export --from 2026-11-01 --to 2026-11-30 > november.csv",
    );
  }
  const format = values.format ?? "csv";
  if (format !== "csv" && format !== "json" && format !== "html") {
    throw new UsageError(`--format is csv, json or html, not "${format.slice(0, 40)}".`, HELP_HINT);
  }
  if (values.out !== undefined && format !== "html") {
    throw new UsageError("--out is for --format html (one page per stay, in that folder).", HELP_HINT);
  }
  if (values.out !== undefined) checkOutFolder(values.out);
  const from = values.from !== undefined ? dayOption(ctx, values.from) : undefined;
  const to = values.to !== undefined ? dayOption(ctx, values.to) : undefined;
  if (from && to && from > to)
    throw new UsageError(`--from (${from}) is after --to (${to}).`, "Give the earlier day first.");
  const bookingId = values.booking !== undefined ? await bookingIdOf(ctx, values.booking) : undefined;
  const query = {
    ...(from ? { from } : {}),
    ...(to ? { to } : {}),
    ...(petId !== undefined ? { petId } : {}),
    ...(bookingId !== undefined ? { bookingId } : {}),
  };
  const which = [
    from && to ? `from ${from} to ${to}` : "",
    petId !== undefined ? `of pet ${petId}` : "",
    bookingId !== undefined ? `of booking ${bookingId}` : "",
  ]
    .filter(Boolean)
    .join(" ");
  return { query, format, out: values.out, which };
}

/**
 * An export that found nothing for the pet or the stay asked, with no range: a mistyped id reads as an
 * empty record, so say how to check it ("" when neither was asked, or a range was: it may hold none).
 */
function nothingNames(q: {
  petId?: number | undefined;
  bookingId?: number | undefined;
  from?: string | undefined;
}): string {
  if (q.from !== undefined) return "";
  if (q.petId !== undefined)
    return `If pet ${q.petId} should have some, check its id: kennel-desk pet NAME shows each pet of that name with its id.\n`;
  if (q.bookingId !== undefined)
    return `If booking ${q.bookingId} should have some, check it: kennel-desk booking REF shows the booking.\n`;
  return "";
}

/** `--format html`: a page per stay, to a folder, or the one page to standard output. */
async function writeHtml(
  ctx: CliContext,
  store: CareRecordStore,
  rows: ExportRows,
  o: {
    out?: string | undefined;
    petId?: number | undefined;
    which: string;
    range: { from?: string | undefined; to?: string | undefined };
  },
) {
  const kennel = String(exportedKennel(await store.kennel())(null));
  const made = stayPages(ctx, store, rows.stays, o.petId, { kennel, head: rows.head, range: o.range });
  if (o.out !== undefined) return writePages(ctx, o.out, made.pages, made.each, made.index);
  // Standard output takes one stay, its pets' pages as one file (each pet on its own printed page):
  // a second stay needs a folder.
  const mine: StayPage[] = [];
  for await (const p of made.pages) {
    if (!p.of) continue;
    if (mine[0] && p.of.stay.bookingId !== mine[0].stay.bookingId) {
      throw new UsageError(
        "That is more than one stay (a page per pet of each): they need a folder.",
        "Add --out FOLDER (or ask for one stay with --booking REF).",
      );
    }
    mine.push(p.of);
  }
  const [one, ...more] = mine;
  if (one !== undefined) ctx.io.stdout.write(stayHtml(one, more));
  else
    ctx.io.stderr.write(
      `No entries ${o.which}: no page written.\n${nothingNames({ petId: o.petId, from: o.range.from })}`,
    );
  return 0;
}

export async function exportRange(ctx: CliContext): Promise<number> {
  const { query, format, out, which } = await exportOptions(ctx);
  const { store, where } = await requireStore(ctx);
  const settle = memoryCeiling(GROWTH_ALLOWED);
  try {
    await refuseOtherBusiness(ctx, store, where);
    // Every export names the record's head when it began, so a copy sits outside the database.
    const record = settlingReads(store, settle);
    const rows = await exportRows({ record, clock: ctx.clock, config: ctx.config }, query);
    if (format === "html")
      return await writeHtml(ctx, store, rows, { out, petId: query.petId, which, range: query });
    const zone = ctx.config.timezone;
    const counts = newCounts();
    const stdout = new Out(ctx.io.stdout, settle);
    const days: Days = { zone, from: query.from, to: query.to, kennel: exportedKennel(await store.kennel()) };
    await (format === "csv" ? writeCsv : writeJson)(stdout, rows, days, counts);
    await stdout.flush();
    const none = counts.entries + counts.welfare + counts.asNeeded + counts.unrecorded === 0;
    if (ctx.io.stdout.isTTY !== true || none) ctx.io.stderr.write(`${summaryWords(counts, which, zone)}\n`);
    if (none && rows.stays.length === 0) {
      if (query.petId !== undefined && query.bookingId === undefined && query.from === undefined)
        await petKnownElsewhere(ctx, query.petId);
      ctx.io.stderr.write(nothingNames(query));
    }
    return 0;
  } finally {
    await store.close();
  }
}
