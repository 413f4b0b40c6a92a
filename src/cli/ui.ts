import type { ConsolaInstance } from "consola"
import { env } from "../core/env"

/**
 * consola for people, with both streams on stderr (stdout is for data and protocols). Loaded on
 * first use only: it costs more start-up time than a whole hook may spend.
 */
let instance: ConsolaInstance | undefined

/** Colour only on a terminal; FORCE_COLOR wins either way, then NO_COLOR (and TERM=dumb) turn it off. */
function useColor(stream: { isTTY?: boolean }): boolean {
  const forced = env.forceColor()
  if (forced !== undefined) return forced
  if (env.noColor()) return false
  return stream.isTTY === true
}

const ANSI = /\u001b\[[0-9;]*m/g

export async function ui(): Promise<ConsolaInstance> {
  if (instance) return instance
  const { createConsola } = await import("consola")
  // consola decides colour once, from stdout; the decision that counts is stderr's, where it writes
  const colour = useColor(process.stderr)
  const sink = Object.create(process.stderr, {
    write: { value: (chunk: string) => process.stderr.write(colour ? chunk : String(chunk).replace(ANSI, "")) },
  }) as NodeJS.WriteStream
  // consola picks its plain reporter on CI or in tests; when colour is wanted (FORCE_COLOR), ask for the fancy one
  instance = createConsola({ stdout: sink, stderr: sink, ...(colour ? { fancy: true } : {}) })
  return instance
}

/** Data for scripts goes to stdout, always newline-terminated. */
export function printData(value: unknown): void {
  process.stdout.write(typeof value === "string" ? `${value}\n` : `${JSON.stringify(value, null, 2)}\n`)
}
