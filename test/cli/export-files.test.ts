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
import { pageFileName } from "../../src/cli/record-pages.ts";
import { openCareRecord } from "../../src/record/open.ts";
import { type Sandbox, startSandbox } from "../../src/sandbox/server.ts";
import { runCommand } from "./helpers.ts";

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
        petName: "Rex",
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
  return runCommand(
    args,
    {
      KENNEL_TIMEZONE: "Europe/London",
      LOG_LEVEL: "silent",
      KENNEL_DATA_DIR: join(dir, "data"),
      KENNEL_API_KEY: sandbox.keys.main,
      KENNEL_API_BASE_URL: sandbox.url,
    },
    { clock },
  );
}

const exportTo = (out: string) =>
  cli(["record", "export", "--from", "2026-11-21", "--to", "2026-11-21", "--format", "html", "--out", out]);

describe("record export --format html --out", () => {
  it("one file per stay: references of any script kept, with the booking id; the summary counts the files", async () => {
    const out = join(dir, "pages");
    const r = await exportTo(out);
    expect(r.code).toBe(0);
    const files = readdirSync(out).sort();
    // One page per stay's pet (its reference and the pet's name), the booking id added where two
    // references clean to the same words; and the index.
    expect(files).toHaveLength(5);
    expect(files).toEqual(
      expect.arrayContaining(["index.html", "ЖК-17-rex.html", "ЛМ-17-rex.html", "CR-8001-rex.html"]),
    );
    expect(files.some((f) => new RegExp(`^CR-8001-(${ids[2]}|${ids[3]})-rex\\.html$`).test(f))).toBe(true);
    expect(new Set(files).size).toBe(5);
    expect(r.stderr).toContain(`4 files (one per pet of 4 stays) and index.html written to ${out}`);
    // Each stay's page in its own file, listed by the index.
    const index = readFileSync(join(out, "index.html"), "utf8");
    for (const ref of REFERENCES) {
      const pages = files.filter((f) => f !== "index.html");
      const hits = pages.filter((f) =>
        readFileSync(join(out, f), "utf8").includes(`<span class="label">Booking:</span> <bdi>${ref}</bdi>`),
      );
      expect(hits).toHaveLength(1);
      expect(index).toContain(`href="${hits[0]}"`);
    }
    // Again into the same folder: the same four files, each stay's page replaced by its new one.
    expect(r.stderr).not.toContain("replaced");
    const again = await exportTo(out);
    expect(again.code).toBe(0);
    expect(readdirSync(out).sort()).toEqual(files);
    expect(again.stderr).toContain("Each replaced the file of its name there before.");
  });

  it("a page name never follows a symbolic link left in the folder: the link is replaced, its target untouched", async () => {
    const out = join(dir, "linked");
    await exportTo(out);
    const victim = join(dir, "victim.txt");
    writeFileSync(victim, "keep me");
    const name = "ЖК-17-rex.html";
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

  it("names: the reference and the pet; the booking id only where two references clean alike", () => {
    const taken = new Set<string>();
    const rex = { petId: 7, name: "Rex" };
    expect(pageFileName("HP-DK4Q7M", 12, rex, taken)).toBe("HP-DK4Q7M-rex.html");
    expect(pageFileName(undefined, 12, rex, new Set())).toBe("booking-12-rex.html");
    expect(pageFileName("../../etc/passwd\u202E", 3, rex, new Set())).toBe("etc-passwd-rex.html");
    expect(pageFileName("hp-dk4q7m", 13, rex, taken)).toBe("hp-dk4q7m-13-rex.html");
    expect(pageFileName("HP-DK4Q7M", 12, { petId: 8, name: "" }, new Set())).toBe("HP-DK4Q7M-pet-8.html");
  });
});
