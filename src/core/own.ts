/**
 * A table's entry for a key that came from outside (a command word, a tool name, a stemmed word): own
 * entries only. `TABLE[key]` on an object literal answers "constructor", "toString" or "__proto__" with
 * Object's own members — a function read as a rule, a wrapper, a stem or a tool kind.
 */
export function own<T>(table: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.hasOwn(table, key) ? table[key] : undefined
}
