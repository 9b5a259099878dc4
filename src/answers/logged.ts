/** A part an answer can go without: read it, or log why not and go on without it. */
import type { Logger } from "../log.ts";

/** What `read` gives, or undefined when it fails: the failure logged as `words`, with `fields`. */
export async function orLogged<T>(
  log: Logger,
  words: string,
  read: () => Promise<T>,
  fields: Record<string, unknown> = {},
): Promise<T | undefined> {
  try {
    return await read();
  } catch (error) {
    log.warn({ ...fields, err: String((error as Error)?.message ?? error) }, words);
    return undefined;
  }
}
