/**
 * Contact details never go into a channel: the fields that hold them, and a copy of any API JSON
 * without them (raw answers posted in a channel).
 */
const CONTACT_KEY = /phone|mobile|landline|email|address|zip|postcode|emergencycontact/i;

function isContactField(key: string): boolean {
  return CONTACT_KEY.test(key);
}

/** A deep copy of the value with every contact field removed. */
export function withoutContacts(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutContacts);
  if (value && typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) if (!isContactField(k)) out[k] = withoutContacts(v);
    return out;
  }
  return value;
}
