import { resolve } from "node:path"
import { RUNNER_VALUED, RUNNERS, runsSubcommand, WRAPPERS } from "../../core/shell/wrappers"
import { type Arg, type Invocation, literal, placeholder, type Walk } from "../invocation"
import { own } from "../../core/own"

/**
 * Commands that run another command (the table is core/shell/wrappers.ts, shared with the crusher): the
 * guard judges what they run.
 * Returns the invocation a wrapper runs, null when the wrapper runs nothing judgeable, or undefined
 * when `name` is not a wrapper.
 */
export function unwrap(name: string, inv: Invocation, walk: Walk): Invocation | null | undefined {
  const args = inv.args
  if (name === "command") return commandBuiltin(inv)
  if (name === "env") return envCommand(inv, walk)
  if (name === "busybox" || name === "toybox") return args.length > 1 ? { ...inv, args: args.slice(1) } : null
  if (name === "xargs") return xargs(inv, walk)
  if (name === "parallel") return parallel(inv, walk)
  if (name === "watch") return watch(inv, walk)
  if (name === "su") return su(inv, walk)
  if (RUNNERS.has(name)) return runner(inv, walk, 1)
  if (runsSubcommand(name, args[1]?.text)) return runner(inv, walk, 2)
  const spec = own(WRAPPERS, name)
  if (!spec) return undefined
  const chdir = name === "sudo" ? args.findIndex((a) => a.text === "-D" || a.text === "--chdir") : -1
  if (chdir !== -1 && args[chdir + 1])
    inv = {
      ...inv,
      state: {
        ...inv.state,
        cwd:
          args[chdir + 1]!.unknown || inv.state.cwd === undefined
            ? undefined
            : resolve(inv.state.cwd, args[chdir + 1]!.text),
      },
    }
  let i = 1
  let operands = spec.operands ?? 0
  while (i < args.length) {
    const a = args[i]!.text
    if (a === "--") {
      i++
      break
    }
    if (spec.inert?.test(a)) return null
    if (a.startsWith("-") && a.length > 1) {
      i += spec.valued.test(a) ? 2 : 1
      continue
    }
    if (/^[A-Za-z_][A-Za-z0-9_]*=/.test(a) && (name === "sudo" || name === "doas")) {
      i++
      continue
    }
    if (operands > 0) {
      operands--
      i++
      continue
    }
    break
  }
  return i < args.length ? { ...inv, args: args.slice(i) } : null
}

/** Package runners (`npx`, `bunx`, `pnpm dlx`, `npm exec`, `uvx`, …) run the package's command. */
function runner(inv: Invocation, walk: Walk, start: number): Invocation | null {
  const args = inv.args
  let i = start
  while (i < args.length && args[i]!.text.startsWith("-")) {
    const a = args[i]!.text
    if (a === "--") {
      i++
      break
    }
    if (a === "-c" || a === "--call") {
      walk.script(args[i + 1]?.text ?? "", inv.state, `${args[0]!.text} -c`)
      return null
    }
    i += RUNNER_VALUED.test(a) ? 2 : 1
  }
  if (i >= args.length) return null
  const pkg = args[i]!.text.replace(/^(@[^/]+\/)?([^@]+)(@.*)?$/, "$2")
  return { ...inv, args: [{ ...args[i]!, text: pkg }, ...args.slice(i + 1)] }
}

/** `su [user] -c CMD` runs CMD through the user's shell. */
function su(inv: Invocation, walk: Walk): null {
  const args = inv.args
  for (let i = 1; i < args.length; i++) {
    const a = args[i]!.text
    if (a === "-c" || a === "--command") walk.script(args[i + 1]?.text ?? "", inv.state, "su -c")
    else if (a.startsWith("--command=")) walk.script(a.slice(10), inv.state, "su -c")
  }
  return null
}

/** `command -v git` looks a name up; `command git reset --hard` runs it. */
function commandBuiltin(inv: Invocation): Invocation | null {
  const args = inv.args
  let i = 1
  let lookup = false
  while (i < args.length && args[i]!.text.startsWith("-") && args[i]!.text !== "-") {
    if (args[i]!.text === "--") {
      i++
      break
    }
    if (/[vV]/.test(args[i]!.text)) lookup = true
    i++
  }
  const rest = args.slice(i)
  if (!rest.length || (lookup && rest.length === 1)) return null
  return { ...inv, args: rest }
}

