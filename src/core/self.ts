/**
 * How to run this egc again, the one answer for every caller that re-spawns it (the session-end sync push,
 * mirror's clean filter, the crusher's rewritten commands, upgrade). Compiled, the executable is egc itself;
 * from source (`bun src/main.ts`), the executable is bun and egc is the entry script, so both are needed.
 */
const compiled = (): boolean => Bun.main.startsWith("/$bunfs/") || /^[A-Z]:\\~BUN\\/i.test(Bun.main)

/** The argv prefix that runs this egc: `[binary]`, or `[bun, entry script]` from source. */
export function selfArgv(): string[] {
  return compiled() ? [process.execPath] : [process.execPath, Bun.main]
}

/** The compiled egc binary this process runs from; undefined from source, where the executable is bun. */
export function selfBinary(): string | undefined {
  return compiled() ? process.execPath : undefined
}
