/**
 * Secrets recognised before anything is stored or logged. Each match is replaced by a marker
 * naming its kind; the secret itself never reaches the sealer, the audit log or a log line.
 */
const RULES: ReadonlyArray<{ kind: string; pattern: RegExp }> = [
  { kind: "private-key", pattern: /-----BEGIN [A-Z0-9 ]*PRIVATE KEY-----[\s\S]*?(?:-----END [A-Z0-9 ]*PRIVATE KEY-----|$)/g },
  { kind: "aws-access-key", pattern: /\b(?:AKIA|ASIA)[0-9A-Z]{16}\b/g },
  { kind: "github-token", pattern: /\b(?:gh[pousr]_[A-Za-z0-9]{30,}|github_pat_[A-Za-z0-9_]{30,})\b/g },
  { kind: "anthropic-key", pattern: /\bsk-ant-[A-Za-z0-9_-]{20,}/g },
  { kind: "openai-key", pattern: /\bsk-(?:proj-)?[A-Za-z0-9_-]{20,}/g },
  { kind: "google-key", pattern: /\bAIza[0-9A-Za-z_-]{35}\b/g },
  { kind: "slack-token", pattern: /\bxox[abposr]-[A-Za-z0-9-]{10,}/g },
  { kind: "stripe-key", pattern: /\b[sr]k_(?:live|test)_[A-Za-z0-9]{16,}/g },
  { kind: "jwt", pattern: /\beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}/g },
  { kind: "bearer-token", pattern: /\b(Bearer\s+)[A-Za-z0-9._~+/-]{20,}=*/g },
  { kind: "url-credentials", pattern: /\b([a-z][a-z0-9+.-]*:\/\/[^\s:/@]+:)[^\s@/]+(@)/gi },
  {
    kind: "assigned-secret",
    pattern: /\b((?:password|passwd|pwd|secret|api[_-]?key|access[_-]?token|auth[_-]?token|client[_-]?secret)\s*[:=]\s*["']?)[^\s"']{6,}/gi,
  },
]

export interface Redaction {
  text: string
  kinds: string[]
}

export function redactSecrets(text: string): Redaction {
  const kinds: string[] = []
  let out = text
  for (const { kind, pattern } of RULES) {
    out = out.replace(pattern, (...m: unknown[]) => {
      kinds.push(kind)
      const groups = m.slice(1, -2).filter((g): g is string => typeof g === "string")
      const marker = `[REDACTED:${kind}]`
      // keep the label ("password=", "Bearer ", "scheme://user:") so the sentence still reads
      if (kind === "url-credentials") return `${groups[0] ?? ""}${marker}${groups[1] ?? ""}`
      return groups[0] !== undefined && kind !== "private-key" ? `${groups[0]}${marker}` : marker
    })
  }
  return { text: out, kinds }
}
