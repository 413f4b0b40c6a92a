import type { ArgDef, ArgsDef } from "citty"
import { EgcError } from "../core/errors"
import type { AnyCommand } from "./commands"

/**
 * Strict argv checking for every command, run by the CLI edge before citty parses: citty ignores
 * unknown flags and extra words, and an ignored flag can turn a refusal into a silent success
 * (`egc guard check --jsn '…'` once judged the flag as part of the command).
 */
const verbatim = new WeakSet<object>()

/** Marks a command whose words after `--` are a command line, passed on untouched. */
export function passthrough<T extends object>(cmd: T): T {
  verbatim.add(cmd)
  return cmd
}

type Lazy<T> = T | Promise<T> | (() => T | Promise<T>) | undefined
const resolve = async <T>(v: Lazy<T>): Promise<T | undefined> => (typeof v === "function" ? (v as () => T)() : v)
const kebab = (s: string) => s.replace(/([a-z0-9])([A-Z])/g, "$1-$2").toLowerCase()
const aliases = (d: ArgDef): string[] => {
  const a = "alias" in d ? d.alias : undefined
  return a ? (Array.isArray(a) ? a : [a]) : []
}
const flagText = (name: string) => (name.length === 1 ? `-${name}` : `--${name}`)

function usage(message: string, hint: string): EgcError {
  return new EgcError("E_USAGE", message, { hint })
}

function flagsOf(args: ArgsDef): string {
  const list = Object.entries(args)
    .filter(([, d]) => d.type !== "positional")
    .map(([name, d]) => {
      if (d.type !== "boolean") return `--${kebab(name)} <value>`
      return `--${d.default === true ? "no-" : ""}${kebab(name)}`
    })
  return list.length ? `valid flags: ${list.join(", ")}` : "it takes no flags"
}

function find(args: ArgsDef, name: string): [string, ArgDef] | undefined {
  for (const [key, d] of Object.entries(args)) {
    if (d.type === "positional") continue
    if (key === name || kebab(key) === name || aliases(d).includes(name)) return [key, d]
  }
  return undefined
}

/** Throws E_USAGE (exit 64) for an unknown flag, a missing or invalid value, or an extra word. */
export async function checkArgv(cmd: AnyCommand, argv: string[], path: string): Promise<void> {
  const args = ((await resolve(cmd.args)) ?? {}) as ArgsDef
  const subs = (await resolve(cmd.subCommands)) as Record<string, unknown> | undefined
  const hasSubs = subs !== undefined && Object.keys(subs).length > 0
  const positionals: string[] = []
  const help = `see: ${path} --help`
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!
    if (a === "--") {
      if (verbatim.has(cmd)) return
      positionals.push(...argv.slice(i + 1))
      break
    }
    if (a.startsWith("-") && a !== "-") {
      const long = a.startsWith("--")
      const eq = a.indexOf("=")
      const name = long ? a.slice(2, eq === -1 ? undefined : eq) : a.slice(1)
      const inline = long && eq !== -1 ? a.slice(eq + 1) : undefined
      const negated = long && name.startsWith("no-") ? find(args, name.slice(3)) : undefined
      const direct = long || name.length === 1 ? find(args, name) : undefined
      const hit = direct ?? (negated?.[1].type === "boolean" ? negated : undefined)
      if (!hit) throw usage(`unknown flag '${long ? `--${name}` : a}' for '${path}'`, `${flagsOf(args)}; ${help}`)
      const [key, d] = hit
      if (d.type === "boolean") {
        if (inline !== undefined && inline !== "true" && inline !== "false") {
          throw usage(`${flagText(name)} takes no value (got '${inline}')`, help)
        }
        continue
      }
      let value = inline
      if (value === undefined) {
        const next = argv[i + 1]
        const missing = next === undefined || next === "--" || (next.startsWith("-") && next !== "-")
        const hint = `write ${flagText(name)}=<value> for a value that starts with -; ${help}`
        if (missing) throw usage(`${flagText(name)} needs a value`, hint)
        value = next
        i++
      }
      const options = d.type === "enum" ? ((d as { options?: string[] }).options ?? []) : []
      if (options.length && !options.includes(value)) {
        throw usage(`--${kebab(key)} must be one of ${options.join(", ")}, not '${value}'`, help)
      }
      continue
    }
    if (hasSubs && positionals.length === 0) {
      if (!Object.hasOwn(subs, a)) {
        throw usage(`unknown subcommand '${a}' for '${path}'`, `one of: ${Object.keys(subs).join(", ")}; ${help}`)
      }
      const sub = (await resolve(subs[a] as AnyCommand)) as AnyCommand
      return checkArgv(sub, argv.slice(i + 1), `${path} ${a}`)
    }
    positionals.push(a)
  }
  const declared = Object.entries(args).filter(([, d]) => d.type === "positional")
  if (positionals.length > declared.length) {
    const extra = positionals[declared.length]!
    const shown = extra.length > 60 ? `${extra.slice(0, 60)}…` : extra
    const takes = declared.length ? `it takes ${declared.map(([n]) => `<${n}>`).join(" ")}` : "it takes no arguments"
    const orSub = hasSubs ? ` or a subcommand (${Object.keys(subs).join(", ")})` : ""
    const hint = `${takes}${orSub}; quote a value that has spaces; ${help}`
    throw usage(`unexpected argument '${shown}' for '${path}'`, hint)
  }
}
