// The `serverTime` query: this server's clock, so a client can measure its own skew (no credentials needed).
import { builder } from '../builder';

builder.queryFields((t) => ({
  serverTime: t.field({ type: 'Timestamp', description: 'This server’s clock now.', resolve: () => new Date() }),
}));
