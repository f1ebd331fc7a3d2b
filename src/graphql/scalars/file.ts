// File: an upload, sent as a part of a multipart/form-data request (the GraphQL multipart request specification, which
// graphql-yoga reads). Input only.
import { GraphQLError } from 'graphql';
import { builder } from '../builder';

builder.scalarType('File', {
  description: 'A file sent with the GraphQL multipart request specification (a multipart/form-data request). Input only.',
  serialize: () => {
    throw new GraphQLError('File is an input type');
  },
  // graphql-yoga hands over its own (WHATWG) File class, not necessarily Node's: recognised by shape.
  parseValue: (v) => {
    const file = v as Partial<File> | null;
    if (!file || typeof file !== 'object' || typeof file.arrayBuffer !== 'function' || typeof file.name !== 'string') {
      throw new TypeError('must be a file part of a multipart/form-data request');
    }
    return v as File;
  },
  parseLiteral: () => {
    throw new TypeError('must be a file part of a multipart/form-data request, not a literal');
  },
});
