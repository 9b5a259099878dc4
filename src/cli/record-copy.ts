/**
 * A file given to `record verify --file` or `record audit --file`, looked at before it is opened as a
 * copy of the record: an export of the record (JSON, CSV, the printable page) is said to be one, with
 * how an export is checked, never read as a broken record.
 */
import { closeSync, fstatSync, openSync, readSync } from "node:fs";
import { UsageError } from "../answers/failure.ts";
import { HEAD_HEX_DIGITS } from "../record/chain.ts";
import { exportGivenWords } from "../words/record.ts";

/** How much of each end of the file is looked at: an export's head is in its first or last lines. */
const LOOK = 8192;

/**
 * The file's first and last bytes as text (a SQLite file's start says so), or none when it cannot be
 * read or is no file (a folder: the copy's reading says what it is).
 */
function ends(file: string): { start: string; end: string } | undefined {
  let fd: number;
  try {
    fd = openSync(file, "r");
  } catch {
    return undefined;
  }
  try {
    const stat = fstatSync(fd);
    if (!stat.isFile()) return undefined;
    const size = stat.size;
    const read = (at: number) => {
      const b = Buffer.alloc(Math.min(LOOK, size));
      const n = readSync(fd, b, 0, b.length, at);
      return b.subarray(0, n).toString("utf8");
    };
    return { start: read(0), end: read(Math.max(0, size - LOOK)) };
  } finally {
    closeSync(fd);
  }
}

/** The export's format and the head it names, when the file is an export of the record. */
function exportHead(file: string): { format: string; seq: number; hex: string } | undefined {
  const f = ends(file);
  if (!f || f.start.startsWith("SQLite format 3")) return undefined;
  const named = (m: RegExpExecArray | null, format: string) =>
    m ? { format, seq: Number(m[1]), hex: (m[2] ?? "").slice(0, HEAD_HEX_DIGITS) } : undefined;
  // JSON: {"head": {"seq": 206, "hash": "…"}, "entries": …}, the head first.
  const json = /^\s*\{\s*"head":\s*\{\s*"seq":\s*(\d+),\s*"hash":\s*"([0-9a-f]{64})"/.exec(f.start);
  if (json) return named(json, "JSON");
  // CSV: the header, then the rows, the head the last row's record_head ("#206 sha256 …").
  if (f.start.startsWith("id,seq,kennel,")) return named(/#(\d+) sha256 ([0-9a-f]{64})/.exec(f.end), "CSV");
  // The printable page (a stay's, or the index): the head in its footer ("Record head at the time:
  // #206, sha256 <code>7f0e…</code>").
  if (/^\s*<!doctype html/i.test(f.start))
    return named(/#(\d+), sha256 (?:<[^>]*>)*([0-9a-f]{64})/.exec(f.end), "printable (HTML)");
  return undefined;
}

/** Refuses an export given where a copy of the record goes, saying what it is and how to check it. */
export function refuseExport(file: string, command: "verify" | "audit"): void {
  const e = exportHead(file);
  if (!e) return;
  const { what, whatToDo } = exportGivenWords(file, e, command);
  throw new UsageError(what, whatToDo);
}
