// The media cache on a contract's page: its tokens' media by status with the latest failures and their reasons, and one
// token's media (#/contracts/<chain>/<address>/tokens/<id>): each field's status, its original URL, and the thumbnail
// Strata serves; a failed fetch says why. Polled while something is queued or running.
import { useEffect, useState } from 'preact/hooks';
import { request } from '../api';
import { graphql } from '../gql';
import { useLoad } from '../hooks';
import { go } from '../route';
import { localUrl } from '../urls';
import { TextField } from './Field';
import { ErrorNotice } from './Notice';

const Summary = graphql(`
  query ConsoleContractMedia($chainId: String!, $contractAddress: String!) {
    contractMedia(chainId: $chainId, contractAddress: $contractAddress) {
      queued
      running
      ready
      failed
      failures {
        tokenId
        media {
          field
          originalUrl
          error
          retryAt
        }
      }
    }
  }
`);

const TokenMediaQuery = graphql(`
  query ConsoleTokenMedia($chainId: String!, $contractAddress: String!, $tokenId: BigInt!) {
    tokenMedia(chainId: $chainId, contractAddress: $contractAddress, tokenId: $tokenId) {
      tokenId
      name
      status
      media {
        field
        originalUrl
        status
        error
        retryAt
        file {
          url
          mimeType
          filesize
          width
          height
          frames
          thumbnails {
            size
            url
            width
            height
          }
        }
      }
    }
  }
`);

/** How often a token's or contract's media is read again while some of it is queued or running. */
const POLL_MS = 1_000;

const TokenPanel = ({ token, chainId, address, tokenId }: { token: string; chainId: string; address: string; tokenId: string }) => {
  const loaded = useLoad(() => request(token, TokenMediaQuery, { chainId, contractAddress: address, tokenId }), [token, chainId, address, tokenId]);
  const t = loaded.data?.tokenMedia;
  const pending = !!t && (t.status === 'FETCHING' || t.media.some((m) => m.status === 'QUEUED' || m.status === 'RUNNING'));
  useEffect(() => {
    if (!pending) return;
    const timer = setTimeout(loaded.reload, POLL_MS);
    return () => clearTimeout(timer);
  }, [pending, loaded.data]);
  if (!t) return <ErrorNotice error={loaded.error} />;
  return (
    <section aria-labelledby="token-media-title">
      <h4 id="token-media-title">
        Token #{t.tokenId} {t.name && <span class="muted">{t.name}</span>}
      </h4>
      {t.media.length === 0 && <p class="muted">No cached media: the document names none, or the media cache is off for this contract.</p>}
      <ul class="media-list">
        {t.media.map((m) => {
          const thumb = m.file?.thumbnails[m.file.thumbnails.length - 1] ?? m.file?.thumbnails[0];
          return (
            <li key={m.field} data-testid={`media-${m.field}`}>
              <strong>{m.field}</strong>{' '}
              <span class={`badge${m.status === 'FAILED' ? ' error' : ''}`} data-testid="media-status">
                {m.status.toLowerCase()}
              </span>
              <div class="muted">
                Original: <code>{m.originalUrl}</code>
              </div>
              {m.status === 'FAILED' && (
                <p class="notice error" role="status" data-testid="media-error">
                  {m.error}
                  {m.retryAt ? ` (tried again after ${new Date(m.retryAt).toLocaleString('en')})` : ' (not tried again)'}
                </p>
              )}
              {m.file && (
                <div class="media-file">
                  {thumb && <img src={localUrl(thumb.url)} width={thumb.width} height={thumb.height} alt={`${m.field} of token ${t.tokenId}`} data-testid="media-thumbnail" />}
                  <div>
                    <a href={localUrl(m.file.url)} target="_blank" rel="noopener">
                      {m.file.mimeType}
                    </a>
                    , {(m.file.filesize / 1024).toFixed(1)} KiB{m.file.width ? `, ${m.file.width}×${m.file.height}` : ''}
                    {m.file.frames > 1 ? `, ${m.file.frames} frames` : ''}
                  </div>
                </div>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
};

export const ContractMedia = ({ token, chainId, address, tokenId }: { token: string; chainId: string; address: string; tokenId?: string }) => {
  const summary = useLoad(() => request(token, Summary, { chainId, contractAddress: address }), [token, chainId, address, tokenId]);
  const [id, setId] = useState(tokenId ?? '');
  useEffect(() => setId(tokenId ?? ''), [tokenId]);
  const c = summary.data?.contractMedia;
  return (
    <section aria-labelledby="media-title">
      <h3 id="media-title">Media</h3>
      {c && (
        <p data-testid="media-counts">
          {c.ready} ready, {c.queued} queued, {c.running} running, {c.failed} failed
        </p>
      )}
      <ErrorNotice error={summary.error} />
      {c && c.failures.length > 0 && (
        <ul aria-label="Media failures" class="results">
          {c.failures.map((f) => (
            <li key={`${f.tokenId ?? ''}:${f.media.field}`}>
              {f.tokenId ? (
                <a href={`#/contracts/${encodeURIComponent(chainId)}/${address}/tokens/${f.tokenId}`}>
                  Token #{f.tokenId} {f.media.field}
                </a>
              ) : (
                'Contract image'
              )}
              : {f.media.error}
            </li>
          ))}
        </ul>
      )}
      <form
        aria-label="Show a token's media"
        onSubmit={(e) => {
          e.preventDefault();
          go({ page: 'contracts', chainId, address, tokenId: id.trim() });
        }}
      >
        <TextField label="Token id for media" required inputMode="numeric" pattern="[0-9]+" value={id} onValue={setId} />
        <button type="submit" disabled={!id.trim()}>
          Show media
        </button>
      </form>
      {tokenId && <TokenPanel key={tokenId} token={token} chainId={chainId} address={address} tokenId={tokenId} />}
    </section>
  );
};
