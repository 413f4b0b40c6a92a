import type { ArgsDef } from "citty"
import { type AnyCommand, commands } from "./commands"

interface FlagNode {
  name: string
  description: string
  value: boolean
  options: string[]
}

export interface CommandNode {
  /** Space-separated words after `egc` ("" for egc itself). */
  path: string
  description: string
  flags: FlagNode[]
  /** Words that continue the command: subcommands, or a command's own action words. */
  words: Array<{ name: string; description: string }>
}

/** Action words a command parses itself (not citty subcommands), so completion still offers them. */
const ACTIONS: Record<string, Array<[string, string]>> = {
  guard: [
    ["check", "judge a command: exit 0 allow, 2 deny, 3 ask"],
    ["explain", "how a command was parsed and judged"],
    ["log", "recorded denies and asks"],
    ["rules", "every rule id, its pack and its level"],
  ],
}

const kebab = (s: string) => s.replace(/([a-z0-9])([A-Z])/g, "$1-$2").toLowerCase()
const resolve = async <T>(v: unknown): Promise<T | undefined> =>
  typeof v === "function" ? await (v as () => T)() : ((await v) as T | undefined)
const oneLine = (s: string | undefined) => (s ?? "").replace(/\s+/g, " ").trim()

/** The whole command tree, from the lazy map down (every module is loaded: only `egc completions` calls this). */
export async function commandTree(): Promise<CommandNode[]> {
  const out: CommandNode[] = []
  const visit = async (cmd: AnyCommand, path: string[]) => {
    const args = ((await resolve<ArgsDef>(cmd.args)) ?? {}) as ArgsDef
    const subs = ((await resolve<Record<string, unknown>>(cmd.subCommands)) ?? {}) as Record<string, unknown>
    const flags: FlagNode[] = Object.entries(args)
      .filter(([, d]) => d.type !== "positional")
      .map(([name, d]) => ({
        name: d.type === "boolean" && d.default === true ? `no-${kebab(name)}` : kebab(name),
        description: oneLine(d.description),
        value: d.type !== "boolean",
        options: d.type === "enum" ? [...((d as { options?: string[] }).options ?? [])] : [],
      }))
    const children: Array<{ name: string; description: string; def: AnyCommand }> = []
    for (const [name, sub] of Object.entries(subs)) {
      const def = (await resolve<AnyCommand>(sub)) as AnyCommand
      const meta = await resolve<{ description?: string }>(def.meta)
      children.push({ name, description: oneLine(meta?.description), def })
    }
    const own = ACTIONS[path.join(" ")] ?? []
    const meta = await resolve<{ description?: string }>(cmd.meta)
    out.push({
      path: path.join(" "),
      description: oneLine(meta?.description),
      flags,
      words: [
        ...children.map(({ name, description }) => ({ name, description })),
        ...own.map(([name, description]) => ({ name, description })),
      ],
    })
    for (const c of children) await visit(c.def, [...path, c.name])
  }
  const top: CommandNode = {
    path: "",
    description: "egc",
    flags: [
      { name: "help", description: "usage", value: false, options: [] },
      { name: "version", description: "version", value: false, options: [] },
    ],
    words: [],
  }
  out.push(top)
  for (const [name, load] of Object.entries(commands)) {
    const def = await load()
    const meta = await resolve<{ description?: string }>(def.meta)
    top.words.push({ name, description: oneLine(meta?.description) })
    await visit(def, [name])
  }
  return out
}
