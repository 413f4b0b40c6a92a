import { boundKeys } from "../core/binding"
import { keyedHash } from "../core/crypto"
import { checkedOutBranches, listBranches } from "../core/git"
import type { Project } from "../core/project"
import { safeText } from "../core/safe-text"
import type { Actor, Memory } from "../memory"
import { BRANCH_GRACE_MS, followBranches, type FollowReport } from "./branches"
import { answerOf } from "./question"
import { followState, openQuestions, openSyncDb, setFollowState, type SyncDb } from "./team/store"

/**
 * Branch-follow run by itself at session start (`egc status` only reads it: followView). Hooks have a tight
 * budget, so it reads the refs from git's files (no git process) and runs `followBranches` (which may spawn
 * `git merge-base`/`git log` for candidates) only when something changed since the last run: the
 * refs digest (branch heads, checked-out branches, default branch; keyed, as it hashes branch
 * names), a deleted branch's grace period ending, or the person answering a branch question.
 */
type FollowState = ReturnType<typeof followState>
const AUTO: Actor = { source: "sync", tool: "egc branches (automatic)" }

export interface AutoFollow {
  ran: boolean
  report?: FollowReport
  /** What this run moved, in one line. */
  moved?: string
  /** The last run that moved something (this one, or an earlier one). */
  last?: { line: string; at: number }
}

function refsDigest(project: Project, key: Uint8Array): string | undefined {
  const repo = project.repo
  if (!repo || !project.defaultBranch) return undefined
  const heads = [...listBranches(repo.commonDir)].sort((a, b) => (a[0] < b[0] ? -1 : 1))
  const busy = [...checkedOutBranches(repo.commonDir)].sort()
  return keyedHash(key, `refs|${JSON.stringify([project.defaultBranch, heads, busy])}`)
}

export function autoFollow(
  memory: Memory,
  project: Project,
  opts: { now?: number; graceMs?: number } = {},
): AutoFollow {
  const keys = boundKeys()
  const digest = refsDigest(project, keys.hash)
  if (!digest || !project.defaultBranch) return { ran: false }
  const s = openSyncDb(keys)
  const prev = followState(s, project.id)
  const t = opts.now ?? Date.now()
  const last = lastOf(prev)
  if (!stale(prev, digest, t, () => answers(s, memory, project))) return { ran: false, ...last }
  const report = followBranches(memory, project, { ...opts, actor: AUTO })
  const grace = opts.graceMs ?? BRANCH_GRACE_MS
  const dues = report.waiting.filter((w) => !w.asked).map((w) => w.since + grace)
  const line = followLine(report, project.defaultBranch)
  const kept = line
    ? { report: line, reportAt: t }
    : prev?.report
      ? { report: prev.report, reportAt: prev.reportAt }
      : {}
  setFollowState(s, project.id, { digest, ...(dues.length ? { due: Math.min(...dues) } : {}), ...kept })
  return { ran: true, report, ...(line ? { moved: line, last: { line, at: t } } : last) }
}

export interface FollowView {
  /** The last run that moved something. */
  last?: { line: string; at: number }
  /** The refs changed, a grace period ended or a question was answered since: the next session start follows. */
  pending: boolean
  /** The questions about deleted branches still waiting for the person's answer (their titles, sorted). */
  waiting: string[]
}

/** What the last follow said, what waits for the person, and whether session start will follow again; writes nothing. */
export function followView(memory: Memory, project: Project, opts: { now?: number } = {}): FollowView {
  const keys = boundKeys()
  const digest = refsDigest(project, keys.hash)
  if (!digest) return { pending: false, waiting: [] }
  const s = openSyncDb(keys)
  const prev = followState(s, project.id)
  const open = answers(s, memory, project)
  const waiting: string[] = []
  for (const q of open) {
    if (q.answer !== "waiting") continue
    const v = memory.get({ project, id: q.id })
    if (v && "title" in v && v.title) waiting.push(v.title)
  }
  return { ...lastOf(prev), pending: stale(prev, digest, opts.now ?? Date.now(), () => open), waiting: waiting.sort() }
}

const lastOf = (prev: FollowState | undefined) =>
  prev?.report ? { last: { line: prev.report, at: prev.reportAt ?? 0 } } : {}

/** The open branch questions and the person's answer to each (read from their audit trails). */
const answers = (s: SyncDb, memory: Memory, project: Project) =>
  [...openQuestions(s, project.id).values()].map((id) => ({ id, answer: answerOf(memory, project, id) }))

/**
 * Something changed since the last run: the refs, a grace period ended, or a branch question was answered
 * (read only when the rest has not changed).
 */
function stale(prev: FollowState | undefined, digest: string, t: number, open: () => ReturnType<typeof answers>) {
  if (prev?.digest !== digest || (prev.due && t >= prev.due)) return true
  return open().some((q) => q.answer !== "waiting")
}

const items = (n: number) => `${n} item${n === 1 ? "" : "s"}`
const LINE_CAP = 400

/** One line of what moved, or undefined when nothing did. */
function followLine(r: FollowReport, main: string): string | undefined {
  const how = { merged: "merged", squash: "squash-merged", answered: "merged (your answer)" }
  const parts = [
    ...r.promoted.map((p) => `${p.branch} ${how[p.how]} into ${main}: ${items(p.items)} moved`),
    ...r.renamed.map((p) => `${p.from} renamed ${p.to}: ${items(p.items)} followed`),
    ...r.archived.map((p) => `${p.branch} deleted: ${items(p.items)} archived`),
    ...r.asked.map((p) => `${p.branch} deleted: were its items merged? (egc memory review)`),
  ]
  if (!parts.length) return undefined
  // branch names are git's, which allows bidi and C1 controls: shown escaped wherever the line goes
  const text = safeText(`memory followed git: ${parts.join("; ")}`)
  return text.length > LINE_CAP ? `${text.slice(0, LINE_CAP - 30)}… (egc memory branches)` : text
}
