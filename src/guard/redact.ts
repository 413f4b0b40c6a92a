/** The guard's verdict log uses the one redactor (src/core/secrets) like every other write path. */
export { redact } from "../core/secrets"
