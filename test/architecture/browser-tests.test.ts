/**
 * A test that launches Chromium runs in the browser step, which installs the browser first: in the
 * unit step it fails on a machine where the browser step has not run yet (a fresh CI machine).
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const BROWSER_TESTS =
  /const BROWSER_TESTS = \[([^\]]*)\]/.exec(readFileSync("vitest.config.ts", "utf8"))?.[1] ?? "";

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? testFiles(join(dir, e.name)) : e.name.endsWith(".test.ts") ? [join(dir, e.name)] : [],
  );
}

describe("browser tests", () => {
  it("every test that imports the browser driver is in the browser project", () => {
    const launching = testFiles("test").filter((f) =>
      /^import [^;]*from "playwright-core"/m.test(readFileSync(f, "utf8")),
    );
    expect(launching.length).toBeGreaterThan(2);
    for (const f of launching) expect(BROWSER_TESTS, f).toContain(`"${f}"`);
  });
});
