import { configDefaults, defineConfig } from "vitest/config";

// Two projects: the unit tests, and the browser tests (the preview, its setup page and the care record's printable export in Chromium),
// which `npm test` runs after them so that a missing browser fails that step alone. `npx vitest run`
// runs both.
const BROWSER_TESTS = [
  "test/preview/preview.test.ts",
  "test/preview/record.test.ts",
  "test/preview/forms.test.ts",
  "test/preview/modal-page.test.ts",
  "test/preview/users-picker.test.ts",
  "test/preview/setup-page.test.ts",
  "test/preview/setup-offline.test.ts",
  "test/cli/export-html.test.ts",
  "test/cli/chart-html.test.ts",
];

export default defineConfig({
  test: {
    environment: "node",
    // A hang guard, never a speed goal (speed is the benchmarks'): the end-to-end tests run the real
    // bot, the sandbox and Slack's stand-in, four files at once on two cores, so a test that takes
    // 8 s alone can take 30 s beside the custody and property tests. A hang still fails in a minute.
    testTimeout: 60_000,
    // Most of the suite waits on loopback servers (the sandbox, Slack's stand-in, PostgreSQL) and on
    // timers, not on the CPU: on a two-core machine Vitest's default (cores − 1 = one file at a
    // time) leaves both cores mostly idle. Four files at once halved the unit step here (215 s → 102 s).
    maxWorkers: 4,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["test/**/*.test.ts"],
          exclude: [...configDefaults.exclude, ...BROWSER_TESTS],
        },
      },
      {
        extends: true,
        test: {
          name: "browser",
          include: BROWSER_TESTS,
          // Each file drives its own Chromium beside the preview's servers: on two cores, four at
          // once starved the page's own checks past expect.poll's default second (the setup page's
          // token check fell behind and every later step of that file with it).
          maxWorkers: 2,
          // A project with workers of its own runs as a group of its own: after the unit tests.
          sequence: { groupOrder: 1 },
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
});
