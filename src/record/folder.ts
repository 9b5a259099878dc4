/**
 * The data folder at start: made (in a bounded number of tries, never Node's recursive mkdir, which
 * loops for ever where the system answers "no such file" to every mkdir, as under /proc) or refused
 * in one line; the record's file made readable by its owner only, whatever the folder's mode. Then
 * its own problems, said in one line before any tap can be lost: a folder that cannot be written,
 * or one on a filesystem that does not survive a restart or a redeploy (tmpfs or ramfs: lost at
 * reboot; a container's own overlay layer: lost when the container is replaced). Linux only (read
 * from /proc/self/mountinfo); elsewhere only the writable check runs.
 */
import {
  chmodSync,
  closeSync,
  constants,
  existsSync,
  lstatSync,
  mkdirSync,
  openSync,
  readFileSync,
  realpathSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { dirname, join, resolve } from "node:path";
import { SQLITE_FILE } from "./sqlite.ts";

/** The data folder cannot be made: the bot does not start (one line, exit 2). */
export class DataFolderError extends Error {
  override readonly name = "DataFolderError";
}

/** How many times the folder's making starts over after a folder above it vanished meanwhile. */
const MAKE_TRIES = 5;

const SET_IT =
  "Set KENNEL_DATA_DIR to a folder on a disk this user can write, for example /var/lib/kennel-desk (with systemd: StateDirectory=kennel-desk).";

function cannotMake(abs: string, why: string): DataFolderError {
  return new DataFolderError(
    `The care record's folder ${abs} (KENNEL_DATA_DIR) could not be made: ${why}. ${SET_IT}`,
  );
}

function errnoWords(error: unknown): string {
  const code = (error as NodeJS.ErrnoException)?.code ?? "an error";
  if (code === "EACCES" || code === "EPERM") return `this user may not make it there (${code})`;
  if (code === "EROFS") return "the disk there is read-only (EROFS)";
  if (code === "ENOSPC") return "the disk is full (ENOSPC)";
  if (code === "ENOTDIR") return "a part of the path is a file, not a folder (ENOTDIR)";
  if (code === "ELOOP") return "the path has a loop of symbolic links (ELOOP)";
  return `the system answered ${code}`;
}

/** The folders of `abs` that do not exist yet, the outermost first; or why it cannot be a folder. */
function missingFolders(abs: string): string[] | string {
  const missing: string[] = [];
  for (let p = abs; ; p = dirname(p)) {
    try {
      return statSync(p).isDirectory() ? missing : `${p} is a file, not a folder`;
    } catch (error) {
      if ((error as NodeJS.ErrnoException)?.code !== "ENOENT") return errnoWords(error);
      if (dirname(p) === p) return missing;
      missing.unshift(p);
    }
  }
}

/**
 * Makes a folder and the missing folders above it (mode 700 each, one level at a time, started over
 * at most MAKE_TRIES times when a folder above vanished meanwhile or the system answers "no such
 * file" as /proc does). Undefined when the folder is there; otherwise why not, in words (a folder
 * whose every mkdir is answered "no such file", as /proc's and /sys's are, is named: it cannot hold one).
 */
export function makeFolder(dir: string): string | undefined {
  const abs = resolve(dir);
  let last: unknown;
  let making = abs;
  for (let attempt = 1; attempt <= MAKE_TRIES; attempt++) {
    const missing = missingFolders(abs);
    if (typeof missing === "string") return missing;
    try {
      for (const folder of missing) {
        making = folder;
        try {
          mkdirSync(folder, { mode: 0o700 });
        } catch (error) {
          if ((error as NodeJS.ErrnoException)?.code !== "EEXIST") throw error;
        }
      }
      if (statSync(abs).isDirectory()) return undefined;
    } catch (error) {
      if ((error as NodeJS.ErrnoException)?.code !== "ENOENT") return errnoWords(error);
      last = error;
    }
  }
  const code = (last as NodeJS.ErrnoException)?.code ?? "ENOENT";
  return `the folder ${dirname(making)} cannot hold a folder here: the system answered ${code} ("no such file") each of the ${MAKE_TRIES} times ${making} was made, as it does in /proc and /sys`;
}

/**
 * Makes the data folder when it is missing (makeFolder), and its record file when that is missing:
 * created exclusively with mode 600, so the record is its owner's alone from its first byte whatever
 * the folder's mode (SQLite then gives its -wal and -shm files the same mode). A record file
 * readable by others (made by an older version) is made 600 and said. Throws DataFolderError when
 * the folder cannot be made; returns the line to say, if any.
 */
export function prepareDataFolder(dir: string): string | undefined {
  const abs = resolve(dir);
  const why = makeFolder(abs);
  if (why) throw cannotMake(abs, why);
  return privateRecordFile(join(abs, SQLITE_FILE));
}

/** The record file made (exclusively, mode 600) when missing; made 600 when others may read it. */
function privateRecordFile(file: string): string | undefined {
  try {
    closeSync(openSync(file, constants.O_CREAT | constants.O_EXCL | constants.O_WRONLY, 0o600));
    return undefined;
  } catch (error) {
    // Not writable, or another problem: the store says it in its own words when it opens.
    if ((error as NodeJS.ErrnoException)?.code !== "EEXIST") return undefined;
  }
  try {
    // Only the record's own file: a link is left as it is, and a folder in its place too (the store
    // says so when it opens: it is no record).
    const stat = lstatSync(file);
    const mode = stat.mode & 0o777;
    if ((mode & 0o077) === 0 || !stat.isFile()) return undefined;
    for (const f of [file, `${file}-wal`, `${file}-shm`]) if (existsSync(f)) chmodSync(f, 0o600);
    return `The care record's file ${file} could be read by other users of this computer (mode ${mode.toString(8)}): it is now readable by its owner only (600).`;
  } catch {
    return undefined;
  }
}

interface Mount {
  point: string;
  type: string;
}

/** The mounts in /proc/self/mountinfo's format (mount point: field 5; type: after " - "). */
export function parseMountInfo(text: string): Mount[] {
  const mounts: Mount[] = [];
  for (const line of text.split("\n")) {
    const [left, right] = line.split(" - ");
    if (!left || !right) continue;
    const point = left.split(" ")[4];
    const type = right.split(" ")[0];
    if (point && type) mounts.push({ point: point.replace(/\\040/g, " "), type });
  }
  return mounts;
}

/** The mount holding a path: the longest mount point that is the path or one of its parents. */
export function mountOf(path: string, mounts: Mount[]): Mount | undefined {
  let best: Mount | undefined;
  for (const m of mounts) {
    const inside = m.point === "/" || path === m.point || path.startsWith(`${m.point}/`);
    if (inside && (!best || m.point.length >= best.point.length)) best = m;
  }
  return best;
}

const THROWAWAY: Record<string, string> = {
  tmpfs: "a temporary filesystem (tmpfs), emptied at every restart of the computer",
  ramfs: "a temporary filesystem (ramfs), emptied at every restart of the computer",
  overlay:
    "the container's own filesystem (overlay), thrown away when the container is replaced (a redeploy, an update)",
};

/** The first existing folder at or above a path (the data folder may not exist yet). */
function existingAncestor(path: string): string {
  let p = resolve(path);
  while (!existsSync(p) && dirname(p) !== p) p = dirname(p);
  return realpathSync(p);
}

/**
 * What is wrong with the data folder, in one line, or undefined. `mountinfo`: the text of
 * /proc/self/mountinfo (read when not given; none off Linux).
 */
export function dataFolderProblem(dir: string, mountinfo?: string): string | undefined {
  const abs = resolve(dir);
  const existing = existingAncestor(abs);
  try {
    // A real write (a file made and removed), not access(): root passes access() on a read-only mount.
    const probe = join(existing, `.kennel-desk-probe-${process.pid}`);
    writeFileSync(probe, "");
    rmSync(probe);
  } catch {
    return `The care record's folder ${abs} (KENNEL_DATA_DIR) cannot be written by this user: nothing can be recorded until it can. Make it writable (chown it to the user Kennel Desk runs as), or set KENNEL_DATA_DIR to a folder that is.`;
  }
  let text = mountinfo;
  if (text === undefined) {
    try {
      text = readFileSync("/proc/self/mountinfo", "utf8");
    } catch {
      return undefined;
    }
  }
  const mount = mountOf(existing, parseMountInfo(text));
  const what = mount ? THROWAWAY[mount.type] : undefined;
  if (!what) return undefined;
  return `The care record's folder ${abs} (KENNEL_DATA_DIR) is on ${what}: the record would be lost. Keep it on a disk that lasts: with Docker, mount a volume there (-v kennel-desk-data:${abs}); with systemd, StateDirectory=kennel-desk and KENNEL_DATA_DIR=/var/lib/kennel-desk.`;
}
