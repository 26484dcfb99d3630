/** A string only the console's code contains: the bundle check looks for it in the user app's chunks. */
export const OPS_MARKER = 'keelson-ops-console'
