// Prepares the migrated PGlite data folder a first `npm start` copies (server/db/memory-template.ts preparedDataDir),
// in the user's cache folder, so the first start needs no initdb and no migrations. `npm run build` runs it, and
// `npm start` beside its build; quiet when the folder is already there. A failure only warns: the first start that
// finds no prepared folder makes it itself.
import { preparePgliteDataDir } from '../server/db/client.ts'

const started = performance.now()
try {
  const dir = await preparePgliteDataDir()
  const seconds = (performance.now() - started) / 1000
  if (seconds > 1) console.log(`  prepared the database for a first start: ${dir} in ${seconds.toFixed(1)} s`)
} catch (error) {
  console.warn(`  could not prepare the database for a first start (the first start will): ${error instanceof Error ? error.message : String(error)}`)
}
