// Schema lint (`npm run lint:schema`): checks the printed SDL in schema/schema.graphql with
// @graphql-eslint. Only that file is linted here; the TypeScript sources are not covered by this config.
import { fileURLToPath } from 'node:url';
import graphqlPlugin from '@graphql-eslint/eslint-plugin';

const schemaFile = 'schema/schema.graphql';

// camelCase names must not contain all-caps acronyms: `tokenId`, `tokenIds`, `baseUri`, `imageUrl`.
const camelCaseNoAcronyms = { style: 'camelCase', forbiddenPatterns: [/ID|URI|URL/] };

export default [
  // Ignore everything except the schema file.
  { ignores: ['**/*', '!schema/', `!${schemaFile}`] },
  {
    files: [schemaFile],
    languageOptions: {
      parser: graphqlPlugin.parser,
      parserOptions: {
        // Schema-aware rules (relay-*, no-unreachable-types, require-description rootField) load it from here.
        graphQLConfig: { schema: fileURLToPath(new URL(schemaFile, import.meta.url)) },
      },
    },
    plugins: { '@graphql-eslint': graphqlPlugin },
    rules: {
      '@graphql-eslint/naming-convention': [
        'error',
        {
          types: 'PascalCase',
          FieldDefinition: camelCaseNoAcronyms,
          // Field arguments and input object fields are both InputValueDefinition nodes in SDL.
          InputValueDefinition: camelCaseNoAcronyms,
          // Arguments in operations (none in this file; kept for completeness).
          Argument: 'camelCase',
          EnumValueDefinition: 'UPPER_CASE',
        },
      ],
      '@graphql-eslint/require-description': [
        'error',
        {
          types: true,
          ScalarTypeDefinition: true,
          FieldDefinition: true,
          InputValueDefinition: true,
          EnumValueDefinition: true,
          OperationDefinition: true,
          rootField: true,
        },
      ],
      '@graphql-eslint/relay-connection-types': 'error',
      '@graphql-eslint/relay-edge-types': [
        'error',
        { withEdgeSuffix: true, shouldImplementNode: false, listTypeCanWrapOnlyEdgeType: false },
      ],
      '@graphql-eslint/relay-page-info': 'error',
      // no-typename-prefix is left out on purpose: LinkedWallet.linkedWalletAddress, Transfer.transferType and
      // Token.tokenId are the specification's own words, which RPC and GraphQL users should read alike.
      '@graphql-eslint/no-unreachable-types': 'error',
      // In 4.x this rule also reports case-insensitive duplicates (it replaced
      // no-case-insensitive-enum-values-duplicates, which 4.x no longer has).
      '@graphql-eslint/unique-enum-value-names': 'error',
    },
  },
];
