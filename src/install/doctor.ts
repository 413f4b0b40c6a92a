import { existsSync } from "node:fs"
import { isAbsolute } from "node:path"
import type { Check, CheckProvider } from "../core/doctor"
import { errorMessage } from "../core/errors"
import { env } from "../core/env"
import { userHome } from "../core/paths"
import { resolveProject } from "../core/project"
import { HOOK_PROBE_MARK } from "../hooks"
import { VERSION } from "../version"
import { geminiTrustCheck } from "./gemini-trust"
import { isEgcHookCommand } from "./command"
import { opPresent } from "./edit"
import { readText } from "./fsx"
import { listServeTools, runWithDeadline } from "./probe-run"
import { loadRecord, type InstallRecord } from "./record"
import type { Op } from "./types"

/**
 * `egc doctor` for the installer: every recorded operation is still in its file, the binary
 * they point at exists and is this version, `egc serve` answers tools/list, every hook runs.
 */
export const installChecks: CheckProvider = async ({ cwd }) => {
  let record: InstallRecord | undefined
  try {
    record = loadRecord()
  } catch (e) {
    return [
      {
        name: "install",
        status: "fail",
        detail: errorMessage(e),
        fix: "move $EGC_HOME/install.json aside and run egc install",
      },
    ]
  }
  if (!record || Object.keys(record.files).length === 0)
    return [{ name: "install", status: "warn", detail: "egc is not registered in any coding tool", fix: "egc install" }]
  const checks: Check[] = [...entryChecks(record)]
  const gemini = Object.values(record.files).some((e) => e.ops.some((o) => o.target === "gemini"))
  const trust = gemini ? geminiTrustCheck(userHome(), folderOf(cwd)) : undefined
  if (trust) checks.push(trust)
  const bins = await Promise.all([...binariesIn(record)].map((b) => binCheck(b, cwd)))
  checks.push(...bins)
  if (bins.every((b) => b.status === "ok"))
    checks.push(await serveCheck(record.bin, cwd), await hooksCheck(record, cwd))
  return checks
}

/** Per coding tool: every recorded entry still in its file (cheap: no process is run; `egc status` uses it). */
export function entryChecks(record: InstallRecord): Check[] {
  const byTarget = new Map<string, string[]>()
  for (const [real, entry] of Object.entries(record.files)) {
    const text = readText(real)
    for (const o of entry.ops) {
      const problems = byTarget.get(o.target) ?? []
      if (text === null) problems.push(`${entry.path} is missing`)
      else if (!opPresent(text, o.op)) problems.push(`${o.purpose} entry in ${entry.path} is missing or changed`)
      byTarget.set(o.target, problems)
    }
  }
  return [...byTarget].map(
    ([target, problems]): Check =>
      problems.length
        ? {
            name: `install ${target}`,
            status: "fail",
            detail: [...new Set(problems)].join("; "),
            fix: `egc install --target ${target}`,
          }
        : { name: `install ${target}`, status: "ok", detail: "every recorded entry is in place" },
  )
}

const folderOf = (cwd: string): string => {
  try {
    return resolveProject(cwd).root
  } catch {
    return cwd
  }
}

/** A bare `egc` (what `--scope project` writes into committed files) is whatever PATH finds. */
function onPath(bin: string): string | undefined {
  if (bin.includes("/") || bin.includes("\\")) return bin
  return Bun.which(bin, { PATH: env.path() }) ?? undefined
}

async function binCheck(given: string, cwd: string): Promise<Check> {
  const bin = onPath(given)
  if (!bin) {
    const fix = "put egc on PATH (egc install --bin-dir ~/.local/bin), or reinstall with --scope user"
    return { name: "install bin", status: "fail", detail: `project files run \`${given}\`, and it is not on PATH`, fix }
  }
  if (!existsSync(bin))
    return {
      name: "install bin",
      status: "fail",
      detail: `${bin} does not exist; egc entries point at it`,
      fix: "egc install (from the binary you want to keep)",
    }
  try {
    const r = await runWithDeadline([bin, "--version"], { cwd, ms: 5000 })
    const version = r.stdout.trim()
    if (r.code !== 0)
      return {
        name: "install bin",
        status: "fail",
        detail: `${bin} --version failed (exit ${r.code})`,
        fix: "egc install --bin <working egc binary>",
      }
    if (version !== VERSION)
      return {
        name: "install bin",
        status: "fail",
        detail: `${bin} is version ${version}, this egc is ${VERSION}`,
        fix: "egc install (re-registers this binary)",
      }
    return { name: "install bin", status: "ok", detail: `${bin} (version ${version})` }
  } catch (e) {
    return {
      name: "install bin",
      status: "fail",
      detail: `${bin} does not run: ${errorMessage(e)}`,
      fix: "egc install --bin <working egc binary>",
    }
  }
}

