import { existsSync, readFileSync, statSync, unlinkSync, writeFileSync } from "node:fs"
import { writeFileAtomic } from "../core/atomic-write"
import { openBoundDb } from "../core/binding"
import { openWithPassphrase, sealWithPassphrase, type PassphraseBox } from "../core/crypto"
import { closeAllDbs, storedKeyId } from "../core/db"
import { EgcError } from "../core/errors"
import { exportMasterText, importMasterText, loadKeys, parseKeyText } from "../core/keys"
import { keyIdOf } from "../core/key-file"
import { ensureEgcHome, paths } from "../core/paths"

/**
 * A backup is the database and the master key in one file, all of it sealed under a passphrase
 * (PBKDF2-SHA256, 600,000 rounds, AES-256-GCM): the key never sits in it unwrapped, so the file can
 * be kept where the key itself could not. Restore writes nothing until the passphrase opened it.
 */
const BACKUP_FORMAT = "egc-backup"
const MIN_PASSPHRASE = 10

interface BackupFile {
  format: typeof BACKUP_FORMAT
  version: 1
  keyId: string
  createdAt: string
  box: PassphraseBox
}

const binding = (keyId: string) => new TextEncoder().encode(`egc-backup|v1|${keyId}`)

export async function writeBackup(file: string, passphrase: string): Promise<{ keyId: string; bytes: number }> {
  if (passphrase.length < MIN_PASSPHRASE) {
    throw new EgcError("E_USAGE", `the passphrase must be at least ${MIN_PASSPHRASE} characters`)
  }
  if (existsSync(file)) throw new EgcError("E_REFUSED", `${file} already exists`, { hint: "choose a new file name" })
  const keys = loadKeys()
  const db = openBoundDb()
  const snapshot = `${paths.db()}.backup-${process.pid}-${Date.now()}`
  let dbBytes: Buffer
  let snapshotKey: string | undefined
  try {
    // one consistent copy, whatever other processes are writing meanwhile
    db.run("VACUUM INTO ?", [snapshot])
    dbBytes = readFileSync(snapshot)
    snapshotKey = storedKeyId(snapshot)
  } finally {
    if (existsSync(snapshot)) unlinkSync(snapshot)
  }
  const key = exportMasterText()
  // a key rotation by another process between the reads would pair a database with the wrong key
  if (snapshotKey !== keys.keyId || keyIdOf(parseKeyText(key, paths.masterKey())) !== keys.keyId) {
    throw new EgcError("E_REFUSED", "the master key was rotated while the backup was read; nothing was written", {
      hint: "run egc backup again",
    })
  }
  const payload = new TextEncoder().encode(JSON.stringify({ key, db: dbBytes.toString("base64") }))
  const box = await sealWithPassphrase(passphrase, payload, binding(keys.keyId))
  const out: BackupFile = {
    format: BACKUP_FORMAT,
    version: 1,
    keyId: keys.keyId,
    createdAt: new Date().toISOString(),
    box,
  }
  const text = `${JSON.stringify(out)}\n`
  writeFileSync(file, text, { mode: 0o600, flag: "wx" })
  return { keyId: keys.keyId, bytes: text.length }
}

function readBackup(file: string): BackupFile {
  let data: Partial<BackupFile>
  try {
    data = JSON.parse(readFileSync(file, "utf8"))
  } catch (cause) {
    throw new EgcError("E_INPUT", `${file} is not an egc backup`, { cause })
  }
  if (data?.format !== BACKUP_FORMAT || data.version !== 1 || typeof data.keyId !== "string" || !data.box) {
    throw new EgcError("E_INPUT", `${file} is not an egc backup (format ${BACKUP_FORMAT}, version 1)`)
  }
  return data as BackupFile
}

/** Restore into a home without a key or a database; a wrong passphrase writes nothing. */
export async function restoreBackup(file: string, passphrase: string): Promise<{ keyId: string }> {
  if (!existsSync(file)) throw new EgcError("E_NOT_FOUND", `no backup at ${file}`)
  const backup = readBackup(file)
  const plain = await openWithPassphrase(passphrase, backup.box, binding(backup.keyId))
  const { key, db } = JSON.parse(new TextDecoder().decode(plain)) as { key: string; db: string }
  parseKeyText(key, file)
  for (const existing of [paths.masterKey(), paths.db()]) {
    if (existsSync(existing)) {
      throw new EgcError("E_REFUSED", `${existing} already exists; restore only fills an empty egc home`, {
        hint: "point EGC_HOME at a new folder, or move the current home aside first (nothing was written)",
      })
    }
  }
  ensureEgcHome()
  closeAllDbs()
  writeFileAtomic(paths.db(), Buffer.from(db, "base64"), { mode: 0o600, keepMode: false })
  try {
    if (storedKeyId() !== backup.keyId)
      throw new EgcError("E_TAMPERED", `${file}: its database is not bound to its key`)
    importMasterText(key, file)
  } catch (e) {
    // the database alone would make the next egc run refuse to create a key: take it back out
    closeAllDbs()
    if (statSync(paths.db()).isFile()) unlinkSync(paths.db())
    throw e
  }
  return { keyId: backup.keyId }
}
