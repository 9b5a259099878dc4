/**
 * The preview's page files (src/preview/assets/: HTML, CSS and the browser's script), read once
 * from next to this module. The build copies the folder into dist/preview/ (scripts/prepare.mjs),
 * so `npm start` (dist/) and `node src/main.ts` read the same files.
 */
import { readFileSync } from "node:fs";

const cache = new Map<string, string>();

export function asset(name: string): string {
  let text = cache.get(name);
  if (text === undefined) {
    text = readFileSync(new URL(`./assets/${name}`, import.meta.url), "utf8");
    cache.set(name, text);
  }
  return text;
}

/** The HTML file with each {{NAME}} replaced; a value is inserted as given (the caller escapes it). */
export function fillTemplate(name: string, values: Record<string, string>): string {
  // A function replacer: `$&` or `$1` in a value (the script has some) is kept literally.
  return asset(name).replace(/\{\{([A-Z_]+)\}\}/g, (whole, key: string) => values[key] ?? whole);
}
