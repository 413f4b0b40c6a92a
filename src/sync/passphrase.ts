import { readFileSync, statSync } from "node:fs"
import { EgcError } from "../core/errors"

/** A passphrase from a file (scripts: its first line) or typed on the terminal without echo. */
export async function readPassphrase(opts: { file?: string; confirm?: boolean; prompt?: string }): Promise<string> {
  if (opts.file !== undefined) {
    let text: string
    try {
      if (statSync(opts.file).size > 4096)
        throw new EgcError("E_INPUT", `${opts.file} is too large to be a passphrase file`)
      text = readFileSync(opts.file, "utf8")
    } catch (cause) {
      if (cause instanceof EgcError) throw cause
      throw new EgcError("E_NOT_FOUND", `cannot read ${opts.file}`, { cause })
    }
    const line = text.split(/\r?\n/)[0] ?? ""
    if (!line) throw new EgcError("E_INPUT", `${opts.file} holds no passphrase on its first line`)
    return line
  }
  if (!process.stdin.isTTY) {
    throw new EgcError("E_USAGE", "no terminal to ask for the passphrase", { hint: "pass --passphrase-file FILE" })
  }
  const first = await ask(opts.prompt ?? "passphrase: ")
  if (opts.confirm && (await ask("again: ")) !== first) throw new EgcError("E_INPUT", "the two passphrases differ")
  return first
}

function ask(prompt: string): Promise<string> {
  process.stderr.write(prompt)
  const stdin = process.stdin
  stdin.setRawMode(true)
  stdin.resume()
  return new Promise((resolve, reject) => {
    let typed = ""
    const done = (err?: Error) => {
      stdin.off("data", onData)
      stdin.setRawMode(false)
      stdin.pause()
      process.stderr.write("\n")
      if (err) reject(err)
      else resolve(typed)
    }
    const onData = (chunk: Buffer) => {
      for (const ch of chunk.toString("utf8")) {
        if (ch === "\r" || ch === "\n") return done()
        if (ch === "\u0003") return done(new EgcError("E_USAGE", "cancelled"))
        if (ch === "\u007f" || ch === "\b") typed = typed.slice(0, -1)
        else typed += ch
      }
    }
    stdin.on("data", onData)
  })
}
