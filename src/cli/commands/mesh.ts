import { defineCommand } from "citty"
import { userInfo } from "node:os"
import { EgcError } from "../../core/errors"
import { resolveProject } from "../../core/project"
import { forceRelease, listClaims, livePeers, send } from "../../mesh"
import { asData } from "../../mesh"
import { cwdArgs, jsonArgs } from "../_args"
import { printData, ui } from "../ui"

/** `egc mesh …`: the session mesh for a person at a terminal (one project: the current one). */
const project = (cwd: string | undefined) => resolveProject(cwd ?? process.cwd())
const person = (): string => {
  try {
    return userInfo().username.replace(/[^A-Za-z0-9_.-]/g, "_") || "person"
  } catch {
    return "person"
  }
}
const time = (ms: number) => new Date(ms).toISOString().replace("T", " ").slice(0, 16)

const peers = defineCommand({
  meta: { name: "peers", description: "list the live agent sessions of this project" },
  args: { ...cwdArgs, ...jsonArgs },
  run({ args }) {
    const list = livePeers(project(args.cwd))
    if (args.json) return printData(list)
    if (list.length === 0) return printData("no live sessions in this project")
    printData(
      list
        .map(
          (p) =>
            `${p.id}  ${p.tool}  ${p.branch ?? "-"}  pid ${p.pid}  seen ${time(p.heartbeatAt)}${p.sameWorktree ? "" : "  (other worktree)"}${p.task ? `\n    task ${asData(p.task, undefined)}` : ""}`,
        )
        .join("\n"),
    )
  },
})

const claims = defineCommand({
  meta: { name: "claims", description: "list live claims in this working tree (or all worktrees)" },
  args: { ...cwdArgs, ...jsonArgs, all: { type: "boolean", description: "include the project's other working trees" } },
  run({ args }) {
    const list = listClaims(project(args.cwd), { allWorktrees: Boolean(args.all) })
    if (args.json) return printData(list)
    if (list.length === 0) return printData("no live claims")
    printData(
      list
        .map(
          (c) =>
            `${c.id}  ${c.mode.padEnd(9)} ${c.pattern}  by ${c.tool} ${c.session}  until ${time(c.until)}${c.reason ? `  reason ${asData(c.reason, undefined)}` : ""}${c.sameWorktree ? "" : "  (other worktree)"}`,
        )
        .join("\n"),
    )
  },
})

const sendCmd = defineCommand({
  meta: { name: "send", description: "send a message to one session (--to) or to every session of this project" },
  args: {
    ...cwdArgs,
    ...jsonArgs,
    text: { type: "positional", description: "the message", required: true },
    to: { type: "string", description: "session id (see egc mesh peers)" },
  },
  run({ args }) {
    const r = send(project(args.cwd), `cli:${person()}`, { text: String(args.text), to: args.to })
    if (args.json) return printData(r)
    printData(`sent ${r.id} to ${r.to ?? "every session of this project"}`)
  },
})

const releaseCmd = defineCommand({
  meta: { name: "release", description: "force-release a claim by id or pattern (recorded in the mesh audit log)" },
  args: {
    ...cwdArgs,
    ...jsonArgs,
    claim: { type: "positional", description: "claim id or claimed pattern", required: true },
  },
  async run({ args }) {
    const freed = forceRelease(project(args.cwd), String(args.claim), person())
    if (freed.length === 0)
      throw new EgcError("E_NOT_FOUND", `no live claim ${JSON.stringify(args.claim)} in this project`, {
        hint: "see: egc mesh claims --all",
      })
    if (args.json) return printData(freed)
    ;(await ui()).success(
      `released ${freed.map((c) => `${c.pattern} (held by ${c.session})`).join(", ")}; the holder was told`,
    )
  },
})

export default defineCommand({
  meta: { name: "mesh", description: "see and steer the live agent sessions of this project: peers, claims, messages" },
  subCommands: { peers, claims, send: sendCmd, release: releaseCmd },
})
