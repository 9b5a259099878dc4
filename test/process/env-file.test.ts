/**
 * A .env file that is there but cannot be read: the bot and the `kennel-desk` command say which file,
 * what is wrong and what to do, as the other settings problems are said, and exit 2 without a stack
 * trace (they crashed with Node's). The tests may run as root, who reads a file whatever its mode:
 * a folder named .env, a link to nothing and a pipe fail for root too; permission denied is checked
 * as this user when it is not root, else as user nobody (setpriv), when it can be.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { chmodSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { loadEnvFile } from "../../src/process/env-file.ts";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const temp = mkdtempSync(join(tmpdir(), "kennel-desk-env-file-"));
// Others may enter it: the permission test below runs as user nobody when the tests run as root.
chmodSync(temp, 0o755);
afterAll(() => rmSync(temp, { recursive: true, force: true }));

let folders = 0;
/** A new folder holding `make(its .env path)`'s .env. */
function folderWith(make: (env: string) => void): string {
  const dir = join(temp, String(++folders));
  mkdirSync(dir, { mode: 0o755 });
  make(join(dir, ".env"));
  return dir;
}

/** loadEnvFile on the folder's .env: the exit code, what it said, and whether it read the file. */
function check(dir: string, surface: "bot" | "command" = "bot", load?: (path: string) => void) {
  let said = "";
  let loaded = false;
  const code = loadEnvFile(surface, {
    path: join(dir, ".env"),
    load:
      load ??
      (() => {
        loaded = true;
      }),
    stderr: { write: (text: string) => (said += text) },
  });
  return { code, said, loaded };
}

const isRoot = process.getuid?.() === 0;
const hasTool = (tool: string) => spawnSync("sh", ["-c", `command -v ${tool}`]).status === 0;

describe("the .env file", () => {
  it("none: nothing read, nothing said", () => {
    expect(check(folderWith(() => {}))).toEqual({ code: undefined, said: "", loaded: false });
  });

  it("a plain file: read into the environment, nothing said", () => {
    const dir = folderWith((env) => writeFileSync(env, "KENNEL_DESK_ENV_FILE_TEST=from-the-file\n"));
    try {
      expect(loadEnvFile("bot", { path: join(dir, ".env") })).toBeUndefined();
      expect(process.env.KENNEL_DESK_ENV_FILE_TEST).toBe("from-the-file");
    } finally {
      delete process.env.KENNEL_DESK_ENV_FILE_TEST;
    }
  });

  it("a folder named .env: which file, what is wrong, what to do, as a settings problem (exit 2)", () => {
    const dir = folderWith((env) => mkdirSync(env));
    const bot = check(dir, "bot");
    expect(bot.code).toBe(2);
    expect(bot.loaded).toBe(false);
    expect(bot.said).toBe(
      `Kennel Desk cannot start: 1 problem with the settings.\n  - ${dir}/.env: is a folder, not a file, so no setting can be read from it. Remove the folder named .env (or move it elsewhere): Kennel Desk reads a .env in its working folder whenever there is one, even with every setting in the environment. Then put the settings in a plain text file named .env (NAME=value lines), or leave them in the environment alone.\n\nThen start again.\n`,
    );
    const command = check(dir, "command");
    expect(command.code).toBe(2);
    expect(command.said).toMatch(/^The command cannot run: 1 problem with the settings\.\n/);
    expect(command.said).toMatch(/\n\nThen run the command again\.\n$/);
  });

  it("a link to nothing: names where it leads", () => {
    const dir = folderWith((env) => symlinkSync(join(temp, "no-such-settings"), env));
    const r = check(dir);
    expect(r.code).toBe(2);
    expect(r.loaded).toBe(false);
    expect(r.said).toContain(
      `${dir}/.env: is a link to ${temp}/no-such-settings, which is not there (or leads round in a circle). Point the link at the settings file`,
    );
  });

  it.skipIf(!hasTool("mkfifo"))("a pipe: said at once, never waited on", () => {
    const dir = folderWith((env) => execFileSync("mkfifo", [env]));
    const r = check(dir);
    expect(r.code).toBe(2);
    expect(r.loaded).toBe(false);
    expect(r.said).toContain(".env: is not a plain file (a pipe, a socket or a device)");
  });

  it.skipIf(isRoot)("permission denied: says which user cannot read it, and how to let it", () => {
    const dir = folderWith((env) => writeFileSync(env, "PORT=3001\n", { mode: 0o000 }));
    const r = check(dir);
    expect(r.code).toBe(2);
    expect(r.loaded).toBe(false);
    expect(r.said).toMatch(
      /\.env: cannot be read by the user running Kennel Desk \(.+\): permission denied\./,
    );
    expect(r.said).toContain("chmod 600 .env");
  });

  it("the system refusing the file (EACCES, as for any user but root): which user, and how to let it", () => {
    const dir = folderWith((env) => writeFileSync(env, "PORT=3001\n"));
    const r = check(dir, "bot", () => {
      throw Object.assign(new Error("EACCES: permission denied, open '.env'"), { code: "EACCES" });
    });
    expect(r.code).toBe(2);
    expect(r.said).toMatch(
      /\.env: cannot be read by the user running Kennel Desk \(.+\): permission denied\./,
    );
    expect(r.said).toContain("chmod 600 .env");
  });

  it("the loader's own failure: said with its reason, never thrown", () => {
    const dir = folderWith((env) => writeFileSync(env, "PORT=3001\n"));
    const r = check(dir, "command", () => {
      throw new Error("Contents of '.env' should be a valid string");
    });
    expect(r.code).toBe(2);
    expect(r.said).toContain(
      ".env: could not be read (Contents of '.env' should be a valid string). Check that it is a plain text file",
    );
  });
});

