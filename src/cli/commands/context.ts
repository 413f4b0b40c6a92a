import { defineCommand } from "citty"
import { EgcError } from "../../core/errors"
import { resolveProject } from "../../core/project"
import { safeText } from "../../core/safe-text"
import { countOf, cwdArgs, jsonArgs } from "../_args"
import { printData } from "../ui"

const time = (ms: number) => new Date(ms).toISOString().replace("T", " ").slice(0, 19)

/** `egc context`: what the agent was told at session start and on each prompt (newest first). */
export default defineCommand({
  meta: { name: "context", description: "show what the agent was told at session start and on each prompt" },
  args: {
    ...cwdArgs,
    ...jsonArgs,
    session: { type: "string", description: "one session's injections (default: list the sessions)" },
    limit: { type: "string", description: "most injections shown (default 20)" },
  },
  async run({ args }) {
    const limit = countOf("limit", args.limit, 20, 2000)
    const project = resolveProject(args.cwd ?? process.cwd())
    const { listTold, toldSessions } = await import("../../hooks")
    if (args.session === undefined) {
      const sessions = toldSessions({ project: project.id, limit })
      if (args.json) return printData({ project: project.display, sessions })
      if (!sessions.length) return printData(`no session of ${project.display} was told anything yet`)
      const rows = sessions.map(
        (s) => `${s.session}  ${s.tool.padEnd(12)} ${time(s.first)} … ${time(s.last)}  ${s.count} injection(s)`,
      )
      return printData([...rows, "", "→ egc context --session <id>"].join("\n"))
    }
    const told = listTold({ project: project.id, session: args.session, limit })
    if (args.json) return printData({ project: project.display, session: args.session, injections: told })
    if (!told.length) {
      throw new EgcError("E_NOT_FOUND", `no injections recorded for session ${args.session} in ${project.display}`, {
        hint: "see: egc context",
      })
    }
    const blocks = told.map(
      (t) => `── ${time(t.at)}  ${t.event} (${t.tool})${t.truncated ? "  [cut]" : ""}\n${safeText(t.text)}`,
    )
    printData(blocks.join("\n\n"))
  },
})
