/** @module release — `egc upgrade` and doctor's opt-in update check; never loaded on a hook path. */
export const upgrader = () => import("./upgrade")
export const doctorChecks = () => import("./doctor").then((m) => m.releaseChecks)
