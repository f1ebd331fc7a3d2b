// The committed ERC-6492 validator bytecode is what the committed Solidity source compiles to.
import { VALIDATE_SIG_OFFCHAIN_BYTECODE } from '../../../src/chain/signatures/validator-bytecode';
import { compileValidateSigOffchain } from '../../../src/chain/signatures/contracts/compile';

it('VALIDATE_SIG_OFFCHAIN_BYTECODE matches UniversalSigValidator.sol (stale? npx tsx src/chain/signatures/contracts/compile.ts)', () => {
  expect(compileValidateSigOffchain()).toBe(VALIDATE_SIG_OFFCHAIN_BYTECODE);
});