/** Runs the bot's or the command's entry in `cwd`, as its own process. */
function run(entry: "src/main.ts" | "src/cli.ts", cwd: string, args: string[] = [], as: string[] = []) {
  const node = [process.execPath, join(ROOT, entry), ...args];
  const [command, ...rest] = [...as, ...node] as [string, ...string[]];
  return spawnSync(command, rest, {
    cwd,
    encoding: "utf8",
    timeout: 30_000,
    env: { PATH: process.env.PATH ?? "", NO_COLOR: "1" },
  });
}

describe("the bot and the kennel-desk command with a .env they cannot read", () => {
  const dir = folderWith((env) => mkdirSync(env));

  it("the bot: the problem in words, exit 2, no stack trace", () => {
    const r = run("src/main.ts", dir);
    expect(r.stderr).toMatch(
      /^Kennel Desk cannot start: 1 problem with the settings\.\n {2}- .+\/\.env: is a folder/,
    );
    expect(r.stderr).not.toMatch(/\n\s+at /);
    expect(r.stdout).toBe("");
    expect(r.status).toBe(2);
  });

  it("the command's help needs no settings: shown, whatever the .env", () => {
    for (const args of [["help"], ["--help"], ["record", "--help"], []]) {
      const r = run("src/cli.ts", dir, args);
      expect(r.stderr, args.join(" ")).not.toContain("problem with the settings");
      expect(r.stdout, args.join(" ")).toContain("kennel-desk");
    }
  });

  it("the command: the problem in words, exit 2, no stack trace", () => {
    const r = run("src/cli.ts", dir, ["status"]);
    expect(r.stderr).toMatch(
      /^The command cannot run: 1 problem with the settings\.\n {2}- .+\/\.env: is a folder/,
    );
    expect(r.stderr).not.toMatch(/\n\s+at /);
    expect(r.stdout).toBe("");
    expect(r.status).toBe(2);
  });

  // As root, only another user is refused: user nobody, where the checkout is readable by it (a
  // checkout in a folder only root may enter, as mktemp makes, is not).
  const nobody = ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"];
  const nobodyReads = () =>
    spawnSync(nobody[0] as string, [...nobody.slice(1), "test", "-r", join(ROOT, "src/cli.ts")]).status === 0;
  it.runIf(isRoot && hasTool("setpriv") && nobodyReads())(
    "permission denied, as user nobody (root reads any file): said, exit 2",
    () => {
      const denied = folderWith((env) => writeFileSync(env, "PORT=3001\n", { mode: 0o600 }));
      const r = run("src/cli.ts", denied, ["status"], nobody);
      expect(r.stderr).toContain(".env: cannot be read by the user running Kennel Desk");
      expect(r.stderr).toContain("permission denied");
      expect(r.status).toBe(2);
    },
  );
});
