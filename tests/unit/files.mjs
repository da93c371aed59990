// Reading the repository's files from the unit tests.

import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository's root. */
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** The text of the file at `relative` (a path from the repository's root). */
export function read(relative) {
  return readFile(path.join(ROOT, relative), 'utf8');
}
