// decimal.js rounds arithmetic to 20 significant digits by default; numeric(38,18) needs 38, so the ledger uses
// its own constructor with room to spare. Never mix it with the default Decimal.
import DecimalJs from 'decimal.js'

export const Decimal = DecimalJs.clone({ precision: 80, rounding: DecimalJs.ROUND_HALF_UP, toExpNeg: -40, toExpPos: 40 })
export type Decimal = InstanceType<typeof Decimal>
