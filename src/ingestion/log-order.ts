// The order of a chain's logs and of the transfers made from them: by block, then by position in the block.
export const inLogOrder = (a: { blockNumber: number; logIndex: number }, b: { blockNumber: number; logIndex: number }): number =>
  a.blockNumber - b.blockNumber || a.logIndex - b.logIndex;
