/**
 * Care plans confirmed for tests about recording (the plan's own flow is tested through Slack in
 * test/e2e/care-plan.test.ts): every pet's current plan in the store set and confirmed as staff
 * would — each item the reader left to a person set as the reader read it, then confirmed by one
 * person and, for a plan with a high-alert drug, a second — through the same code the forms use.
 */
import { confirmVersion, setItems } from "../../src/answers/plan-actions.ts";
import { currentPlan } from "../../src/answers/plans.ts";
import type { Config } from "../../src/config.ts";
import type { Clock } from "../../src/deps.ts";
import { createKennelClient } from "../../src/kennel/client.ts";
import { silentLogger } from "../../src/log.ts";
import type { CareRecordStore } from "../../src/record/types.ts";

export async function confirmAllPlans(store: CareRecordStore, config: Config, clock: Clock): Promise<number> {
  if (!config.kennel)
    throw new Error("confirmAllPlans: the settings name no kennel API (its words are checked)");
  // Confirm and Save ask the kennel API for the pet's words now (issue 46).
  const kennel = createKennelClient(config.kennel, { log: silentLogger() });
  const deps = { record: store, config, clock, log: silentLogger(), kennel };
  const pets = new Map<string, { bookingId: number; petId: number }>();
  for (const e of await store.log({ kind: "plan" }))
    if (e.bookingId !== undefined && e.petId !== undefined)
      pets.set(`${e.bookingId}:${e.petId}`, { bookingId: e.bookingId, petId: e.petId });
  let confirmed = 0;
  for (const { bookingId, petId } of pets.values()) {
    let v = await currentPlan(deps, bookingId, petId);
    if (!v) continue;
    const unread = v.plan.items.filter((i) => i.readBy === "nobody");
    if (unread.length) {
      const set = await setItems(
        deps,
        v.id,
        unread,
        { userId: "U0LEAD", userName: "Lead" },
        `test-set-${v.id}`,
      );
      if (set.status !== "written") throw new Error(`could not set plan ${v.id}: ${JSON.stringify(set)}`);
      v = set.version;
    }
    for (const who of [
      { userId: "U0LEAD", userName: "Lead" },
      { userId: "U0SECOND", userName: "Second" },
    ]) {
      const r = await confirmVersion(deps, v.id, who, `test-confirm-${v.id}-${who.userId}`);
      if (r.status !== "written" && r.status !== "duplicate") break;
      v = r.version;
      if (r.state === "confirmed") {
        confirmed++;
        break;
      }
    }
  }
  return confirmed;
}