function envCommand(inv: Invocation, walk: Walk): Invocation | null {
  const args = inv.args
  let i = 1
  while (i < args.length) {
    const a = args[i]!.text
    if (a === "--") {
      i++
      continue
    }
    if (a === "-S" || a.startsWith("-S") || a.startsWith("--split-string")) {
      const text =
        a === "-S" || a === "--split-string" ? (args[i + 1]?.text ?? "") : a.replace(/^-S|^--split-string=/, "")
      const rest = args.slice(a === "-S" || a === "--split-string" ? i + 2 : i + 1).map((x) => x.text)
      walk.script([text, ...rest].join(" "), inv.state, "env -S")
      return null
    }
    const chdir =
      a === "-C" || a === "--chdir"
        ? args[i + 1]
        : /^-C.|^--chdir=/.test(a)
          ? { ...args[i]!, text: a.replace(/^-C|^--chdir=/, "") }
          : undefined
    if (chdir)
      inv = {
        ...inv,
        state: {
          ...inv.state,
          cwd: chdir.unknown || inv.state.cwd === undefined ? undefined : resolve(inv.state.cwd, chdir.text),
        },
      }
    if (/^-[uC]$|^--(unset|chdir)$/.test(a)) i += 2
    else if (a.startsWith("-")) i++
    else if (/^[A-Za-z_][A-Za-z0-9_]*=/.test(a)) {
      const eq = a.indexOf("=")
      inv.state.vars.set(a.slice(0, eq), args[i]!.unknown ? undefined : a.slice(eq + 1))
      i++
    } else break
  }
  return i < args.length ? { ...inv, args: args.slice(i) } : null
}

const XARGS_VALUED = /^-[EILnPsdaJR]$|^--(max-lines|max-args|max-procs|max-chars|delimiter|arg-file|process-slot-var)$/

/** `xargs CMD`: CMD runs with words from stdin appended (or put in place of `-I` placeholders). */
function xargs(inv: Invocation, walk: Walk): null {
  const args = inv.args
  let i = 1
  let replace: string | undefined
  while (i < args.length && args[i]!.text.startsWith("-")) {
    const a = args[i]!.text
    if (a === "--") {
      i++
      break
    }
    if (a === "-I" || a === "-J") replace = args[i + 1]?.text
    else if (/^-I./.test(a)) replace = a.slice(2)
    else if (/^-i/.test(a) || a.startsWith("--replace")) replace = a.replace(/^-i|^--replace=?/, "") || "{}"
    i += XARGS_VALUED.test(a) ? 2 : 1
  }
  const cmd = args.slice(i)
  if (!cmd.length) return null
  const hint = inv.stdin?.kind === "data" && inv.stdin.literal ? inv.stdin.text.trim() : undefined
  const roots = inv.stdin?.kind === "stream" ? inv.stdin.roots : undefined
  const slot = (text: string): Arg => ({ ...placeholder(text, hint), ...(roots ? { roots } : {}) })
  const slotted = replace !== undefined && cmd.some((a) => a.text.includes(replace!))
  const filled = slotted ? cmd.map((a) => (a.text.includes(replace!) ? slot(a.text) : a)) : [...cmd, slot("{}")]
  walk.run({ ...inv, args: filled, stdin: { kind: "stream", producer: "xargs", fromNetwork: false } })
  return null
}

/** `parallel CMD ::: a b` runs CMD once per argument; `parallel ::: 'cmd1' 'cmd2'` runs each argument. */
function parallel(inv: Invocation, walk: Walk): null {
  const args = inv.args
  let i = 1
  while (i < args.length && args[i]!.text.startsWith("-") && !args[i]!.text.startsWith(":::"))
    i += /^-[jSIX]$|^--(jobs|sshlogin|colsep|joblog|delay|timeout|results)$/.test(args[i]!.text) ? 2 : 1
  const sep = args.findIndex((a, k) => k >= i && (a.text === ":::" || a.text === "::::" || a.text === ":::+"))
  const cmd = args.slice(i, sep === -1 ? undefined : sep)
  const inputs = sep === -1 ? [] : args.slice(sep + 1).filter((a) => !a.text.startsWith(":::"))
  if (!cmd.length) {
    for (const a of inputs) walk.script(a.text, inv.state, "a command given to parallel")
    return null
  }
  const values: Arg[] = sep === -1 ? [placeholder()] : inputs
  for (const value of values.length ? values : [placeholder()]) {
    const hasSlot = cmd.some((a) => a.text.includes("{}"))
    const filled = hasSlot
      ? cmd.map((a) =>
          a.text.includes("{}")
            ? value.unknown
              ? placeholder(a.text)
              : literal(a.text.replaceAll("{}", value.text))
            : a,
        )
      : [...cmd, value]
    walk.run({ ...inv, args: filled })
  }
  return null
}

function watch(inv: Invocation, walk: Walk): null {
  let i = 1
  while (i < inv.args.length && inv.args[i]!.text.startsWith("-")) i += /^-[nd]$/.test(inv.args[i]!.text) ? 2 : 1
  const rest = inv.args.slice(i).map((a) => a.text)
  if (rest.length) walk.script(rest.join(" "), inv.state, "the command given to watch")
  return null
}
