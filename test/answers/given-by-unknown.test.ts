/**
 * A giver Slack does not know: Jane names, in "Given by (if not you)", an account users.info then
 * answers `user_not_found` for (deleted, or never in the workspace). Answered within the look-up
 * before the commit, it is refused at the field. Answered later, the entry is written, and, as for a guest or a bot, Slack's answer is kept after the commit (the
 * `staff_name` follow-up, `notStaff: "unknown"`) when Slack answered after the look-up before the
 * commit stopped waiting (refused at the field when it answers in time): every surface says "someone Slack never named
 * (U0GONE) (not staff: Slack does not know them)", and Jane is told privately. Slack failing to
 * answer says nothing of the kind. The real Access, the real store (SQLite).
 */
import type { webApi } from "@slack/bolt";
import { beforeEach, describe, expect, it } from "vitest";
import { markedEntries } from "../../src/answers/paper-marks.ts";
import { recordEach } from "../../src/answers/record-each.ts";
import { withStaffNames } from "../../src/answers/staff-names.ts";
import { GIVEN_BY } from "../../src/blocks/record-modal.ts";
import { giverOf } from "../../src/domain/giver.ts";
import { Access } from "../../src/listeners/access.ts";
import { readGiver, tellIfNotStaff } from "../../src/listeners/actions/record-giver.ts";
import { silentLogger } from "../../src/log.ts";
import type { CareRecordStore, Entry } from "../../src/record/types.ts";
import { exportRow } from "../../src/text/record.ts";
import { DATE, miloDeps, miloMorning } from "../helpers/milo-morning.ts";
import { scratchRecord } from "../helpers/record.ts";

const clock = { now: () => new Date(`${DATE}T13:00:00Z`) };
const jane = { userId: "U0JANE", userName: "Jane" };

/** Slack's users.info failing with `error` (its platform error's `data.error`), after `ms`. */
function failing(error: string, ms = 30): webApi.WebClient {
  const thrown = Object.assign(new Error(`An API error occurred: ${error}`), { data: { ok: false, error } });
  const info = () => new Promise((_, reject) => setTimeout(() => reject(thrown), ms));
  return { users: { info } } as unknown as webApi.WebClient;
}

let real: CareRecordStore;
beforeEach(() => {
  real = scratchRecord(clock);
});

/**
 * Milo's Rimadyl given at 08:20, recorded now by Jane naming U0GONE, Slack answering as `client`
 * does, after the look-up before the commit has stopped waiting (5 ms here).
 */
async function namedGone(client: webApi.WebClient) {
  const access = new Access([], clock, silentLogger());
  access.setWorkspace({ teamId: "T1" });
  const work: Promise<void>[] = [];
  const store = withStaffNames(
    real,
    access,
    (w) => void work.push(w),
    () => {},
  );
  const deps = miloDeps(store, clock);
  const read = await readGiver(
    { access, log: silentLogger() },
    client,
    jane.userId,
    { [GIVEN_BY]: { user: { type: "users_select", selected_user: "U0GONE" } } } as never,
    5,
  );
  expect(read).toMatchObject({ ok: true, giver: { userId: "U0GONE" } });
  const { sheet, pet } = await miloMorning(deps);
  const writes = [{ item: "med:1" as const, outcome: "given" as const, givenAt: `${DATE}T08:20:00.000Z` }];
  const giver = read.ok ? read.giver : undefined;
  const done = await recordEach(deps, sheet, pet, { writes, ifNeeded: [] }, { ...jane, giver }, "view:U1");
  expect(done.status).toBe("done");
  const told: string[] = [];
  tellIfNotStaff({ log: silentLogger() }, read, true, async (t) => void told.push(t));
  await (read.ok ? read.notStaff : undefined);
  await Promise.all(work);
  await new Promise((r) => setTimeout(r, 0));
  const [entry] = await markedEntries({ record: real }, { date: DATE });
  return { entry: entry as Entry, told, access };
}

describe("a giver chosen whom Slack does not know", () => {
  it("is kept as chosen, then said not staff everywhere, and the recorder told privately", async () => {
    const { entry, told, access } = await namedGone(failing("user_not_found"));
    expect(await access.settledStanding("U0GONE")).toBe("unknown");
    const [follow] = await real.log({ kind: "staff_name", date: DATE });
    expect(follow?.body).toMatchObject({ userId: "U0GONE", notStaff: "unknown" });
    expect(entry.givenBy).toEqual({ userId: "U0GONE", name: "U0GONE", unnamed: true, notStaff: "unknown" });
    const said = "someone Slack never named (U0GONE) (not staff: Slack does not know them)";
    expect(giverOf(entry)).toBe(said);
    expect(exportRow(entry, "UTC")).toMatchObject({ user_name: "Jane", given_by: said });
    expect(told).toEqual([
      "⚠️ Slack does not know the person you chose as the giver (U0GONE: a deleted account, or one never in this workspace): the record keeps your entry, naming them as the giver with that said; correct it if someone else gave it.",
    ]);
    expect(await real.verify()).toMatchObject({ ok: true });
  });

  it("Slack answering in time that it knows no such person: refused at the field, nothing written", async () => {
    const access = new Access([], clock, silentLogger());
    access.setWorkspace({ teamId: "T1" });
    const read = await readGiver({ access, log: silentLogger() }, failing("user_not_found", 0), jane.userId, {
      [GIVEN_BY]: { user: { type: "users_select", selected_user: "U0GONE" } },
    } as never);
    expect(read).toEqual({
      ok: false,
      errors: { [GIVEN_BY]: expect.stringMatching(/^Slack does not know that person/) },
    });
  });

  it("Slack not answering says nothing of the kind: someone not yet named, no one told", async () => {
    const { entry, told, access } = await namedGone(failing("ratelimited"));
    expect(await access.settledStanding("U0GONE")).toBeUndefined();
    expect(await real.log({ kind: "staff_name", date: DATE })).toEqual([]);
    expect(giverOf(entry)).toBe("someone not yet named (U0GONE)");
    expect(told).toEqual([]);
  });
});
