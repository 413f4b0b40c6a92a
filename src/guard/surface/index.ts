/** `egc guard …` for a person or a script: check, batch, explain, log and run-if-allowed. */
export { check, checkBatch } from "./check"
export { explain } from "./explain"
export { showLog } from "./log"
export { runGuarded } from "./run"
