/**
 * A throwaway PostgreSQL for the tests: the care record's store runs its suite against a real
 * server, never a mock. `npm test` (scripts/test.ts) finds Debian's PostgreSQL binaries (installing
 * the `postgresql` package with apt-get when they are missing and this is root on Debian or Ubuntu,
 * as it does Chromium), starts a cluster in a temporary folder on a free loopback port, hands its
 * address to the tests as TEST_DATABASE_URL, and stops it after. PostgreSQL refuses to run as root:
 * as root the cluster runs as the `postgres` user Debian's package creates (runuser). Elsewhere the
 * step fails alone and says how to install it. Run on its own, `node scripts/postgres.ts` starts
 * one and prints its address until Ctrl+C.
 */
import { execFileSync, spawnSync } from "node:child_process";
import {
  chownSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { createServer } from "node:net";
import { tmpdir, userInfo } from "node:os";
import { delimiter, join } from "node:path";

type Env = Record<string, string | undefined>;

const INSTALL_HINT =
  "The care record's tests need PostgreSQL's server programs (initdb, pg_ctl). On Debian or Ubuntu: sudo apt-get install postgresql (npm test does this itself when run as root); on macOS: brew install postgresql. Or set POSTGRES_BIN to the folder holding initdb and pg_ctl, or TEST_DATABASE_URL to a server the tests may create databases on.";

/** The folder holding initdb and pg_ctl: POSTGRES_BIN, Debian's newest /usr/lib/postgresql/N/bin, or the PATH. */
export function postgresBin(env: Env = process.env): string | undefined {
  const has = (dir: string) => existsSync(join(dir, "initdb")) && existsSync(join(dir, "pg_ctl"));
  const configured = env.POSTGRES_BIN?.trim();
  if (configured) return has(configured) ? configured : undefined;
  const debian = "/usr/lib/postgresql";
  if (existsSync(debian)) {
    const versions = readdirSync(debian)
      .filter((v) => /^\d+$/.test(v))
      .sort((a, b) => Number(b) - Number(a));
    for (const v of versions) if (has(join(debian, v, "bin"))) return join(debian, v, "bin");
  }
  for (const dir of (env.PATH ?? "").split(delimiter)) if (dir && has(dir)) return dir;
  return undefined;
}

const isRoot = () => typeof process.getuid === "function" && process.getuid() === 0;

/**
 * The binaries' folder, installing Debian's `postgresql` package first when they are missing and
 * this is root with apt-get. `problem`: what to do when there are still none.
 */
export function ensurePostgres(
  log: (line: string) => void,
  env: Env = process.env,
): { bin?: string; problem?: string } {
  const found = postgresBin(env);
  if (found) return { bin: found };
  if (!isRoot() || !existsSync("/usr/bin/apt-get") || env.POSTGRES_BIN?.trim())
    return { problem: INSTALL_HINT };
  log("Installing postgresql with apt-get for the care record's tests (once)…");
  const aptEnv = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  try {
    execFileSync("apt-get", ["update", "-qq"], { stdio: "inherit", env: aptEnv });
    execFileSync("apt-get", ["install", "-y", "-qq", "--no-install-recommends", "postgresql"], {
      stdio: "inherit",
      env: aptEnv,
    });
  } catch (error) {
    return { problem: `apt-get could not install postgresql (${(error as Error).message}). ${INSTALL_HINT}` };
  }
  const bin = postgresBin(env);
  return bin ? { bin } : { problem: INSTALL_HINT };
}

async function freePort(): Promise<number> {
  const srv = createServer();
  await new Promise<void>((r) => srv.listen(0, "127.0.0.1", r));
  const port = (srv.address() as { port: number }).port;
  await new Promise<void>((r) => srv.close(() => r()));
  return port;
}

export interface ThrowawayPostgres {
  /** postgres://kennel@127.0.0.1:PORT/postgres (trust authentication, loopback only). */
  url: string;
  /** Stops the server (immediately: it holds nothing worth keeping). */
  stop(): void;
  /** Stops it and removes its folder. */
  remove(): void;
}

/** Starts a new cluster in a temporary folder, on a free loopback port. Throws with the server's log when it cannot. */
export async function startThrowawayPostgres(bin: string): Promise<ThrowawayPostgres> {
  const dir = mkdtempSync(join(tmpdir(), "kennel-desk-pg-"));
  const data = join(dir, "data");
  // PostgreSQL will not run as root: as root, it runs as Debian's `postgres` user.
  const asUser = isRoot() ? "postgres" : undefined;
  if (asUser) {
    let ids: [number, number];
    try {
      const id = (flag: string) => Number(execFileSync("id", [flag, asUser], { encoding: "utf8" }).trim());
      ids = [id("-u"), id("-g")];
    } catch {
      rmSync(dir, { recursive: true, force: true });
      throw new Error(
        "PostgreSQL will not run as root, and there is no postgres user to run it as. Run the tests as a normal user, or install Debian's postgresql package (it creates that user).",
      );
    }
    chownSync(dir, ...ids);
  }
  const run = (program: string, args: string[]) => {
    const [cmd, argv] = asUser
      ? ["runuser", ["-u", asUser, "--", join(bin, program), ...args]]
      : [join(bin, program), args];
    const result = spawnSync(cmd, argv, { encoding: "utf8", cwd: dir });
    if (result.status !== 0) {
      throw new Error(
        `${program} failed: ${(result.stderr || result.stdout || result.error?.message || "").trim().slice(-800)}`,
      );
    }
  };
  const user = "kennel";
  run("initdb", ["-D", data, "-U", user, "--auth=trust", "--no-sync", "-E", "UTF8", "--locale=C"]);
  const port = await freePort();
  writeFileSync(
    join(dir, "README"),
    `A throwaway PostgreSQL started by Kennel Desk's tests (${userInfo().username}); safe to delete.\n`,
  );
  const options = [
    `-p ${port}`,
    "-c listen_addresses=127.0.0.1",
    `-c unix_socket_directories=${dir}`,
    // A test server: nothing in it must survive a power cut.
    "-c fsync=off",
    "-c full_page_writes=off",
    "-c max_connections=200",
  ].join(" ");
  try {
    run("pg_ctl", ["-D", data, "-o", options, "-l", join(dir, "server.log"), "-w", "-t", "30", "start"]);
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    try {
      run("pg_ctl", ["-D", data, "-m", "immediate", "-w", "-t", "10", "stop"]);
    } catch {
      // Already stopped, or pg_ctl could not: the postmaster's own pid below.
    }
    try {
      const pid = Number(readFileSync(join(data, "postmaster.pid"), "utf8").split("\n")[0]);
      if (pid > 0) process.kill(pid, "SIGKILL");
    } catch {
      // Gone (no pid file, or no such process).
    }
  };
  let removed = false;
  const remove = () => {
    if (removed) return;
    removed = true;
    stop();
    rmSync(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
  };
  // A test process that ends without its clean-up (an error, a timeout) still stops its server.
  process.once("exit", remove);
  return { url: `postgres://${user}@127.0.0.1:${port}/postgres`, stop, remove };
}

if (import.meta.main) {
  const found = ensurePostgres((line) => process.stderr.write(`${line}\n`));
  if (!found.bin) {
    process.stderr.write(`${found.problem}\n`);
    process.exit(1);
  }
  const server = await startThrowawayPostgres(found.bin);
  process.stdout.write(`TEST_DATABASE_URL=${server.url}\n`);
  const end = () => {
    server.remove();
    process.exit(0);
  };
  process.once("SIGINT", end);
  process.once("SIGTERM", end);
  setInterval(() => undefined, 1 << 30);
}
