/** DATABASE_URL as the PostgreSQL driver is given it (src/record/postgres.ts, and its check at start: src/config/parsers.ts). */

/**
 * DATABASE_URL as `pg` is given it: `sslmode` prefer, require and verify-ca are what `pg` checks as
 * verify-full already (the certificate verified); named so, `pg` does as it did without printing
 * its SECURITY WARNING on every command. `uselibpqcompat=true` (libpq's meanings) is left as it is.
 */
export function pgConnectionString(url: URL): string {
  const mode = url.searchParams.get("sslmode");
  if (!mode || !["prefer", "require", "verify-ca"].includes(mode) || url.searchParams.has("uselibpqcompat"))
    return url.href;
  const named = new URL(url.href);
  named.searchParams.set("sslmode", "verify-full");
  return named.href;
}
