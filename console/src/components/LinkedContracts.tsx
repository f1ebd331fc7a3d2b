// The contracts whose token metadata is answered from a collection: link one (its contractURI() must return the
// collection's contract metadata URI, which the server checks on the chain) or unlink it.
import { useState } from 'preact/hooks';
import { request } from '../api';
import { graphql } from '../gql';
import { useAction } from '../hooks';
import { TextField } from './Field';
import { ActionNotice } from './Notice';

const Link = graphql(`
  mutation ConsoleLinkContract($collectionId: Int!, $chainId: String!, $contractAddress: String!) {
    linkCollectionContract(collectionId: $collectionId, chainId: $chainId, contractAddress: $contractAddress) {
      contractAddress
    }
  }
`);

const Unlink = graphql(`
  mutation ConsoleUnlinkContract($collectionId: Int!, $chainId: String!, $contractAddress: String!) {
    unlinkCollectionContract(collectionId: $collectionId, chainId: $chainId, contractAddress: $contractAddress)
  }
`);

type Props = { token: string; collectionId: number; links: { chainId: number; contractAddress: string }[]; onChanged: () => void };

export const LinkedContracts = ({ token, collectionId, links, onChanged }: Props) => {
  const [chainId, setChainId] = useState('');
  const [address, setAddress] = useState('');
  const action = useAction();
  const submit = (e: Event) => {
    e.preventDefault();
    void action.run(async () => {
      await request(token, Link, { collectionId, chainId: chainId.trim(), contractAddress: address.trim() });
      setAddress('');
      onChanged();
      return 'Contract linked: its token metadata now comes from this collection.';
    });
  };
  return (
    <form onSubmit={submit} aria-labelledby="links-title">
      <h3 id="links-title">Linked contracts</h3>
      {links.length === 0 && <p class="muted">None: link a contract whose contractURI() returns the contract metadata URI above.</p>}
      <ul>
        {links.map((l) => (
          <li key={`${l.chainId}:${l.contractAddress}`}>
            Chain {l.chainId} · <code>{l.contractAddress}</code>{' '}
            <button
              type="button"
              class="link"
              onClick={() =>
                void action.run(async () => {
                  await request(token, Unlink, { collectionId, chainId: String(l.chainId), contractAddress: l.contractAddress });
                  onChanged();
                  return 'Contract unlinked.';
                })
              }
            >
              Unlink <span class="visually-hidden">{l.contractAddress}</span>
            </button>
          </li>
        ))}
      </ul>
      <TextField label="Chain id or name" required value={chainId} onValue={setChainId} />
      <TextField label="Contract address" required pattern="0x[0-9a-fA-F]{40}" value={address} onValue={setAddress} />
      <button type="submit" disabled={action.busy}>
        Link contract
      </button>
      <ActionNotice action={action} />
    </form>
  );
};
