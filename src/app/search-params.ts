// How the router writes and reads the query string. TanStack Router's default writes a string as JSON whenever it
// would read back as something else, so an article's decimal id became /detail?id="12". Here a run of digits is
// written as it is: /detail?id=12. Reading is the default (a short run of digits comes back as a number, which the
// route's validateSearch turns into its id again), except that a run too long for a double to hold exactly stays
// the string it was, not a rounded number. Addresses written the old way still read: ?id="12" is JSON for "12".
import { parseSearchWith, stringifySearchWith } from '@tanstack/react-router'

const DIGITS = /^\d{1,19}$/

const parse = (value: string): unknown => (DIGITS.test(value) ? value : JSON.parse(value))
const stringify = (value: unknown): string => (typeof value === 'string' && DIGITS.test(value) ? value : JSON.stringify(value))

export const parseSearch = parseSearchWith(parse)
export const stringifySearch = stringifySearchWith(stringify, parse)
