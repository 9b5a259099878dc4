/** Who may close a custody discrepancy, in words (src/domain/custody-rules.ts closeProblem). */

/**
 * Who may close a discrepancy, said to the person who may not as they tap ✔️ Close discrepancy…, before
 * anything is typed: a manager (MEDICINE_MANAGERS, named), or anyone on the staff but who counted it.
 */
export function closeWhoWords(why: "not_a_manager" | "own_count", managers: readonly string[]): string {
  if (why === "own_count")
    return "🔒 You counted it: another member of staff closes this discrepancy, anyone but you.";
  const named = managers.map((id) => `<@${id}>`).join(", ");
  return `🔒 A manager closes this discrepancy: ${named} (MEDICINE_MANAGERS).`;
}
