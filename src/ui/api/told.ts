/** Placeholder: the sealed per-session record of what the agent was told is built separately (issue 18). */
export function told() {
  return {
    available: false,
    message:
      "What the agent was told (each session's injections at start and per prompt) comes from a sealed " +
      "per-session record that is not part of this build yet.",
  }
}
