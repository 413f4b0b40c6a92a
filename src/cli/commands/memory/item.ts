import { defineCommand } from "citty"
import { EgcError } from "../../../core/errors"
import { cwdArgs, jsonArgs } from "../../_args"
import { printData, ui } from "../../ui"
import { detail, fullId, line, session, settled } from "./_shared"

const idArg = {
  id: { type: "positional", required: true, description: "item id (a unique prefix is enough)" },
} as const

export const show = defineCommand({
  meta: { name: "show", description: "show one item in full" },
  args: { ...cwdArgs, ...jsonArgs, ...idArg },
  async run({ args }) {
    const { project, memory } = await session(args.cwd)
    const v = memory.get({ project, id: fullId(memory, project, String(args.id)) })
    if (!v)
      throw new EgcError("E_NOT_FOUND", `no item ${args.id} in ${project.display}`, { hint: "see: egc memory list" })
    if (args.json) return printData(v)
    if (!("kind" in v))
      throw new EgcError("E_TAMPERED", `item ${v.id} failed to open: ${v.reason}`, {
        hint: "it was left untouched; run egc doctor",
      })
    printData(detail(v))
  },
})

export const history = defineCommand({
  meta: { name: "history", description: "every version of an item and its audit trail" },
  args: { ...cwdArgs, ...jsonArgs, ...idArg },
  async run({ args }) {
    const { project, memory } = await session(args.cwd)
    const id = fullId(memory, project, String(args.id))
    const versions = memory.history({ project, id })
    // a forgotten item has no readable version left, but its audit trail stays
    const ids = new Set([id, ...versions.map((v) => v.id)])
    const audit = [...ids].flatMap((item) => memory.audit({ project, item })).sort((a, b) => a.seq - b.seq)
    const none = !versions.length && !versions.unreadable.length && !audit.length
    if (none) throw new EgcError("E_NOT_FOUND", `no item ${args.id} in ${project.display}`)
    if (args.json) return printData({ versions, audit })
    const trail = audit.map(
      (a) =>
        `${new Date(a.at).toISOString()}  ${a.action.padEnd(9)} ${a.item ?? ""}  by ${a.source}${a.session ? ` (${a.session})` : ""}`,
    )
    printData([...versions.map(line), "", ...trail].join("\n"))
  },
})

export const forget = defineCommand({
  meta: {
    name: "forget",
    description: "destroy an item (or every copy of a text) and keep a tombstone so it cannot come back",
  },
  args: {
    ...cwdArgs,
    ...jsonArgs,
    id: { type: "positional", required: false, description: "item id (a unique prefix is enough)" },
    text: { type: "string", description: "or the exact text to forget" },
    "dry-run": { type: "boolean", description: "show what would be destroyed and tombstoned; change nothing" },
    tombstone: {
      type: "boolean",
      description: "with --text: leave a tombstone even when no item matches (forget ahead of time)",
    },
  },
  async run({ args }) {
    if (!args.id && !args.text)
      throw new EgcError("E_USAGE", "give an item id or --text", { hint: "see: egc memory list" })
    const { project, memory, actor } = await session(args.cwd)
    const id = args.id ? fullId(memory, project, String(args.id)) : undefined
    const dryRun = Boolean(args["dry-run"])
    const query = {
      project,
      ...(id ? { id } : {}),
      ...(args.text ? { text: args.text } : {}),
      dryRun,
      tombstone: Boolean(args.tombstone),
    }
    const r = memory.forget(query, actor)
    if (!r.forgotten.length && r.reason)
      throw new EgcError("E_NOT_FOUND", r.reason, { hint: "see: egc memory search <words>" })
    if (args.json) return printData(r)
    if (!dryRun) {
      const lift = "egc memory unforget --text to lift"
      return (await ui()).success(
        `forgot ${r.forgotten.length} item(s); ${r.tombstones} tombstone(s) keep the text from coming back (${lift})`,
      )
    }
    const shown = r.forgotten.map((x) => {
      const v = memory.get({ project, id: x })
      return v && "kind" in v ? line(v) : `${x}  (cannot be opened)`
    })
    const head = `would forget ${r.forgotten.length} item(s) and leave ${r.tombstones} tombstone(s); nothing was changed`
    printData([head, ...shown, "", `→ run again without --dry-run to forget`].join("\n"))
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

const bulkArgs = {
  id: { type: "positional", required: false, description: "item id (a unique prefix is enough)" },
  "all-pending": { type: "boolean", description: "every pending item of this project" },
} as const

/** The ids a decision applies to: one (by prefix) or, with --all-pending, every pending item. */
function targets(
  memory: Awaited<ReturnType<typeof session>>["memory"],
  project: Awaited<ReturnType<typeof session>>["project"],
  args: { id?: string; "all-pending"?: boolean },
  verb: string,
): string[] {
  if (args.id && args["all-pending"])
    throw new EgcError("E_USAGE", `give an item id or --all-pending, not both`, {
      hint: `see: egc memory ${verb} --help`,
    })
  if (args["all-pending"]) return memory.pending({ project }).map((v) => v.id)
  if (!args.id) throw new EgcError("E_USAGE", `give an item id or --all-pending`, { hint: "see: egc memory review" })
  return [fullId(memory, project, String(args.id))]
}

export const approve = defineCommand({
  meta: {
    name: "approve",
    description: "approve a pending item (optionally edited), or every pending item with --all-pending",
  },
  args: {
    ...cwdArgs,
    ...bulkArgs,
    title: { type: "string", description: "new title" },
    body: { type: "string", description: "new text" },
  },
  async run({ args }) {
    const { project, memory, actor } = await session(args.cwd)
    const ids = targets(memory, project, args, "approve")
    if (ids.length > 1 && (args.title || args.body))
      throw new EgcError("E_USAGE", "--title and --body edit one item; not with --all-pending")
    const edits =
      args.title || args.body
        ? { ...(args.title ? { title: args.title } : {}), ...(args.body ? { body: args.body } : {}) }
        : undefined
    for (const id of ids) settled(memory.approve(id, { project, actor }, edits), `approval of ${id}`)
    ;(await ui()).success(ids.length === 1 ? `approved ${ids[0]}` : `approved ${ids.length} item(s)`)
  },
})

export const reject = defineCommand({
  meta: {
    name: "reject",
    description:
      "reject a pending item, or every pending item with --all-pending (the text will not be captured again)",
  },
  args: { ...cwdArgs, ...bulkArgs },
  async run({ args }) {
    const { project, memory, actor } = await session(args.cwd)
    const ids = targets(memory, project, args, "reject")
    for (const id of ids) settled(memory.reject(id, { project, actor }), `rejection of ${id}`)
    ;(await ui()).success(ids.length === 1 ? `rejected ${ids[0]}` : `rejected ${ids.length} item(s)`)
  },
})
