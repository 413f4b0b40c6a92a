import { closeBranchQuestion, type Actor, type Memory } from "../memory"
import type { Project } from "../core/project"

/**
 * A deleted branch that git cannot show merged (a squash merge with an unnamed commit, or an
 * abandoned branch) is asked about once, as one pending memory item: approved, its items move to
 * the default branch; rejected or forgotten, they are archived. Only a person's decision counts
 * (the audit's source: the CLI, the page, or the person in the client's own dialog); an agent can
 * only ask the person, as for every pending item.
 */
const ASKER: Actor = { source: "sync", tool: "egc branches" }
const PEOPLE: ReadonlySet<string> = new Set(["cli", "dashboard", "elicitation"])
const SHOWN = 20

export function askAboutBranch(
  memory: Memory,
  project: Project,
  b: { name: string; scope: string; lastHead?: string },
  main: string,
): string | undefined {
  // the reader's branch scope is the project's current one: read the gone branch's as if it were current
  const items = memory.list({ project: { ...project, scope: b.scope }, scope: "branch", statuses: ["active"] })
  if (!items.length) return undefined
  const lines = items.slice(0, SHOWN).map((v) => `- ${(v.title || v.body).split("\n", 1)[0]?.slice(0, 120)}`)
  if (items.length > SHOWN) lines.push(`- … ${items.length - SHOWN} more`)
  const body = [
    `The branch ${b.name}${b.lastHead ? ` (last head ${b.lastHead.slice(0, 12)})` : ""} is gone, and git does not show it merged into ${main}.`,
    `Approve if it was merged (a squash or rebase merge): its ${items.length} items move to ${main}.`,
    "Reject if it was abandoned: its items are archived, never destroyed.",
    "Its items:",
    ...lines,
  ].join("\n")
  const title = `Branch ${b.name} was deleted: were its ${items.length} items merged into ${main}?`
  const r = memory.write(
    { kind: "question", title, body, scope: "project", tags: ["egc-branch"] },
    { project, actor: ASKER },
  )
  return r.outcome !== "refused" && r.id && r.status === "pending" ? r.id : undefined
}

export type Answer = "promote" | "archive" | "waiting"

/** The person's answer, read from the question's audit trail: the last approve, reject or forget by a person. */
export function answerOf(memory: Memory, project: Project, id: string): Answer {
  const trail = memory.audit({ project, item: id, limit: 100 })
  const decided = trail
    .filter((a) => PEOPLE.has(a.source) && (a.action === "approve" || a.action === "reject" || a.action === "forget"))
    .sort((a, b) => b.seq - a.seq)[0]
  if (!decided) return "waiting"
  return decided.action === "approve" ? "promote" : "archive"
}

export const closeQuestion = (memory: Memory, project: Project, id: string, why: string) =>
  closeBranchQuestion(memory, project, id, ASKER, why)
