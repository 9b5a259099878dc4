/** The data folder's problems, said at start in one line: a throwaway filesystem, a folder not writable. */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { dataFolderProblem, mountOf, parseMountInfo } from "../../src/record/folder.ts";

const MOUNTINFO = [
  "27 1 254:0 / / rw,relatime - ext4 /dev/vda rw",
  "30 27 0:27 / /run rw,nosuid - tmpfs tmpfs rw,size=100k",
  "31 27 0:28 / /srv/kennel\\040desk rw - overlay overlay rw,lowerdir=/x",
  "32 31 254:1 / /srv/kennel\\040desk/data rw - ext4 /dev/vdb rw",
].join("\n");

const dir = mkdtempSync(join(tmpdir(), "kennel-desk-folder-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("the data folder", () => {
  it("finds the mount holding a path: the longest mount point above it", () => {
    const mounts = parseMountInfo(MOUNTINFO);
    expect(mountOf("/run/kennel", mounts)?.type).toBe("tmpfs");
    expect(mountOf("/running", mounts)?.type).toBe("ext4");
    expect(mountOf("/srv/kennel desk/app", mounts)?.type).toBe("overlay");
    expect(mountOf("/srv/kennel desk/data/x", mounts)?.type).toBe("ext4");
  });

  it("says in one line when the folder is on tmpfs or a container's own layer, and nothing on a disk", () => {
    const on = (type: string) =>
      `27 1 254:0 / / rw - ext4 /dev/vda rw\n40 27 0:30 / ${dir} rw - ${type} x rw`;
    const tmpfs = dataFolderProblem(join(dir, "data"), on("tmpfs"));
    expect(tmpfs).toMatch(/is on a temporary filesystem \(tmpfs\).*lost/);
    expect(tmpfs).toContain("-v kennel-desk-data:");
    expect(tmpfs).not.toContain("\n");
    expect(dataFolderProblem(join(dir, "data"), on("overlay"))).toMatch(
      /container's own filesystem \(overlay\)/,
    );
    expect(dataFolderProblem(join(dir, "data"), on("ext4"))).toBeUndefined();
  });

  it.skipIf(process.platform !== "linux")("says when the folder cannot be written by this user", () => {
    // /sys takes no new file, not even from root.
    const problem = dataFolderProblem("/sys/kennel-desk-data", "");
    expect(problem).toMatch(/cannot be written by this user/);
    expect(problem).not.toContain("\n");
  });
});
