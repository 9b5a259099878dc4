/**
 * A committed SQLite transaction made safe on disk without holding the event loop (issue 48).
 *
 * With `synchronous=FULL`, SQLite syncs the WAL inside COMMIT, and node:sqlite runs COMMIT on the
 * event loop: every tap's commit held the whole bot for its disk's sync (2–9 ms each on this
 * project's machine in a busy minute, longer on a slow disk), and the next tap's ack waited behind
 * it. The engine now commits with `synchronous=NORMAL` (SQLite still syncs the WAL before every
 * checkpoint and the database after it) and, before the transaction is reported committed, syncs the
 * WAL's data itself through Node's thread pool: the sync FULL makes at COMMIT, of the same file,
 * before the tapper is told "recorded", with the event loop free meanwhile. (Another reader may see
 * the entry in the few milliseconds before it is on disk; with FULL it saw it only after.) A WAL
 * that cannot be opened at a commit counts as a failed sync. The WAL is opened, and its folder
 * synced (as SQLite does at its first sync of a new WAL, so the file's name survives a power cut as
 * well as its contents), as the connection opens: not in a restart's first tap.
 *
 * The WAL is the same file for the whole life of the connection that writes (SQLite deletes it only
 * when the last connection closes, and empties it in place otherwise), so one handle serves each
 * connection; a new connection gets a new handle.
 */
import { type FileHandle, open, realpath } from "node:fs/promises";
import { dirname } from "node:path";

/** Syncs a folder, so a file made in it keeps its name after a power cut; where the system cannot, nothing. */
async function syncFolder(folder: string): Promise<void> {
  const handle = await open(folder, "r");
  try {
    await handle.sync();
  } catch (error) {
    // Some systems cannot sync a folder (EINVAL, EISDIR, EPERM): SQLite goes on there too.
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== "EINVAL" && code !== "EISDIR" && code !== "EPERM") throw error;
  } finally {
    await handle.close();
  }
}

export class WalSync {
  readonly #database: string;
  /** The connection the handle is for, and the handle (its WAL opened, its folder synced). */
  #current: { connection: object; handle: Promise<FileHandle> } | undefined;

  /** `database`: the SQLite file; its WAL is beside it (`<file>-wal`, beside the file a link points to). */
  constructor(database: string) {
    this.#database = database;
  }

  /**
   * Opens the WAL for `connection` ahead of its first commit (SQLite makes the WAL as the connection
   * sets WAL mode), so the first tap after a restart does not wait for it. One that fails is opened
   * again at the commit.
   */
  prepare(connection: object): void {
    this.#handleFor(connection).catch(() => undefined);
  }

  /** Resolves once everything committed on `connection` is on disk; rejects when the disk says it is not. */
  async synced(connection: object): Promise<void> {
    const handle = await this.#handleFor(connection);
    await handle.datasync();
  }

  /** Lets go of the handle (the connection closed, or its sync failed). */
  async close(): Promise<void> {
    const current = this.#current;
    this.#current = undefined;
    await current?.handle.then(
      (h) => h.close(),
      () => undefined,
    );
  }

  #handleFor(connection: object): Promise<FileHandle> {
    if (this.#current?.connection === connection) return this.#current.handle;
    void this.close();
    const handle = realpath(this.#database).then(async (database) => {
      const h = await open(`${database}-wal`, "r+");
      await syncFolder(dirname(database)).catch(async (error: unknown) => {
        await h.close();
        throw error;
      });
      return h;
    });
    const current = { connection, handle };
    this.#current = current;
    handle.catch(() => {
      if (this.#current === current) this.#current = undefined;
    });
    return handle;
  }
}
