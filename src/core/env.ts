/**
 * The only module that reads process.env. Values are read on each call so that tests which
 * point HOME or EGC_HOME elsewhere see the change; every reader goes through here.
 */
const read = (key: string): string | undefined => {
  const value = process.env[key]
  return value === undefined || value === "" ? undefined : value
}

const truthy = (key: string): boolean => {
  const value = read(key)?.toLowerCase()
  return value === "1" || value === "true" || value === "yes"
}

declare const EGC_TEST_SEAMS: boolean | undefined

/**
 * Test seams (EGC_TEST_NOW) exist in source runs and test builds only: a release build defines
 * EGC_TEST_SEAMS=false (scripts/build.ts), the minifier drops the read, and the variable is inert.
 */
const TEST_SEAMS = typeof EGC_TEST_SEAMS !== "boolean" || EGC_TEST_SEAMS

const int = (key: string): number | undefined => {
  const value = read(key)
  if (value === undefined || !/^-?\d+$/.test(value)) return undefined
  return Number(value)
}

export const env = {
  home: () => read("HOME") ?? read("USERPROFILE"),
  egcHome: () => read("EGC_HOME"),
  xdgConfigHome: () => read("XDG_CONFIG_HOME"),
  appData: () => read("APPDATA"),
  path: () => read("PATH") ?? "",
  disabled: () => truthy("EGC_DISABLE"),
  logLevel: () => read("EGC_LOG_LEVEL"),
  consent: () => read("EGC_CONSENT"),
  mcpTools: () => read("EGC_MCP_TOOLS"),
  /** Fixed "now" in epoch milliseconds, for tests that drive several processes. */
  testNow: () => (TEST_SEAMS ? int("EGC_TEST_NOW") : undefined),
  /** Kill `egc keys rotate` at a named step (staged, committed, swapped), to test recovery from a crash. */
  testRotateStop: () => (TEST_SEAMS ? read("EGC_TEST_ROTATE_STOP") : undefined),
  noColor: () => truthy("NO_COLOR") || read("TERM") === "dumb",
  /** FORCE_COLOR as the convention has it: unset → undefined, "0"/"false" → false, anything else → true. */
  forceColor: (): boolean | undefined => {
    const v = process.env.FORCE_COLOR
    if (v === undefined) return undefined
    return !["0", "false", "no"].includes(v.toLowerCase())
  },
  ci: () => truthy("CI"),
  shell: () => read("SHELL"),
  /** The coding-tool session a guard verdict belongs to, when the caller knows it. */
  sessionId: () => read("EGC_SESSION_ID"),
  /**
   * Set on a command a hook starts in the background: its outcome goes, redacted, to logs/<name>.log.
   * Taken once and removed, so the processes it starts (git, and git's clean filter, which is egc
   * again) do not log as if they were the background command.
   */
  takeBackgroundLog: () => {
    const name = read("EGC_BACKGROUND_LOG")
    delete process.env.EGC_BACKGROUND_LOG
    return name && /^[a-z][a-z-]{0,30}$/.test(name) ? name : undefined
  },
  /** Set by doctor on the hook commands it runs with an empty payload: their emptiness is expected, not news. */
  hookProbe: () => read("EGC_HOOK_PROBE") === "1",
  /** Where releases are fetched from instead of GitHub (a mirror, an air-gapped copy, a test server). */
  downloadBase: () => read("EGC_DOWNLOAD_BASE"),
  /** A snapshot of the whole environment, for spawning children with the caller's variables. */
  all: (): Record<string, string> => {
    const out: Record<string, string> = {}
    for (const [k, v] of Object.entries(process.env)) if (v !== undefined) out[k] = v
    return out
  },
  /** Provider keys for optional model use (transcript mining); presence only matters. */
  providerKey: (name: "ANTHROPIC_API_KEY" | "OPENAI_API_KEY" | "GEMINI_API_KEY") => read(name),
  raw: read,
}
