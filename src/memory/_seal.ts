import { aad, keyedHash, openText, sealText } from "../core/crypto"
import type { Keys } from "../core/keys"
import { foldText, normalEntity } from "../core/screen"

/**
 * Sealing of stored content, bound to (table, row id, project): a record altered, moved to another
 * row or copied to another project fails to open. Keyed hashes stand in for names and texts that
 * must be compared without being stored.
 */
export interface Content {
  title: string
  body: string
  entities: string[]
  tags: string[]
  key?: string
}

export function sealContent(keys: Keys, table: string, id: string, project: string, content: Content): Uint8Array {
  return sealText(keys.content, JSON.stringify(content), aad(table, id, project))
}

export function openContent(keys: Keys, table: string, id: string, project: string, envelope: Uint8Array): Content {
  const parsed = JSON.parse(openText(keys.content, envelope, aad(table, id, project))) as Content
  return {
    title: parsed.title,
    body: parsed.body,
    entities: parsed.entities ?? [],
    tags: parsed.tags ?? [],
    key: parsed.key,
  }
}

export function sealName(keys: Keys, table: string, id: string, project: string, name: string): Uint8Array {
  return sealText(keys.content, name, aad(table, id, project))
}

export function openName(keys: Keys, table: string, id: string, project: string, envelope: Uint8Array): string {
  return openText(keys.content, envelope, aad(table, id, project))
}

/** Fingerprint of a text for tombstones: case and whitespace do not change it. */
export function textPrint(keys: Keys, text: string): string {
  return keyedHash(keys.hash, `memory-text|${foldText(text)}`).slice(0, 40)
}

/** A session id as stored: a keyed hash (the host's session id is not kept in clear); same form as insight's. */
export function sessionPrint(keys: Keys, session: string): string
export function sessionPrint(keys: Keys, session: string | undefined): string | undefined
export function sessionPrint(keys: Keys, session: string | undefined): string | undefined {
  return session === undefined ? undefined : keyedHash(keys.hash, `session|${session}`).slice(0, 24)
}

/** Fingerprint of an item for de-duplication within a project scope and kind. */
export function itemPrint(keys: Keys, kind: string, scope: string, title: string, body: string): string {
  return keyedHash(keys.hash, `memory-item|${kind}|${scope}|${foldText(title)}|${foldText(body)}`).slice(0, 40)
}

export function entityKey(keys: Keys, entity: string): string {
  return keyedHash(keys.hash, `memory-entity|${normalEntity(entity)}`).slice(0, 16)
}

/**
 * The stored entity column: one group per entity, each group the keys of its full name and of its
 * last path segment, so `session.ts` finds `src/auth/session.ts` without opening the record.
 */
export function entityKeyGroups(keys: Keys, entities: string[]): string {
  const groups = new Set<string>()
  for (const e of entities) {
    const full = normalEntity(e)
    const base = full.split("/").at(-1) ?? full
    groups.add(base && base !== full ? `${entityKey(keys, full)},${entityKey(keys, base)}` : entityKey(keys, full))
  }
  return [...groups].join(" ")
}

export function keyHash(keys: Keys, key: string): string {
  return keyedHash(keys.hash, `memory-key|${foldText(key)}`).slice(0, 32)
}
