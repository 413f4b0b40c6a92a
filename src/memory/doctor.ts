import type { Check, CheckProvider } from "../core/doctor"
import { errorMessage } from "../core/errors"
import { resolveProject } from "../core/project"
import { auditProblem } from "./audit"
import { type Memory, openMemory } from "./index"
import { STATUSES } from "./types"

/** `egc doctor` lines for memory: the audit chain, and records of this project that fail to open. */
export const memoryChecks: CheckProvider = ({ cwd }) => {
  const checks: Check[] = []
  let memory: Memory
  try {
    memory = openMemory()
  } catch (e) {
    return [{ name: "memory", status: "fail", detail: errorMessage(e), fix: "see the database and key checks above" }]
  }
  const audit = memory.auditVerify()
  checks.push(
    audit.ok
      ? { name: "memory audit", status: "ok", detail: `${audit.rows} records, hash chain intact up to its sealed head` }
      : { name: "memory audit", status: "fail", detail: auditProblem(audit), fix: AUDIT_FIX },
  )
  try {
    const project = resolveProject(cwd)
    const all = memory.list({ project, scope: "all", statuses: STATUSES.filter((s) => s !== "forgotten") })
    checks.push(
      all.unreadable.length
        ? {
            name: "memory items",
            status: "fail",
            detail: `${all.unreadable.length} of ${all.length + all.unreadable.length} records of this project fail to open: ${all.unreadable
              .slice(0, 3)
              .map((u) => u.id)
              .join(", ")}`,
            fix: "they were altered, moved or sealed with another key; egc never overwrites them — restore the key or the database from a backup",
          }
        : { name: "memory items", status: "ok", detail: `${all.length} records of this project open and verify` },
    )
  } catch (e) {
    checks.push({ name: "memory items", status: "warn", detail: errorMessage(e) })
  }
  return checks
}

const AUDIT_FIX =
  "the audit log or the items were edited outside egc; restore egc.db from a backup and keep the damaged file for inspection"
