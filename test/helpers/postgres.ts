/**
 * PostgreSQL for the tests: a real server, never a mock. `npm test` starts a throwaway one and passes
 * TEST_DATABASE_URL; a test file run on its own (npx vitest run test/record) starts its own from the
 * local binaries (scripts/postgres.ts). Each store gets a new database of its own. Without either,
 * the PostgreSQL suites are skipped here and `npm test`'s postgres step fails, saying how to install it.
 */
import { randomBytes } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll } from "vitest";
import { postgresBin, startThrowawayPostgres, type ThrowawayPostgres } from "../../scripts/postgres.ts";

export interface TestPostgres {
  /** Whether a server can be had (TEST_DATABASE_URL, or the binaries to start one). */
  available: boolean;
  /** A new, empty database on the server: its address. */
  freshDatabase(): Promise<URL>;
  /** A server of the test's own (to stop it: "PostgreSQL down"); removed after the file's tests. */
  ownServer(): Promise<ThrowawayPostgres>;
}

/** Call at the top of a test file (registers its beforeAll and afterAll). */
export function usePostgres(): TestPostgres {
  const given = process.env.TEST_DATABASE_URL?.trim();
  const bin = postgresBin();
  const available = Boolean(given || bin);
  let admin: string | undefined = given;
  const servers: ThrowawayPostgres[] = [];
  const databases: string[] = [];

  beforeAll(async () => {
    if (!admin && bin && available) {
      const server = await startThrowawayPostgres(bin);
      servers.push(server);
      admin = server.url;
    }
  }, 60_000);

  afterAll(async () => {
    if (given && databases.length > 0) {
      const client = new pg.Client({ connectionString: given });
      await client.connect();
      for (const name of databases) await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    }
    for (const server of servers) server.remove();
  }, 60_000);

  return {
    available,
    async freshDatabase() {
      if (!admin)
        throw new Error("No PostgreSQL for the tests: set TEST_DATABASE_URL or install postgresql.");
      const name = `kd_test_${randomBytes(6).toString("hex")}`;
      const client = new pg.Client({ connectionString: admin });
      await client.connect();
      try {
        await client.query(`CREATE DATABASE ${name}`);
      } finally {
        await client.end();
      }
      databases.push(name);
      const url = new URL(admin);
      url.pathname = `/${name}`;
      return url;
    },
    async ownServer() {
      const binary = postgresBin();
      if (!binary) throw new Error("No PostgreSQL binaries to start a server of the test's own.");
      const server = await startThrowawayPostgres(binary);
      servers.push(server);
      return server;
    },
  };
}
