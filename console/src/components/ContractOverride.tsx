// The operator's override of a contract's info: set fields replace what the chain and the contractURI document say in
// every read; an empty field is not overridden. Only the operator's session shows it (the server refuses others).
import { useEffect, useState } from 'preact/hooks';
import { ApiError, request } from '../api';
import { graphql } from '../gql';
import type { ContractInfoOverrideInput } from '../gql/graphql';
import { useAction, useLoad } from '../hooks';
import { TextArea, TextField } from './Field';
import { ActionNotice, ErrorNotice } from './Notice';

const OverrideQuery = graphql(`
  query ConsoleContractInfoOverride($chainId: String!, $contractAddress: String!) {
    contractInfoOverride(chainId: $chainId, contractAddress: $contractAddress) {
      name
      symbol
      logoUri
      extensions {
        description
      }
      updatedAt
    }
  }
`);

const AddOverride = graphql(`
  mutation ConsoleAddContractInfoOverride($chainId: String!, $contractAddress: String!, $override: ContractInfoOverrideInput!) {
    addContractInfoOverride(chainId: $chainId, contractAddress: $contractAddress, override: $override) {
      updatedAt
    }
  }
`);

const UpdateOverride = graphql(`
  mutation ConsoleUpdateContractInfoOverride($chainId: String!, $contractAddress: String!, $override: ContractInfoOverrideInput!) {
    updateContractInfoOverride(chainId: $chainId, contractAddress: $contractAddress, override: $override) {
      updatedAt
    }
  }
`);

const RemoveOverride = graphql(`
  mutation ConsoleRemoveContractInfoOverride($chainId: String!, $contractAddress: String!) {
    removeContractInfoOverride(chainId: $chainId, contractAddress: $contractAddress)
  }
`);

/** The contract's override, or null when it has none (the server answers NOT_FOUND then). */
const overrideOf = (token: string, chainId: string, contractAddress: string) =>
  request(token, OverrideQuery, { chainId, contractAddress }).catch((err: unknown) => {
    if (err instanceof ApiError && err.code === 'NOT_FOUND') return { contractInfoOverride: null };
    throw err;
  });

/** Blank means "not overridden": the server takes an absent field that way, so blanks are left out. */
const orNull = (v: string) => (v.trim() ? v.trim() : null);

export const ContractOverride = ({ token, chainId, address, onChanged }: { token: string; chainId: string; address: string; onChanged: () => void }) => {
  const loaded = useLoad(() => overrideOf(token, chainId, address), [token, chainId, address]);
  const current = loaded.data?.contractInfoOverride ?? null;
  const [name, setName] = useState('');
  const [symbol, setSymbol] = useState('');
  const [logoUri, setLogoUri] = useState('');
  const [description, setDescription] = useState('');
  const save = useAction();

  useEffect(() => {
    setName(current?.name ?? '');
    setSymbol(current?.symbol ?? '');
    setLogoUri(current?.logoUri ?? '');
    setDescription(current?.extensions.description ?? '');
  }, [current]);

  const submit = (e: Event) => {
    e.preventDefault();
    void save.run(async () => {
      const description_ = orNull(description);
      const override: ContractInfoOverrideInput = {
        name: orNull(name),
        symbol: orNull(symbol),
        logoUri: orNull(logoUri),
        extensions: description_ === null ? null : { description: description_ },
      };
      const variables = { chainId, contractAddress: address, override };
      // Add refuses a contract that has one and update one that has none: which one follows what was loaded.
      if (current) await request(token, UpdateOverride, variables);
      else await request(token, AddOverride, variables);
      loaded.reload();
      onChanged();
      return current ? 'Override saved.' : 'Override added.';
    });
  };

  const remove = () =>
    void save.run(async () => {
      await request(token, RemoveOverride, { chainId, contractAddress: address });
      loaded.reload();
      onChanged();
      return 'Override removed: the chain and the contract’s document answer again.';
    });

  if (!loaded.data) return <ErrorNotice error={loaded.error} />;
  return (
    <form onSubmit={submit} aria-labelledby="override-title">
      <h3 id="override-title">Override</h3>
      <p class="muted">{current ? `Overridden since ${current.updatedAt}.` : 'Not overridden: the chain and the contract’s document answer.'} Empty fields are not overridden.</p>
      <TextField label="Override name" maxLength={200} value={name} onValue={setName} />
      <TextField label="Override symbol" maxLength={100} value={symbol} onValue={setSymbol} />
      <TextField label="Override logo URL" value={logoUri} onValue={setLogoUri} />
      <TextArea label="Override description" rows={2} maxLength={5000} value={description} onValue={setDescription} />
      <div class="actions">
        <button type="submit" disabled={save.busy}>
          {current ? 'Save override' : 'Add override'}
        </button>
        {current && (
          <button type="button" class="danger" onClick={remove} disabled={save.busy}>
            Remove override
          </button>
        )}
      </div>
      <ActionNotice action={save} />
    </form>
  );
};
