/**
 * `record export --format html --out FOLDER` (issue 36, item 2): one file per stay whatever the
 * references look like (letters of any script kept; ЖК-17 and ЛМ-17, CR 8001 and CR/8001 each their
 * own file), the summary counting the files written, and `--out` naming a file a usage error in one
 * line (exit 2), never a stack trace.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli } from "../../src/cli/index.ts";
import { pageFileName } from "../../src/cli/record-pages.ts";
import { openCareRecord } from "../../src/record/open.ts";
import { type Sandbox, startSandbox } from "../../src/sandbox/server.ts";

const dir = mkdtempSync(join(tmpdir(), "kennel-desk-export-files-"));
const clock = { now: () => new Date("2026-11-22T10:00:00Z") };
const REFERENCES = ["ЖК-17", "ЛМ-17", "CR 8001", "CR/8001"];
let sandbox: Sandbox;
let ids: number[];

beforeAll(async () => {
  sandbox = await startSandbox({ seed: 21, customers: 40, today: "2026-11-22", timezone: "Europe/London" });
  // Four bookings whose references collide once reduced to [A-Za-z0-9_.-].
  ids = [...sandbox.main.bookingById.keys()].slice(0, 4);
  ids.forEach((id, i) => {
    (sandbox.main.bookingById.get(id) as Record<string, unknown>).reference = REFERENCES[i];
  });
  const { store } = await openCareRecord({ engine: "sqlite", dataDir: join(dir, "data") }, clock, undefined);
  for (const [i, bookingId] of ids.entries()) {
    await store.record([
      {
        date: "2026-11-21",
        round: "morning",
        bookingId,
        petId: 900 + i,
        petName: `Pet ${i}`,
        item: "meal",
        itemText: "kibble",
        outcome: "ate_all",
        userId: "U0JANE",
        userName: "Jane",
        requestKey: `k${i}`,
      },
    ]);
  }
  await store.close();
}, 60_000);

afterAll(async () => {
  await sandbox?.close();
  rmSync(dir, { recursive: true, force: true });
});

async function cli(args: string[]) {
  let stdout = "";
  let stderr = "";
  const code = await runCli(args, {
    env: {
      KENNEL_TIMEZONE: "Europe/London",
      LOG_LEVEL: "silent",
      KENNEL_DATA_DIR: join(dir, "data"),
      KENNEL_API_KEY: sandbox.keys.main,
      KENNEL_API_BASE_URL: sandbox.url,
    },
    io: { stdout: { write: (s: string) => (stdout += s) }, stderr: { write: (s: string) => (stderr += s) } },
    clock,
  });
  return { code, stdout, stderr };
}

const exportTo = (out: string) =>
  cli(["record", "export", "--from", "2026-11-21", "--to", "2026-11-21", "--format", "html", "--out", out]);

describe("record export --format html --out", () => {
  it("one file per stay: references of any script kept, with the booking id; the summary counts the files", async () => {
    const out = join(dir, "pages");
    const r = await exportTo(out);
    expect(r.code).toBe(0);
    const files = readdirSync(out).sort();
    expect(files).toEqual(
      [
        `ЖК-17-${ids[0]}.html`,
        `ЛМ-17-${ids[1]}.html`,
        `CR-8001-${ids[2]}.html`,
        `CR-8001-${ids[3]}.html`,
      ].sort(),
    );
    expect(r.stderr).toContain(`4 pages (one per stay) written to ${out}`);
    // Each stay's page in its own file.
    for (const [i, id] of ids.entries()) {
      const name = files.find((f) => f.endsWith(`-${id}.html`)) as string;
      expect(readFileSync(join(out, name), "utf8")).toContain(
        `<span class="label">Booking:</span> <bdi>${REFERENCES[i]}</bdi>`,
      );
    }
    // Again into the same folder: the same four files, each stay's page replaced by its new one.
    const again = await exportTo(out);
    expect(again.code).toBe(0);
    expect(readdirSync(out).sort()).toEqual(files);
  });

  it("a page name never follows a symbolic link left in the folder: the link is replaced, its target untouched", async () => {
    const out = join(dir, "linked");
    await exportTo(out);
    const victim = join(dir, "victim.txt");
    writeFileSync(victim, "keep me");
    const name = `ЖК-17-${ids[0]}.html`;
    rmSync(join(out, name));
    symlinkSync(victim, join(out, name));
    expect((await exportTo(out)).code).toBe(0);
    expect(readFileSync(victim, "utf8")).toBe("keep me");
    expect(readFileSync(join(out, name), "utf8")).toMatch(/^<!DOCTYPE html>/);
  });

  it("--out naming a file: a usage error in one line, exit 2, nothing written", async () => {
    const file = join(dir, "not-a-folder.html");
    writeFileSync(file, "mine");
    const r = await exportTo(file);
    expect(r.code).toBe(2);
    expect(r.stderr.split("\n")[0]).toContain("is a file, not a folder");
    expect(r.stderr).not.toMatch(/EEXIST|ENOTDIR|at .*\.ts:\d+/);
    expect(readFileSync(file, "utf8")).toBe("mine");
  });

  it("names: the booking id always; one name per stay even when the file system ignores case", () => {
    const taken = new Set<string>();
    expect(pageFileName("HP-DK4Q7M", 12, taken)).toBe("HP-DK4Q7M-12.html");
    expect(pageFileName("booking 12", 12, new Set())).toBe("booking-12.html");
    expect(pageFileName("../../etc/passwd\u202E", 3, new Set())).toBe("etc-passwd-3.html");
    expect(pageFileName("hp-dk4q7m", 12, taken)).toBe("hp-dk4q7m-12-2.html");
    expect(pageFileName("", 5, new Set())).toBe("booking-5.html");
  });
});
