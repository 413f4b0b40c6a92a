import type { Config } from "./config-schema"

/**
 * What a project's `.egc/config.json` may do without the person's trust (DESIGN principle 11):
 * tighten the guard, consent and hooks, never loosen them, nor turn on sending memory (sync.autoPush).
 * Non-safety settings (crush, mesh, mcp, recall sizes) pass as written. Guard arrays and `hooks.disabled` from a project are always
 * unions with the person's, so a project can add a protected branch but never remove one.
 */
type Json = Record<string, unknown>

const isObject = (v: unknown): v is Json => v !== null && typeof v === "object" && !Array.isArray(v)
const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((s): s is string => typeof s === "string") : [])
const union = (a: string[], b: string[]) => [...new Set([...a, ...b])]

const LEVEL_RANK: Record<string, number> = { off: 0, allow: 1, ask: 2, deny: 3 }
/** `off` stores nothing and `review` holds every item for the person, so they are the strictest. */
const CONSENT_RANK: Record<string, number> = { agent: 0, grant: 1, review: 2, off: 3 }

interface ProjectLayer {
  /** The layer to merge: loosening fields dropped (unless trusted), arrays unioned with the base. */
  data: Json
  /** Every loosening field of the file, as `field: value (why)`, whether it was applied or not. */
  loosens: string[]
}

/** The level a rule already has from the person's config: an exact id, else its pack. */
function baseLevel(rules: Record<string, string>, id: string): string | undefined {
  return rules[id] ?? rules[id.split(".")[0] ?? id]
}

/**
 * A project rule level tightens when it is `deny`, or at least as strict as a level the person set.
 * Without a level from the person the rule's built-in decision may be `deny`, so `ask` could loosen.
 */
function ruleLoosens(level: string, base: string | undefined): string | undefined {
  if (level === "deny") return undefined
  if (base === undefined) return `may be looser than the rule's built-in decision`
  if ((LEVEL_RANK[level] ?? 0) >= (LEVEL_RANK[base] ?? 0)) return undefined
  return `looser than your ${base}`
}

export function projectLayer(base: Config, raw: Json, trusted: boolean): ProjectLayer {
  const data = structuredClone(raw)
  const loosens: string[] = []
  const drop = (section: Json, key: string, note: string) => {
    loosens.push(note)
    if (!trusted) delete section[key]
  }
  const guard = data.guard
  if (isObject(guard)) {
    if (guard.enabled === false && base.guard.enabled) {
      drop(guard, "enabled", "guard.enabled: false (turns the guard off)")
    }
    if (isObject(guard.rules)) {
      for (const [id, level] of Object.entries(guard.rules)) {
        const why = ruleLoosens(String(level), baseLevel(base.guard.rules, id))
        if (why) drop(guard.rules, id, `guard.rules.${id}: ${String(level)} (${why})`)
      }
    }
    if (Array.isArray(guard.allow)) {
      const added = strings(guard.allow).filter((p) => !base.guard.allow.includes(p))
      for (const p of added) loosens.push(`guard.allow: ${JSON.stringify(p)} (always allowed)`)
      guard.allow = trusted ? union(base.guard.allow, strings(guard.allow)) : base.guard.allow
    }
    for (const key of ["deny", "protectedBranches", "protectedPaths"] as const) {
      if (Array.isArray(guard[key])) guard[key] = union(base.guard[key], strings(guard[key]))
    }
  }
  const memory = data.memory
  if (isObject(memory) && typeof memory.consent === "string" && memory.consent !== base.memory.consent) {
    if ((CONSENT_RANK[memory.consent] ?? 0) < (CONSENT_RANK[base.memory.consent] ?? 0)) {
      drop(memory, "consent", `memory.consent: ${memory.consent} (your policy is ${base.memory.consent})`)
    }
  }
  const hooks = data.hooks
  if (isObject(hooks)) {
    if (hooks.enabled === false && base.hooks.enabled) {
      drop(hooks, "enabled", "hooks.enabled: false (turns every egc hook off, the guard's included)")
    }
    if (Array.isArray(hooks.disabled)) {
      const added = strings(hooks.disabled).filter((h) => !base.hooks.disabled.includes(h))
      for (const h of added) loosens.push(`hooks.disabled: ${JSON.stringify(h)} (turns that hook off)`)
      hooks.disabled = trusted ? union(base.hooks.disabled, strings(hooks.disabled)) : base.hooks.disabled
    }
  }
  // pushing sends items to a remote: the person's choice, never a cloned repository's
  const sync = data.sync
  if (isObject(sync) && sync.autoPush === true && !base.sync.autoPush) {
    drop(sync, "autoPush", "sync.autoPush: true (sends this project's shareable memory to its team remote)")
  }
  return { data, loosens }
}
