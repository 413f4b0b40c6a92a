/**
 * @module sync — memory beyond one home: plaintext export/import, passphrase-sealed backups, and
 * team sync through a git remote. Everything it stores goes through memory's write layer.
 */
export { exportMarkdown, exportMemory, EXPORT_FORMAT, type ExportFile } from "./export"
export { importMemory, parseExport, type ImportReport } from "./import"
export { BACKUP_FORMAT, restoreBackup, writeBackup } from "./backup"
export { readPassphrase } from "./passphrase"
export { initTeam, joinTeam, rotateTeam, setTrust, teamCtx, originFor, type TeamCtx } from "./team/team"
export { push, SHAREABLE_KINDS, type PushReport } from "./team/push"
export { pull, type PullReport } from "./team/pull"
export { status, type SyncStatus } from "./team/status"
export { syncChecks } from "./doctor"
export { followBranches, undoBranch, BRANCH_GRACE_MS, type FollowReport } from "./branches"
export { autoFollow, type AutoFollow } from "./follow"
export { pushInBackground } from "./autopush"

/** `egc keys rotate`: the sync tables' re-sealer. */
export const resealer = () => import("./team/store").then((m) => m.resealSync)
