/**
 * get_pet: one pet's care record as the /pet card shows it: each medication's instruction with its
 * own midday and evening instructions (the instruction is never given a time of day), diet per
 * round, allergies, notes, evaluation, and the owner.
 */
import { petView } from "../../answers/records.ts";
import type { Deps } from "../../deps.ts";
import { petDoc } from "../../present/pets.ts";
import { id } from "../inputs.ts";
import { addTool, docAnswer, PRIVACY, type ToolServer } from "../tool.ts";

export function register(server: ToolServer, deps: Deps): void {
  addTool(
    server,
    deps,
    {
      name: "get_pet",
      title: "Get a pet's care record",
      description:
        "One pet's full care record (GET /pets/{id}) with its owner: diet (general, morning, midday, evening); " +
        "up to five medications, each with its instruction (which carries no time of day) and its own midday and evening instructions; " +
        `allergies, medical and grooming notes, insurer, evaluation, registration, passport, notes. ${PRIVACY}`,
      inputSchema: { petId: id("pet") },
      card: true,
    },
    async (a) => docAnswer(deps, await petView(deps, a.petId), petDoc),
  );
}