async function serveCheck(bin: string, cwd: string): Promise<Check> {
  try {
    const tools = await listServeTools(bin, cwd)
    return tools.length
      ? { name: "install serve", status: "ok", detail: `egc serve answers tools/list (${tools.length} tools)` }
      : {
          name: "install serve",
          status: "fail",
          detail: "egc serve lists no tools",
          fix: "check EGC_MCP_TOOLS and the mcp section of the config",
        }
  } catch (e) {
    return {
      name: "install serve",
      status: "fail",
      detail: `egc serve did not answer tools/list: ${errorMessage(e)}`,
      fix: "run egc serve by hand to see its error",
    }
  }
}

/**
 * Every distinct hook command line egc registered, run with an empty payload: it answers neutrally
 * (exit 0), or on a pre-tool event asks with HOOK_PROBE_MARK, which some tools' protocols exit 2 for.
 */
async function hooksCheck(record: InstallRecord, cwd: string): Promise<Check> {
  const commands = new Set<string>()
  for (const entry of Object.values(record.files))
    for (const o of entry.ops) for (const c of hookCommandsIn(o.op)) commands.add(c)
  if (commands.size === 0) return { name: "install hooks", status: "ok", detail: "no hook commands recorded" }
  const failed: string[] = []
  const queue = [...commands]
  const worker = async () => {
    for (let command = queue.shift(); command !== undefined; command = queue.shift()) {
      const shell = process.platform === "win32" ? ["cmd", "/c", command] : ["/bin/sh", "-c", command]
      // the probe's empty payload is expected: the hook must not log it as an unreadable one
      const r = await runWithDeadline(shell, { cwd, stdin: "", ms: 10_000, env: { EGC_HOOK_PROBE: "1" } })
      const asked = r.code === 2 && `${r.stdout}${r.stderr}`.includes(HOOK_PROBE_MARK)
      if (r.code !== 0 && !asked)
        failed.push(
          `${command} → ${r.code === null ? "timed out" : `exit ${r.code}`}${r.stderr.trim() ? ` (${r.stderr.trim().split("\n")[0]})` : ""}`,
        )
    }
  }
  await Promise.all(Array.from({ length: 4 }, worker))
  return failed.length
    ? {
        name: "install hooks",
        status: "fail",
        detail: `${failed.length} of ${commands.size} hook commands failed: ${failed.slice(0, 3).join("; ")}`,
        fix: "run one by hand; egc install re-registers the binary",
      }
    : { name: "install hooks", status: "ok", detail: `${commands.size} hook commands run and answer` }
}

/** Every binary a recorded entry points at: the MCP commands and the first word of each hook command. */
function binariesIn(record: InstallRecord): Set<string> {
  const bins = new Set([record.bin])
  for (const entry of Object.values(record.files)) {
    for (const { op } of entry.ops) {
      const server =
        op.kind === "json-set" || op.kind === "yaml-set"
          ? (op.value as Record<string, unknown> | null)
          : op.kind === "toml-table"
            ? op.values
            : undefined
      const command = server?.command ?? server?.cmd
      const first = Array.isArray(command) ? command[0] : command
      if (typeof first === "string" && (isAbsolute(first) || /^[A-Za-z]:[\\/]/.test(first))) bins.add(first)
      for (const hook of hookCommandsIn(op)) bins.add(argv0(hook))
    }
  }
  return bins
}

const argv0 = (command: string) => {
  const m = /^\s*(?:&\s*)?(?:"([^"]+)"|'((?:[^']|'\\'')+)'|(\S+))/.exec(command)
  return (m?.[1] ?? m?.[2]?.replace(/'\\''/g, "'") ?? m?.[3] ?? command).trim()
}

function hookCommandsIn(op: Op): string[] {
  const out: string[] = []
  const walk = (v: unknown) => {
    if (typeof v === "string") {
      if (isEgcHookCommand(v)) out.push(v)
      const exec = /^exec (.+)$/m.exec(v)?.[1]
      if (exec && isEgcHookCommand(exec)) out.push(exec)
    } else if (Array.isArray(v)) v.forEach(walk)
    else if (typeof v === "object" && v !== null) Object.values(v).forEach(walk)
  }
  walk(op.kind === "file" && op.content.trimStart().startsWith("{") ? JSON.parse(op.content) : op)
  return out
}
