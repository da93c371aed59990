// The page's evolution run, kept in IndexedDB after every generation so that a reload (or a
// crash) loses nothing: the checkpoint text in the command line's format, and when it was saved.

import { openDB } from '../vendor/idb.js';

const DB_NAME = 'tetris-ai';
const STORE = 'runs';
const CURRENT = 'current';

let db = null;

function database() {
  if (!db) {
    db = openDB(DB_NAME, 1, {
      upgrade(upgrading) {
        upgrading.createObjectStore(STORE);
      },
    });
    db.catch(() => {
      db = null;
    });
  }
  return db;
}

/** The saved run: `{checkpoint, saved}` (saved: ms since the epoch), or null. */
export async function loadRun() {
  try {
    return (await (await database()).get(STORE, CURRENT)) ?? null;
  } catch {
    return null; // storage disabled: nothing to resume
  }
}

/** Saves the run's checkpoint text; resolves to false when storage is unavailable. */
export async function saveRun(checkpoint) {
  try {
    await (await database()).put(STORE, { checkpoint, saved: Date.now() }, CURRENT);
    return true;
  } catch {
    return false;
  }
}

/** Forgets the saved run. */
export async function discardRun() {
  try {
    await (await database()).delete(STORE, CURRENT);
  } catch {
    // nothing saved
  }
}
