/**
 * The preview's browser test drives Debian's Chromium (playwright-core never downloads a browser).
 * Before the tests: if /usr/bin/chromium is missing and this is root on Debian (CI, this project's
 * machines), install it with apt-get; otherwise say how to.
 */
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";

export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

if (!existsSync(CHROMIUM)) {
  const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
  if (!isRoot || !existsSync("/usr/bin/apt-get")) {
    process.stderr.write(
      `The browser test needs Chromium at ${CHROMIUM}. On Debian or Ubuntu: sudo apt-get install chromium (or set CHROMIUM_PATH).\n`,
    );
    process.exit(1);
  }
  process.stderr.write("Installing Debian's chromium for the preview's browser test (once)…\n");
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  execFileSync("apt-get", ["update", "-qq"], { stdio: "inherit", env });
  execFileSync("apt-get", ["install", "-y", "-qq", "--no-install-recommends", "chromium"], {
    stdio: "inherit",
    env,
  });
}
