/** Previous/Next buttons for API-paged lists, with their state in the value. */
import type { ButtonKind } from "./buttons.ts";
import { button, context } from "./mrkdwn.ts";
import type { Block } from "./types.ts";

export function pagingBlocks<S extends { p: number }>(
  kind: ButtonKind<S>,
  state: Omit<S, "p">,
  page: number,
  totalPages: number,
): Block[] {
  if (totalPages <= 1) return [];
  const buttons = [];
  if (page > 1)
    buttons.push(button("◀ Previous", kind.actionId("prev"), kind.encode({ ...state, p: page - 1 } as S)));
  if (page < totalPages)
    buttons.push(
      button(
        `Next ▶ (page ${page + 1} of ${totalPages})`,
        kind.actionId("next"),
        kind.encode({ ...state, p: page + 1 } as S),
      ),
    );
  return [{ type: "actions", elements: buttons }, context(`page ${page} of ${totalPages}`)];
}
