import { plainStdoutAdapter } from "./_plain-stdout"

export const amazonq = plainStdoutAdapter("amazonq")
