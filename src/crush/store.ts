import {
  closeSync,
  existsSync,
  fsyncSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeSync,
} from "node:fs"
import { join } from "node:path"
import { now } from "../core/clock"
import { aad, open, seal } from "../core/crypto"
import { EgcError } from "../core/errors"
import { boundKeys } from "../core/binding"
import { loadKeys } from "../core/keys"
import { ensurePrivateDir, paths } from "../core/paths"
import { type ResealRun, resealFrames } from "../core/reseal"
import { redact } from "../core/secrets"

/**
 * Full outputs of recent runs, for `egc crush show <id>`: `$EGC_HOME/crush/<id>.run`, mode 0600,
 * sealed in frames of at most 1 MB (AES-256-GCM, the run id and frame number bound as additional
 * data), so a run of any size is written as it streams and nothing is in clear at rest. A final
 * frame records the frame count, so a cut-short file is reported instead of shown as complete.
 * Text is redacted (src/core/secrets) frame by frame before sealing; a frame ends at a line end,
 * and an unfinished private-key block waits for the next frame, so no secret is split between two.
 */
const FRAME = 1 << 20
/** Beyond this the stored copy stops; the footer still counts what was printed. */
export const STORE_LIMIT = 64 << 20
const ID = /^r[0-9A-HJKMNP-TV-Z]{26}$/

interface RunMeta {
  frames: number
  bytes: number
  truncated: boolean
}

const fileOf = (id: string): string => join(paths.crushRuns(), `${id}.run`)
const frameAad = (id: string, frame: number | "end") => aad("crush_run", `${id}#${frame}`, "")

export class RunWriter {
  private fd: number
  private pending: Uint8Array[] = []
  private pendingBytes = 0
  private frames = 0
  private stored = 0
  private truncated = false
  private readonly key = boundKeys().content

  constructor(readonly id: string) {
    ensurePrivateDir(paths.crushRuns())
    this.fd = openSync(fileOf(id), "wx", 0o600)
  }

  write(chunk: Uint8Array): void {
    if (this.stored + this.pendingBytes + chunk.length > STORE_LIMIT) {
      this.truncated = true
      return
    }
    this.pending.push(chunk)
    this.pendingBytes += chunk.length
    if (this.pendingBytes >= FRAME) this.flush(false)
  }

  private flush(final = true): void {
    if (!this.pendingBytes) return
    const { body, carry } = redactFrame(Buffer.concat(this.pending), final)
    this.pending = carry.length ? [carry] : []
    this.pendingBytes = carry.length
    if (!body.length) return
    this.frame(seal(this.key, body, frameAad(this.id, this.frames)))
    this.frames++
    this.stored += body.length
  }

  private frame(envelope: Uint8Array): void {
    const len = Buffer.alloc(4)
    len.writeUInt32BE(envelope.length)
    writeSync(this.fd, len)
    writeSync(this.fd, envelope)
  }

  close(): RunMeta {
    this.flush()
    const meta: RunMeta = { frames: this.frames, bytes: this.stored, truncated: this.truncated }
    this.frame(seal(this.key, new TextEncoder().encode(JSON.stringify(meta)), frameAad(this.id, "end")))
    closeSync(this.fd)
    return meta
  }
}

/** Binary output (a NUL byte) is stored as is: `crush show --raw` must give back the same bytes. */
function redactFrame(raw: Buffer, final: boolean): { body: Buffer; carry: Buffer } {
  if (raw.includes(0)) return { body: raw, carry: Buffer.alloc(0) }
  // latin1 maps bytes 1:1, so text without a secret comes back byte for byte
  const text = raw.toString("latin1")
  let cut = text.length
  if (!final) {
    const begin = text.lastIndexOf("-----BEGIN")
    const open = begin >= 0 && text.indexOf("-----END", begin) < 0 && text.length - begin < FRAME
    const nl = text.lastIndexOf("\n")
    cut = open ? begin : nl >= 0 && text.length - nl < FRAME ? nl + 1 : text.length
  }
  const body = Buffer.from(redact(text.slice(0, cut)), "latin1")
  return { body, carry: Buffer.from(text.slice(cut), "latin1") }
}

