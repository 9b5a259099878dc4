// The types of scripts/bundle.mjs (plain JavaScript, so it runs on any Node), for the tests that import it.
export function bundleBot(dir: string): Promise<void>;
export function builtinsAsNeeded(code: string): string;
