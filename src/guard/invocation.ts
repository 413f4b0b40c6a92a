import type { Redirect, Word } from "../core/shell/ast"
import type { Verdict } from "./types"

/** One argument as the guard sees it: its literal value, or unknown when it is decided at run time. */
export interface Arg {
  text: string
  /** Its value depends on an expansion, a substitution or input appended later (xargs, find -exec). */
  unknown: boolean
  /** Unquoted glob characters in it. */
  glob: boolean
  /** For an argument fed from literal stdin (xargs), the words it will most likely be. */
  hint?: string
  /** Stands for many words only known at run time (the `{}` of find -exec, xargs, parallel). */
  many?: boolean
  /** Where those words come from, when known: the folders a `find`/`ls`/`git ls-files` upstream lists. */
  roots?: string[]
}

/** What a command reads on standard input. */
export type Stdin =
  | { kind: "data"; text: string; literal: boolean }
  | { kind: "stream"; producer: string; fromNetwork: boolean; secret?: string; roots?: string[] }

export interface WalkState {
  /** The working directory after any `cd`; undefined once it can no longer be known. */
  cwd: string | undefined
  /** Variables assigned earlier in the command line; undefined value means unknown. */
  vars: Map<string, string | undefined>
  depth: number
}

export interface Invocation {
  args: Arg[]
  stdin?: Stdin
  redirects: Redirect[]
  state: WalkState
}

/** The context every rule reads: where the command runs and whose files are around it. */
export interface Scene {
  cwd: string
  home: string
  projectRoot?: string
  protectedBranches: readonly string[]
  protectedPaths: readonly string[]
}

/** A file this command line writes before it may run it: fetched from the network, or literal text. */
export interface Written {
  fromNetwork: boolean
  text?: string
  by: string
}

export interface Walk {
  scene: Scene
  /** Files written earlier in this command line, by absolute path (download-then-run, write-then-run). */
  written?: Map<string, Written>
  /** Judge an invocation (after wrappers) and everything it runs. */
  run(inv: Invocation): void
  /** Judge shell text found inside a command (`bash -c`, `eval`, a heredoc fed to a shell). */
  script(text: string, state: WalkState, origin: string): void
  report(v: Verdict): void
}

export const argOf = (w: Word): Arg => ({ text: w.text, unknown: w.dynamic, glob: w.glob })
export const literal = (text: string): Arg => ({ text, unknown: false, glob: false })
export const placeholder = (text = "{}", hint?: string): Arg => ({
  text,
  unknown: true,
  glob: false,
  many: true,
  ...(hint !== undefined ? { hint } : {}),
})

/** How a command is looked up: the last path segment, case-folded (`/usr/bin/GIT` is git). */
export const baseName = (name: string): string => name.slice(name.lastIndexOf("/") + 1).toLowerCase()
