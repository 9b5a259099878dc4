/**
 * The Chromium that the preview's browser test drives (playwright-core never downloads a browser).
 * `CHROMIUM_PATH` names it; unset, it is Debian's /usr/bin/chromium. A `CHROMIUM_PATH` that names no
 * program is an error, never a reason to skip the test. `npm test` (scripts/test.ts) calls
 * ensureChromium() before the browser test: as root on Debian or Ubuntu (CI, this project's machines)
 * it installs a missing Chromium with apt-get, with an emoji font so cards render as in Slack;
 * anywhere else it returns what to do. Run on its own, `node scripts/ensure-chromium.ts` does the same.
 */
import { execFileSync } from "node:child_process";
import { accessSync, constants, existsSync, statSync } from "node:fs";

const DEBIAN_CHROMIUM = "/usr/bin/chromium";
const EMOJI_FONT = "/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf";

type Env = Record<string, string | undefined>;

/** The Chromium to drive and, when it cannot be driven, what to do (one paragraph). */
export function chromiumFor(env: Env): { path: string; problem?: string } {
  const configured = env.CHROMIUM_PATH?.trim();
  if (configured) {
    if (isProgram(configured)) return { path: configured };
    return {
      path: configured,
      problem: `CHROMIUM_PATH is ${JSON.stringify(configured)}, which is not a program this user can run. Point it at Chromium or Chrome (for example CHROMIUM_PATH=/usr/bin/chromium, or on macOS CHROMIUM_PATH="/Applications/Google Chrome.app/Contents/MacOS/Google Chrome"), or unset it to use ${DEBIAN_CHROMIUM}.`,
    };
  }
  if (isProgram(DEBIAN_CHROMIUM)) return { path: DEBIAN_CHROMIUM };
  return {
    path: DEBIAN_CHROMIUM,
    problem: `The browser test needs Chromium and there is none at ${DEBIAN_CHROMIUM}. On Debian or Ubuntu: sudo apt-get install chromium fonts-noto-color-emoji (npm test does this itself when run as root). Elsewhere (macOS…), set CHROMIUM_PATH to a Chromium or Chrome.`,
  };
}

function isProgram(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

function canInstall(): boolean {
  const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
  return isRoot && existsSync("/usr/bin/apt-get");
}

/**
 * Makes sure the browser test can run: installs Debian's Chromium (and the emoji font) when it is
 * missing and this is root with apt-get. Returns what to do when it still cannot run.
 */
export function ensureChromium(env: Env, log: (line: string) => void): { path: string; problem?: string } {
  const found = chromiumFor(env);
  if (!canInstall()) return found;
  const missing: string[] = [];
  // Only Debian's own Chromium is installed; a CHROMIUM_PATH that names nothing stays an error.
  if (found.problem !== undefined && !env.CHROMIUM_PATH?.trim()) missing.push("chromium");
  if (!existsSync(EMOJI_FONT) && (missing.length > 0 || found.problem === undefined)) {
    missing.push("fonts-noto-color-emoji");
  }
  if (missing.length === 0) return found;
  log(`Installing ${missing.join(" and ")} with apt-get for the preview's browser test (once)…`);
  const aptEnv = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  try {
    execFileSync("apt-get", ["update", "-qq"], { stdio: "inherit", env: aptEnv });
    execFileSync("apt-get", ["install", "-y", "-qq", "--no-install-recommends", ...missing], {
      stdio: "inherit",
      env: aptEnv,
    });
  } catch (error) {
    const again = chromiumFor(env);
    if (again.problem === undefined) return again; // the font failed; text is still checked as text
    return {
      ...again,
      problem: `apt-get could not install ${missing.join(" ")} (${(error as Error).message}). ${again.problem}`,
    };
  }
  return chromiumFor(env);
}

if (import.meta.main) {
  const result = ensureChromium(process.env, (line) => process.stderr.write(`${line}\n`));
  if (result.problem) {
    process.stderr.write(`${result.problem}\n`);
    process.exit(1);
  }
  process.stdout.write(`${result.path}\n`);
}
