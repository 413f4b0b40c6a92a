/** The installer's public surface. */
export { applyPlan, type ApplyResult, type StageHook } from "./apply"
export { placeBin, resolveBin } from "./bin"
export { isEgcHookCommand, hookCommand, shellQuote } from "./command"
export { acquireInstallLock } from "./lock"
export { listTargets, renderList, type TargetInfo } from "./list"
export { entryChecks } from "./doctor"
export { computePlan, type FileChange, type Plan, type PlanOptions, type TargetPlan } from "./plan"
export { PROTOCOL_TEXT, PROTOCOL_VERSION } from "./protocol"
export { loadRecord, saveRecord, type FileRecord, type InstallRecord } from "./record"
export { purge, purgePlan, type PurgePlan } from "./purge"
export { renderPlan } from "./report"
export { TARGETS, targetById } from "./targets"
export type { Scope, Target } from "./types"
export { uninstall, type UninstallOptions, type UninstallResult } from "./uninstall"

/** doctor's checks, loaded on demand. */
export const doctorChecks = () => import("./doctor").then((m) => m.installChecks)
