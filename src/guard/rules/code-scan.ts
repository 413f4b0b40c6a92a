import type { Walk, WalkState } from "../invocation"
import { ALLOW, type Verdict } from "../types"
import { ask, deny } from "./finding"

const MAX_CODE = 200_000

/** Calls that hand a string to a shell or start a process. */
const EXEC_API =
  /\b(os\.system|os\.popen|os\.exec\w*|os\.spawn\w*|subprocess|Popen|getoutput|system|exec|execSync|execFileSync|spawnSync|spawn|execFile|shell_exec|passthru|proc_open|popen|IO\.popen|Open3|Bun\.spawn\w*|Deno\.Command|Deno\.run|Runtime\.getRuntime|Process\.Start|child_process|Start-Process|Invoke-Expression|iex|do shell script)\b|`[^`]+`|%x[({[]|\bBun\.\$/

/** Library calls that delete files or directories. */
const DELETE_API =
  /\b(shutil\.rmtree|os\.remove|os\.unlink|os\.rmdir|os\.removedirs|rmtree|remove_tree|rmSync|rmdirSync|unlinkSync|fs\.rm|fs\.rmdir|fs\.unlink|fsPromises\.rm|promises\.rm|rimraf|FileUtils\.(rm_rf|rm_r|rm_f|rm|remove_dir|remove_entry\w*|rmtree)|File\.delete|Dir\.(rmdir|delete|unlink)|Remove-Item|os\.RemoveAll|remove_dir_all|Deno\.remove(Sync)?)\b|\.unlink\(|\.rmdir\(|\b(unlink|rmdir)\s*[( ]/

const SHELL_HEAD =
  /^\s*(sudo\s+)?(rm|git|dd|mkfs\S*|chmod|chown|find|kubectl|docker|shred|wipefs|truncate|kill|pkill|killall|shutdown|reboot|terraform|aws|gcloud)\s/

const CATASTROPHIC =
  /^(\/|\/\*|~\/?|\/(etc|usr|bin|sbin|boot|lib\w*|var|home|root|Users|System|Library|opt|srv)(\/[^/]*)?\/?\*?)$/

/**
 * Scans interpreter code: shell text handed to an exec call is judged as shell; library deletes
 * ask (and deny on a catastrophic literal path); code that is itself shell text is judged as shell.
 */
export function scanCode(code: string, state: WalkState, walk: Walk, lang: string): Verdict {
  if (code.length > MAX_CODE)
    return ask("interp.too-large", `the ${lang} code is too large to check within the time cap`)
  if (SHELL_HEAD.test(code)) walk.script(code, state, `${lang} code that is shell text`)
  let verdict: Verdict = ALLOW
  if (EXEC_API.test(code)) {
    for (const command of embeddedCommands(code)) walk.script(command, state, `a command run from ${lang}`)
  }
  const del = DELETE_API.exec(code)
  if (del) {
    const target = literals(code).find((l) => CATASTROPHIC.test(l))
    verdict = target
      ? deny(
          "interp.delete",
          `the ${lang} code deletes ${target} (${del[0].trim()})`,
          "delete a path inside the project instead",
        )
      : ask(
          "interp.delete",
          `the ${lang} code deletes files (${del[0].trim()}); check the target before it runs`,
          "delete with rm on an explicit path so the guard can check it",
        )
  }
  return verdict
}

/** String literals, backtick bodies, and list literals joined into one command line. */
function embeddedCommands(code: string): string[] {
  const out: string[] = []
  for (const m of code.matchAll(/\[((?:\s*(?:"[^"\n]*"|'[^'\n]*')\s*,?)+)\]/g)) out.push(literals(m[1]!).join(" "))
  for (const m of code.matchAll(/`([^`]+)`|%x[({[]([^)}\]]+)[)}\]]/g)) out.push((m[1] ?? m[2])!)
  out.push(...literals(code))
  return out.filter((c) => /^\s*[A-Za-z/.~\\]/.test(c))
}

function literals(code: string): string[] {
  const out: string[] = []
  for (const m of code.matchAll(/"((?:[^"\\\n]|\\.)*)"|'((?:[^'\\\n]|\\.)*)'/g))
    out.push((m[1] ?? m[2] ?? "").replace(/\\(["'\\])/g, "$1"))
  return out
}
