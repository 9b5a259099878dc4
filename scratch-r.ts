import { draftPlan } from "./src/domain/plan/draft.ts";
const CONTEXT = { bookingId: 7, petId: 70, arrival: "2026-12-05T10:00:00Z", departure: "2026-12-12T10:00:00Z", timeZone: "Europe/London", dateOrder: "dmy" as const, highAlertWords: ["Sileo", "chemo"], houseMeals: { rounds: ["morning", "evening"] as any }, now: "2026-12-05T10:00:00Z" };
const args = process.argv.slice(2);
for (const a of args) {
  const fields = a.startsWith("{") ? JSON.parse(a) : { medication: a };
  const plan = draftPlan(fields, CONTEXT);
  for (const i of plan.items.filter((i) => i.key !== "meal" || fields.dietaryRequirements || fields.notes || fields.allergies)) {
    console.log(JSON.stringify(a), i.key, i.readBy, JSON.stringify(i.doubts), "unplaced:", JSON.stringify(i.unplaced ?? []), "rounds:", i.when.rounds.map((d) => d.round).join(","), JSON.stringify(i.kind), JSON.stringify(i.when.days), i.when.start ?? "", i.when.stop ?? "", "amt:", i.what.amount ?? "", i.what.name ?? "", i.parts ? JSON.stringify(i.parts.map(p=>[p.what.name,p.when.rounds.map(r=>r.round)])) : "", i.allergies ? JSON.stringify(i.allergies) : "", i.fast ? JSON.stringify(i.fast) : "");
  }
}
