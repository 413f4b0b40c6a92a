import { defineCommand } from "citty"
import { existsSync, writeFileSync } from "node:fs"
import { resolve } from "node:path"
import { EgcError } from "../../core/errors"
import { resolveProject } from "../../core/project"
import { openMemory } from "../../memory"
import { cwdArgs, jsonArgs } from "../_args"
import { printData, ui } from "../ui"

/** `egc sync …`: team sharing of memory through a git remote the team owns (issue 19). */
const here = (cwd: string | undefined) => resolveProject(cwd ?? process.cwd())
const sync = () => import("../../sync").then((m) => m.surface())
// a local path is made absolute so the clone, doctor and later runs agree on it wherever they start
const remoteOf = (url: string) => (existsSync(url) ? resolve(url) : url)
const setupArgs = {
  ...cwdArgs,
  remote: {
    type: "string",
    required: true,
    description: "the team's git repository (url or local path)",
    valueHint: "url",
  },
  name: { type: "string", description: "how teammates see you (default user@host)" },
  trust: { type: "boolean", description: "pulled items are approved at once (default: they wait for review)" },
} as const

const init = defineCommand({
  meta: { name: "init", description: "start a team remote for this project and make its team key (shown once)" },
  args: {
    ...setupArgs,
    "key-out": {
      type: "string",
      description: "write the team key to this new file (0600) instead of showing it",
      valueHint: "file",
    },
  },
  async run({ args }) {
    const { initTeam } = await sync()
    const r = initTeam(here(args.cwd), {
      remote: remoteOf(args.remote),
      ...(args.name ? { member: args.name } : {}),
      trust: Boolean(args.trust),
    })
    const u = await ui()
    if (args["key-out"]) {
      try {
        writeFileSync(args["key-out"], `${r.key}\n`, { mode: 0o600, flag: "wx" })
      } catch (cause) {
        throw new EgcError("E_IO", `cannot write ${args["key-out"]} (it must not exist yet)`, { cause })
      }
      u.success(`team remote set; team key written to ${args["key-out"]} (0600): pass it on out of band`)
      return
    }
    u.warn("the team key is shown once: pass it to teammates out of band (never in the repository)")
    printData(r.key)
  },
})

const join = defineCommand({
  meta: { name: "join", description: "join a team remote with the team key (asked on the terminal, or --key-file)" },
  args: {
    ...setupArgs,
    "key-file": { type: "string", description: "read the team key from this file", valueHint: "file" },
  },
  async run({ args }) {
    const { joinTeam, readPassphrase } = await sync()
    const key = await readPassphrase({ file: args["key-file"], prompt: "team key: " })
    const opts = {
      remote: remoteOf(args.remote),
      key,
      ...(args.name ? { member: args.name } : {}),
      ...(args.trust ? { trust: true } : {}),
    }
    const r = joinTeam(here(args.cwd), opts)
    ;(await ui()).success(`joined; ${r.keys} team key(s) kept. Run egc sync pull`)
  },
})

const push = defineCommand({
  meta: { name: "push", description: "send this project's shareable memory (and forgets) to the team remote" },
  args: { ...cwdArgs, ...jsonArgs },
  async run({ args }) {
    const { push, teamCtx } = await sync()
    const project = here(args.cwd)
    const r = push(openMemory(), teamCtx(project))
    printData(args.json ? r : `${r.pushed} sent, ${r.forgotten} forgets sent${r.committed ? "" : " (nothing new)"}`)
  },
})

const pull = defineCommand({
  meta: { name: "pull", description: "receive teammates' memory through the write layer (pending until reviewed)" },
  args: { ...cwdArgs, ...jsonArgs },
  async run({ args }) {
    const { pull, teamCtx } = await sync()
    const r = pull(openMemory(), teamCtx(here(args.cwd)))
    if (args.json) return printData(r)
    const lines = [
      `${r.received} received (${r.pending} pending review), ${r.unchanged} already known, ${r.forgotten} forgotten by teammates`,
    ]
    if (r.conflicts)
      lines.push(
        `${r.conflicts} conflicts with changes made here, nothing replaced → egc memory resolve <id> --keep new|old|both`,
      )
    for (const x of r.refused) lines.push(`  refused ${x.file}: ${x.reason}`)
    printData(lines.join("\n"))
  },
})

const status = defineCommand({
  meta: { name: "status", description: "what came from whom and when, what went out, what was refused" },
  args: { ...cwdArgs, ...jsonArgs },
  async run({ args }) {
    const { status, teamCtx } = await sync()
    const s = status(openMemory(), teamCtx(here(args.cwd)))
    if (args.json) return printData(s)
    const when = (t?: number) => (t ? new Date(t).toISOString() : "never")
    const lines = [
      `remote   ${s.remote}`,
      `you      ${s.member}`,
      `trust    ${s.trusted ? "pulled items approved at once" : "pulled items wait for review"}`,
      `pushed   ${when(s.pushedAt)}   pulled ${when(s.pulledAt)}`,
      `sent     ${s.sent} items`,
      ...s.received.map(
        (r) =>
          `from ${r.from ?? "?"} at ${when(r.at)}: ${r.forgotten ? "(forgotten)" : `${r.status ?? "?"} ${JSON.stringify(r.title ?? "")}`}`,
      ),
      ...s.refused.map((r) => `refused ${r.file}: ${r.reason}`),
    ]
    printData(lines.join("\n"))
  },
})

const rotate = defineCommand({
  meta: {
    name: "rotate",
    description: "new team key for new envelopes (after someone leaves); pass it to those who stay",
  },
  args: {
    ...cwdArgs,
    "key-out": { type: "string", description: "write the new key to this new file (0600)", valueHint: "file" },
  },
  async run({ args }) {
    const { rotateTeam } = await sync()
    const r = rotateTeam(here(args.cwd))
    if (args["key-out"]) return writeFileSync(args["key-out"], `${r.key}\n`, { mode: 0o600, flag: "wx" })
    ;(await ui()).warn("new team key, shown once: remaining members run egc sync join with it")
    printData(r.key)
  },
})

const trust = defineCommand({
  meta: { name: "trust", description: "on: teammates' items are approved at once; off: they wait for review" },
  args: { ...cwdArgs, state: { type: "positional", required: true, description: "on or off" } },
  async run({ args }) {
    if (args.state !== "on" && args.state !== "off") throw new EgcError("E_USAGE", "egc sync trust on|off")
    const { setTrust } = await sync()
    setTrust(here(args.cwd), args.state === "on")
    ;(await ui()).success(`team trust ${args.state}`)
  },
})

export default defineCommand({
  meta: {
    name: "sync",
    description: "share memory with a team through a git remote: init, join, push, pull, status, rotate, trust",
  },
  subCommands: { init, join, push, pull, status, rotate, trust },
})
