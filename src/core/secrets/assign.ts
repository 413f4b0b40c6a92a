/**
 * Values given to secret-named keys: `KEY=v`, `KEY: v`, `"key": "v"`, `key = 'v'`, `--password v`,
 * and prose ("the aws secret is X"). The key decides how sure we are: a password-like key masks
 * any literal, a token-like key masks only a value that looks random (entropy), so code such as
 * `password: string` or `token = getToken()` and prose such as "the token is valid" survive.
 */
export const KEY_WORDS = [
  "secret",
  "token",
  "password",
  "passwd",
  "pwd",
  "pass",
  "api_key",
  "apikey",
  "api-key",
  "private",
  "credential",
  "auth",
  "key",
]

const STRONG = /secret|passw|passwd|pwd|private[_.-]?key|credential|pass(?:phrase)?$/i
const NAME =
  "[A-Za-z0-9_.-]*?(?:secret|token|passw(?:or)?d|passwd|pwd|pass(?:phrase)?|api[_.-]?key|apikey|private[_.-]?key|credentials?|auth|(?<=[_.-])key|(?<=[a-z])Key)[A-Za-z0-9_.-]*"
const VALUE = String.raw`"([^"\n]*)"|'([^'\n]*)'|\x60([^\x60\n]*)\x60|([^\s"',;)}\]]+)`

/** `name` sep `value`; group 1 opening quote of the key, 2 the key, 3 the separator with spaces. */
export const ASSIGN_SOURCE = String.raw`(?<![A-Za-z0-9_.-])(["']?)(${NAME})\1(\s*(?::=|=>|=|:)[ \t]*)(?:${VALUE})`
/** `--password v`, `--api-key=v`, `-password v`. */
export const FLAG_SOURCE = String.raw`(?<![A-Za-z0-9_-])(--?${NAME})(=|[ \t]+)(?:${VALUE})`
/** "the aws secret is X", "password was X", "token for staging: X". */
export const PROSE_SOURCE = String.raw`\b((?:secret|token|password|passwd|passphrase|api key|access key|credentials?)s?(?:\s+(?:for|of)\s+[\w.-]+)?\s+(?:is|was|are|=|:)\s+)(?:${VALUE})`

const PLACEHOLDER =
  /^(?:\$\{?[A-Za-z_][\w.]*\}?|\$\(.*\)|%[A-Za-z_]+%|\{\{.*\}\}|<[^>]*>|\[REDACTED[^\]]*\]?|\*+|x+|\.+|-+|(?:true|false|null|nil|none|undefined|string|str|number|int|integer|bool|boolean|any|unknown|object|bytes|optional|required|yes|no|on|off|empty|redacted|hidden|secret|password|token|changeme|placeholder|example|bearer|basic|await|new|this|self|function|typeof|return|process|env|os|sql|input|value)\b.*)$/i
const CODE = /^[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*(?:\(.*\)?|\[.*)?$/
const upperShare = (s: string) => s.replace(/[^A-Z]/g, "").length / s.length

function entropy(s: string): number {
  const counts = new Map<string, number>()
  for (const c of s) counts.set(c, (counts.get(c) ?? 0) + 1)
  let h = 0
  for (const n of counts.values()) h -= (n / s.length) * Math.log2(n / s.length)
  return h
}

const classes = (s: string) => [/[a-z]/, /[A-Z]/, /[0-9]/, /[^A-Za-z0-9]/].filter((r) => r.test(s)).length

/** Whether `value` given to `key` should be masked; `quoted` literals are values, not code. */
export function looksSecret(key: string, value: string, quoted: boolean, prose = false): boolean {
  const v = value.trim()
  if (v.length < 4 || PLACEHOLDER.test(v)) return false
  const strong = STRONG.test(key)
  const random = v.length >= 8 && classes(v) >= 2 && entropy(v) >= 3
  if (prose) return random && /[0-9]/.test(v) ? true : v.length >= 16 && entropy(v) >= 3.5
  // an unquoted identifier path or call is code (`password: z.string()`, `token = user.token`)
  // unless a lone word is long and mixes case like a random string, not like camelCase
  const randomWord = /^[A-Za-z]{16,}$/.test(v) && upperShare(v) >= 0.25 && entropy(v) >= 3.5
  if (!quoted && CODE.test(v) && !/[0-9]/.test(v) && !/^[A-Z0-9_]+$/.test(key) && !randomWord) return false
  if (strong) return quoted || /^[A-Z0-9_]+$/.test(key) || classes(v) >= 2 || v.length >= 12
  return random || (v.length >= 20 && entropy(v) >= 3.5)
}
