import type { Config } from "../core/config"
import type { Redirect, Script } from "../core/shell/ast"
import { parseShell } from "../core/shell/parse"
import { programWords, simpleCommand } from "./command"
import { familyOfWords } from "./family"

// Programs that talk to a person, take over the terminal, or never end.
const INTERACTIVE = new Set([
  "vi",
  "vim",
  "nvim",
  "nano",
  "emacs",
  "less",
  "more",
  "most",
  "man",
  "top",
  "htop",
  "btop",
  "watch",
  "ssh",
  "mosh",
  "telnet",
  "ftp",
  "sftp",
  "psql",
  "mysql",
  "sqlite3",
  "mongo",
  "mongosh",
  "redis-cli",
  "irb",
  "pry",
  "ipython",
  "fzf",
  "tmux",
  "screen",
  "sudo",
  "su",
  "passwd",
  "gdb",
  "lldb",
])
const REPLS = new Set(["python", "python3", "node", "bun", "deno", "ruby", "php", "bash", "sh", "zsh", "fish"])

// Flags that make any program wait for a person or run until stopped.
const INTERACTIVE_FLAG =
  /^(?:-it|-ti|--interactive|--tty|--watch|--watchAll|--follow|--ui|--headed|--inspect(?:-brk)?(?:=.*)?)$/
// Short flags mean that only for some programs: `-f` follows for the ones that stream (elsewhere
// it is a file or force), `-w` watches for compilers and bundlers (jest's is workers), `-i`/`-t`
// attach a terminal for containers (docker build's `-t` is a tag).
const FOLLOWERS = new Set(["tail", "journalctl", "docker", "kubectl", "podman", "stern", "less"])
const WATCHERS = new Set([
  "tsc",
  "vue-tsc",
  "mocha",
  "webpack",
  "rollup",
  "esbuild",
  "tsup",
  "vite",
  "nodemon",
  "sass",
  "babel",
])
const CONTAINERS = new Set(["docker", "podman", "nerdctl", "kubectl", "oc"])

function interactive(words: string[]): boolean {
  const [name = "", sub = ""] = words
  if (INTERACTIVE.has(name) || (REPLS.has(name) && words.length === 1)) return true
  if (words.some((w) => INTERACTIVE_FLAG.test(w))) return true
  if ((FOLLOWERS.has(name) && words.includes("-f")) || (WATCHERS.has(name) && words.includes("-w"))) return true
  if (CONTAINERS.has(name) && ["run", "exec", "attach"].includes(sub) && words.some((w) => w === "-i" || w === "-t"))
    return true
  if (name === "git") {
    if (
      ["rebase", "add", "checkout", "reset", "stash"].includes(sub) &&
      words.some((w) => w === "-i" || w === "-p" || w === "--patch" || w === "--interactive")
    )
      return true
    // a commit without a message opens an editor
    if (
      sub === "commit" &&
      !words.some((w) => /^(?:-m|--message|-F|--file|--no-edit|-C|--reuse-message|--fixup)/.test(w))
    )
      return true
  }
  const script = sub === "run" ? (words[2] ?? "") : sub
  return (
    ["npm", "pnpm", "yarn", "bun"].includes(name) &&
    (sub === "init" || sub === "create" || /^(?:dev|start|serve|watch|preview)/.test(script))
  )
}

const mergesStderr = (r: Redirect) => r.fd === "2" && r.op === ">&" && r.target?.raw === "1"

/**
 * Where the crushed command starts, when the line is one simple command (`2>&1` allowed) or
 * `cd dir && command`, the one compound form whose output is the command's; undefined otherwise.
 */
function crushableFrom(command: string, script: Script): number | undefined {
  if (script.errors.length || script.truncated) return undefined
  const [first, second, ...more] = script.pipelines
  if (!first || more.length) return undefined
  let start = 0
  if (second) {
    const cd = simpleCommand(first)
    const [name, dir, ...extra] = cd?.words ?? []
    const plainCd = cd && !cd.assigns.length && !cd.redirects.length && name?.text === "cd" && dir && !extra.length
    if (!plainCd || first.next?.op !== "&&") return undefined
    start = first.next.end
  }
  const main = simpleCommand(second ?? first)
  if (!main || (second ?? first).next || !main.redirects.every(mergesStderr)) return undefined
  // array assignments, and keywords or redirections before the command (`! x`, `{ x; }`), are not simple
  const lead = main.assigns[0] ?? main.words[0]
  if (!lead || main.assigns.some((a) => a.raw.includes("("))) return undefined
  return command.slice(start).trimStart().startsWith(lead.raw) ? start : undefined
}

const quote = (s: string): string => (/^[\w@%+=:,./-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`)

/**
 * The command to run instead (`'/abs/egc' crush -- git status`; `bin` may be an argv, as bun + script from source), or undefined when crushing does
 * not help or is unsafe: interactive or endless commands, pipes into other programs, output
 * redirected to a file, compound commands, a disabled family, crush or rewriting turned off.
 * `config` is the crush section, or the whole configuration (the hooks' port passes that).
 */
export function rewriteForCrush(
  command: string,
  opts: { bin: string | readonly string[]; config: Config["crush"] | Config },
): string | undefined {
  const config = "crush" in opts.config ? opts.config.crush : opts.config
  if (!config.enabled || !config.rewrite) return undefined
  if (/[`]|\$\(|<<|<\(|>\(/.test(command)) return undefined
  const script = parseShell(command)
  const start = crushableFrom(command, script)
  if (start === undefined) return undefined
  const words = programWords(command, script)
  const name = words[0] ?? ""
  if (!name || name === "egc" || name === "cd" || interactive(words)) return undefined
  const family = familyOfWords(words)
  if (!family || family === "generic" || config.disabledFamilies.includes(family)) return undefined
  const prefix = command.slice(0, start)
  let rest = command
    .slice(start)
    .trim()
    .replace(/\s*2>&1\s*$/, "")
  if (/^[A-Za-z_][A-Za-z0-9_]*=/.test(rest)) rest = `env ${rest}`
  const egc = (typeof opts.bin === "string" ? [opts.bin] : opts.bin).map(quote).join(" ")
  return `${prefix}${prefix ? " " : ""}${egc} crush -- ${rest}`
}
