import type { Pipeline, Script, SimpleCommand } from "../core/shell/ast"
import { parseShell } from "../core/shell/parse"

/**
 * Which program really runs, read with the shell parser the guard uses (core/shell): env prefixes
 * and wrappers such as `npx`, `pnpm exec` or `uv run` are peeled off to find the program whose
 * output is filtered. The peeling is the crusher's own: the guard's wrappers recurse into what
 * they run and judge it; these only name the program that writes the output.
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

const FLAG_WITH_VALUE = new Set([
  "-p",
  "--package",
  "-c",
  "--cwd",
  "-C",
  "--dir",
  "--filter",
  "-w",
  "--workspace",
  "--with",
  "--python",
  "--project",
])

function skipFlags(words: string[], from: number): number {
  let i = from
  while (i < words.length && (words[i] ?? "").startsWith("-")) {
    if (words[i] === "--") return i + 1
    i += FLAG_WITH_VALUE.has(words[i] ?? "") ? 2 : 1
  }
  return i
}

function unwrap(input: string[]): string[] {
  let words = input
  for (let guard = 0; guard < 8 && words.length; guard++) {
    let i = 0
    while (i < words.length && ENV_ASSIGN.test(words[i] ?? "")) i++
    words = words.slice(i)
    const [head = "", second = ""] = words
    const name = head.split("/").pop() ?? head
    if (
      [
        "npx",
        "bunx",
        "pnpx",
        "time",
        "nice",
        "nohup",
        "command",
        "builtin",
        "exec",
        "stdbuf",
        "timeout",
        "xvfb-run",
        "dotenv",
      ].includes(name)
    ) {
      let next = skipFlags(words, 1)
      if (name === "timeout" && next < words.length) next++
      if (name === "stdbuf") next = skipFlags(words, 1)
      words = words.slice(next)
      continue
    }
    if (name === "env") {
      words = words.slice(skipFlags(words, 1))
      continue
    }
    if (["pnpm", "yarn", "npm", "bun"].includes(name) && ["exec", "dlx", "x"].includes(second)) {
      words = words.slice(skipFlags(words, 2))
      continue
    }
    if (
      ["uv", "poetry", "pipenv", "pdm", "hatch", "rye", "bundle", "conda", "mamba", "pixi"].includes(name) &&
      ["run", "exec"].includes(second)
    ) {
      words = words.slice(skipFlags(words, 2))
      continue
    }
    if (/^python[\d.]*$/.test(name) && second === "-m" && words[2]) {
      words = words.slice(2)
      continue
    }
    if (name === "sudo") {
      words = words.slice(skipFlags(words, 1))
      continue
    }
    break
  }
  return words.length ? [(words[0] ?? "").split("/").pop() ?? "", ...words.slice(1)] : []
}
