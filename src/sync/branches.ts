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
import { answerOf, askAboutBranch, closeQuestion } from "./question"
import { namesBranch, squashMessages } from "./squash"
import { git } from "./team/git"
import { branchSeen, openSyncDb, setBranchSeen } from "./team/store"

/**
 * Memory follows git (issue 19 §1). For each branch scope holding live items:
 * - merged: its head is an ancestor of the default branch's head (one `git merge-base --is-ancestor`
 *   per candidate) and no worktree has it checked out → its items move to the default branch's scope;
 * - squash-merged: a recent commit of the default branch names it (squash.ts; one `git log`, read only
 *   when some branch is gone or not an ancestor) → the same;
 * - renamed: its ref is gone and git's reflog says it was renamed, or another branch has the head it
 *   last had when this ran → its items follow;
 * - deleted: its ref is gone → after `graceMs` the person is asked once (question.ts, a pending item):
 *   approved, the items move to the default branch; rejected, they are archived (never destroyed).
 *   Where no question can be stored (memory off), they are archived as before.
 * Every move is audited per item; `egc memory branches --undo NAME` puts a branch's items back.
 */
export const BRANCH_GRACE_MS = 14 * 24 * 3_600_000

export interface FollowReport {
  promoted: Array<{ branch: string; items: number; how: "merged" | "squash" | "answered" }>
  renamed: Array<{ from: string; to: string; items: number }>
  archived: Array<{ branch: string; items: number }>
  asked: Array<{ branch: string; id: string }>
  waiting: Array<{ branch: string; since: number; asked?: string }>
}

const ACTOR: Actor = { source: "cli", tool: "egc branches" }

export function followBranches(
  memory: Memory,
  project: Project,
  opts: { graceMs?: number; now?: number; actor?: Actor } = {},
): FollowReport {
  const report: FollowReport = { promoted: [], renamed: [], archived: [], asked: [], waiting: [] }
  const repo = project.repo
  const main = project.defaultBranch
  if (!repo || !main) return report
  const actor = opts.actor ?? ACTOR
  const heads = listBranches(repo.commonDir)
  const mainHead = heads.get(main)
  const busy = checkedOutBranches(repo.commonDir)
  const s = openSyncDb(boundKeys())
  const t = opts.now ?? Date.now()
  const mainScope = branchScopeFor(main)
  const messages = mainHead ? squashMessages(repo.root, mainHead) : () => []
  const promote = (name: string, scope: string, how: FollowReport["promoted"][number]["how"]) => {
    // the audit detail is not sealed: it says how, never a branch name (names are sealed in memory_branches)
    const why = how === "answered" ? "the person said it was merged" : how
    const moved = moveBranchScope(memory, project, { from: scope, to: mainScope, toName: main, why }, actor)
    if (moved.length) report.promoted.push({ branch: name, items: moved.length, how })
  }
  const archive = (name: string, scope: string) => {
    const n = archiveBranchScope(memory, project, scope, actor).length
    if (n) report.archived.push({ branch: name, items: n })
  }
  const scopes = listBranchScopes(memory, project).filter((b) => b.scope.startsWith("branch:") && b.name !== main)
  for (const b of scopes) {
    const head = heads.get(b.name)
    const seen = branchSeen(s, project.id, b.scope)
    if (seen.held) continue
    if (head) {
      if (seen.question) closeQuestion(memory, project, seen.question, "the branch is back")
      // neither head moved since this pair was checked: not merged then, not merged now (no git process)
      const checked = !!mainHead && seen.lastHead === head && seen.checkedMain === mainHead
      setBranchSeen(s, project.id, b.scope, { lastHead: head, ...(checked ? { checkedMain: mainHead } : {}) })
      if (!b.live || busy.has(b.name) || !mainHead || checked) continue
      if (git(["merge-base", "--is-ancestor", head, mainHead], repo.root).code === 0) promote(b.name, b.scope, "merged")
      else if (namesBranch(messages(), b.name)) promote(b.name, b.scope, "squash")
      else setBranchSeen(s, project.id, b.scope, { lastHead: head, checkedMain: mainHead })
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
        { from: b.scope, to: branchScopeFor(to), toName: to, why: "renamed" },
        actor,
      )
      report.renamed.push({ from: b.name, to, items: moved.length })
      continue
    }
    if (mainHead && namesBranch(messages(), b.name)) {
      promote(b.name, b.scope, "squash")
      continue
    }
    const since = seen.missingSince ?? t
    if (!seen.missingSince) setBranchSeen(s, project.id, b.scope, { ...seen, missingSince: t })
    if (seen.question) {
      const answer = answerOf(memory, project, seen.question)
      if (answer === "waiting") {
        report.waiting.push({ branch: b.name, since, asked: seen.question })
        continue
      }
      if (answer === "promote") promote(b.name, b.scope, "answered")
      else archive(b.name, b.scope)
      closeQuestion(memory, project, seen.question, `answered: ${answer}`)
      const { question: _, ...rest } = seen
      setBranchSeen(s, project.id, b.scope, { ...rest, missingSince: since })
      continue
    }
    if (t - since < (opts.graceMs ?? BRANCH_GRACE_MS)) {
      report.waiting.push({ branch: b.name, since })
      continue
    }
    const id = askAboutBranch(memory, project, { ...b, ...(seen.lastHead ? { lastHead: seen.lastHead } : {}) }, main)
    if (id) {
      setBranchSeen(s, project.id, b.scope, { ...seen, missingSince: since, question: id })
      report.asked.push({ branch: b.name, id })
    } else archive(b.name, b.scope)
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
