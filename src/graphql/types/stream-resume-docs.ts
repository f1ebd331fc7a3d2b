// Descriptions shared by the three subscriptions' resume arguments and cursor fields.
export const FROM_BLOCK_DOC = 'Replay the stored events of this block and later ones first, then continue live (no event twice).';
export const RESUME_CURSOR_DOC = 'The `cursor` of the last message received: continue right after it (what was missed is replayed first).';
export const CURSOR_DOC = 'Opaque resume point: subscribe again with `cursor` set to it to continue after this message.';
