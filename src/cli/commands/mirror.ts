import { defineCommand } from "citty"
import { EgcError } from "../../core/errors"
import { safeText } from "../../core/safe-text"
import { cwdArgs, jsonArgs } from "../_args"
import { EXIT } from "../exit"
import { printData } from "../ui"

/**
 * `egc mirror on|off|status|refresh`: the project state in instruction files for tools without MCP,
 * kept out of commits by git's clean filter (`egc mirror clean` is that filter; git runs it).
 */
const mirror = () => import("../../mirror")
const dir = (cwd: string | undefined) => cwd ?? process.cwd()

type Row = { file: string; state: string; reason?: string; worktree?: string }
const line = (r: Row) =>
  `${r.state.padEnd(9)} ${safeText(r.file)}${r.worktree ? ` (${safeText(r.worktree)})` : ""}${r.reason ? `: ${safeText(r.reason)}` : ""}`

/** Withheld or refused files make the run a failure, so scripts notice. */
function settle(rows: Row[]): void {
  if (rows.some((r) => r.state === "refused")) process.exitCode = EXIT.DATA
  else if (rows.some((r) => r.state === "withheld")) process.exitCode = EXIT.FAILURE
}

const on = defineCommand({
  meta: { name: "on", description: "mirror the project state into the instruction files that exist (a person's step)" },
  args: {
    ...cwdArgs,
    ...jsonArgs,
    files: { type: "string", description: "only these instruction files (comma-separated; they must exist)" },
  },
  async run({ args }) {
    const m = await mirror()
    const files = args.files === undefined ? undefined : m.parseFiles(args.files)
    const r = await m.mirrorOn(dir(args.cwd), files)
    settle(r.files)
    if (args.json) return printData(r)
    const written = r.files.filter((f) => f.state === "written" || f.state === "unchanged")
    const rows = r.files.filter((f) => f.state !== "absent").map(line)
    const tail = written.length
      ? "mirror on: refreshed at session end and by egc mirror refresh; egc mirror off removes it"
      : "mirror on, but no instruction file holds it yet (none exists, or each was withheld)"
    printData([...rows, tail].join("\n"))
  },
})

const refresh = defineCommand({
  meta: { name: "refresh", description: "rewrite the mirror from the current state (only when it is on)" },
  args: { ...cwdArgs, ...jsonArgs },
  async run({ args }) {
    const r = await (await mirror()).mirrorRefresh(dir(args.cwd))
    settle(r.files)
    if (args.json) return printData(r)
    if (!r.on) return printData("the mirror is off here; nothing written (a person turns it on: egc mirror on)")
    printData(
      r.files
        .filter((f) => f.state !== "absent")
        .map(line)
        .join("\n") || "no instruction file exists",
    )
  },
})

const off = defineCommand({
  meta: { name: "off", description: "remove every mirror block and the git filter lines egc added" },
  args: { ...cwdArgs, ...jsonArgs },
  async run({ args }) {
    const r = (await mirror()).mirrorOff(dir(args.cwd))
    settle(r.files)
    if (args.json) return printData(r)
    const tail = r.guardsKept
      ? "mirror off; the git filter stays while a file with broken markers holds a block (fix it, run off again)"
      : "mirror off; blocks and egc's git filter lines removed"
    printData([...r.files.map(line), tail].join("\n"))
  },
})

const status = defineCommand({
  meta: { name: "status", description: "on or off, and per instruction file: block, tracked, guarded, why withheld" },
  args: { ...cwdArgs, ...jsonArgs },
  async run({ args }) {
    const s = (await mirror()).mirrorStatus(dir(args.cwd))
    if (args.json) return printData(s)
    const rows = s.files.map((f) => {
      if (!f.exists) return `${"absent".padEnd(9)} ${f.file}${f.reason ? `: ${f.reason}` : ""}`
      const facts = `${f.tracked ? "tracked" : "untracked"}, block ${f.block}, ${f.guarded ? "guarded" : "NOT guarded"}`
      return `${"file".padEnd(9)} ${f.file} (${facts})${f.reason ? `: ${safeText(f.reason)}` : ""}`
    })
    const head = s.on ? `mirror on${s.since ? ` since ${s.since}` : ""}` : "mirror off"
    const filter = s.filter.command
      ? `clean filter: ${safeText(s.filter.command)}${s.filter.required ? " (required)" : ""}`
      : "clean filter: not set"
    printData([head, filter, ...rows].join("\n"))
  },
})

const clean = defineCommand({
  meta: { name: "clean", description: "git's clean filter: copies stdin to stdout without the mirror block" },
  args: {},
  async run() {
    const input = Buffer.from(await Bun.stdin.arrayBuffer())
    const out = (await mirror()).cleanFilter(input)
    if (!out)
      throw new EgcError(
        "E_INPUT",
        "broken egc:mirror markers: refusing to stage a file that may hold a mirror block",
        {
          hint: "remove the stray <!-- egc:mirror:start/end --> lines, or run egc mirror off",
        },
      )
    process.stdout.write(out)
  },
})

export default defineCommand({
  meta: { name: "mirror", description: "the project state in instruction files for tools without MCP (opt-in)" },
  subCommands: { on, off, status, refresh, clean },
})
