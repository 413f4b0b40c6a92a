import { defineCommand } from "citty"
import { EgcError } from "../../../core/errors"
import { cwdArgs, jsonArgs } from "../../_args"
import { printData, ui } from "../../ui"
import { detail, line, session, settled } from "./_shared"

const idArg = { id: { type: "positional", required: true, description: "item id" } } as const

export const show = defineCommand({
  meta: { name: "show", description: "show one item in full" },
  args: { ...cwdArgs, ...jsonArgs, ...idArg },
  async run({ args }) {
    const { project, memory } = await session(args.cwd)
    const v = memory.get({ project, id: String(args.id) })
    if (!v) throw new EgcError("E_NOT_FOUND", `no item ${args.id} in ${project.display}`, { hint: "see: egc memory list" })
    if (args.json) return printData(v)
    if (!("kind" in v)) throw new EgcError("E_TAMPERED", `item ${v.id} failed to open: ${v.reason}`, { hint: "it was left untouched; run egc doctor" })
    printData(detail(v))
  },
})

export const history = defineCommand({
  meta: { name: "history", description: "every version of an item and its audit trail" },
  args: { ...cwdArgs, ...jsonArgs, ...idArg },
  async run({ args }) {
    const { project, memory } = await session(args.cwd)
    const versions = memory.history({ project, id: String(args.id) })
    // a forgotten item has no readable version left, but its audit trail stays
    const ids = new Set([String(args.id), ...versions.map((v) => v.id)])
    const audit = [...ids].flatMap((item) => memory.audit({ project, item })).sort((a, b) => a.seq - b.seq)
    const none = !versions.length && !versions.unreadable.length && !audit.length
    if (none) throw new EgcError("E_NOT_FOUND", `no item ${args.id} in ${project.display}`)
    if (args.json) return printData({ versions, audit })
    printData([...versions.map(line), "", ...audit.map((a) => `${new Date(a.at).toISOString()}  ${a.action.padEnd(9)} ${a.item ?? ""}  by ${a.source}${a.session ? ` (${a.session})` : ""}`)].join("\n"))
  },
})

export const forget = defineCommand({
  meta: { name: "forget", description: "destroy an item (or every copy of a text) and keep a tombstone so it cannot come back" },
  args: { ...cwdArgs, ...jsonArgs, id: { type: "positional", required: false, description: "item id" }, text: { type: "string", description: "or the exact text to forget" } },
  async run({ args }) {
    if (!args.id && !args.text) throw new EgcError("E_USAGE", "give an item id or --text", { hint: "see: egc memory list" })
    const { project, memory, actor } = await session(args.cwd)
    const r = memory.forget({ project, ...(args.id ? { id: String(args.id) } : {}), ...(args.text ? { text: args.text } : {}) }, actor)
    if (!r.forgotten.length && r.reason) throw new EgcError("E_NOT_FOUND", r.reason)
    if (args.json) return printData(r)
    ;(await ui()).success(`forgot ${r.forgotten.length} item(s); ${r.tombstones} tombstone(s) keep the text from coming back (egc memory unforget --text to lift)`)
  },
})

export const unforget = defineCommand({
  meta: { name: "unforget", description: "lift the tombstone of a forgotten text so it may be stored again" },
  args: { ...cwdArgs, text: { type: "string", required: true, description: "the forgotten text" } },
  async run({ args }) {
    const { project, memory, actor } = await session(args.cwd)
    const r = memory.liftTombstone({ project, text: String(args.text) }, actor)
    if (!r.lifted) throw new EgcError("E_NOT_FOUND", r.reason ?? "no tombstone for that text in this project")
    ;(await ui()).success("tombstone lifted; the text may be stored again")
  },
})

export const approve = defineCommand({
  meta: { name: "approve", description: "approve a pending item, optionally edited" },
  args: { ...cwdArgs, ...idArg, title: { type: "string", description: "new title" }, body: { type: "string", description: "new text" } },
  async run({ args }) {
    const { project, memory, actor } = await session(args.cwd)
    const edits = args.title || args.body ? { ...(args.title ? { title: args.title } : {}), ...(args.body ? { body: args.body } : {}) } : undefined
    settled(memory.approve(String(args.id), { project, actor }, edits), "approval")
    ;(await ui()).success(`approved ${args.id}`)
  },
})

export const reject = defineCommand({
  meta: { name: "reject", description: "reject a pending item (its text will not be captured again)" },
  args: { ...cwdArgs, ...idArg },
  async run({ args }) {
    const { project, memory, actor } = await session(args.cwd)
    settled(memory.reject(String(args.id), { project, actor }), "rejection")
    ;(await ui()).success(`rejected ${args.id}`)
  },
})
