import type { Pipeline, Script, SimpleCommand } from "../core/shell/ast"
import { parseShell } from "../core/shell/parse"
import { RUNNER_VALUED, RUNNERS, runsSubcommand, WRAPPERS } from "../core/shell/wrappers"
import { own } from "../core/own"

/**
 * Which program really runs, read with the shell parser the guard uses (core/shell): env prefixes
 * and wrappers such as `npx`, `pnpm exec` or `uv run` are peeled off to find the program whose
 * output is filtered. The wrapper table is the guard's (core/shell/wrappers.ts); the guard follows a
 * wrapper to judge what it runs, the crusher only names the program that writes the output.
 */

const ENV_ASSIGN = /^[A-Za-z_][A-Za-z0-9_]*=/

/** The pipeline's command when it is one simple command (no pipe, subshell or group). */
export const simpleCommand = (p: Pipeline | undefined): SimpleCommand | undefined =>
  p?.commands.length === 1 && p.commands[0]?.type === "simple" ? p.commands[0] : undefined

const isCd = (p: Pipeline): boolean => {
  const cmd = simpleCommand(p)
  return !!cmd && !cmd.assigns.length && !cmd.redirects.length && cmd.words[0]?.text === "cd"
}

/** Words of the first simple command, env prefixes and wrappers removed: `npx jest -w` → `jest -w`. */
export function programWords(command: string, script: Script = parseShell(command)): string[] {
  // text the parser had to recover from (an unterminated quote) is read as plain words: a filter still applies
  if (script.errors.length) return unwrap(command.split(/\s+/))
  let i = 0
  const pipes = script.pipelines
  // `cd dir && cmd`: judge the command that produces the output
  while (pipes[i] && isCd(pipes[i]!) && (pipes[i]!.next?.op === "&&" || pipes[i]!.next?.op === ";")) i++
  const cmd = pipes[i]?.commands[0]
  if (cmd?.type !== "simple") return []
  return unwrap([...cmd.assigns, ...cmd.words].map((w) => w.text))
}

/** Options up to the first other word, a valued one with its value (`--` ends them): the index after. */
function skipFlags(words: string[], from: number, valued: RegExp): number {
  let i = from
  while (i < words.length && (words[i] ?? "").startsWith("-") && (words[i] ?? "").length > 1) {
    if (words[i] === "--") return i + 1
    i += valued.test(words[i] ?? "") ? 2 : 1
  }
  return i
}

/** The wrapped command's words, or undefined when `words` does not start with a wrapper (core/shell/wrappers.ts). */
function peel(words: string[]): string[] | undefined {
  const [head = "", second] = words
  const name = head.split("/").pop() ?? head
  if (RUNNERS.has(name)) {
    // `npx jest@29`, `bunx @biomejs/biome`: the package's command
    const [pkg = "", ...rest] = words.slice(skipFlags(words, 1, RUNNER_VALUED))
    return pkg ? [pkg.replace(/^(@[^/]+\/)?([^@]+)(@.*)?$/, "$2"), ...rest] : []
  }
  if (runsSubcommand(name, second)) return words.slice(skipFlags(words, 2, RUNNER_VALUED))
  if (/^python[\d.]*$/.test(name) && second === "-m" && words[2]) return words.slice(2)
  const spec = own(WRAPPERS, name)
  if (!spec) return undefined
  let i = 1
  let operands = spec.operands ?? 0
  while (i < words.length) {
    const w = words[i] ?? ""
    if (w === "--") return words.slice(i + 1)
    if (spec.inert?.test(w)) return undefined
    if (w.startsWith("-") && w.length > 1) i += spec.valued.test(w) ? 2 : 1
    else if (operands > 0) {
      operands--
      i++
    } else break
  }
  return words.slice(i)
}

function unwrap(input: string[]): string[] {
  let words = input
  for (let guard = 0; guard < 8 && words.length; guard++) {
    let i = 0
    while (i < words.length && ENV_ASSIGN.test(words[i] ?? "")) i++
    words = words.slice(i)
    const inner = peel(words)
    if (!inner) break
    words = inner
  }
  return words.length ? [(words[0] ?? "").split("/").pop() ?? "", ...words.slice(1)] : []
}
