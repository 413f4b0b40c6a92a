import { defineCommand } from "citty"
import { EgcError } from "../../../core/errors"
import { auditProblem, type ConsentPolicy } from "../../../memory"
import { cwdArgs, jsonArgs } from "../../_args"
import { EXIT } from "../../exit"
import { printData, ui } from "../../ui"
import { detail, session } from "./_shared"

export const review = defineCommand({
  meta: {
    name: "review",
    description:
      "decide on memory waiting for you: one by one on a terminal (y/n/e/k/s), else a list with the commands",
  },
  args: { ...cwdArgs, ...jsonArgs, list: { type: "boolean", description: "print the list even on a terminal" } },
  async run({ args }) {
    const { project, memory, actor } = await session(args.cwd)
    const pending = memory.pending({ project })
    const hidden = memory.hidden({ project })
    if (args.json) return printData([...pending, ...hidden])
    if (!args.list && pending.length && process.stdin.isTTY && process.stdout.isTTY) {
      const { reviewLoop, streamIo } = await import("./review-tty")
      const io = streamIo(process.stdin, process.stdout)
      const ctx = { project, actor }
      try {
        const t = await reviewLoop(pending, io, {
          approve: (id, edits) => memory.approve(id, ctx, edits),
          reject: (id) => memory.reject(id, ctx),
          edit: (id, edits) => memory.edit(id, ctx, edits),
        })
        io.say(`\n${t.approved.length} approved, ${t.rejected.length} rejected, ${t.skipped.length} left pending`)
      } finally {
        io.close()
      }
      if (hidden.length) io.say(`${hidden.length} item(s) an agent asked to forget wait too: egc memory review --list`)
      return
    }
    if (!pending.length && !hidden.length) return printData(`nothing waits for review in ${project.display}`)
    const blocks = [
      ...pending.map((v) => `${detail(v)}\n\n  → egc memory approve ${v.id}   |   egc memory reject ${v.id}`),
      ...hidden.map(
        (v) =>
          `${detail(v)}\n\n  an agent asked to forget this → egc memory forget ${v.id}   |   egc memory restore ${v.id}`,
      ),
    ]
    printData(blocks.join(`\n${"-".repeat(60)}\n`))
  },
})

export const state = defineCommand({
  meta: { name: "state", description: "print this branch's project state (what agents get at session start)" },
  args: { ...cwdArgs },
  async run({ args }) {
    const { project, memory } = await session(args.cwd)
    printData(memory.renderState({ project }) || `no state stored for ${project.display}`)
  },
})

const POLICIES = ["agent", "review", "grant", "off"] as const

export const consent = defineCommand({
  meta: { name: "consent", description: "show or set this project's consent policy (agent, review, grant, off)" },
  args: { ...cwdArgs, policy: { type: "positional", required: false, description: "agent | review | grant | off" } },
  async run({ args }) {
    const { project, memory, actor } = await session(args.cwd)
    if (!args.policy) return printData(memory.policy({ project }))
    if (!POLICIES.includes(args.policy as ConsentPolicy))
      throw new EgcError("E_USAGE", `unknown policy ${JSON.stringify(args.policy)}`, {
        hint: `one of: ${POLICIES.join(", ")}`,
      })
    const r = memory.setPolicy({ project, policy: args.policy as ConsentPolicy }, actor)
    if (!r.ok) throw new EgcError("E_REFUSED", r.reason ?? "refused")
    ;(await ui()).success(`consent policy of ${project.display} is now ${args.policy}`)
  },
})

export const audit = defineCommand({
  meta: {
    name: "audit",
    description: "verify the hash-chained audit log (exit 1 on the first broken link), or list recent entries",
  },
  args: {
    ...cwdArgs,
    ...jsonArgs,
    list: { type: "boolean", description: "list this project's recent entries instead" },
  },
  async run({ args }) {
    const { project, memory } = await session(args.cwd)
    if (args.list) {
      const rows = memory.audit({ project, limit: 100 })
      return printData(
        args.json
          ? rows
          : rows
              .map(
                (a) =>
                  `${a.seq}  ${new Date(a.at).toISOString()}  ${a.action.padEnd(9)} ${a.item ?? "-"}  by ${a.source}`,
              )
              .join("\n"),
      )
    }
    const verdict = memory.auditVerify()
    if (args.json) printData(verdict)
    else printData(verdict.ok ? "audit chain intact" : `audit chain BROKEN: ${auditProblem(verdict)}`)
    if (!verdict.ok) process.exitCode = EXIT.FAILURE
  },
})
