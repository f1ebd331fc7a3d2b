// searchContracts: stored contracts by name or symbol text, chain and type, in numbered pages of 30 (X-Access-Key).
import { builder } from '../builder';
import type { ContractInfo } from '../../domain/contracts/types';
import type { NumberedPage } from '../../domain/paging';
import { ContractInfoRef } from './contract-info';
import { NumberedPageRef, PageInput } from './numbered-page';

const ContractSearchPageRef = builder.objectRef<{ page: NumberedPage; contracts: ContractInfo[] }>('ContractSearchPage').implement({
  fields: (t) => ({
    page: t.field({ type: NumberedPageRef, resolve: (p) => p.page }),
    contractInfo: t.field({ type: [ContractInfoRef], resolve: (p) => p.contracts }),
  }),
});

builder.queryFields((t) => ({
  searchContracts: t.field({
    type: ContractSearchPageRef,
    description:
      'Text found in the name or symbol (case-insensitive), within the chains named (all when none) and types given. Featured, then verified contracts first; blacklisted ones are left out.',
    args: {
      q: t.arg.string({ description: 'Empty or absent matches every contract.' }),
      chainID: t.arg.string(),
      chainIDs: t.arg.stringList(),
      types: t.arg.stringList({ description: 'UNKNOWN, ERC20, ERC721, ERC1155.' }),
      page: t.arg({ type: PageInput }),
    },
    resolve: (_, args, ctx) => ctx.services.contracts.search(ctx.credentials, args),
  }),
}));
