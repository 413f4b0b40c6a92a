/** What `egc serve` assembles: the stdio server, every tool, the mesh session hooks, health probes and profiles. */
export { serveStdio } from "./stdio"
export { allTools } from "./tools"
export { onToolCall, onServerClose } from "./tools/mesh/session"
export { registerHealthProbe } from "./health"
export { parseToolsSetting, profileProblem, validProfiles } from "./profile"
export { envProfileError, configProfileError } from "./doctor"
