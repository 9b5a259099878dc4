/**
 * The bot's start as scripts/bundle.mjs builds it (dist/main.js and its chunks): plain ASCII, so V8
 * holds its source in one byte a character (a single emoji or curly quote left in would make it two
 * for the whole 1.3 MB, for as long as the bot runs), and without the documentation comments; Node's
 * own modules taken as needed, not by ES imports that load their every part at start.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";

const dir = mkdtempSync(join(tmpdir(), "kennel-desk-bundle-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("the bot's start, bundled", () => {
  it("is ASCII alone, every emoji and curly quote written as an escape; its documentation comments left out; no ES import of Node's own modules", () => {
    const script = fileURLToPath(new URL("../scripts/bundle.mjs", import.meta.url));
    const built = spawnSync(process.execPath, [script, dir], { encoding: "utf8", timeout: 120_000 });
    expect(built.stderr).toBe("");
    expect(built.status).toBe(0);
    const files = [
      "main.js",
      ...readdirSync(join(dir, "chunks"))
        .filter((f) => f.endsWith(".js"))
        .map((f) => `chunks/${f}`),
    ];
    const start = files.map((f) => readFileSync(join(dir, f), "utf8")).join("\n");
    const nonAscii = files.filter((f) => /[\u0080-\uffff]/.test(readFileSync(join(dir, f), "utf8")));
    expect(nonAscii).toEqual([]);
    // "🖨 The medication chart for …" (src/words/chart.ts) is still there, its emoji as an escape.
    expect(start).toContain("\\u{1F5A8} The medication chart for");
    // src/app.ts's own description of itself is not.
    expect(start).not.toContain("The Slack app: Bolt in Socket Mode");
    // Node's own modules are taken as a CommonJS package takes them, not by an ES import that
    // builds each one's whole namespace (node:crypto's would load Web Crypto at start).
    expect(start.match(/^import .* from "node:.*$/gm) ?? []).toEqual([]);
    expect(start).toContain('const { DatabaseSync } = process.getBuiltinModule("node:sqlite");');
  }, 120_000);

  it("takes each of Node's modules by name, an import's renamed binding as a renamed constant", async () => {
    const { builtinsAsNeeded } = await import("../scripts/bundle.mjs");
    expect(
      builtinsAsNeeded(
        'import { a } from "./chunk.js";\nimport { createServer as createServer$1, request } from "node:http";\nimport { readFile } from "node:fs/promises";\n',
      ),
    ).toBe(
      'import { a } from "./chunk.js";\nconst { createServer: createServer$1, request } = process.getBuiltinModule("node:http");\nconst { readFile } = process.getBuiltinModule("node:fs/promises");\n',
    );
  });
});
