import { git } from "./team/git"

/** Commits of the default branch read for squash merges: weeks of a busy repository. */
const SQUASH_DEPTH = 500

const literal = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")

/**
 * A squash (or rebase) merge never makes the branch head an ancestor of the default branch; the
 * commit it leaves there usually names the branch: GitHub's "Merge pull request #12 from owner/x",
 * GitLab's "Merge branch 'x' into 'main'", "Squashed commit of branch x", or a squash title
 * "… x … (#12)". In a title only a name with a separator counts: a plain word ("fix") names too much.
 */
export function namesBranch(messages: readonly string[], branch: string): boolean {
  const b = literal(branch)
  const exact = [
    new RegExp(`^Merge pull request #\\d+ from [^\\s/]+/${b}\\s*$`, "m"),
    new RegExp(`^Merge branch '${b}'`, "m"),
    new RegExp(`^Squashed commit of branch '?${b}'?:?\\s*$`, "m"),
  ]
  const titled = /[/_.-]/.test(branch) ? new RegExp(`(?:^|[\\s'"\`(\\[])${b}(?=$|[\\s'"\`)\\]:,])`) : undefined
  for (const m of messages) {
    if (exact.some((r) => r.test(m))) return true
    const subject = m.split("\n", 1)[0] ?? ""
    if (titled && /\(#\d+\)\s*$/.test(subject) && titled.test(subject)) return true
  }
  return false
}

/** The default branch's recent commit messages, read with one `git log` on the first call only. */
export function squashMessages(root: string, mainHead: string): () => readonly string[] {
  let messages: string[] | undefined
  return () => {
    if (messages) return messages
    const r = git(["log", "-n", String(SQUASH_DEPTH), "--format=%B%x1e", mainHead, "--"], root)
    messages = r.code === 0 ? r.stdout.split("\x1e").map((m) => m.trim()) : []
    return messages
  }
}
