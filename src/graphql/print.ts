// The committed SDL: printed from the Pothos schema, compared by a test.
import { lexicographicSortSchema, printSchema } from 'graphql';
import { schema } from './schema';

export const printedSchema = (): string => `${printSchema(lexicographicSortSchema(schema))}\n`;
