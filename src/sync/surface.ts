/**
 * What only a person's command (or the dashboard) needs from sync: export/import, backups, the team
 * remote, the branch-follow command. Reached through the index's `surface()`, so session start never
 * loads it.
 */
export { exportMarkdown, exportMemory } from "./export"
export { importMemory, parseExport } from "./import"
export { restoreBackup, writeBackup } from "./backup"
export { readPassphrase } from "./passphrase"
export { initTeam, joinTeam, rotateTeam, setTrust, teamCtx } from "./team/team"
export { push } from "./team/push"
export { pull } from "./team/pull"
export { status } from "./team/status"
export { followBranches, undoBranch } from "./branches"
