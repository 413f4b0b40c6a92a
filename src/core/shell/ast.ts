/** The parts of a shell program the guard and the crusher need: what runs, with which words, fed from where. */

export interface Word {
  /** The source text of the word, quotes included. */
  raw: string
  /** The value after quote removal; expansions stay as their source text (`$HOME`, `$(…)`). */
  text: string
  /** Holds an expansion or substitution whose value is unknown until run time. */
  dynamic: boolean
  /** Any part of it was quoted (so globs and keywords in it are literal). */
  quoted: boolean
  /** Has an unquoted glob character. */
  glob: boolean
  /** Scripts that run while the word is expanded: `$(…)`, backticks, `<(…)`, `>(…)`. */
  subs: Script[]
}

export interface Heredoc {
  delimiter: string
  /** A quoted delimiter makes the body literal data: no expansion, no substitution. */
  quoted: boolean
  body: string
  subs: Script[]
}

export interface Redirect {
  op: string
  /** The file descriptor written before the operator (`2` in `2>&1`), when one is. */
  fd?: string
  target?: Word
  heredoc?: Heredoc
}

export interface SimpleCommand {
  type: "simple"
  assigns: Word[]
  words: Word[]
  redirects: Redirect[]
}

interface CompoundCommand {
  type: "subshell" | "group"
  body: Script
  redirects: Redirect[]
}

export type Command = SimpleCommand | CompoundCommand

export interface Pipeline {
  commands: Command[]
  /** The list operator after it (`&&`, `||`, `;`, `&`; a line end reads as `;`) and the offset just past it. */
  next?: { op: string; end: number }
}

export interface Script {
  pipelines: Pipeline[]
  /** Syntax the parser had to recover from; any entry makes the verdict at least `ask`. */
  errors: string[]
  /** Set when the work cap stopped the parse: only the commands before it are here. */
  truncated?: string
}