/** The stored output of a run, decrypted; throws E_NOT_FOUND when expired or unknown, E_TAMPERED when altered. */
export function readRun(id: string): { bytes: Uint8Array; meta: RunMeta } {
  if (!ID.test(id))
    throw new EgcError("E_INPUT", `'${id}' is not a crush run id`, {
      hint: "use the id printed in the footer, e.g. egc crush show r01…",
    })
  const file = fileOf(id)
  if (!existsSync(file))
    throw new EgcError("E_NOT_FOUND", `no stored output for run ${id}`, {
      hint: "outputs are kept for crush.keepHours (default 24 h); run the command again",
    })
  const data = readFileSync(file)
  const key = loadKeys().content
  const parts: Uint8Array[] = []
  let pos = 0
  let meta: RunMeta | undefined
  while (pos + 4 <= data.length) {
    const len = data.readUInt32BE(pos)
    const envelope = data.subarray(pos + 4, pos + 4 + len)
    pos += 4 + len
    if (envelope.length !== len) break
    try {
      parts.push(open(key, envelope, frameAad(id, parts.length)))
    } catch {
      // not the next data frame: it must be the end frame
      meta = JSON.parse(new TextDecoder().decode(open(key, envelope, frameAad(id, "end")))) as RunMeta
      break
    }
  }
  if (!meta || meta.frames !== parts.length)
    throw new EgcError("E_TAMPERED", `stored output of run ${id} is incomplete or altered`)
  return { bytes: Buffer.concat(parts), meta }
}

/** Remove stored outputs older than keepHours (every run calls this; it only lists one folder). */
export function sweepRuns(keepHours: number): number {
  const dir = paths.crushRuns()
  if (!existsSync(dir)) return 0
  const cutoff = now() - keepHours * 3_600_000
  let removed = 0
  for (const name of readdirSync(dir)) {
    if (!name.endsWith(".run") && !name.endsWith(".tmp")) continue
    const file = join(dir, name)
    try {
      if (statSync(file).mtimeMs < cutoff) {
        rmSync(file, { force: true })
        removed++
      }
    } catch {
      // raced with another sweep
    }
  }
  return removed
}

/** A run file's envelopes in order; undefined when cut short (still being written, or damaged). */
function framesOf(data: Buffer): Uint8Array[] | undefined {
  const out: Uint8Array[] = []
  let pos = 0
  while (pos + 4 <= data.length) {
    const len = data.readUInt32BE(pos)
    if (pos + 4 + len > data.length) return undefined
    out.push(data.subarray(pos + 4, pos + 4 + len))
    pos += 4 + len
  }
  return pos === data.length && out.length ? out : undefined
}

/**
 * `egc keys rotate`: stored outputs re-sealed under the new key, each file replaced whole by a rename
 * (a file is never half old, half new). A run still being written, or one already unreadable, is left
 * as it is and counted as unreadable. `check` mode only counts. Safe to repeat.
 */
export function resealRuns(run: ResealRun): void {
  const dir = paths.crushRuns()
  if (!existsSync(dir)) return
  for (const name of readdirSync(dir)) {
    const id = name.slice(0, -".run".length)
    if (!name.endsWith(".run") || !ID.test(id)) continue
    const file = join(dir, name)
    let frames: Uint8Array[] | undefined
    try {
      frames = framesOf(readFileSync(file))
    } catch {
      continue // swept meanwhile
    }
    if (!frames) {
      run.counts.unreadable++
      continue
    }
    const aads = frames.map((_, i) => frameAad(id, i === frames.length - 1 ? "end" : i))
    const next = resealFrames(run, frames, aads)
    if (!next) continue
    const temp = `${file}.${process.pid}.tmp`
    const fd = openSync(temp, "w", 0o600)
    try {
      for (const envelope of next) {
        const len = Buffer.alloc(4)
        len.writeUInt32BE(envelope.length)
        writeSync(fd, len)
        writeSync(fd, envelope)
      }
      fsyncSync(fd)
    } finally {
      closeSync(fd)
    }
    renameSync(temp, file)
  }
}
