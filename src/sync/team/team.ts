import { existsSync, readdirSync, readFileSync } from "node:fs"
import { hostname, userInfo } from "node:os"
import { join } from "node:path"
import { boundKeys } from "../../core/binding"
import { keyedHash } from "../../core/crypto"
import { EgcError } from "../../core/errors"
import type { Project } from "../../core/project"
import { originOf } from "../export"
import { cloneDir, commitAndPush, ensureClone, update } from "./clone"
import { newTeamKey, parseTeamKey, projectDir, type TeamKey } from "./envelope"
import { getTeam, openSyncDb, setTeam, type SyncDb, type TeamConfig } from "./store"

/** What a team command needs: the sync tables, the project's team and its origin. */
export interface TeamCtx {
  s: SyncDb
  project: Project
  origin: string
  cfg: TeamConfig & { trusted: boolean; pushedAt?: number; pulledAt?: number }
  keys: TeamKey[]
}

function originFor(project: Project): string {
  const origin = project.basis === "origin" ? (originOf(project.display) ?? project.display) : undefined
  if (!origin) {
    throw new EgcError("E_IDENTITY", "team sync needs the project to have an origin remote", {
      hint: "teammates agree on a project by its origin url: git remote add origin <url>",
    })
  }
  return origin
}

export function teamCtx(project: Project): TeamCtx {
  const s = openSyncDb(boundKeys())
  const cfg = getTeam(s, project.id)
  if (!cfg)
    throw new EgcError("E_NOT_FOUND", "this project has no team remote", {
      hint: "egc sync init --remote URL, or egc sync join --remote URL",
    })
  return { s, project, origin: cfg.origin, cfg, keys: cfg.keys.map(parseTeamKey) }
}

const defaultMember = () => `${userInfo().username}@${hostname()}`

interface SetupOptions {
  remote: string
  member?: string
  trust?: boolean
}

/** Start a team: a new team key, kept sealed under the person's key; returned once to pass on. */
export function initTeam(project: Project, opts: SetupOptions): { key: string; remote: string } {
  const origin = originFor(project)
  const s = openSyncDb(boundKeys())
  if (getTeam(s, project.id)) {
    throw new EgcError("E_REFUSED", "this project already has a team remote", {
      hint: "egc sync status; egc sync rotate makes a new team key",
    })
  }
  const key = newTeamKey()
  ensureClone(project.id, opts.remote)
  setTeam(
    s,
    project.id,
    { remote: opts.remote, origin, keys: [key], member: opts.member ?? defaultMember() },
    !!opts.trust,
  )
  return { key, remote: opts.remote }
}

/** Join a team with the key a teammate passed on; joining again with a rotated key keeps the old ones to read old envelopes. */
export function joinTeam(project: Project, opts: SetupOptions & { key: string }): { keys: number } {
  const origin = originFor(project)
  const key = parseTeamKey(opts.key).text
  const s = openSyncDb(boundKeys())
  const old = getTeam(s, project.id)
  const dir = ensureClone(project.id, opts.remote)
  update(dir)
  const keys = [key, ...(old?.keys ?? []).filter((k) => k !== key)]
  const member = opts.member ?? old?.member ?? defaultMember()
  setTeam(s, project.id, { remote: opts.remote, origin, keys, member }, opts.trust ?? old?.trusted ?? false)
  return { keys: keys.length }
}

/** A new team key for new envelopes; a member who left keeps only the old one and reads nothing new. */
export function rotateTeam(project: Project): { key: string } {
  const t = teamCtx(project)
  const key = newTeamKey()
  setTeam(t.s, project.id, { ...t.cfg, keys: [key, ...t.cfg.keys] }, t.cfg.trusted)
  return { key }
}

export function setTrust(project: Project, trusted: boolean): void {
  const t = teamCtx(project)
  setTeam(t.s, project.id, t.cfg, trusted)
}

/** Envelope files of this project under every team key we hold, oldest key first. */
export function envelopeFiles(t: TeamCtx): Array<{ name: string; rel: string; path: string }> {
  const dir = cloneDir(t.project.id)
  const out: Array<{ name: string; rel: string; path: string }> = []
  for (const key of [...t.keys].reverse()) {
    const sub = projectDir(key, t.origin)
    if (!existsSync(join(dir, sub))) continue
    for (const name of readdirSync(join(dir, sub)).sort()) {
      if (name.endsWith(".egc")) out.push({ name, rel: `${sub}/${name}`, path: join(dir, sub, name) })
    }
  }
  return out
}

export const readEnvelope = (path: string) => readFileSync(path, "utf8")
export const authorTag = (key: TeamKey, member: string) => keyedHash(key.name, `member|${member}`).slice(0, 12)
export { commitAndPush, ensureClone, update }
