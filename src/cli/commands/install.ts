import { defineCommand } from "citty"
import { readFileSync, realpathSync } from "node:fs"
import { tmpdir } from "node:os"
import { sha256Hex } from "../../core/crypto"
import { env } from "../../core/env"
import { EgcError } from "../../core/errors"
import { resolveProject } from "../../core/project"
import {
  acquireInstallLock,
  applyPlan,
  computePlan,
  listTargets,
  loadRecord,
  placeBin,
  renderList,
  renderPlan,
  resolveBin,
  targetById,
  type Plan,
  type Scope,
} from "../../install"
import { cwdArgs, jsonArgs } from "../_args"
import { EXIT } from "../exit"
import { printData, ui } from "../ui"

const scopeArgs = {
  scope: {
    type: "string",
    description: "user (your home) or project (this repository)",
    default: "user",
    valueHint: "user|project",
  },
  target: { type: "string", description: "only these tools, comma-separated (see --list)", valueHint: "ids" },
} as const

export function parseScope(value: string | undefined): Scope {
  if (value === "user" || value === "project" || value === undefined) return value ?? "user"
  throw new EgcError("E_USAGE", `--scope must be user or project, not '${value}'`)
}

export const parseTargets = (value: string | undefined) =>
  value
    ? value
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean)
    : undefined

export function projectRoot(cwd: string): string {
  try {
    return resolveProject(cwd).root ?? cwd
  } catch {
    return cwd
  }
}

export default defineCommand({
  meta: {
    name: "install",
    description: "register egc (MCP server, hooks, memory protocol) in every coding tool found",
  },
  args: {
    ...cwdArgs,
    ...jsonArgs,
    ...scopeArgs,
    list: { type: "boolean", description: "list every supported tool and what egc would write there" },
    "dry-run": { type: "boolean", description: "print the plan and unified diffs; change nothing" },
    yes: { type: "boolean", alias: "y", description: "do not ask for confirmation" },
    bin: { type: "string", description: "the egc binary tools should run (default: this binary)", valueHint: "path" },
    "bin-dir": {
      type: "string",
      description: "copy the binary into this folder (e.g. ~/.local/bin) and register that copy",
      valueHint: "dir",
    },
  },
  async run({ args }) {
    const cwd = args.cwd ?? process.cwd()
    const scope = parseScope(args.scope)
    const project = projectRoot(cwd)
    if (args.list) {
      const rows = listTargets({ scope, project, bin: args.bin ?? process.execPath })
      return printData(args.json ? rows : renderList(rows))
    }
    const targets = parseTargets(args.target)
    for (const id of targets ?? [])
      if (!targetById(id)) throw new EgcError("E_USAGE", `unknown target '${id}'`, { hint: "see: egc install --list" })
    const dryRun = Boolean(args["dry-run"])
    // Held from planning to the last write, so a second run plans on what the first one wrote.
    const release = dryRun ? () => {} : acquireInstallLock()
    try {
      let bin = resolveBin(args.bin)
      let placedBin: { path: string; sha256: string } | undefined
      if (args["bin-dir"] && !dryRun) {
        bin = placeBin(bin, args["bin-dir"])
        placedBin = { path: bin, sha256: sha256Hex(readFileSync(bin)) }
      }
      // files of a project are committed: they name `egc` from PATH, never this machine's path
      if (scope === "project") bin = await projectBin(bin)
      const plan = computePlan({ scope, project, bin, ...(targets ? { targets } : {}), record: loadRecord() })
      await present(plan, { json: Boolean(args.json), dryRun, yes: Boolean(args.yes), placedBin })
    } finally {
      release()
    }
  },
})

async function present(
  plan: Plan,
  opts: { json: boolean; dryRun: boolean; yes: boolean; placedBin: { path: string; sha256: string } | undefined },
): Promise<void> {
  if (opts.json && opts.dryRun) {
    const files = plan.files.map((f) => ({
      path: f.path,
      real: f.real,
      change: f.before === f.after ? "none" : f.before === null ? "create" : "edit",
    }))
    return printData({ scope: plan.ctx.scope, bin: plan.ctx.bin, targets: plan.targets, files })
  }
  if (!opts.json) printData(renderPlan(plan, { diffs: opts.dryRun }))
  if (plan.targets.length === 0) {
    const what = opts.dryRun ? "nothing would be written" : "nothing was written"
    return (await ui()).warn(`no coding tool detected; ${what}. Name one with --target (see egc install --list)`)
  }
  if (opts.dryRun) return
  if (plan.ctx.bin.startsWith(`${tmpdir()}/`))
    (await ui()).warn(
      `${plan.ctx.bin} is in a temporary folder; tools will break when it is cleaned (use --bin-dir ~/.local/bin)`,
    )
  if (!opts.yes) await confirm(plan.undetectedNamed)
  const result = applyPlan(plan, opts.placedBin ? { placedBin: opts.placedBin } : {})
  const skipped = plan.targets.filter((t) => t.skipped && !t.skipped.startsWith("nothing to install"))
  if (opts.json) printData({ ...result, skipped: plan.targets.filter((t) => t.skipped) })
  else {
    const out = await ui()
    out.success(
      `${result.written.length} file(s) written, ${result.unchanged.length} already up to date; record: egc doctor checks it, egc uninstall reverses it`,
    )
    for (const f of result.failed) out.warn(`${f.path}: ${f.reason}`)
    for (const t of skipped) out.warn(`${t.id} skipped: ${t.skipped}`)
    for (const t of plan.targets)
      if (!t.skipped && targetById(t.id)?.afterNote) out.info(`${t.id}: ${targetById(t.id)?.afterNote}`)
  }
  if (skipped.length || result.failed.length) process.exitCode = EXIT.FAILURE
}

/** `egc` when PATH finds it (and says if that is another binary); else this path, with a warning. */
async function projectBin(bin: string): Promise<string> {
  const found = Bun.which("egc", { PATH: env.path() })
  const out = await ui()
  if (!found) {
    const fix = "put egc on PATH (--bin-dir ~/.local/bin) and install again"
    out.warn(`egc is not on PATH, so the project's files get this machine's path ${bin}; ${fix}`)
    return bin
  }
  const other = realpathSync(found) !== realpathSync(bin)
  if (other) out.warn(`project files will run \`egc\` from PATH (${found}), not ${bin}`)
  return "egc"
}

async function confirm(undetected: string[]): Promise<void> {
  if (!process.stdin.isTTY)
    throw new EgcError("E_USAGE", "not asking on a non-interactive terminal", {
      hint: "review with --dry-run, then pass --yes",
    })
  const note = undetected.length ? ` (${undetected.join(", ")} not detected on this machine)` : ""
  const ok = await (await ui()).prompt(`Apply this plan${note}?`, {
    type: "confirm",
    initial: false,
    cancel: "default",
  })
  if (ok !== true)
    throw new EgcError("E_REFUSED", "nothing changed", { hint: "run again and answer yes, or pass --yes" })
}
