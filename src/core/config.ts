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
  guard: {
    enabled: true,
    rules: {},
    allow: [],
    deny: [],
    protectedBranches: ["main", "master", "production", "release"],
    protectedPaths: [],
  },
  crush: { enabled: true, rewrite: true, disabledFamilies: [], keepHours: 24 },
  hooks: { enabled: true, disabled: [] },
  mcp: { tools: "default" },
  mesh: { claimMinutes: 15, heartbeatSeconds: 120 },
  release: { checkForUpdates: false },
  sync: { autoPush: false },
}

type Json = Record<string, unknown>
interface Layer {
  source: string
  data: Json
  /** The file's text, so trust is checked against the exact bytes that were parsed. */
  text?: string
}

/** Why a layer was set aside: `invalid` drops the whole layer; `untrusted` drops what it loosens. */
export interface ConfigProblem {
  kind: "invalid" | "untrusted"
  source: string
  message: string
  details: string[]
  hint?: string
}

interface SafeConfig {
  config: Config
  problems: ConfigProblem[]
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
    throw new EgcError("E_CONFIG", `${file} is not valid JSON: ${(cause as Error).message}`, {
      hint: "fix the file or remove it; nothing was changed",
    })
  }
  if (data === null || typeof data !== "object" || Array.isArray(data)) {
    throw new EgcError("E_CONFIG", `${file} must hold a JSON object`)
  }
  return { source: file, data: data as Json, text }
}

/** EGC_* settings as a config layer (`egc config show` names them as the source). */
export function envLayer(): Layer | undefined {
  const data: Json = {}
  const consent = env.consent()
  if (consent) data.memory = { consent }
  const tools = env.mcpTools()
  if (tools)
    data.mcp = { tools: tools === "default" || tools === "full" ? tools : tools.split(",").map((t) => t.trim()) }
  return Object.keys(data).length ? { source: "environment (EGC_*)", data } : undefined
}

const isObject = (v: unknown): v is Json => v !== null && typeof v === "object" && !Array.isArray(v)

function merge(into: Json, from: Json): void {
  for (const [key, value] of Object.entries(from)) {
    if (!isObject(value)) {
      into[key] = value
      continue
    }
    if (!isObject(into[key])) into[key] = {}
    merge(into[key] as Json, value)
  }
}

interface LoadOptions {
  projectRoot?: string
  flags?: Json
}

type Schema = typeof import("./config-schema").configSchema

const invalid = (e: unknown, source: string): ConfigProblem =>
  e instanceof EgcError
    ? { kind: "invalid", source, message: e.message, details: [...e.details], ...(e.hint ? { hint: e.hint } : {}) }
    : { kind: "invalid", source, message: `cannot load ${source}: ${String(e)}`, details: [] }

/** A layer alone must satisfy the schema (every field has a default), so a bad field names its own file. */
function checkLayer(schema: Schema, layer: Layer): ConfigProblem | undefined {
  const result = schema.safeParse(layer.data)
  if (result.success) return undefined
  const details = result.error.issues.map((i) => `↳ ${i.path.map(String).join(".") || "(root)"}: ${i.message}`)
  const message = `invalid configuration in ${layer.source}`
  const hint = "fix the fields named above; nothing was changed"
  return { kind: "invalid", source: layer.source, message, details, hint }
}

/**
 * Never throws. A layer that cannot be read or is invalid is left out whole, so every safety it
 * touched decides from DEFAULTS (or the person's valid file); the project layer is applied only as
 * far as it tightens, unless the person trusts that exact file. `problems` says what was set aside.
 */
