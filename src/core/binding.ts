import type { Database } from "bun:sqlite"
import { assertKeyId, bindKey, openDb } from "./db"
import { checkWritable } from "./db-check"
import { loadKeys, type Keys } from "./keys"

/**
 * The keys and the database, only together. Every writer of sealed or keyed rows and files takes
 * its keys or its handle from here, so a missing key (loadKeys refuses to make a new one next to a
 * bound database) or a replaced one (E_KEY_WRONG) stops the write before anything is sealed, and a
 * damaged file (checkWritable) is never written to.
 */
const checked = new WeakMap<Database, string>()

export function boundKeys(): Keys {
  const keys = loadKeys()
  const db = openDb()
  if (checked.get(db) !== keys.keyId) {
    checkWritable(db)
    bindKey(db, keys.keyId)
    checked.set(db, keys.keyId)
  }
  return keys
}

export function openBoundDb(): Database {
  boundKeys()
  return openDb()
}

/** Call inside a write transaction that stores values sealed with `keys` (see db.ts assertKeyId). */
export function assertBound(db: Database, keys: Keys): void {
  assertKeyId(db, keys.keyId)
}
