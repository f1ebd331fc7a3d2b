/** Unit and integration tests; benchmarks (tests/bench) run only through `npm run bench:*`. */
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/tests'],
  testMatch: ['**/*.test.ts'],
  testPathIgnorePatterns: ['/node_modules/', '/tests/bench/'],
  transform: {
    '^.+\\.ts$': ['@swc/jest', { jsc: { target: 'es2022', parser: { syntax: 'typescript' } } }],
    // The newest published clients (@0xsequence/*-v3, aliases of the 3.x packages) ship ES modules only: compiled to
    // CommonJS like our own code, so the tests load them unchanged.
    '^.+/node_modules/@0xsequence/[^/]+-v3/dist/.+\\.js$': ['@swc/jest', { jsc: { target: 'es2022' }, module: { type: 'commonjs' } }],
  },
  transformIgnorePatterns: ['/node_modules/(?!@0xsequence/[^/]+-v3/)'],
  maxWorkers: 2,
  // A cap, not an expectation (tests/helpers/patience.ts): room for a few full waits on a loaded machine.
  testTimeout: 900_000,
};
