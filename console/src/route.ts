// Hash routes (#/keys, #/collections/3/tokens/7): the server serves one page, and links work with the keyboard and
// the back button without any server-side routing.
import { useEffect, useState } from 'preact/hooks';

export type Route =
  | { page: 'projects' }
  | { page: 'keys' }
  | { page: 'webhooks' }
  | { page: 'collections' }
  | { page: 'collection'; collectionId: number }
  | { page: 'token'; collectionId: number; tokenId: string }
  | { page: 'contracts'; chainId?: string; address?: string; tokenId?: string }
  | { page: 'chains' }
  | { page: 'wallets' };

export const parseRoute = (hash: string): Route | null => {
  const parts = hash.replace(/^#\/?/, '').split('/').filter(Boolean).map(decodeURIComponent);
  const [first, id, sub, tokenId] = parts;
  if (first === 'contracts' && id && sub) {
    // #/contracts/<chain>/<address>/tokens/<id>: a token of the contract (its media).
    const token = sub && parts[3] === 'tokens' && /^\d+$/.test(parts[4] ?? '') ? parts[4] : undefined;
    return { page: 'contracts', chainId: id, address: sub, ...(token ? { tokenId: token } : {}) };
  }
  if (first === 'collections' && id && /^\d+$/.test(id)) {
    if (sub === 'tokens' && tokenId) return { page: 'token', collectionId: Number(id), tokenId };
    return { page: 'collection', collectionId: Number(id) };
  }
  if (first === 'projects' || first === 'keys' || first === 'webhooks' || first === 'collections' || first === 'contracts' || first === 'chains' || first === 'wallets') return { page: first };
  return null;
};

export const hrefOf = (route: Route): string => {
  switch (route.page) {
    case 'collection':
      return `#/collections/${route.collectionId}`;
    case 'token':
      return `#/collections/${route.collectionId}/tokens/${encodeURIComponent(route.tokenId)}`;
    case 'contracts':
      if (!route.chainId || !route.address) return '#/contracts';
      return `#/contracts/${encodeURIComponent(route.chainId)}/${route.address}${route.tokenId ? `/tokens/${route.tokenId}` : ''}`;
    default:
      return `#/${route.page}`;
  }
};

export const useRoute = (): Route | null => {
  const [route, setRoute] = useState(() => parseRoute(location.hash));
  useEffect(() => {
    const onChange = () => setRoute(parseRoute(location.hash));
    addEventListener('hashchange', onChange);
    return () => removeEventListener('hashchange', onChange);
  }, []);
  return route;
};

export const go = (route: Route) => {
  location.hash = hrefOf(route);
};
