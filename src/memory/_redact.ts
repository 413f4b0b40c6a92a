/** Memory uses the one redactor (src/core/secrets) like every other write path. */
export { redactSecrets, type Redaction } from "../core/secrets"
