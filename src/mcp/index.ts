/**
 * @module mcp — the MCP server. Nothing here loads until asked: `egc serve` takes the surface,
 * `egc doctor` the checks (which load tool definitions only when a profile names tools).
 */
export const surface = () => import("./surface")
export const doctorChecks = () => import("./doctor").then((m) => m.mcpChecks)
