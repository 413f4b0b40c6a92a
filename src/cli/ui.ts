import type { ConsolaInstance } from "consola"

/**
 * consola for people, with both streams on stderr (stdout is for data and protocols). Loaded on
 * first use only: it costs more start-up time than a whole hook may spend.
 */
let instance: ConsolaInstance | undefined

export async function ui(): Promise<ConsolaInstance> {
  if (instance) return instance
  const { createConsola } = await import("consola")
  instance = createConsola({ stdout: process.stderr, stderr: process.stderr })
  return instance
}

/** Data for scripts goes to stdout, always newline-terminated. */
export function printData(value: unknown): void {
  process.stdout.write(typeof value === "string" ? `${value}\n` : `${JSON.stringify(value, null, 2)}\n`)
}
