// URLs the server hands out, as the console shows them.

/** An uploaded asset's or hosted document's path on this server: the console shows it from here whatever PUBLIC_URL says. */
export const localUrl = (url: string) => {
  try {
    const u = new URL(url);
    return u.pathname + u.search;
  } catch {
    return url;
  }
};

/** An image URL as an <img> can load it: this server's files by path (localUrl), data: URLs as they are. */
export const imageSrc = (url: string) => (url.startsWith('data:') ? url : localUrl(url));
