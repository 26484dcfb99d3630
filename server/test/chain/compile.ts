// Compiles TestUSD.sol with npm solc and writes test-usd.ts (ABI and bytecode, committed, so tests need no compiler):
// node server/test/chain/compile.ts
import { readFileSync, writeFileSync } from 'node:fs'
import solc from 'solc'

const source = readFileSync(new URL('./TestUSD.sol', import.meta.url), 'utf8')
const input = {
  language: 'Solidity',
  sources: { 'TestUSD.sol': { content: source } },
  settings: { optimizer: { enabled: true, runs: 200 }, evmVersion: 'paris', outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } } },
}
const output = JSON.parse(solc.compile(JSON.stringify(input))) as {
  errors?: { severity: string; formattedMessage: string }[]
  contracts: Record<string, Record<string, { abi: unknown; evm: { bytecode: { object: string } } }>>
}
const errors = (output.errors ?? []).filter((e) => e.severity === 'error')
if (errors.length > 0) throw new Error(errors.map((e) => e.formattedMessage).join('\n'))
const contract = output.contracts['TestUSD.sol']!.TestUSD!
const text = `// Written by compile.ts from TestUSD.sol (solc ${solc.version()}); do not edit.
export const testUsdAbi = ${JSON.stringify(contract.abi)} as const

export const testUsdBytecode = '0x${contract.evm.bytecode.object}' as const
`
writeFileSync(new URL('./test-usd.ts', import.meta.url), text)
console.log('wrote test-usd.ts')
