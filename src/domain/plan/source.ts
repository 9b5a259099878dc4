/**
 * An item's source: the API fields' names and words it was read from, and their SHA-256. The plan's
 * own hash covers every care field it read, so a word changed in the kennel system changes it.
 */
import { sha256 } from "./hash.ts";
import type { ItemSource, SourceField } from "./types.ts";

/** The fields and their hash: JSON of [name, words] pairs, so no two different lists share a text. */
export function itemSource(fields: SourceField[]): ItemSource {
  return { fields, hash: sha256(JSON.stringify(fields.map((f) => [f.field, f.words]))) };
}

/** The plan's source hash, from its items' sources in order. */
export function sourcesHash(sources: ItemSource[]): string {
  return sha256(JSON.stringify(sources.map((s) => s.hash)));
}
