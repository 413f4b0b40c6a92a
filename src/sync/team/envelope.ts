import { deriveKey, keyedHash, open, randomKey, seal } from "../../core/crypto"
import { EgcError } from "../../core/errors"

/**
 * Envelopes: one file per item version, sealed with the team key (AES-256-GCM) and bound to the
 * project's normalised origin and to its own file name, which carries a keyed hash of the shared
 * item id. A file moved to another project, renamed, altered or sealed with another team key fails
 * to open and is reported. Nothing in the repository is readable without the team key: not the
 * text, not the item ids, not the project (its folder is a keyed hash too).
 */
const PREFIX = "egc-team-v1-"

export interface TeamKey {
  text: string
  seal: Uint8Array
  name: Uint8Array
  /** Public tag of the key: tells "another team key" from "tampered". */
  tag: string
}

export function newTeamKey(): string {
  return `${PREFIX}${Buffer.from(randomKey()).toString("base64url")}`
}

export function parseTeamKey(text: string): TeamKey {
  const t = text.trim()
  const raw = t.startsWith(PREFIX) ? Buffer.from(t.slice(PREFIX.length), "base64url") : undefined
  if (raw?.length !== 32 || !/^[A-Za-z0-9_-]{43}$/.test(t.slice(PREFIX.length))) {
    throw new EgcError("E_KEY_INVALID", "not an egc team key (egc-team-v1-…)", {
      hint: "ask the teammate who ran egc sync init for the key",
    })
  }
  const bytes = new Uint8Array(raw)
  return {
    text: t,
    seal: deriveKey(bytes, "sync-seal"),
    name: deriveKey(bytes, "sync-name"),
    tag: keyedHash(deriveKey(bytes, "check"), "egc-team-id").slice(0, 16),
  }
}

export interface Payload {
  op: "put" | "forget"
  shared: string
  version: string
  kind: string
  title: string
  body: string
  entities: string[]
  tags: string[]
  author: string
  at: number
  /**
   * The shared item this one replaces and the version of it the sender replaced (absent in envelopes
   * from before supersession travelled; sealed like the rest, so only the team key reads it).
   */
  supersedes?: { shared: string; version: string }
}

interface EnvelopeFile {
  v: 1
  team: string
  project: string
  sealed: string
}

export const projectDir = (key: TeamKey, origin: string) => `p-${keyedHash(key.name, `project|${origin}`).slice(0, 24)}`
const itemTag = (key: TeamKey, shared: string) => keyedHash(key.name, `item|${shared}`).slice(0, 24)
const binding = (origin: string, file: string) => new TextEncoder().encode(`egc-sync|v1|${origin}|${file}`)

/** The version part of a file name: a keyed hash of the content, so the same version is one file. */
export function versionOf(key: TeamKey, p: Pick<Payload, "kind" | "title" | "body">): string {
  return keyedHash(key.name, `version|${p.kind}|${p.title}|${p.body}`).slice(0, 16)
}

export function fileName(key: TeamKey, p: Payload, authorTag: string): string {
  const tail = p.op === "forget" ? `forget-${authorTag}` : p.version
  return `${itemTag(key, p.shared)}-${tail}.egc`
}

export function sealEnvelope(key: TeamKey, origin: string, name: string, p: Payload): string {
  const sealed = seal(key.seal, new TextEncoder().encode(JSON.stringify(p)), binding(origin, name))
  const file: EnvelopeFile = {
    v: 1,
    team: key.tag,
    project: projectDir(key, origin),
    sealed: Buffer.from(sealed).toString("base64"),
  }
  return `${JSON.stringify(file)}\n`
}

type Opened = { ok: true; payload: Payload } | { ok: false; reason: string }

/** Open a file of our project's folder with any of our team keys; say why when it does not open. */
export function openEnvelope(keys: TeamKey[], origin: string, name: string, text: string): Opened {
  let file: Partial<EnvelopeFile>
  try {
    file = JSON.parse(text)
  } catch {
    return { ok: false, reason: "tampered: not an envelope" }
  }
  if (file?.v !== 1 || typeof file.sealed !== "string") return { ok: false, reason: "tampered: not an envelope" }
  const key = keys.find((k) => k.tag === file.team)
  if (!key) return { ok: false, reason: "sealed with another team key" }
  if (file.project !== projectDir(key, origin)) return { ok: false, reason: "bound to another project" }
  let payload: Payload
  try {
    const plain = open(key.seal, new Uint8Array(Buffer.from(file.sealed, "base64")), binding(origin, name))
    payload = JSON.parse(new TextDecoder().decode(plain)) as Payload
  } catch {
    return { ok: false, reason: "tampered: failed authentication (altered, renamed or moved from another project)" }
  }
  // the name carries the item and version: a payload of another item under this name is refused
  const expected =
    payload.op === "forget"
      ? name.startsWith(`${itemTag(key, payload.shared)}-forget-`)
      : name === fileName(key, payload, "")
  if (!expected || (payload.op === "put" && payload.version !== versionOf(key, payload))) {
    return { ok: false, reason: "tampered: the envelope does not match its name" }
  }
  if (payload.supersedes !== undefined && !validReference(payload.supersedes))
    return { ok: false, reason: "malformed: the item it supersedes is not a shared item reference" }
  return { ok: true, payload }
}

const validReference = (r: unknown): boolean => {
  const o = r as { shared?: unknown; version?: unknown } | null
  return (
    typeof o === "object" &&
    o !== null &&
    typeof o.shared === "string" &&
    /^[\w-]{1,100}$/.test(o.shared) &&
    typeof o.version === "string" &&
    /^[0-9a-f]{0,64}$/.test(o.version)
  )
}
