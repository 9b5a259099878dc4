/**
 * A command run beside the preview (src/preview/folder-state.ts): its own KENNEL_API_KEY or
 * KENNEL_TIMEZONE, replaced by the preview's, is said on standard error with how to use it instead,
 * never dropped in silence; one equal to the preview's, or none, says nothing more.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import {
  PREVIEW_STATE_FILE,
  previewInFolder,
  previewNote,
  previewNotReadNote,
  previewRunningIn,
} from "../../src/preview/folder-state.ts";

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

/**
 * A command with settings of its own beside the running preview (a .env `npm run sandbox:env` left):
 * it does not read the preview, and says so once, with the settings it uses and how to read the
 * preview, so its "There is no care record at …/data-sandbox" is never taken for the preview's
 * record lost.
 */
describe("a command with settings of its own beside the preview", () => {
  const sandboxEnv = {
    KENNEL_API_BASE_URL: "http://127.0.0.1:4010/api/v1",
    KENNEL_API_KEY: "kd_live_secret",
    KENNEL_DATA_DIR: "./data-sandbox",
  };
  const state = { pid: 4242, port: 3187 };

  it("names the running preview, the settings in .env it uses instead, and how to read the preview", () => {
    expect(previewInFolder(folder, sandboxEnv, undefined, running)).toBeUndefined();
    expect(previewRunningIn(folder, running)?.pid).toBe(4242);
    const note = previewNotReadNote(state, sandboxEnv, new Set(Object.keys(sandboxEnv)));
    expect(note).toBe(
      "kennel-desk: the preview running in this folder (pid 4242, port 3187) keeps its own record and sandbox; this command uses the settings in .env instead (KENNEL_DATA_DIR=./data-sandbox, KENNEL_API_BASE_URL=http://127.0.0.1:4010/api/v1). To read the preview, run it without those settings (remove or rename .env).\n",
    );
    // One line, and never the key.
    expect(note?.trim().split("\n")).toHaveLength(1);
    expect(note).not.toContain("kd_live_secret");
  });

  it("says where each came from: the environment's are unset, not a .env removed", () => {
    const env = { KENNEL_DATA_DIR: "/srv/kennel" };
    expect(previewNotReadNote(state, env, new Set())).toContain(
      "this command uses the settings in its environment instead (KENNEL_DATA_DIR=/srv/kennel). To read the preview, run it without those settings (unset them).",
    );
    const both = { KENNEL_DATA_DIR: "/srv/kennel", KENNEL_API_BASE_URL: "http://127.0.0.1:4010/api/v1" };
    expect(previewNotReadNote(state, both, new Set(["KENNEL_API_BASE_URL"]))).toContain(
      "uses the settings in .env and in its environment instead (KENNEL_DATA_DIR=/srv/kennel, KENNEL_API_BASE_URL=http://127.0.0.1:4010/api/v1). To read the preview, run it without those settings (unset them, and remove or rename .env).",
    );
  });

  it("never shows a database's address nor a URL's password; a preview with no port is named by its pid", () => {
    const env = {
      DATABASE_URL: "postgres://kennel:hunter22@db.local/kennel",
      KENNEL_API_BASE_URL: "https://user:pa55word@api.example.test/api/v1",
    };
    const note = previewNotReadNote({ pid: 7 }, env, new Set(Object.keys(env))) ?? "";
    expect(note).toContain("(pid 7) keeps its own record");
    expect(note).toContain(
      "DATABASE_URL (its value not shown), KENNEL_API_BASE_URL=https://api.example.test/api/v1",
    );
    expect(note).not.toContain("hunter22");
    expect(note).not.toContain("pa55word");
  });

  it("says nothing when the command has no kennel API or record of its own (it reads the preview)", () => {
    expect(
      previewNotReadNote(state, { KENNEL_API_KEY: "k", KENNEL_DATA_DIR: "  " }, new Set()),
    ).toBeUndefined();
  });

  it("no preview running there: nothing to say", () => {
    expect(previewRunningIn(folder, () => false)).toBeUndefined();
  });
});
