// The web layer: every fetch of an untrusted URL (token and contract metadata) goes through here.
export * from './errors';
export * from './fetch-policy';
export { isForbiddenAddress, describeAddress } from './address-guard';
export * from './safe-fetch';
export * from './token-uri';
export * from './token-metadata-json';
