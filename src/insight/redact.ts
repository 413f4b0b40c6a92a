import { redact as redactSecrets } from "../core/secrets"

/**
 * Observations go through the one redactor (src/core/secrets); on top of it, long hex and opaque
 * runs are masked too, since an observation only needs the shape of an error, not its ids.
 */
const OPAQUE: Array<[RegExp, string]> = [
  [/\b[A-Fa-f0-9]{40,}\b/g, "[hex]"],
  [/\b[A-Za-z0-9+/_-]{40,}={0,2}/g, "[opaque]"],
]

export function redact(text: string, max = 2000): string {
  let out = redactSecrets(text.length > max * 4 ? text.slice(0, max * 4) : text)
  for (const [pattern, replacement] of OPAQUE) out = out.replace(pattern, replacement)
  return out.length > max ? `${out.slice(0, max)}…` : out
}
