import { defineCommand, type ArgsDef } from "citty"
import { EgcError } from "../../../core/errors"
import type { ScopeName } from "../../../memory"
import { cwdArgs, jsonArgs } from "../../_args"
import { printData, ui } from "../../ui"
import { fullId, session, settled } from "./_shared"

const SCOPES = ["branch", "project", "global"] as const
const KIND = /^[a-z][a-z0-9_-]{0,39}$/

function kindOf(value: string | undefined): string | undefined {
  if (value === undefined) return undefined
  if (!KIND.test(value))
    throw new EgcError("E_USAGE", `--kind ${JSON.stringify(value)} is not a kind`, {
      hint: "decision, lesson, context, preference, avoid, next, constraint, note, …",
    })
  return value
}

const tagsOf = (value: string | undefined) =>
  value === undefined
    ? undefined
    : value
        .split(",")
        .map((t) => t.trim())
        .filter(Boolean)

const itemArgs = {
  title: { type: "string", description: "a short title" },
  scope: {
    type: "enum",
    options: [...SCOPES] as string[],
    description: "branch | project | global (default: by kind)",
  },
  tags: { type: "string", description: "tags, comma-separated" },
} satisfies ArgsDef

/** `egc memory add`: a person writes an item directly; the person is the reviewer, so it is active. */
export const add = defineCommand({
  meta: { name: "add", description: "write a memory item yourself (stored active: you are the reviewer)" },
  args: {
    ...cwdArgs,
    ...jsonArgs,
    body: { type: "positional", required: true, description: "the text to remember" },
    kind: {
      type: "string",
      description: "decision, lesson, context, preference, avoid, next, constraint, note (default note)",
    },
    ...itemArgs,
  },
  async run({ args }) {
    const kind = kindOf(args.kind) ?? "note"
    const { project, memory, actor } = await session(args.cwd)
    const tags = tagsOf(args.tags)
    const input = {
      kind,
      body: String(args.body),
      ...(args.title ? { title: args.title } : {}),
      ...(args.scope ? { scope: args.scope as ScopeName } : {}),
      ...(tags ? { tags } : {}),
    }
    const r = settled(memory.write(input, { project, actor }), "write")
    if (args.json) return printData(r)
    const ui_ = await ui()
    if (r.outcome === "created") ui_.success(`stored ${r.id} (${kind}, ${r.status})`)
    else ui_.info(`${r.outcome}: ${r.id ?? ""}${r.reason ? ` (${r.reason})` : ""}`)
  },
})

/** `egc memory edit ID`: a person's correction of kind, title, body, scope or tags; the old content stays as a version. */
export const edit = defineCommand({
  meta: {
    name: "edit",
    description: "correct an item: kind, title, body, scope, tags (the previous content is kept as a version)",
  },
  args: {
    ...cwdArgs,
    id: { type: "positional", required: true, description: "item id (a unique prefix is enough)" },
    kind: { type: "string", description: "new kind" },
    body: { type: "string", description: "new text" },
    ...itemArgs,
  },
  async run({ args }) {
    const kind = kindOf(args.kind)
    const tags = tagsOf(args.tags)
    const edits = {
      ...(kind ? { kind } : {}),
      ...(args.title !== undefined ? { title: args.title } : {}),
      ...(args.body !== undefined ? { body: args.body } : {}),
      ...(args.scope ? { scope: args.scope as ScopeName } : {}),
      ...(tags ? { tags } : {}),
    }
    if (!Object.keys(edits).length)
      throw new EgcError("E_USAGE", "nothing to change", {
        hint: "give --kind, --title, --body, --scope or --tags; see: egc memory edit --help",
      })
    const { project, memory, actor } = await session(args.cwd)
    const id = fullId(memory, project, String(args.id))
    settled(memory.edit(id, { project, actor }, edits), "edit")
    ;(await ui()).success(`edited ${id}: ${Object.keys(edits).join(", ")}`)
  },
})
