import type { Config } from "../core/config"
import { programWords, tokenize } from "./command"
import { familyOf } from "./family"

// Programs that talk to a person, take over the terminal, or never end.
const INTERACTIVE = new Set(["vi", "vim", "nvim", "nano", "emacs", "less", "more", "most", "man", "top", "htop", "btop", "watch", "ssh", "mosh", "telnet", "ftp", "sftp", "psql", "mysql", "sqlite3", "mongo", "mongosh", "redis-cli", "irb", "pry", "ipython", "fzf", "tmux", "screen", "sudo", "su", "passwd", "gdb", "lldb"])
const REPLS = new Set(["python", "python3", "node", "bun", "deno", "ruby", "php", "bash", "sh", "zsh", "fish"])

function interactive(words: string[]): boolean {
  const [name = "", sub = ""] = words
  if (INTERACTIVE.has(name)) return true
  if (REPLS.has(name) && words.length === 1) return true
  if (words.some((w) => /^(?:-i|-it|-ti|--interactive|--tty|-t|--watch|--watchAll|-w|--follow|-f|--ui|--headed|--debug|--inspect(?:-brk)?(?:=.*)?)$/.test(w))) {
    // -f means "file" for some programs; it is "follow" for the ones that stream
    return !words.includes("-f") || ["tail", "journalctl", "docker", "kubectl", "podman", "stern", "less"].includes(name) || words.some((w) => w !== "-f" && /^(?:-i|-it|-ti|--interactive|--tty|-t|--watch|--watchAll|-w|--follow|--ui|--headed)$/.test(w))
  }
  if (name === "git" && (["rebase", "add", "commit", "mergetool", "difftool"].includes(sub) && (words.includes("-i") || words.includes("-p") || words.includes("--patch") || (sub === "commit" && !words.some((w) => /^(?:-m|--message|-F|--file|--no-edit|--amend)/.test(w)))))) return true
  if (["npm", "pnpm", "yarn", "bun"].includes(name) && (sub === "init" || sub === "create" || /^(?:dev|start|serve|watch|preview)/.test(sub === "run" ? (words[2] ?? "") : sub))) return true
  return false
}

const quote = (s: string): string => (/^[\w@%+=:,./-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`)

/**
 * The command to run instead (`'/abs/egc' crush -- git status`), or undefined when crushing does
 * not help or is unsafe: interactive or endless commands, pipes into other programs, output
 * redirected to a file, compound commands, a disabled family, crush or rewriting turned off.
 */
export function rewriteForCrush(command: string, opts: { bin: string; config: Config["crush"] }): string | undefined {
  if (!opts.config.enabled || !opts.config.rewrite) return undefined
  if (/[`]|\$\(|<<|<\(|>\(/.test(command)) return undefined
  const tokens = tokenize(command)
  if (!tokens?.length) return undefined
  let start = 0
  const ops = tokens.filter((t) => t.kind === "op")
  if (ops.length) {
    // `cd dir && cmd` is the one compound form: the output is cmd's
    const [first, ...rest] = ops
    const simple = (ops.length === 1 && first?.value === "2>&1") || (tokens[0]?.value === "cd" && first?.value === "&&" && tokens.indexOf(first) === 2 && rest.every((o) => o.value === "2>&1"))
    if (!simple) return undefined
    if (first?.value === "&&") start = first.end ?? 0
  }
  const words = programWords(command)
  const name = words[0] ?? ""
  if (!name || name === "egc" || name === "cd" || interactive(words)) return undefined
  const family = familyOf(command)
  if (!family || family === "generic" || opts.config.disabledFamilies.includes(family)) return undefined
  const prefix = command.slice(0, start)
  let rest = command.slice(start).trim().replace(/\s*2>&1\s*$/, "")
  if (/^[A-Za-z_][A-Za-z0-9_]*=/.test(rest)) rest = `env ${rest}`
  return `${prefix}${prefix ? " " : ""}${quote(opts.bin)} crush -- ${rest}`
}
