const PATTERNS: RegExp[] = [
  /\b(AKIA|ASIA)[0-9A-Z]{16}\b/g,
  /\bgh[pousr]_[A-Za-z0-9]{20,}\b/g,
  /\bgithub_pat_[A-Za-z0-9_]{20,}\b/g,
  /\bglpat-[A-Za-z0-9_-]{20,}\b/g,
  /\bxox[abposr]-[A-Za-z0-9-]{10,}\b/g,
  /\bsk-(proj-|ant-)?[A-Za-z0-9_-]{20,}\b/g,
  /\b(sk|rk|pk)_live_[A-Za-z0-9]{16,}\b/g,
  /\bnpm_[A-Za-z0-9]{30,}\b/g,
  /\bAIza[0-9A-Za-z_-]{35}\b/g,
  /-----BEGIN [A-Z ]*PRIVATE KEY-----[\s\S]*?(-----END [A-Z ]*PRIVATE KEY-----|$)/g,
]
const ASSIGNED = /\b([A-Za-z0-9_]*(?:PASSWORD|PASSWD|SECRET|TOKEN|API_?KEY|ACCESS_KEY|PRIVATE_KEY|CREDENTIALS?)[A-Za-z0-9_]*)=("[^"]*"|'[^']*'|\S+)/gi
const FLAGGED = /(--(?:password|passwd|token|secret|api-key|access-key)[= ])("[^"]*"|'[^']*'|\S+)|(\bBearer\s+)[A-Za-z0-9._~+/=-]{8,}|(:\/\/[^:/\s@]+:)[^@/\s]+(@)/gi

/** Removes credentials from a command before it is logged or stored. */
export function redact(text: string): string {
  let out = text
  for (const p of PATTERNS) out = out.replace(p, "[redacted]")
  out = out.replace(ASSIGNED, (_m, name: string) => `${name}=[redacted]`)
  out = out.replace(FLAGGED, (_m, flag?: string, _v?: string, bearer?: string, userinfo?: string, at?: string) => (flag ? `${flag}[redacted]` : bearer ? `${bearer}[redacted]` : `${userinfo}[redacted]${at}`))
  return out.replace(/(\s-p)(?!\s)\S+/g, "$1[redacted]")
}
