/** The installer's vocabulary: where a tool keeps things, and the edits egc makes there. */
export type Scope = "user" | "project"
export type Purpose = "mcp" | "hooks" | "instructions" | "bin"

/** Our hook events; each target maps its native event names onto these. */
export type HookEvent =
  | "session-start"
  | "prompt-submit"
  | "pre-tool"
  | "post-tool"
  | "pre-compact"
  | "stop"
  | "session-end"

/** One change to one file. Serialisable: the install record keeps it so uninstall can undo it. */
export type Op =
  /** JSON/JSONC: egc owns the value at `path` (e.g. mcpServers.egc). */
  | { kind: "json-set"; path: string[]; value: unknown }
  /** JSON/JSONC: per event, the entries egc owns in the list at [...path, event]; others are kept. */
  | { kind: "json-hooks"; path: string[]; events: Record<string, unknown[]>; defaults?: Record<string, unknown> }
  /** TOML: egc owns the table `[table]`; the rest of the file stays byte-identical. */
  | { kind: "toml-table"; table: string; values: Record<string, string | string[]> }
  /** YAML: egc owns the value at `path`, edited through a document that keeps comments. */
  | { kind: "yaml-set"; path: string[]; value: unknown }
  /** Markdown: a versioned marker block, upgraded in place. */
  | { kind: "md-block"; text: string; version: number }
  /** A whole file egc owns. */
  | { kind: "file"; content: string; mode?: number }

/** An op bound to its file and to who asked for it. */
export interface Edit {
  file: string
  op: Op
  target: string
  purpose: Purpose
}

export interface InstallContext {
  scope: Scope
  home: string
  /** Project root (git root or the working directory). */
  project: string
  /** Absolute path of the egc binary that tools will run. */
  bin: string
  platform: NodeJS.Platform
  pathDirs: string[]
  xdgConfig: string
  /** VS Code's user folder on this platform. */
  vscodeUser: string
}

/** A facet of a target: either edits for the scope, or an honest reason it has none. */
export interface Facet {
  /** What this facet writes, for `egc install --list` (file and format, or the events). */
  describe: (ctx: InstallContext) => string
  edits: (ctx: InstallContext) => Edit[]
}
export interface Target {
  id: string
  name: string
  /** Evidence the tool is installed (folder, file or binary), or undefined. */
  detect: (ctx: InstallContext) => string | undefined
  /** Files or folders in a project that show the tool is used there (project scope detection). */
  projectMarkers: string[]
  /** A scope left out means the tool has nothing there; `note` says why (shown by --list). */
  mcp: Facets
  hooks: Facets
  instructions: Facets
  /** Said after installing (e.g. Codex asks to trust new hooks). */
  afterNote?: string
}

export type Facets = Partial<Record<Scope, Facet>> & { note?: string }
