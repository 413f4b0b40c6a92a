import { readFileSync } from "node:fs"
import { sha256Hex } from "../core/crypto"
import { loadRecord, saveRecord } from "../install"

/**
 * Keep `egc install`'s record true after the binary changed under it: the version it names, and the
 * hash of a binary `--bin-dir` placed (else a full uninstall would think the person replaced it).
 * Returns a warning instead of failing: the upgrade itself has already happened.
 */
export function noteUpgrade(bin: string, version: string): string | undefined {
  try {
    const record = loadRecord()
    if (!record || (record.bin !== bin && record.placedBin?.path !== bin)) return undefined
    record.egcVersion = version
    if (record.placedBin?.path === bin) record.placedBin.sha256 = sha256Hex(readFileSync(bin))
    saveRecord(record)
    return undefined
  } catch (e) {
    return `the install record was not updated: ${(e as Error).message}`
  }
}
