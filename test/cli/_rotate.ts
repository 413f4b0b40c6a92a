import { recordObservation } from "../../src/insight"

/** The failing command the key-rotation tests observe (its sealed error text must read back after a rotation). */
export function observeZebraFailure(project: string): void {
  recordObservation({
    project,
    sessionId: "s-1",
    tool: "claude-code",
    callName: "Bash",
    command: "bun test zebra-obs",
    failed: true,
    exitCode: 1,
    errorText: "error: zebra-failure in test",
  })
}
