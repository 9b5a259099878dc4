/**
 * V8's compiled code kept on disk between starts (Node's compile cache), so a restart does not
 * compile the bot's 1.2 MB of code again: the code a start reads is compiled once per version and
 * read back after. Measured in docs/benchmarks.md ("Issue 48: the compile cache and the first
 * taps"): importing the bot's start takes about 170 ms less CPU with it, a bare Bolt app's about the
 * same as without; the bench gives the baseline the cache too. Node checks each file's contents
 * against what it cached, so a new build is compiled anew, never run stale.
 *
 * Where: Node's own choice, `node-compile-cache` in the system's temporary folder, or the folder
 * `NODE_COMPILE_CACHE` names; `NODE_DISABLE_COMPILE_CACHE=1` turns it off (both Node's own
 * settings). Where it cannot be written (a read-only disk), the bot starts as before, compiling.
 * Imports nothing, so src/main.ts can call it before the bot loads.
 */

/** The part of `node:module` used here; an older Node.js has neither function. */
export interface CompileCacheApi {
  enableCompileCache?: (directory?: string) => { status: number; directory?: string };
  flushCompileCache?: () => void;
  constants?: { compileCacheStatus?: Record<string, number> };
}

const moduleApi = (): CompileCacheApi | undefined =>
  process.getBuiltinModule?.("node:module") as CompileCacheApi | undefined;

/**
 * Turns the compile cache on for the modules loaded from now on. The folder it uses, or undefined
 * when it is off (turned off, not writable, or this Node.js has none). Never throws.
 */
export function useCompileCache(api: CompileCacheApi | undefined = moduleApi()): string | undefined {
  try {
    const result = api?.enableCompileCache?.();
    const codes = api?.constants?.compileCacheStatus ?? {};
    if (!result) return undefined;
    return result.status === codes.ENABLED || result.status === codes.ALREADY_ENABLED
      ? result.directory
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Writes what has been compiled so far, once the bot listens: Node writes it at a clean exit only,
 * and a process that is killed never exits cleanly. The first start's write (about 40 ms) comes after
 * /healthz answers; a later start's, with nothing new, under 1 ms (docs/benchmarks.md). Never throws.
 */
export function saveCompileCache(api: CompileCacheApi | undefined = moduleApi()): void {
  try {
    api?.flushCompileCache?.();
  } catch {
    // A cache that cannot be written costs the next start its compiling, nothing else.
  }
}
