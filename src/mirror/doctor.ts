import { existsSync } from "node:fs"
import type { Check, CheckProvider } from "../core/doctor"
import { errorMessage } from "../core/errors"
import { mirrorStatus } from "./index"

/**
 * `egc doctor`: a mirror that is on must still be guarded. The filter is required, so when the egc
 * it names is gone, `git add` of a mirrored file fails: say so before the person meets it.
 */
export const mirrorChecks: CheckProvider = ({ cwd }) => [check(cwd)]

/** The program a filter command runs: its first word, unquoted as the shell would. */
const program = (command: string) => /^'((?:[^']|'\\'')*)'/.exec(command)?.[1]?.replace(/'\\''/g, "'")

function check(cwd: string): Check {
  let s: ReturnType<typeof mirrorStatus>
  try {
    s = mirrorStatus(cwd)
  } catch (e) {
    return { name: "mirror", status: "ok", detail: `no mirror here (${errorMessage(e)})` }
  }
  const fix = "egc mirror on (sets the filter to this egc again), or egc mirror off"
  const command = s.filter.command
  if (!s.on)
    return command
      ? { name: "mirror", status: "warn", detail: "off, but egc's clean filter is still set in .git/config", fix }
      : { name: "mirror", status: "ok", detail: "off for this repository (egc mirror on to write one)" }
  const exe = command ? program(command) : undefined
  if (!command || !s.filter.required)
    return { name: "mirror", status: "fail", detail: "on, but the clean filter is not set (blocks are withheld)", fix }
  if (exe && !existsSync(exe))
    return { name: "mirror", status: "fail", detail: `the clean filter runs ${exe}, which is gone: git add fails`, fix }
  const bad = s.files.filter((f) => f.exists && !f.guarded)
  if (bad.length)
    return {
      name: "mirror",
      status: "warn",
      detail: `withheld (not guarded): ${bad.map((f) => `${f.file} (${f.reason ?? "?"})`).join(", ")}`,
      fix: "egc mirror status shows why; egc mirror refresh withholds what git would commit",
    }
  const held = s.files.filter((f) => f.exists && f.block === "present").length
  return { name: "mirror", status: "ok", detail: `on; ${held} instruction file(s) hold the block, all guarded` }
}
