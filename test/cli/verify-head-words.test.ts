/**
 * `record verify --head` takes a head in every form the record prints one (the CSV's `record_head`
 * cell whole, as a spreadsheet shows it and as the file holds it; the JSON's `head`; the audit's
 * line; the morning post's footer; the printable page's foot), echoes what it refuses whole (never
 * cut mid-hash), and when the hash given is at another place says the place number may be mistyped;
 * a place past the head names both readings (the head copied wrong, or entries removed from the end).
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { temporaryRecord } from "../../src/record/open.ts";
import { parseCsv } from "../helpers/csv.ts";
import { runCommand } from "./helpers.ts";

const clock = { now: () => new Date("2026-11-24T12:00:00Z") };
const meal = (n: number) => ({
  date: "2026-11-24",
  round: "morning" as const,
  bookingId: 501,
  petId: 70 + n,
  petName: `Pet ${n}`,
  item: "meal" as const,
  itemText: "kibble",
  outcome: "ate_all" as const,
  userId: "U0JANE",
  userName: "Jane",
  requestKey: `k${n}`,
});

const record = temporaryRecord(clock, "kennel-desk-verify-head-", { origin: "loopback" });
const env = { KENNEL_TIMEZONE: "Europe/London", LOG_LEVEL: "silent", KENNEL_DATA_DIR: record.dir };
const verify = (given: string) => runCommand(["record", "verify", "--head", given], env, { clock });
let head = { seq: 0, hash: "" };
let before = "";
let short = "";
beforeAll(async () => {
  for (const n of [1, 2, 3]) await record.store.record([meal(n)]);
  head = await record.store.head();
  const at = await record.store.verify({ at: head.seq - 1 });
  before = (at.ok && at.at?.hash) || "";
  await record.store.close();
  short = head.hash.slice(0, 16);
});
afterAll(() => record.close());

it("takes every form the record prints its head in", async () => {
  const range = ["record", "export", "--from", "2026-11-24", "--to", "2026-11-24"];
  const csv = await runCommand(range, env, { clock });
  const [header = [], ...rows] = parseCsv(csv.stdout);
  // The CSV's cell as a spreadsheet shows it, and as the file holds it (its quotes doubled).
  const cell = rows.at(-1)?.[header.indexOf("record_head")] ?? "";
  expect(cell).toContain(`#${head.seq} sha256 ${head.hash} (check with:`);
  const raw = /,("#[^\r\n]*")\r\n$/.exec(csv.stdout)?.[1] ?? "";
  expect(raw).toContain('""');
  const json = await runCommand([...range, "--format", "json"], env, { clock });
  const jsonHead = JSON.stringify((JSON.parse(json.stdout) as { head: unknown }).head, null, 2);
  const audit = await runCommand(["record", "audit"], env, { clock });
  const auditLine = audit.stdout.split("\n").find((l) => l.includes("🔏")) ?? "";
  expect(auditLine).toContain(`#${head.seq} · ${short}`);
  const forms = [
    cell,
    raw,
    jsonHead,
    `"head": ${jsonHead},`,
    auditLine,
    `🔏 care record #${head.seq} · ${short}…`,
    `_🔏 care record #${head.seq} · ${short}…_`,
    `Record head at the time: #${head.seq}, sha256 ${head.hash} (check it where the record is: kennel-desk record verify --head "#${head.seq} · ${short}").`,
    `#${head.seq} sha256 ${head.hash}`,
    `#${head.seq} · ${short}`,
  ];
  for (const form of forms) {
    const r = await verify(form);
    expect(`${r.code} ${r.stdout}${r.stderr}`, form).toMatch(
      new RegExp(`^0 intact, and it passes through the head printed before \\(#${head.seq} · ${short}…\\)`),
    );
  }
});

it("quotes a refused head whole: the hash is never cut", async () => {
  const noPlace = await verify(`sha256 ${head.hash}`);
  expect(noPlace.code).toBe(2);
  expect(noPlace.stderr).toContain(`not "sha256 ${head.hash}".`);
  const twelve = await verify(`#${head.seq} sha256 ${head.hash.slice(0, 12)} (copied from the CSV)`);
  expect(twelve.code).toBe(2);
  expect(twelve.stderr).toContain(
    `"#${head.seq} sha256 ${head.hash.slice(0, 12)} (copied from the CSV)" has 12.`,
  );
  // Two heads in one text: which one is meant is asked, not guessed.
  const two = await verify(`#${head.seq} · ${short} and #${head.seq - 1} · ${before.slice(0, 16)}`);
  expect(two.code).toBe(2);
  expect(two.stderr).toContain("--head names more than one head");
});

it("the right hash at another place: the place number may be mistyped; past the head, both readings", async () => {
  const mistyped = `That hash is the head at #${head.seq}: the place number may be mistyped.`;
  const again = `if it reads #${head.seq}, run: kennel-desk record verify --head "#${head.seq} · ${short}"`;
  const below = await verify(`#${head.seq - 1} · ${short}`);
  expect(below.code).toBe(1);
  expect(below.stdout).toContain(mistyped);
  expect(below.stdout).toContain(again);
  const beyond = await verify(`#999 · ${short}`);
  expect(beyond.code).toBe(1);
  expect(beyond.stdout).toContain(`place #999 is beyond the record's head, #${head.seq} · ${short}…`);
  expect(beyond.stdout).toContain(mistyped);
  expect(beyond.stdout).not.toContain("entries were removed");
  // Beyond the head with a hash found nowhere: both readings, and what to check.
  const other = `${short.slice(0, 15)}${short[15] === "0" ? "1" : "0"}`;
  const nowhere = await verify(`#999 · ${other}`);
  expect(nowhere.code).toBe(1);
  expect(nowhere.stdout).toContain("and that hash is at no place in the record.");
  expect(nowhere.stdout).toContain(
    "Either the head was copied wrong: check its place number and its digits against the printed copy",
  );
  expect(nowhere.stdout).toContain(
    "or entries were removed from the record's end since that head was printed.",
  );
});
