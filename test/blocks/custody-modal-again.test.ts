/**
 * The count form drawn again to ask why it differs keeps every value given, the second person too
 * (a vet's try found the second person dropped, to be chosen again), as the hand-back form does.
 */
import { expect, it } from "vitest";
import { countModal, handBackModal } from "../../src/blocks/custody-modal.ts";

type Block = { block_id?: string; element?: Record<string, unknown> };
const field = (view: { blocks: unknown[] }, id: string) =>
  (view.blocks as Block[]).find((b) => b.block_id === id)?.element;

it("the count form asking why keeps the count, the second person, the reason and the words", () => {
  const values = { counted: 28, witness: "U0SAM", reason: "dropped_or_spilled" as const, note: "dropped" };
  const view = countModal("sealed", {
    head: "*Phenobarbital 60 mg*",
    secondPerson: true,
    values,
    explain: "…",
  });
  expect(field(view, "counted")).toMatchObject({ initial_value: "28" });
  expect(field(view, "witness")).toMatchObject({ type: "users_select", initial_user: "U0SAM" });
  expect(field(view, "reason")).toMatchObject({ initial_option: { value: "dropped_or_spilled" } });
  expect(field(view, "note")).toMatchObject({ initial_value: "dropped" });
  // Opened fresh: no one chosen for them.
  const fresh = countModal("sealed", { head: "*Phenobarbital 60 mg*", secondPerson: true });
  expect(field(fresh, "witness")).not.toHaveProperty("initial_user");
});

it("the hand-back form asking why keeps the quantity, to whom and the second person", () => {
  const values = { quantity: 20, to: "Mrs Dylan", witness: "U0SAM" };
  const view = handBackModal("sealed", { head: "h", secondPerson: true, balance: 28, values, explain: "…" });
  expect(field(view, "quantity")).toMatchObject({ initial_value: "20" });
  expect(field(view, "to")).toMatchObject({ initial_value: "Mrs Dylan" });
  expect(field(view, "witness")).toMatchObject({ initial_user: "U0SAM" });
  expect(field(view, "reason")).toBeDefined();
});
