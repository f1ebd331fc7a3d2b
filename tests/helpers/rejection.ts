// The error a published client's call rejects with; fails the test if the call resolves.
export const rejectionOf = async <E = { code: number; status: number; message: string }>(p: Promise<unknown>): Promise<E> => {
  try {
    await p;
  } catch (err) {
    return err as E;
  }
  throw new Error('expected the call to fail');
};
