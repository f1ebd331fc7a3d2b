// WebhookKind: which updates a webhook listener receives (log events, balance updates, receipts, approvals).
import { builder } from '../builder';

export const WebhookKindRef = builder.enumType('WebhookKind', {
  description: 'What a webhook listener receives; every kind comes with `final` and `reorged` notices.',
  values: {
    EVENTS: { value: 'events', description: 'Decoded token events (the default), as `subscribeEvents` pushes them.' },
    BALANCES: { value: 'balances', description: 'Balance updates of the matched contracts and accounts.' },
    RECEIPTS: { value: 'receipts', description: 'Receipts of the transactions that emitted matched events.' },
    APPROVALS: {
      value: 'approvals',
      description: 'Token approvals of the matched contracts whose owner or spender is a matched account, as each block left them (Approval, ApprovalForAll, a transferFrom spending an allowance, a transfer clearing a token’s approval); the chain must index approvals (CHAINS `approvals`).',
    },
  } as const,
});
