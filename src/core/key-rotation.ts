import { existsSync, linkSync, readFileSync, renameSync, unlinkSync } from "node:fs"
import { storedKeyId } from "./db"
import { EgcError } from "./errors"
import { type KeyMaterial, keyIdOf, keyText, rotatedMaterial, wipe } from "./key-file"
import { type Keys, keysOf, readMaterial, resetKeyCache, writeTemp } from "./keys"
import { paths } from "./paths"

/**
 * The key files of `egc keys rotate` (the re-sealing itself is cli/rotate.ts). In keys/:
 *   rotation.json            the journal {from, to, pid, keepOld}: written first, removed last; also the lock
 *   master.key.old-<from>    a copy of the old key (0600), kept until every store opens under the new one
 *   master.key.next          the new key (0600) until it is renamed over master.key
 * The database's key binding decides what an interrupted rotation becomes: still bound to `from`
 * (its one transaction never committed) → roll back; bound to `to` → complete. Never anything else,
 * so no interruption leaves data that no key file on disk opens.
 */
export interface Journal {
  from: string
  to: string
  pid: number
  keepOld: boolean
  startedAt: number
}

const rotationFiles = {
  journal: () => paths.rotationJournal(),
  next: () => `${paths.masterKey()}.next`,
  old: (id: string) => `${paths.masterKey()}.old-${id}`,
}

export function readJournal(): Journal | undefined {
  let raw: string
  try {
    raw = readFileSync(rotationFiles.journal(), "utf8")
  } catch {
    return undefined
  }
  try {
    const j = JSON.parse(raw) as Partial<Journal>
    const id = /^[0-9a-f]{16}$/
    if (typeof j.from === "string" && id.test(j.from) && typeof j.to === "string" && id.test(j.to)) {
      return {
        from: j.from,
        to: j.to,
        pid: Number.isInteger(j.pid) ? (j.pid as number) : 0,
        keepOld: j.keepOld === true,
        startedAt: Number(j.startedAt) || 0,
      }
    }
  } catch {
    // fall through
  }
  throw new EgcError("E_KEY_INVALID", `${rotationFiles.journal()} is not a key rotation journal`, {
    hint: "run egc keys to see which key the database needs; move the file aside once that key is in place",
  })
}

/**
 * A rotation whose process still runs is left alone (it may be waiting for the write lock, and rolling
 * it back under its feet would delete the key it is about to commit). No time limit: a reused pid only
 * delays the recovery until that process ends, which is safe; guessing wrong the other way is not.
 */
export function rotationAlive(j: Journal): boolean {
  if (j.pid === process.pid || j.pid <= 0) return false
  try {
    process.kill(j.pid, 0)
    return true
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === "EPERM"
  }
}

export interface Staged {
  journal: Journal
  from: Keys
  to: Keys
}

/**
 * Step 1: lock (the journal, created exclusively), copy the old key aside, write the new one beside
 * it. Nothing is changed yet: a crash here rolls back to the key in place.
 */
export function stageRotation(keepOld: boolean): Staged {
  const path = paths.masterKey()
  if (!existsSync(path)) {
    throw new EgcError("E_KEY_MISSING", `no master key at ${path}: there is nothing to rotate yet`, {
      hint: "egc makes a key on first use (or restore one: egc keys --import <recovery copy>)",
    })
  }
  const material = readMaterial(path)
  const fromId = keyIdOf(material)
  const bound = storedKeyId()
  if (bound !== undefined && bound !== fromId) {
    wipe(material)
    throw new EgcError("E_KEY_WRONG", `the key in place (id ${fromId}) is not the database's (id ${bound})`, {
      hint: "restore the database's key first: egc keys --import <recovery copy>; nothing was changed",
    })
  }
  const next = rotatedMaterial(material)
  const journal: Journal = {
    from: fromId,
    to: keyIdOf(next),
    pid: process.pid,
    keepOld,
    startedAt: Date.now(),
  }
  lockJournal(journal)
  try {
    placeFile(rotationFiles.old(fromId), keyText(material))
    placeFile(rotationFiles.next(), keyText(next))
    return { journal, from: keysOf(material), to: keysOf(next) }
  } catch (e) {
    rollBack(journal)
    throw e
  } finally {
    wipe(material)
    wipe(next)
  }
}

