/**
 * Old argument names a tool still accepts for one release (MCP arguments are snake_case; a few
 * tools first shipped camelCase ones). The input schema stays strict and lists only the new names,
 * so the old key is rewritten here, once, before validation, and the call's result says so.
 */
interface Renamed {
  args: unknown
  /** The deprecation note for the result, when an old name was used. */
  note?: string
  /** Both spellings given: the call is refused rather than one silently winning. */
  problem?: string
}

export function renameDeprecated(raw: unknown, aliases: Readonly<Record<string, string>> | undefined): Renamed {
  if (!aliases || raw === null || typeof raw !== "object" || Array.isArray(raw)) return { args: raw }
  const args = { ...(raw as Record<string, unknown>) }
  const used: string[] = []
  for (const [old, current] of Object.entries(aliases)) {
    if (!Object.hasOwn(args, old)) continue
    if (Object.hasOwn(args, current)) {
      return { args, problem: `give either ${current} or its old name ${old}, not both` }
    }
    args[current] = args[old]
    delete args[old]
    used.push(`${old} is now ${current}`)
  }
  if (!used.length) return { args }
  return { args, note: `deprecated argument names: ${used.join("; ")}; the old names stop working in the next release` }
}
