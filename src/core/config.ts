import { existsSync, readFileSync } from "node:fs"
import { join } from "node:path"
import type { Config } from "./config-schema"
import { env } from "./env"
import { EgcError } from "./errors"
import { paths } from "./paths"

export type { Config } from "./config-schema"

/**
 * Defaults as a plain object, so a run with no config files never loads zod (hooks and the guard
 * start on every tool call). test/core/config.test.ts proves it equals `configSchema.parse({})`.
 */
export const DEFAULTS: Config = {
  memory: { consent: "agent", recallTokenCap: 2500, workingTtlHours: 24, rememberPrompt: "active" },
  guard: { enabled: true, rules: {}, allow: [], deny: [], protectedBranches: ["main", "master", "production", "release"], protectedPaths: [] },
  crush: { enabled: true, rewrite: true, disabledFamilies: [], keepHours: 24 },
  hooks: { enabled: true, disabled: [] },
  mcp: { tools: "default" },
  mesh: { claimMinutes: 15, heartbeatSeconds: 120 },
}

type Json = Record<string, unknown>
export interface Layer {
  source: string
  data: Json
}

export function projectConfigPath(projectRoot: string): string {
  return join(projectRoot, ".egc", "config.json")
}

function readLayer(file: string): Layer | undefined {
  if (!existsSync(file)) return undefined
  let text: string
  try {
    text = readFileSync(file, "utf8")
  } catch (cause) {
    throw new EgcError("E_CONFIG", `cannot read config file ${file}`, { cause })
  }
  let data: unknown
  try {
    data = JSON.parse(text)
  } catch (cause) {
    throw new EgcError("E_CONFIG", `${file} is not valid JSON: ${(cause as Error).message}`, { hint: "fix the file or remove it; nothing was changed" })
  }
  if (data === null || typeof data !== "object" || Array.isArray(data)) {
    throw new EgcError("E_CONFIG", `${file} must hold a JSON object`)
  }
  return { source: file, data: data as Json }
}

/** EGC_* settings as a config layer (`egc config show` names them as the source). */
export function envLayer(): Layer | undefined {
  const data: Json = {}
  const consent = env.consent()
  if (consent) data.memory = { consent }
  const tools = env.mcpTools()
  if (tools) data.mcp = { tools: tools === "default" || tools === "full" ? tools : tools.split(",").map((t) => t.trim()) }
  return Object.keys(data).length ? { source: "environment (EGC_*)", data } : undefined
}

const isObject = (v: unknown): v is Json => v !== null && typeof v === "object" && !Array.isArray(v)

function merge(into: Json, from: Json, source: string, origins: Map<string, string>, prefix = ""): void {
  for (const [key, value] of Object.entries(from)) {
    const path = prefix ? `${prefix}.${key}` : key
    origins.set(path, source)
    if (!isObject(value)) {
      into[key] = value
      continue
    }
    if (!isObject(into[key])) into[key] = {}
    merge(into[key] as Json, value, source, origins, path)
  }
}

export interface LoadOptions {
  projectRoot?: string
  flags?: Json
}

export async function loadConfig(opts: LoadOptions = {}): Promise<Config> {
  const layers = [
    readLayer(paths.config()),
    opts.projectRoot ? readLayer(projectConfigPath(opts.projectRoot)) : undefined,
    envLayer(),
    opts.flags && Object.keys(opts.flags).length ? { source: "command-line flags", data: opts.flags } : undefined,
  ].filter((l): l is Layer => l !== undefined)
  if (layers.length === 0) return structuredClone(DEFAULTS)
  const merged: Json = {}
  const origins = new Map<string, string>()
  for (const layer of layers) merge(merged, layer.data, layer.source, origins)
  const { configSchema } = await import("./config-schema")
  const result = configSchema.safeParse(merged)
  if (result.success) return result.data
  const bySource = new Map<string, string[]>()
  for (const issue of result.error.issues) {
    const path = issue.path.map(String).join(".")
    const source = originOf(path, origins) ?? layers.at(-1)?.source ?? "config"
    const lines = bySource.get(source) ?? []
    lines.push(`↳ ${path || "(root)"}: ${issue.message}`)
    bySource.set(source, lines)
  }
  const entries = [...bySource.entries()]
  const first = entries[0]?.[0] ?? "config"
  const details = entries.flatMap(([source, lines]) => (source === first ? lines : [`in ${source}:`, ...lines]))
  throw new EgcError("E_CONFIG", `invalid configuration in ${first}`, { details, hint: "fix the fields named above; nothing was changed" })
}

function originOf(path: string, origins: Map<string, string>): string | undefined {
  const parts = path.split(".")
  for (let i = parts.length; i > 0; i--) {
    const hit = origins.get(parts.slice(0, i).join("."))
    if (hit) return hit
  }
  return undefined
}
