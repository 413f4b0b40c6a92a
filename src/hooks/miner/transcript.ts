import { closeSync, fstatSync, openSync, readSync } from "node:fs"

/**
 * Reads the new part of a coding tool's transcript: JSONL (Claude Code, Codex, Qwen) or one JSON
 * document with a `messages` array (Gemini CLI). At most MAX_READ bytes per call.
 */
const MAX_READ = 4 * 1024 * 1024

export interface Turn {
  role: "user" | "assistant"
  text: string
}

interface Chunk {
  turns: Turn[]
  /** Byte offset to resume from next time. */
  end: number
  size: number
}

export function readTranscript(path: string, from: number): Chunk {
  const fd = openSync(path, "r")
  try {
    const size = fstatSync(fd).size
    const read = (start: number, length: number) => {
      const buf = Buffer.alloc(length)
      readSync(fd, buf, 0, length, start)
      return buf.toString("utf8")
    }
    // a whole JSON document (Gemini CLI) is rewritten in place: re-read it every time, from 0
    const head = read(0, Math.min(size, 65_536))
    const firstLine = head.split("\n", 1)[0] ?? ""
    if (head.trimStart().startsWith("{") && parseLine(firstLine) === undefined) {
      const whole = size <= MAX_READ ? wholeDocument(read(0, size)) : undefined
      return { turns: whole ?? [], end: 0, size }
    }
    const start = from > size ? 0 : Math.max(from, size - MAX_READ)
    const text = read(start, size - start)
    const lastNewline = text.lastIndexOf("\n")
    const complete = lastNewline === -1 ? "" : text.slice(0, lastNewline)
    const turns = complete.split("\n").flatMap((line) => turnsOf(parseLine(line)))
    return { turns, end: start + Buffer.byteLength(complete) + (lastNewline === -1 ? 0 : 1), size }
  } finally {
    closeSync(fd)
  }
}

function parseLine(line: string): unknown {
  if (!line.trim()) return undefined
  try {
    return JSON.parse(line)
  } catch {
    return undefined
  }
}

function wholeDocument(text: string): Turn[] | undefined {
  const doc = parseLine(text) as { messages?: unknown[] } | undefined
  return Array.isArray(doc?.messages) ? doc.messages.flatMap(turnsOf) : undefined
}

function turnsOf(entry: unknown): Turn[] {
  if (!entry || typeof entry !== "object") return []
  const e = entry as Record<string, unknown>
  if (e.isMeta === true || e.isSidechain === true) return []
  if (Array.isArray(e.messages)) return e.messages.flatMap(turnsOf)
  const message = (e.message && typeof e.message === "object" ? e.message : e) as Record<string, unknown>
  const roleRaw = String(message.role ?? e.type ?? "")
  const role =
    roleRaw === "user"
      ? "user"
      : roleRaw === "assistant" || roleRaw === "model" || roleRaw === "gemini"
        ? "assistant"
        : undefined
  if (!role) return []
  const text = stripInjected(textOf(message.content ?? message.parts ?? e.content))
  return text ? [{ role, text }] : []
}

function textOf(content: unknown): string {
  if (typeof content === "string") return content
  if (!Array.isArray(content)) return ""
  return content
    .map((part) =>
      part && typeof part === "object" && (part as { type?: unknown }).type !== "tool_result"
        ? (part as { text?: unknown }).text
        : undefined,
    )
    .filter((t): t is string => typeof t === "string")
    .join("\n")
}

/** Tool-injected blocks (system reminders, hook context, command output) are not the person's words. */
function stripInjected(text: string): string {
  return text.replace(/<([a-z][a-z0-9-]*)>[\s\S]*?<\/\1>/gi, " ").trim()
}
