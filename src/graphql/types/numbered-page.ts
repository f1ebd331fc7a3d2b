// NumberedPage: 1-based page replies; `page` names the next page to ask for when `more` is true.
import { builder } from '../builder';
import type { NumberedPage } from '../../domain/paging';

export const NumberedPageRef = builder.objectRef<NumberedPage>('NumberedPage').implement({
  fields: (t) => ({
    page: t.int({ nullable: true, description: 'The next page to request, when there is one.', resolve: (p) => (p.more ? p.page + 1 : null) }),
    pageSize: t.exposeInt('pageSize'),
    more: t.exposeBoolean('more'),
  }),
});

export const PageInput = builder.inputType('PageInput', {
  description: 'Numbered paging: `page` is 1-based.',
  fields: (t) => ({
    page: t.int({ required: false }),
    pageSize: t.int({ required: false }),
  }),
});
