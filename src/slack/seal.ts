/**
 * A modal's `private_metadata`, sealed: Slack hands it back unchanged with the form's submission,
 * but anyone holding the signing secret could forge a submission, so what the bot wrote there is
 * signed with a key derived from that secret (in Socket Mode, which needs none, from the app-level
 * token) and a form whose seal does not match is refused, nothing written. The server still checks
 * every form like a button (src/answers/record-round.ts): the seal proves only that the bot wrote
 * the metadata.
 *
 * The seal names its key (a short fingerprint, which tells nothing of the key), so a form opened
 * before the signing secret was replaced is told the app's keys changed, not taken for tampering
 * (issue 46); a seal from before the fingerprint (a form opened just before this version) still opens.
 */
import { createHmac, timingSafeEqual } from "node:crypto";

export interface Seal {
  /** The text with its seal: `text.seal`. */
  sign(text: string): string;
  /** The text when its seal matches, else undefined. */
  open(sealed: string | undefined): string | undefined;
  /** Sealed by Kennel Desk with another key than this one's: its signing secret changed since. */
  otherKey(sealed: string | undefined): boolean;
}

/** A MAC in base64url: 43 characters. */
const MAC_LENGTH = 43;
/** The key's fingerprint: 6 characters of base64url (36 bits, telling nothing of the key). */
const KEY_ID_LENGTH = 6;

/** Characters the seal adds to a text (a dot, the key's fingerprint and the MAC). */
export const SEAL_LENGTH = 1 + KEY_ID_LENGTH + MAC_LENGTH;

export function createSeal(secret: string): Seal {
  const key = createHmac("sha256", secret).update("kennel-desk private_metadata v1").digest();
  const keyId = createHmac("sha256", key).update("key id").digest("base64url").slice(0, KEY_ID_LENGTH);
  const mac = (text: string) => createHmac("sha256", key).update(text).digest("base64url");
  /** The text and its seal's parts: a fingerprint (none on an older seal) and the MAC. */
  const parts = (sealed: string | undefined) => {
    const at = sealed?.lastIndexOf(".") ?? -1;
    if (!sealed || at < 0) return undefined;
    const seal = sealed.slice(at + 1);
    if (seal.length !== MAC_LENGTH && seal.length !== MAC_LENGTH + KEY_ID_LENGTH) return undefined;
    return { text: sealed.slice(0, at), id: seal.slice(0, -MAC_LENGTH), mac: seal.slice(-MAC_LENGTH) };
  };
  return {
    sign: (text) => `${text}.${keyId}${mac(text)}`,
    open(sealed) {
      const p = parts(sealed);
      if (!p || (p.id !== "" && p.id !== keyId)) return undefined;
      const given = Buffer.from(p.mac);
      const wanted = Buffer.from(mac(p.text));
      return given.length === wanted.length && timingSafeEqual(given, wanted) ? p.text : undefined;
    },
    otherKey(sealed) {
      const p = parts(sealed);
      return p !== undefined && p.id !== "" && p.id !== keyId;
    },
  };
}

/** The seal of a bot: from its signing secret, else (Socket Mode) its app-level token. */
export function sealFor(slack: {
  signingSecret?: string | undefined;
  appToken?: string | undefined;
  botToken: string;
}): Seal {
  return createSeal(slack.signingSecret ?? slack.appToken ?? slack.botToken);
}
