/**
 * @module sync — memory beyond one home: plaintext export/import, passphrase-sealed backups, team
 * sync through a git remote, and memory following git's branches. Everything it stores goes through
 * memory's write layer. Cheap to import: each part loads on demand, so session start (branch-follow)
 * and session end (auto-push) never load the export, import, backup or team code.
 */

export type { ExportFile } from "./export"
export type { ImportReport } from "./import"
export type { TeamCtx } from "./team/team"
export type { PushReport } from "./team/push"
export type { PullReport } from "./team/pull"
export type { SyncStatus } from "./team/status"
export type { FollowReport } from "./branches"
export type { AutoFollow, FollowView } from "./follow"

/** The command-line surface (`egc sync …`, `egc backup`, `egc memory export/import/branches`, the dashboard). */
export const surface = () => import("./surface")
/** Session start's branch-follow (autoFollow) and `egc status`'s read-only view of it (followView). */
export const follow = () => import("./follow")
/** Session end: `sync.autoPush` starts `egc sync push` detached. */
export const autopush = () => import("./autopush")
/** Doctor's checks, loaded on demand. */
export const doctorChecks = () => import("./doctor").then((m) => m.syncChecks)
/** `egc keys rotate`: the sync tables' re-sealer. */
export const resealer = () => import("./team/store").then((m) => m.resealSync)
