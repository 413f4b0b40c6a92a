import type { Database } from "bun:sqlite"
import { aad, openText, sealText } from "../core/crypto"
import { assertBound, openBoundDb } from "../core/binding"
import { migrate } from "../core/db"
import { loadKeys } from "../core/keys"
import { SCHEMA } from "./schema"
import { dropSignals, flushSignals } from "./signal"

/** The mesh's database handle (migrated once per process) and its sealing of free text. */
let ready: Database | undefined

export function meshDb(): Database {
  const db = openBoundDb()
  if (ready !== db) {
    migrate(db, SCHEMA)
    ready = db
  }
  return db
}

export function sealJson(table: string, id: string, project: string, value: unknown): Uint8Array {
  const keys = loadKeys()
  assertBound(meshDb(), keys)
  return sealText(keys.content, JSON.stringify(value), aad(table, id, project))
}

export function openJson<T>(table: string, id: string, project: string, envelope: Uint8Array): T {
  return JSON.parse(openText(loadKeys().content, envelope, aad(table, id, project))) as T
}

/** Run fn in one IMMEDIATE transaction: check-then-write is atomic across processes. */
export function immediate<T>(fn: () => T): T {
  try {
    const db = meshDb()
    const out = db
      .transaction(() => {
        assertBound(db, loadKeys())
        return fn()
      })
      .immediate()
    flushSignals()
    return out
  } catch (e) {
    dropSignals()
    throw e
  }
}
