/** What must never reach a channel: every contact value the sandbox holds, and every channel post so far. */
import type { Sandbox } from "../../src/sandbox/server.ts";
import type { SlackStandIn } from "./slack.ts";

const CONTACT_FIELDS = [
  "mobile",
  "email",
  "emailSecondary",
  "landline",
  "workPhone",
  "address",
  "address1",
  "zipCode",
  "emergencyContactPhone",
  "emergencyContactEmail",
  "emergencyContactAddress",
];

/** Phones, emails and addresses of the sandbox's customers and bookings (values long enough to be unique). */
export function contactValues(sandbox: Sandbox): Set<string> {
  const contacts = new Set<string>();
  for (const c of sandbox.main.customers) {
    for (const k of CONTACT_FIELDS) {
      const v = c[k];
      if (typeof v === "string" && v.length > 6) contacts.add(v);
    }
  }
  for (const b of sandbox.main.bookings) {
    if (typeof b.customerPhone === "string") contacts.add(b.customerPhone);
    if (typeof b.customerEmail === "string") contacts.add(b.customerEmail);
  }
  return contacts;
}

/**
 * Everything posted for a channel: answers to a channel, messages posted with chat.postMessage, and
 * every message drawn again in place (chat.update: a round or welfare post after a tap), each as sent.
 */
export function channelPosts(slack: SlackStandIn): string[] {
  return [
    ...slack.responses
      .filter((r) => r.body.response_type === "in_channel")
      .map((r) => JSON.stringify(r.body)),
    ...slack.messages.map((m) => JSON.stringify(m)),
    ...slack.api.filter((a) => a.path === "/api/chat.update").map((a) => JSON.stringify(a.body)),
  ];
}
