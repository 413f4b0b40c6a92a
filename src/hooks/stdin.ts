/** Hook payloads are capped: a tool never needs more, and a runaway writer must not cost memory. */
export const STDIN_LIMIT = 1024 * 1024

export interface Payload {
  text: string
  truncated: boolean
}

/** Reads at most `limit` bytes; anything beyond is discarded and marks the payload truncated. */
export async function readBounded(
  stream: ReadableStream<Uint8Array> | AsyncIterable<Uint8Array>,
  limit = STDIN_LIMIT,
): Promise<Payload> {
  const chunks: Uint8Array[] = []
  let size = 0
  let truncated = false
  for await (const chunk of stream as AsyncIterable<Uint8Array>) {
    if (truncated) continue
    if (size + chunk.length > limit) {
      chunks.push(chunk.subarray(0, limit - size))
      size = limit
      truncated = true
      continue
    }
    chunks.push(chunk)
    size += chunk.length
  }
  return { text: Buffer.concat(chunks, size).toString("utf8"), truncated }
}

type Parsed = { kind: "ok"; value: Record<string, unknown> } | { kind: "empty" } | { kind: "malformed"; reason: string }

export function parsePayload(text: string): Parsed {
  if (text.trim() === "") return { kind: "empty" }
  try {
    const value: unknown = JSON.parse(text)
    if (value === null || typeof value !== "object" || Array.isArray(value))
      return { kind: "malformed", reason: "payload is not a JSON object" }
    return { kind: "ok", value: value as Record<string, unknown> }
  } catch (e) {
    return { kind: "malformed", reason: e instanceof Error ? e.message : String(e) }
  }
}
