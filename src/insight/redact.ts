/**
 * Secrets are removed before anything observed is stored or logged. Patterns cover the common
 * credential shapes; a long opaque token is masked even when its kind is unknown.
 */
const RULES: Array<[RegExp, string]> = [
  [/-----BEGIN [A-Z ]*PRIVATE KEY-----[\s\S]*?(-----END [A-Z ]*PRIVATE KEY-----|$)/g, "[private-key]"],
  [/\b(AKIA|ASIA)[0-9A-Z]{16}\b/g, "[aws-key]"],
  [/\bgh[pousr]_[A-Za-z0-9]{20,}\b/g, "[github-token]"],
  [/\bgithub_pat_[A-Za-z0-9_]{20,}\b/g, "[github-token]"],
  [/\bxox[abprs]-[A-Za-z0-9-]{10,}\b/g, "[slack-token]"],
  [/\bsk-(ant-|proj-)?[A-Za-z0-9_-]{16,}\b/g, "[api-key]"],
  [/\bAIza[0-9A-Za-z_-]{30,}\b/g, "[api-key]"],
  [/\beyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\b/g, "[jwt]"],
  [/\b(bearer|basic|token)\s+[A-Za-z0-9._~+/=-]{12,}/gi, "$1 [secret]"],
  [/([a-z][a-z0-9+.-]*:\/\/)[^\s:/@]+:[^\s@/]+@/gi, "$1[credentials]@"],
  [/\b([A-Za-z0-9_]*(?:pass(?:word|wd)?|secret|token|api[_-]?key|auth|credential)[A-Za-z0-9_]*)(\s*[=:]\s*|\s+)("[^"]*"|'[^']*'|[^\s"']+)/gi, "$1$2[secret]"],
  [/(--?(?:password|passwd|token|secret|api-key|auth)[= ])("[^"]*"|'[^']*'|\S+)/gi, "$1[secret]"],
  [/\b[A-Fa-f0-9]{40,}\b/g, "[hex]"],
  [/\b[A-Za-z0-9+/_-]{40,}={0,2}/g, "[opaque]"],
]

export function redact(text: string, max = 2000): string {
  let out = text.length > max * 4 ? text.slice(0, max * 4) : text
  for (const [pattern, replacement] of RULES) out = out.replace(pattern, replacement)
  return out.length > max ? `${out.slice(0, max)}…` : out
}
