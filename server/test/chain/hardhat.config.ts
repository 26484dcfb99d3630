// The local test chain (server/test/chain/node.ts): Hardhat 3's in-process EDR network, automining, chain id 31337.
export default {}
