/**
 * A command run beside the preview (src/preview/folder-state.ts): its own KENNEL_API_KEY or
 * KENNEL_TIMEZONE, replaced by the preview's, is said on standard error with how to use it instead,
 * never dropped in silence; one equal to the preview's, or none, says nothing more.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { PREVIEW_STATE_FILE, previewInFolder, previewNote } from "../../src/preview/folder-state.ts";

const folder = mkdtempSync(join(tmpdir(), "kennel-desk-folder-"));
writeFileSync(
  join(folder, PREVIEW_STATE_FILE),
  JSON.stringify({
    pid: 4242,
    timezone: "Europe/London",
    clockOffsetMs: 0,
    apiBaseUrl: "http://127.0.0.1:4010/api/v1",
    apiKey: "sandbox-key",
    dataDir: join(folder, "data"),
  }),
);
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const running = () => true;
const read = (env: Record<string, string>) => {
  const p = previewInFolder(folder, env, undefined, running);
  if (!p) throw new Error("the preview's note was not read");
  return p;
};

describe("a command beside the preview", () => {
  it("says its own KENNEL_API_KEY is not used, and how to use it", () => {
    const p = read({ KENNEL_API_KEY: "my-real-key" });
    expect(p.env.KENNEL_API_KEY).toBe("sandbox-key");
    const note = previewNote(p, "Mon 30 Nov 13:00 (Europe/London)");
    expect(note).toContain("reading the preview running in this folder (pid 4242)");
    expect(note).toContain(
      "kennel-desk: KENNEL_API_KEY set here is not used: the preview's own is. To use yours, set KENNEL_API_BASE_URL too",
    );
    // The key itself is never written out.
    expect(note).not.toContain("my-real-key");
  });

  it("names each setting replaced, a time zone too", () => {
    const p = read({ KENNEL_API_KEY: "mine", KENNEL_TIMEZONE: "America/New_York" });
    expect(previewNote(p, "now")).toContain("KENNEL_API_KEY and KENNEL_TIMEZONE set here are not used");
  });

  it("says nothing more when nothing of its own was replaced", () => {
    const envs: Record<string, string>[] = [
      {},
      { KENNEL_TIMEZONE: "Europe/London" },
      { KENNEL_API_KEY: "sandbox-key" },
    ];
    for (const env of envs) {
      expect(previewNote(read(env), "now").trim().split("\n")).toHaveLength(1);
    }
  });

  it("a kennel API of its own: the preview is not read", () => {
    expect(
      previewInFolder(
        folder,
        { KENNEL_API_KEY: "k", KENNEL_API_BASE_URL: "https://x.test/api/v1" },
        undefined,
        running,
      ),
    ).toBeUndefined();
  });
});
