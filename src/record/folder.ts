/**
 * The data folder's own problems, said at start in one line before any tap can be lost: a folder
 * that cannot be written, or one on a filesystem that does not survive a restart or a redeploy
 * (tmpfs or ramfs: lost at reboot; a container's own overlay layer: lost when the container is
 * replaced). Linux only (read from /proc/self/mountinfo); elsewhere only the writable check runs.
 */
import { existsSync, readFileSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";

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
