import { plainStdoutAdapter } from "./_plain-stdout"

export const kiro = plainStdoutAdapter("kiro")