function lockJournal(j: Journal): void {
  const temp = writeTemp(rotationFiles.journal(), `${JSON.stringify(j)}\n`)
  try {
    linkSync(temp, rotationFiles.journal())
  } catch (cause) {
    if ((cause as NodeJS.ErrnoException).code !== "EEXIST")
      throw new EgcError("E_IO", "cannot write the journal", { cause })
    const other = readJournal()
    throw new EgcError("E_REFUSED", `another key rotation is in progress (pid ${other?.pid ?? "?"})`, {
      hint: "wait for it to finish; an interrupted one is finished by the next egc command",
    })
  } finally {
    unlinkSync(temp)
  }
}

/** Write a whole 0600 file under its final name, replacing nothing. */
function placeFile(path: string, text: string): void {
  const temp = writeTemp(path, text)
  try {
    linkSync(temp, path)
  } catch (cause) {
    if ((cause as NodeJS.ErrnoException).code !== "EEXIST" || readFileSync(path, "utf8") !== text)
      throw new EgcError("E_IO", `cannot write ${path}`, { cause })
  } finally {
    unlinkSync(temp)
  }
}

/** The old key, from the aside copy (or master.key, before the swap), for recovery's file step. */
export function keysFor(id: string): Keys | undefined {
  for (const file of [rotationFiles.old(id), paths.masterKey(), rotationFiles.next()]) {
    let m: KeyMaterial
    try {
      m = readMaterial(file)
    } catch {
      continue
    }
    const keys = keyIdOf(m) === id ? keysOf(m) : undefined
    wipe(m)
    if (keys) return keys
  }
  return undefined
}

/** Step 3 (after the database committed): the new key takes master.key's name in one rename. */
export function swapKeyFile(j: Journal): void {
  const next = rotationFiles.next()
  if (existsSync(next)) {
    const m = readMaterial(next)
    const id = keyIdOf(m)
    wipe(m)
    if (id !== j.to) throw new EgcError("E_KEY_INVALID", `${next} is not the key the rotation made (id ${id})`)
    renameSync(next, paths.masterKey())
  }
  resetKeyCache()
  const m = readMaterial(paths.masterKey())
  const id = keyIdOf(m)
  wipe(m)
  if (id !== j.to) throw new EgcError("E_KEY_WRONG", `master.key holds key id ${id}, not the rotated ${j.to}`)
}

/** Last step: drop the old copy (unless kept) and the journal. */
export function finishRotation(j: Journal, keepOld: boolean): string | undefined {
  const old = rotationFiles.old(j.from)
  if (!keepOld) removeIfThere(old)
  removeJournal(j)
  return keepOld && existsSync(old) ? old : undefined
}

/** Before the database committed: the old key stays in place; the staged files go. */
export function rollBack(j: Journal): void {
  removeIfThere(rotationFiles.next())
  let current: string | undefined
  try {
    const m = readMaterial(paths.masterKey())
    current = keyIdOf(m)
    wipe(m)
  } catch {
    current = undefined
  }
  // the aside copy is redundant only while master.key is the same key
  if (current === j.from) removeIfThere(rotationFiles.old(j.from))
  removeJournal(j)
  resetKeyCache()
}

/** Only this rotation's journal: one that a later rotation wrote meanwhile is its lock. */
function removeJournal(j: Journal): void {
  let current: Journal | undefined
  try {
    current = readJournal()
  } catch {
    current = undefined
  }
  if (current && current.from === j.from && current.to === j.to) removeIfThere(rotationFiles.journal())
}

function removeIfThere(path: string): void {
  try {
    unlinkSync(path)
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== "ENOENT") throw e
  }
}

/** Which way an interrupted rotation goes, read from the database's binding. */
export function rotationOutcome(j: Journal): "roll-back" | "complete" | "unknown" {
  const bound = storedKeyId()
  if (bound === j.to) return "complete"
  if (bound === j.from || bound === undefined) return "roll-back"
  return "unknown"
}
