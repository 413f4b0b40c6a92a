import type { Invocation, Walk } from "../invocation"
import { ALLOW, type Verdict } from "../types"
import { ask, deny } from "./finding"
import { runWritten, writtenFile } from "./written"

const SHELLS = new Set([
  "bash",
  "sh",
  "zsh",
  "dash",
  "ksh",
  "mksh",
  "ash",
  "fish",
  "csh",
  "tcsh",
  "yash",
  "posh",
  "rbash",
])
const FETCH = /(^|[\s;|&(`])(curl|wget|fetch|http|xh|nc|ncat|aria2c)\s/

export const isShell = (name: string): boolean => SHELLS.has(name) || name === "source" || name === "."

const PIPE_TO_SHELL_ALT = "download the script to a file, read it, then run that file"

/** A shell runs `-c` text, a script file, or whatever arrives on stdin. */
export function shellRule(inv: Invocation, walk: Walk, name: string): Verdict {
  const args = inv.args
  if (name === "source" || name === ".") {
    const file = args[1]
    const written = writtenFile(file?.text, inv, walk)
    if (written) return runWritten(written, inv, walk, file!.text)
    return file?.unknown && /^<\(/.test(file.text) && FETCH.test(file.text.slice(2))
      ? deny("net.pipe-to-shell", `${name} runs a script downloaded from the network`, PIPE_TO_SHELL_ALT)
      : ALLOW
  }
  let i = 1
  let inline = false
  let stdinFlag = false
  while (i < args.length) {
    const a = args[i]!.text
    if (a === "--" || a === "-") {
      i++
      break
    }
    if (!/^[-+]/.test(a)) break
    if (/^-[a-zA-Z]*c[a-zA-Z]*$/.test(a)) inline = true
    if (/^-[a-zA-Z]*s[a-zA-Z]*$/.test(a)) stdinFlag = true
    i += /^[-+]o$|^-O$|^--(rcfile|init-file)$/.test(a) ? 2 : 1
  }
  const first = args[i]
  if (inline) {
    if (!first) return ALLOW
    if (first.unknown) {
      if (FETCH.test(first.text))
        return deny("net.pipe-to-shell", `${name} -c runs code downloaded from the network`, PIPE_TO_SHELL_ALT)
      walk.script(first.text, inv.state, `${name} -c`)
      return ask(
        "shell.dynamic-script",
        `${name} -c runs text that is only known at run time`,
        "run the command directly so it can be checked",
      )
    }
    walk.script(first.text, inv.state, `${name} -c`)
    return ALLOW
  }
  if (first && !stdinFlag) {
    const written = writtenFile(first.text, inv, walk)
    if (written) return runWritten(written, inv, walk, first.text)
    if (first.unknown && /^<\(/.test(first.text) && FETCH.test(first.text.slice(2)))
      return deny("net.pipe-to-shell", `${name} runs a script downloaded from the network`, PIPE_TO_SHELL_ALT)
    return ALLOW
  }
  return stdinRule(inv, walk, name)
}

function stdinRule(inv: Invocation, walk: Walk, name: string): Verdict {
  const stdin = inv.stdin
  if (!stdin) return ALLOW
  if (stdin.kind === "data") {
    walk.script(stdin.text, inv.state, `the script fed to ${name}`)
    return ALLOW
  }
  if (stdin.fromNetwork)
    return deny(
      "net.pipe-to-shell",
      `piping ${stdin.producer} into ${name} runs code from the network without review`,
      PIPE_TO_SHELL_ALT,
    )
  if (stdin.producer === "xargs" || stdin.producer.startsWith("file ")) return ALLOW
  return ask(
    "shell.stdin-script",
    `${name} runs whatever ${stdin.producer} writes, which cannot be checked beforehand`,
    "save the script to a file and review it first",
  )
}