export async function loadConfigSafe(opts: LoadOptions = {}): Promise<SafeConfig> {
  const problems: ConfigProblem[] = []
  const attempt = (source: string, read: () => Layer | undefined): Layer | undefined => {
    try {
      return read()
    } catch (e) {
      problems.push(invalid(e, source))
      return undefined
    }
  }
  const user = attempt(paths.config(), () => readLayer(paths.config()))
  const candidate = opts.projectRoot ? projectConfigPath(opts.projectRoot) : undefined
  const projectFile = candidate !== paths.config() ? candidate : undefined
  const project = projectFile ? attempt(projectFile, () => readLayer(projectFile)) : undefined
  const given = opts.flags && Object.keys(opts.flags).length ? opts.flags : undefined
  const flags = given ? { source: "command-line flags", data: given } : undefined
  const rest = [envLayer(), flags]
  const later = rest.filter((l): l is Layer => l !== undefined)
  if (!user && !project && later.length === 0) return { config: structuredClone(DEFAULTS), problems }
  try {
    const { configSchema } = await import("./config-schema")
    const valid = (l: Layer | undefined): Layer | undefined => {
      const p = l && checkLayer(configSchema, l)
      if (p) problems.push(p)
      return p ? undefined : l
    }
    const merged: Json = {}
    const userLayer = valid(user)
    if (userLayer) merge(merged, userLayer.data)
    const projectLayer = valid(project)
    if (projectLayer) merge(merged, await tightened(configSchema.parse(merged), projectLayer, problems))
    for (const l of later.map(valid)) if (l) merge(merged, l.data)
    const result = configSchema.safeParse(merged)
    if (result.success) return { config: result.data, problems }
    const message = "the layers do not combine into a valid configuration"
    problems.push({ kind: "invalid", source: "merged configuration", message, details: [] })
  } catch (e) {
    problems.push(invalid(e, "configuration"))
  }
  return { config: structuredClone(DEFAULTS), problems }
}

async function tightened(base: Config, layer: Layer, problems: ConfigProblem[]): Promise<Json> {
  const [{ projectLayer }, { isTrusted }] = await Promise.all([import("./config-tighten"), import("./trust")])
  const trusted = isTrusted(layer.source, layer.text ?? "")
  const { data, loosens } = projectLayer(base, layer.data, trusted)
  if (loosens.length && !trusted) {
    problems.push({
      kind: "untrusted",
      source: layer.source,
      message: `${layer.source} is not trusted, so what it loosens was ignored`,
      details: loosens.map((l) => `↳ ${l}`),
      hint: "if you wrote this file, run `egc trust` in the project to apply it as it is",
    })
  }
  return data
}

/** One line per problem, for a hook's message to the person, stderr and the log. */
export function describeProblem(p: ConfigProblem): string {
  const what = p.kind === "invalid" ? `${p.message}; using the built-in defaults for it` : p.message
  const details = p.details.map((d) => d.replace(/^↳ /, "")).join("; ")
  const hint = p.hint ? `. ${p.hint.charAt(0).toUpperCase()}${p.hint.slice(1)}` : ""
  return `egc: ${what}${details ? ` (${details})` : ""}${hint}`
}

/** Strict: an invalid layer is an error (exit 78). Untrusted loosenings are set aside, never errors. */
export async function loadConfig(opts: LoadOptions = {}): Promise<Config> {
  const { config, problems } = await loadConfigSafe(opts)
  const bad = problems.find((p) => p.kind === "invalid")
  if (!bad) return config
  const others = problems.filter((p) => p.kind === "invalid" && p !== bad)
  const details = [...bad.details, ...others.flatMap((p) => [`in ${p.source}:`, ...p.details])]
  throw new EgcError("E_CONFIG", bad.message, { details, ...(bad.hint ? { hint: bad.hint } : {}) })
}

interface ProjectConfigView {
  file: string
  /** The exact text read, so `egc trust` records the hash of what it showed. */
  text: string
  loosens: string[]
}

/** The project's file as `egc trust` sees it: parsed, checked, and what it would loosen. Strict (E_CONFIG). */
export async function inspectProjectConfig(projectRoot: string): Promise<ProjectConfigView | undefined> {
  const file = projectConfigPath(projectRoot)
  const layer = readLayer(file)
  if (!layer) return undefined
  const { configSchema } = await import("./config-schema")
  const { projectLayer } = await import("./config-tighten")
  const p = checkLayer(configSchema, layer)
  if (p) throw new EgcError("E_CONFIG", p.message, { details: p.details, ...(p.hint ? { hint: p.hint } : {}) })
  const base = (await loadConfigSafe()).config
  return { file, text: layer.text ?? "", loosens: projectLayer(base, layer.data, true).loosens }
}
