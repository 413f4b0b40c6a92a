/**
 * Guard policy entries (`guard.allow`, `guard.deny`): an exact command, or `/regex/flags`. Lives in
 * core so the config schema can refuse a regex that does not compile, naming the file it came from.
 */
export type PolicyPattern = { exact: string } | { regex: RegExp }

const REGEX_ENTRY = /^\/(.*)\/([a-z]*)$/s

/** The compiled entry, or the reason it cannot compile. */
export function compilePattern(entry: string): PolicyPattern | { error: string } {
  const m = REGEX_ENTRY.exec(entry)
  if (!m) return { exact: normalizeSpaces(entry) }
  try {
    return { regex: new RegExp(m[1]!, m[2]!.replace(/[gy]/g, "")) }
  } catch (e) {
    return { error: e instanceof Error ? e.message : String(e) }
  }
}

const normalizeSpaces = (text: string): string => text.trim().replace(/\s+/g, " ")

export function patternMatches(p: PolicyPattern, command: string): boolean {
  return "exact" in p ? p.exact === normalizeSpaces(command) : p.regex.test(command)
}
