import type { CommandDef } from "citty"

/**
 * Lazy command map: a subcommand's module (and everything it imports) is evaluated only when it
 * runs, so `egc hook` and `egc guard` never load the MCP SDK, zod schemas or the memory search index.
 */
// citty's CommandDef<T> is contravariant in T (run takes CommandContext<T>): no concrete ArgsDef admits every
// command, which is why citty's own SubCommandsDef holds CommandDef<any> too
// biome-ignore lint/suspicious/noExplicitAny: a command whatever its args (CommandDef is contravariant in T)
export type AnyCommand = CommandDef<any>
type Loader = () => Promise<AnyCommand>
const load = (p: Promise<{ default: AnyCommand }>) => p.then((m) => m.default)

export const commands: Record<string, Loader> = {
  version: () => load(import("./version")),
  project: () => load(import("./project")),
  doctor: () => load(import("./doctor")),
  keys: () => load(import("./keys")),
  memory: () => load(import("./memory")),
  serve: () => load(import("./serve")),
  mesh: () => load(import("./mesh")),
  crush: () => load(import("./crush")),
  gain: () => load(import("./gain")),
  guard: () => load(import("./guard")),
  hook: () => load(import("./hook")),
  install: () => load(import("./install")),
  uninstall: () => load(import("./uninstall")),
  trust: () => load(import("./trust")),
  ui: () => load(import("./ui")),
  backup: () => load(import("./backup")),
  restore: () => load(import("./restore")),
  sync: () => load(import("./sync")),
  mirror: () => load(import("./mirror")),
  upgrade: () => load(import("./upgrade")),
  status: () => load(import("./status")),
  context: () => load(import("./context")),
  config: () => load(import("./config")),
  completions: () => load(import("./completions")),
}
