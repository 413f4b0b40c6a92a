import { ASSIGN_SOURCE, FLAG_SOURCE, KEY_WORDS, looksSecret, PROSE_SOURCE } from "./assign"
import { TOKEN_RULES } from "./rules"

/**
 * THE redactor: every write path (memory, mesh, insight, guard log, hook/core log, crush store)
 * runs text through here before it is sealed, logged or stored. Each secret becomes
 * `[REDACTED:<kind>]`; labels around it (`password=`, `Bearer `, `scheme://user:`) stay so the text
 * still reads. Cheap to import: patterns compile on first use, and one keyword test skips texts
 * that cannot hold a secret.
 */
export interface Redaction {
  text: string
  kinds: string[]
}

interface Compiled {
  kind: string
  keys: string[]
  re: RegExp
  group?: number
}

let compiled: { tokens: Compiled[]; assign: RegExp; flag: RegExp; prose: RegExp; any: RegExp } | undefined

function rules() {
  if (compiled) return compiled
  const keys = [...new Set([...TOKEN_RULES.flatMap((r) => r.keys), ...KEY_WORDS])]
  const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")
  compiled = {
    tokens: TOKEN_RULES.map((r) => ({
      kind: r.kind,
      keys: r.keys,
      group: r.group,
      re: new RegExp(r.source, `g${r.flags ?? ""}`),
    })),
    assign: new RegExp(ASSIGN_SOURCE, "gi"),
    flag: new RegExp(FLAG_SOURCE, "gi"),
    prose: new RegExp(PROSE_SOURCE, "gi"),
    any: new RegExp(keys.map(escapeRegex).join("|"), "i"),
  }
  return compiled
}

const marker = (kind: string) => `[REDACTED:${kind}]`

export function redactSecrets(text: string): Redaction {
  const kinds: string[] = []
  if (text.length < 8) return { text, kinds }
  const r = rules()
  if (!r.any.test(text)) return { text, kinds }
  const lower = text.toLowerCase()
  let out = text
  for (const rule of r.tokens) {
    if (!rule.keys.some((k) => lower.includes(k))) continue
    out = out.replace(rule.re, (...m: unknown[]) => {
      kinds.push(rule.kind)
      if (rule.group === undefined) return marker(rule.kind)
      const groups = m.slice(1, -2) as Array<string | undefined>
      return groups.map((g, i) => (i + 1 === rule.group ? marker(rule.kind) : (g ?? ""))).join("")
    })
  }
  const valued = (re: RegExp, keyAt: number, prefix: (g: Array<string | undefined>) => string, prose = false) => {
    out = out.replace(re, (whole: string, ...rest: unknown[]) => {
      const g = rest.slice(0, -2) as Array<string | undefined>
      const [dq, sq, bq, bare] = g.slice(-4)
      const value = dq ?? sq ?? bq ?? bare ?? ""
      if (!looksSecret(g[keyAt] ?? "", value, bare === undefined, prose)) return whole
      kinds.push("assigned-secret")
      const q = dq !== undefined ? '"' : sq !== undefined ? "'" : bq !== undefined ? "`" : ""
      return `${prefix(g)}${q}${marker("assigned-secret")}${q}`
    })
  }
  valued(r.assign, 1, (g) => `${g[0] ?? ""}${g[1]}${g[0] ?? ""}${g[2]}`)
  valued(r.flag, 0, (g) => `${g[0]}${g[1]}`)
  valued(r.prose, 0, (g) => g[0] ?? "", true)
  return { text: out, kinds }
}

/** The text with secrets masked, for callers that do not report the kinds. */
export function redact(text: string): string {
  return redactSecrets(text).text
}
