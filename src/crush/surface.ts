/** `egc crush …` and `egc gain` for a person or a script: run, filter, show, and the savings report. */
export { runFromCli } from "./cli"
export { crush } from "./pipeline"
export { readRun } from "./store"
export { stripAnsi } from "./text"
export { selectLines } from "./show"
export { parseSince } from "./since"
export { savings } from "./ledger"
export { renderSavings } from "./gain-text"
