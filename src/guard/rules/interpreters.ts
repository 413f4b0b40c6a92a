import type { Invocation, Walk } from "../invocation"
import { ALLOW, type Verdict } from "../types"
import { ask, deny } from "./finding"
import { scanCode } from "./code-scan"
import { runWritten, writtenFile } from "./written"

const INTERPRETER =
  /^(python[0-9.]*|pypy[0-9.]*|node|nodejs|bun|deno|perl[0-9.]*|ruby[0-9.]*|php[0-9.]*|lua[0-9.]*|luajit|rscript|pwsh|powershell(\.exe)?|osascript|tclsh|awk|gawk|mawk|nawk|jshell|groovy|elixir|julia)$/

export const isInterpreter = (name: string): boolean => INTERPRETER.test(name)

/** The flag that carries inline code, per interpreter family. */
function codeFlag(name: string): RegExp {
  if (name.startsWith("python") || name.startsWith("pypy")) return /^-[a-zA-Z]*c$/
  if (name === "node" || name === "nodejs" || name === "bun") return /^(-e|--eval|-p|--print)$/
  if (name.startsWith("perl") || name.startsWith("ruby")) return /^-[a-zA-Z]*[eE]$/
  if (name.startsWith("php")) return /^-r$/
  if (name === "pwsh" || name.startsWith("powershell")) return /^-(c|command|encodedcommand|ec)$/i
  if (name === "osascript" || name === "elixir" || name === "julia") return /^-e$/
  if (name.startsWith("lua") || name === "luajit") return /^-e$/
  return /^-e$/
}

const VALUED = /^-[ImWXQOx]$|^--(require|import|loader|input-type|env-file)$/

/** Inline code and code fed on stdin are scanned for the same dangers as shell commands. */
export function interpreterRule(inv: Invocation, walk: Walk, name: string): Verdict {
  const args = inv.args
  const flag = codeFlag(name)
  const awk = name.endsWith("awk")
  for (let i = 1; i < args.length; i++) {
    const a = args[i]!.text
    const glued = /^--(eval|print)=/.exec(a)
    if (glued) return judgeCode(a.slice(glued[0].length), args[i]!.unknown, inv, walk, name)
    if (flag.test(a)) {
      const code = args[i + 1]
      return code ? judgeCode(code.text, code.unknown, inv, walk, name) : ALLOW
    }
    if (name === "deno" && a === "eval")
      return args[i + 1] ? judgeCode(args[i + 1]!.text, args[i + 1]!.unknown, inv, walk, name) : ALLOW
    if (awk && !a.startsWith("-")) return judgeCode(a, args[i]!.unknown, inv, walk, name)
    if (awk && a === "-f") return ALLOW
    if (a === "-") break
    if (a === "-m" && name.startsWith("python") && args[i + 1]) {
      walk.run({ ...inv, args: args.slice(i + 1) })
      return ALLOW
    }
    const written = a.startsWith("-") ? undefined : writtenFile(a, inv, walk)
    if (written) return runWritten(written, inv, walk, a, name)
    if (!a.startsWith("-"))
      return /(^|\/)manage\.py$/.test(a) && /^(flush|reset_db|sqlflush)$/.test(args[i + 1]?.text ?? "")
        ? ask(
            "db.framework-reset",
            `manage.py ${args[i + 1]!.text} deletes every row of the database`,
            "dump the data first",
          )
        : ALLOW
    if (VALUED.test(a)) i++
  }
  const stdin = inv.stdin
  if (!stdin) return ALLOW
  if (stdin.kind === "data") return judgeCode(stdin.text, false, inv, walk, name)
  if (stdin.fromNetwork)
    return deny(
      "net.pipe-to-shell",
      `piping ${stdin.producer} into ${name} runs code from the network without review`,
      "download the script to a file, read it, then run that file",
    )
  return ALLOW
}

function judgeCode(code: string, unknown: boolean, inv: Invocation, walk: Walk, name: string): Verdict {
  if (unknown && /\$\(|`/.test(code))
    return ask("interp.dynamic-code", `${name} runs code that is only known at run time`)
  const scanned = scanCode(code, inv.state, walk, name)
  const computed = computedCode(code)
  return computed && scanned.decision === "allow"
    ? ask(
        "interp.computed-code",
        `${name} builds the code or command it runs (${computed}), so it cannot be checked before it runs`,
        "write the command out literally",
      )
    : scanned
}

const LITERAL_ARG = String.raw`\s*(?:"[^"\n]*"|'[^'\n]*')\s*\)`
/** eval/exec of anything but one string literal: decoded, fetched, concatenated or read from a variable. */
const EVAL_COMPUTED = new RegExp(
  String.raw`\b(exec|eval|compile|Function|instance_eval|class_eval|module_eval|assert|evalcx)\s*\((?!${LITERAL_ARG})`,
)
/** A process started from a value, not a literal (awk's system(c), execSync(Buffer.from(…)), os.popen(cmd)). */
const SPAWN_COMPUTED =
  /\b(system|popen|Popen|execSync|execFileSync|spawnSync|spawn|check_output|check_call|getoutput|getstatusoutput|shell_exec|passthru|proc_open|IO\.popen|qx)\s*\(\s*(?!["'`[]|\))/
/** An attribute looked up from a computed name: getattr(os, 'sys' + 'tem'). */
const GETATTR_COMPUTED =
  /\b(getattr|__getattribute__|send|public_send|Reflect\.get)\s*\(\s*[^,()]+,\s*(?!["'][\w]+["']\s*[,)])/
const IMPORT_COMPUTED =
  /__import__\s*\(\s*(?!["'][\w.]+["']\s*\))|\bimportlib\.import_module\s*\(\s*(?!["'][\w.]+["']\s*\))|\brequire\s*\(\s*(?!["'`])/

/** Why the code computes what it runs, or undefined when everything it runs is written out. */
function computedCode(code: string): string | undefined {
  const m =
    EVAL_COMPUTED.exec(code) ?? SPAWN_COMPUTED.exec(code) ?? GETATTR_COMPUTED.exec(code) ?? IMPORT_COMPUTED.exec(code)
  return m ? `${m[0].trim()}…` : undefined
}
