import { type Invocation, literal, type Walk, type Written } from "../invocation"
import { resolveArg } from "../paths"
import { ALLOW, type Verdict } from "../types"
import { scanCode } from "./code-scan"
import { deny } from "./finding"

const SHELL_FILE = /\.(sh|bash|zsh|ksh)$/

/** The file at `path` as written earlier in this command line, when it was. */
export function writtenFile(path: string | undefined, inv: Invocation, walk: Walk): Written | undefined {
  if (!path || !walk.written?.size) return undefined
  const abs = resolveArg(literal(path), inv.state, walk.scene)
  return abs ? walk.written.get(abs) : undefined
}

/**
 * Running a file this same command line wrote: a download is code from the network run without
 * review (as `curl | sh` is); literal text is judged as the code it is.
 */
export function runWritten(file: Written, inv: Invocation, walk: Walk, origin: string, lang = "sh"): Verdict {
  if (file.fromNetwork)
    return deny(
      "net.pipe-to-shell",
      `${origin} runs a file downloaded earlier in the same command (${file.by}) without review`,
      "download the script, read it, then run it in a separate step",
    )
  if (file.text === undefined) return ALLOW
  if (lang === "sh" || SHELL_FILE.test(origin))
    walk.script(file.text, inv.state, `the script ${origin} written earlier in the command`)
  else return scanCode(file.text, inv.state, walk, lang)
  return ALLOW
}
