import { boundKeys } from "../core/binding"
import { checkedOutBranches, listBranches, renamedTo } from "../core/git"
import { branchScopeFor, type Project } from "../core/project"
import {
  archiveBranchScope,
  listBranchScopes,
  moveBranchScope,
  undoBranchMoves,
  type Actor,
  type Memory,
} from "../memory"
import { git } from "./team/git"
import { branchSeen, openSyncDb, setBranchSeen } from "./team/store"

/**
 * Memory follows git (issue 19 §1). For each branch scope holding live items:
 * - merged: its head is an ancestor of the default branch's head (one `git merge-base --is-ancestor`
 *   per candidate; this rare check is the only git process) and no worktree has it checked out →
 *   its items move to the default branch's scope;
 * - renamed: its ref is gone and git's reflog says it was renamed, or another branch has the head it
 *   last had when this ran → its items follow;
 * - deleted: its ref is gone → after `graceMs` its items are archived (never destroyed).
 * Every move is audited per item; `egc memory branches --undo NAME` puts a branch's items back.
 * Not handled: squash merges (the branch head never becomes an ancestor; its items stay until the
 * branch is deleted, then are archived after the grace period).
 */
export const BRANCH_GRACE_MS = 14 * 24 * 3_600_000

export interface FollowReport {
  promoted: Array<{ branch: string; items: number }>
  renamed: Array<{ from: string; to: string; items: number }>
  archived: Array<{ branch: string; items: number }>
  waiting: Array<{ branch: string; since: number }>
}

const ACTOR: Actor = { source: "cli", tool: "egc branches" }

export function followBranches(
  memory: Memory,
  project: Project,
  opts: { graceMs?: number; now?: number } = {},
): FollowReport {
  const report: FollowReport = { promoted: [], renamed: [], archived: [], waiting: [] }
  const repo = project.repo
  const main = project.defaultBranch
  if (!repo || !main) return report
  const heads = listBranches(repo.commonDir)
  const mainHead = heads.get(main)
  const busy = checkedOutBranches(repo.commonDir)
  const s = openSyncDb(boundKeys())
  const t = opts.now ?? Date.now()
  const mainScope = branchScopeFor(main)
  const scopes = listBranchScopes(memory, project).filter((b) => b.scope.startsWith("branch:") && b.name !== main)
  for (const b of scopes) {
    const head = heads.get(b.name)
    const seen = branchSeen(s, project.id, b.scope)
    if (seen.held) continue
    if (head) {
      setBranchSeen(s, project.id, b.scope, { lastHead: head })
      if (!b.live || busy.has(b.name) || !mainHead) continue
      if (git(["merge-base", "--is-ancestor", head, mainHead], repo.root).code !== 0) continue
      const moved = moveBranchScope(
        memory,
        project,
        { from: b.scope, to: mainScope, toName: main, why: `merged ${b.name} into ${main}` },
        ACTOR,
      )
      if (moved.length) report.promoted.push({ branch: b.name, items: moved.length })
      continue
    }
    if (!b.live) continue
    const to =
      renamedTo(repo.commonDir, b.name, heads.keys()) ??
      (seen.lastHead ? [...heads].find(([name, sha]) => sha === seen.lastHead && name !== main)?.[0] : undefined)
    if (to) {
      const moved = moveBranchScope(
        memory,
        project,
        { from: b.scope, to: branchScopeFor(to), toName: to, why: `renamed ${b.name} to ${to}` },
        ACTOR,
      )
      report.renamed.push({ from: b.name, to, items: moved.length })
      continue
    }
    const since = seen.missingSince ?? t
    if (!seen.missingSince) setBranchSeen(s, project.id, b.scope, { ...seen, missingSince: t })
    if (t - since >= (opts.graceMs ?? BRANCH_GRACE_MS)) {
      report.archived.push({ branch: b.name, items: archiveBranchScope(memory, project, b.scope, ACTOR).length })
    } else report.waiting.push({ branch: b.name, since })
  }
  return report
}

/** Undo: the items moved out of `branch` go back, and the branch is held (never moved again automatically). */
export function undoBranch(memory: Memory, project: Project, branch: string, actor: Actor): string[] {
  const scope = branchScopeFor(branch)
  const back = undoBranchMoves(memory, project, scope, actor)
  const s = openSyncDb(boundKeys())
  setBranchSeen(s, project.id, scope, { ...branchSeen(s, project.id, scope), held: true })
  return back
}
