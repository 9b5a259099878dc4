/**
 * PostgreSQL's failures in words a person can act on (src/record/postgres-errors.ts): a server that
 * does not speak SSL where DATABASE_URL asks for it, a host name that does not resolve and a table of
 * the record missing (restored from a partial dump) are said as what to change, never "try again in
 * a moment"; DATABASE_URL's sslmode given to `pg` without its SECURITY WARNING.
 */
import { afterAll, describe, expect, it } from "vitest";
import { pgConnectionString } from "../../src/config/pg-url.ts";
import { postgresDriver } from "../../src/record/postgres.ts";

const WHERE = "PostgreSQL db.kennel.example:5432/kennel";
// The store's mapping of its driver (no connection is made).
const driver = postgresDriver({ url: new URL("postgres://kennel:secret@db.kennel.example:5432/kennel") });
afterAll(() => driver.close());
const postgresStoreError = (error: unknown, where: string) => {
  const e = driver.storeError(error);
  expect(e?.where).toBe(where);
  return e;
};

describe("PostgreSQL's errors in the store's words", () => {
  it("a server without SSL, asked for it: said so, sslmode=disable only for a local server, never 'try again'", () => {
    const e = postgresStoreError(new Error("The server does not support SSL connections"), WHERE);
    expect(e?.problem).toBe("unavailable");
    expect(e?.message).toContain("does not speak SSL");
    expect(e?.hint("command")).toMatch(/sslmode=disable in DATABASE_URL only for a server on this computer/);
    expect(e?.describe("command")).not.toMatch(/try again in a moment/i);
    expect(e?.hint("bot")).toContain("restart Kennel Desk");
  });

  it("an unknown host (ENOTFOUND): check the host name in DATABASE_URL, never 'try again'", () => {
    const error = Object.assign(new Error("getaddrinfo ENOTFOUND db.kennel.exmaple"), { code: "ENOTFOUND" });
    const e = postgresStoreError(error, WHERE);
    expect(e?.problem).toBe("unavailable");
    expect(e?.describe("command")).toContain("check the host name in DATABASE_URL".replace("check", "Check"));
    expect(e?.describe("command")).not.toMatch(/try again in a moment/i);
  });

  it("a missing table (42P01): the record is incomplete, the table named, restore a whole backup", () => {
    const error = Object.assign(new Error('relation "care_kennel" does not exist'), { code: "42P01" });
    const e = postgresStoreError(error, WHERE);
    expect(e?.problem).toBe("incomplete");
    expect(e?.message).toBe(
      `The care record in this database (${WHERE}) is incomplete: table care_kennel is missing (restored from a partial dump?).`,
    );
    expect(e?.hint("command")).toMatch(/^Restore a whole backup: pg_restore of a whole-database pg_dump/);
  });

  it("a server stopped is still 'try again in a moment'", () => {
    const error = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });
    expect(postgresStoreError(error, WHERE)?.hint("bot")).toMatch(/^Try again in a moment/);
  });
});

describe("DATABASE_URL's sslmode as pg is given it", () => {
  it("prefer, require and verify-ca are named verify-full, what pg checks them as: no SECURITY WARNING", () => {
    for (const mode of ["prefer", "require", "verify-ca"]) {
      const url = new URL(`postgres://u:p@db.example:5432/kennel?sslmode=${mode}`);
      expect(new URL(pgConnectionString(url)).searchParams.get("sslmode")).toBe("verify-full");
    }
  });

  it("disable, verify-full, none, and libpq's meanings asked for are left as they are", () => {
    for (const tail of [
      "?sslmode=disable",
      "?sslmode=verify-full",
      "",
      "?sslmode=require&uselibpqcompat=true",
    ]) {
      const url = new URL(`postgres://u:p@db.example:5432/kennel${tail}`);
      expect(pgConnectionString(url)).toBe(url.href);
    }
  });
});
