/** "Owner's contacts" on tomorrow's check: the booking owner's phone and email, only for the one who clicked. */
import type { App } from "@slack/bolt";
import { bookingOwnerContacts } from "../../answers/customers.ts";
import { ownerContacts } from "../../blocks/buttons.ts";
import { ownerContactsMessage } from "../../blocks/tomorrow.ts";
import type { BotDeps } from "../bot-deps.ts";
import { onButton } from "./button.ts";

export function registerOwnerContacts(app: App, deps: BotDeps): void {
  onButton(app, deps, {
    kind: ownerContacts,
    replace: false,
    visibility: "ephemeral",
    answer: async (s) => {
      const b = await bookingOwnerContacts(deps, s.b);
      return [ownerContactsMessage(b.customerName, b.customerPhone, b.customerEmail, b.reference)];
    },
  });
}
